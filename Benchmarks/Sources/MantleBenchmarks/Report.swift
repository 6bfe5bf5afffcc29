import Foundation

/// One of the issue's goals, evaluated.
struct GoalResult: Codable {
    /// What is compared, e.g. `Data → models`.
    var name: String
    /// How the ratio is formed, e.g. `JSONDecoder / ours`.
    var formula: String
    /// Which run it comes from, e.g. `20,000 issues`.
    var basis: String
    /// The ratio, or `nil` when the needed runs are missing.
    var value: Double?
    /// The same ratio from thread CPU times (less skewed by other work on the machine).
    var cpuValue: Double?
    /// `≤` or `≥`; empty for a ratio shown without a goal.
    var comparison: String
    /// The goal's threshold.
    var threshold: Double
    /// Whether the goal is met (`nil` without a value).
    var pass: Bool?

    /// Evaluates `value` against `≤ threshold`.
    init(name: String, formula: String, basis: String, value: Double?, cpuValue: Double? = nil,
         atMost threshold: Double) {
        self.init(name: name, formula: formula, basis: basis, value: value, cpuValue: cpuValue, comparison: "≤",
                  threshold: threshold, pass: value.map { $0 <= threshold })
    }

    /// Evaluates `value` against `≥ threshold`.
    init(name: String, formula: String, basis: String, value: Double?, cpuValue: Double? = nil,
         atLeast threshold: Double) {
        self.init(name: name, formula: formula, basis: basis, value: value, cpuValue: cpuValue, comparison: "≥",
                  threshold: threshold, pass: value.map { $0 >= threshold })
    }

    /// A ratio shown beside the goals without a verdict (no threshold).
    init(name: String, formula: String, basis: String, value: Double?, cpuValue: Double?) {
        self.init(name: name, formula: formula, basis: basis, value: value, cpuValue: cpuValue, comparison: "",
                  threshold: 0, pass: nil)
    }

    /// The memberwise initializer.
    init(name: String, formula: String, basis: String, value: Double?, cpuValue: Double?, comparison: String,
         threshold: Double, pass: Bool?) {
        self.name = name
        self.formula = formula
        self.basis = basis
        self.value = value
        self.cpuValue = cpuValue
        self.comparison = comparison
        self.threshold = threshold
        self.pass = pass
    }
}

/// Everything one run found, printable as a table or as JSON.
struct Report: Codable {
    /// The machine and toolchain.
    var machine: MachineInfo
    /// `release` or `debug`.
    var build: String
    /// How the input was made.
    var input: String
    /// Results per size, in the order run.
    var sizes: [SizeResult]
    /// The goals of the issue.
    var goals: [GoalResult]
    /// The peak-memory measurement, if it ran.
    var memory: MemoryReport?

    /// The size the ratios come from: 20,000 if it ran, else the largest.
    static func ratioSize(_ sizes: [SizeResult]) -> SizeResult? {
        sizes.first { $0.count == 20_000 } ?? sizes.max { $0.count < $1.count }
    }

    /// `==` and `hash(into:)` of the issues at `size`: ours ≤ 1.5× the synthesized ones' time.
    static func equalityGoals(_ size: SizeResult?, basis: String) -> [GoalResult] {
        [("==", "equal"), ("hash(into:)", "hash")].map { name, id in
            GoalResult(name: name, formula: "ours / synthesized", basis: basis,
                       value: size?.ratio("\(id).ours", "\(id).synthesized"),
                       cpuValue: size?.ratio("\(id).ours", "\(id).synthesized", cpu: true), atMost: 1.5)
        }
    }

    /// The peak memory of decoding the issues from Data against the input's size:
    /// peak RSS growth ÷ input bytes ≤ 1 (`load`: the load average around the child).
    static func peakMemoryGoal(_ memory: MemoryReport?, load: String? = nil) -> GoalResult {
        let basis = memory.map {
            "\(grouped($0.count)) issues, child: \(bytes($0.peakGrowth)) / \(bytes($0.inputBytes)); "
                + "counts the models and the decode's tape, not the input Data"
        } ?? "not measured"
        return GoalResult(name: "peak memory / input", formula: "peak RSS growth / input bytes",
                          basis: basis + (load.map { ", load \($0)" } ?? ""),
                          value: memory.map { Double($0.peakGrowth) / Double($0.inputBytes) }, atMost: 1)
    }

    /// Evaluates the goals from the measurements.
    static func goals(sizes: [SizeResult], memory: MemoryReport?) -> [GoalResult] {
        let base = ratioSize(sizes)
        let basis = base.map { "\(grouped($0.count)) issues" } ?? "n/a"
        var goals = [
            GoalResult(name: "dictionaries → models", formula: "ours / hand-written", basis: basis,
                       value: base?.ratio("dictionaries.ours", "dictionaries.handWritten"),
                       cpuValue: base?.ratio("dictionaries.ours", "dictionaries.handWritten", cpu: true), atMost: 1.1),
            GoalResult(name: "Data → models", formula: "JSONDecoder / ours", basis: basis,
                       value: base?.ratio("data.codable", "data.ours"),
                       cpuValue: base?.ratio("data.codable", "data.ours", cpu: true), atLeast: 2),
            GoalResult(name: "models → Data", formula: "JSONEncoder / ours", basis: basis,
                       value: base?.ratio("encode.codable", "encode.ours"),
                       cpuValue: base?.ratio("encode.codable", "encode.ours", cpu: true), atLeast: 2),
        ] + equalityGoals(base, basis: basis)
        let smallest = sizes.min { $0.count < $1.count }
        let largest = sizes.max { $0.count < $1.count }
        var scaling: Double?
        var cpuScaling: Double?
        var scalingBasis = "needs two sizes"
        if let smallest, let largest, smallest.count < largest.count,
           let small = smallest.measurement("data.ours"), let large = largest.measurement("data.ours") {
            scaling = large.perIssue / small.perIssue
            cpuScaling = (large.cpuMedian / Double(large.count)) / (small.cpuMedian / Double(small.count))
            scalingBasis = "\(grouped(largest.count)) vs \(grouped(smallest.count))"
        }
        goals.append(GoalResult(name: "scaling, Data → models", formula: "per-issue time, large / small",
                                basis: scalingBasis, value: scaling, cpuValue: cpuScaling, atMost: 1.2))
        goals.append(GoalResult(name: "peak memory, Data → models", formula: "RSS growth / (3 × input + models)",
                                basis: memory.map { "\(grouped($0.count)) issues, child process" } ?? "not measured",
                                value: memory?.ratio, atMost: 1))
        goals.append(peakMemoryGoal(memory))
        return goals
    }

    /// The report as pretty-printed JSON (times in seconds, sizes in bytes).
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The report as a text table.
    func table() -> String {
        var lines: [String] = []
        lines.append("Mantle for Swift: JSON mapping benchmark (\(build) build)")
        var machineLine = "Machine: \(machine.cores) cores"
        if let cpu = machine.cpu { machineLine += " (\(cpu))" }
        machineLine += ", \(bytes(Int(machine.memoryBytes))) RAM, \(machine.system); \(machine.swift)"
        lines.append(machineLine)
        let load = [machine.loadAtStart, machine.loadAtEnd].map { $0.map { String(format: "%.2f", $0) } ?? "?" }
        lines.append("Load average (1 min) at start \(load[0]), at end \(load[1]) "
                     + "(above \(machine.cores) means other work competed for the cores)")
        lines.append(contentsOf: input.split(separator: "\n").map { String($0) })
        let inputSizes = sizes.map { "\(grouped($0.count)) issues = \(bytes($0.inputBytes))" }
        lines.append("Sizes: " + inputSizes.joined(separator: ", ") + ".")
        let roundsText = sizes.map { "\($0.warmUps) + \($0.rounds) at \(grouped($0.count))" }
            .joined(separator: ", ")
        lines.append("Timing: ContinuousClock, median of the timed rounds; warm-up + timed rounds: \(roundsText) "
                     + "(above \(grouped(Suite.warmUpLimit)) the correctness pass is the warm-up);")
        lines.append("  every round runs all contenders, interleaved, each round starting one later.")
        lines.append("Correctness: all decoders agree field by field, ours from dictionaries == ours from Data, "
                     + "and both encoders' output decodes back.")
        lines.append("")

        let nameWidth = 56
        var header = pad("", nameWidth)
        var subheader = pad("", nameWidth)
        for size in sizes {
            header += leftPad("\(grouped(size.count)) issues", 24)
            subheader += leftPad("median", 12) + leftPad("per issue", 12)
        }
        lines.append(header)
        lines.append(subheader)
        var groups: [String] = []
        for measurement in sizes.first?.measurements ?? [] where !groups.contains(measurement.group) {
            groups.append(measurement.group)
        }
        for group in groups {
            lines.append(group)
            for first in (sizes.first?.measurements ?? []) where first.group == group {
                var line = pad("  " + first.title, nameWidth)
                for size in sizes {
                    if let measurement = size.measurement(first.id) {
                        line += leftPad(duration(measurement.median), 12)
                            + leftPad(String(format: "%.2f µs", measurement.perIssue * 1e6), 12)
                    } else {
                        line += leftPad("-", 24)
                    }
                }
                lines.append(line)
            }
        }

        lines.append("")
        lines.append(contentsOf: Self.goalLines(goals))
        lines.append("  (PASS/MISS uses wall-clock medians; CPU is the same ratio from thread CPU time, "
                     + "steadier when other work shares the cores)")
        lines.append("  (scaling: within 20% means the per-issue time at the largest size is at most 1.2× "
                     + "that at the smallest)")

        if let memory {
            lines.append("")
            lines.append("Peak memory: \(grouped(memory.count)) issues, Data → models, first big allocation "
                         + "of a fresh child process (\(duration(memory.decodeSeconds)))")
            lines.append("  input \(bytes(memory.inputBytes)); VmRSS before \(bytes(memory.rssBefore)), "
                         + "VmHWM before \(bytes(memory.peakBefore)), VmHWM after \(bytes(memory.peakAfter))")
            lines.append("  peak RSS growth during the decode (VmHWM after - VmRSS before): \(bytes(memory.peakGrowth))")
            let estimate = memory.estimate
            lines.append("  model memory estimate \(bytes(estimate.total)): arrays \(bytes(estimate.inlineBytes)) "
                         + "(GHIssue stride \(estimate.issueStride) B) + label arrays \(bytes(estimate.labelArrayBytes)) "
                         + "(GHLabel stride \(estimate.labelStride) B) + heap strings \(bytes(estimate.stringBytes)) "
                         + "+ \(grouped(estimate.urlCount)) URLs × \(estimate.urlOverhead) B")
            lines.append("    (strings over 15 UTF-8 bytes: 32 B header + bytes + 1; URL overhead beyond its string "
                         + "measured from VmRSS over 20,000 URLs)")
            lines.append("  kept after the decode (VmRSS after malloc_trim - before): \(bytes(memory.retainedGrowth)), "
                         + "to compare with the estimate")
            lines.append("  growth / (3 × input + models) = \(bytes(memory.peakGrowth)) / \(bytes(memory.budget)) = "
                         + String(format: "%.2f", memory.ratio))
        }
        return lines.joined(separator: "\n")
    }
}

extension Report {
    /// The goals as table lines, with a header.
    static func goalLines(_ goals: [GoalResult]) -> [String] {
        var lines = [pad("Goals", 66) + leftPad("wall", 7) + "  " + pad("goal", 7) + pad("", 6)
                     + leftPad("CPU", 6) + "  basis"]
        for goal in goals {
            let value = goal.value.map { String(format: "%.2f", $0) } ?? "n/a"
            let cpuValue = goal.cpuValue.map { String(format: "%.2f", $0) } ?? "-"
            let verdict = goal.pass.map { $0 ? "PASS" : "MISS" } ?? "-"
            let target = goal.comparison.isEmpty ? "-" : "\(goal.comparison) " + String(format: "%g", goal.threshold)
            lines.append(pad("  " + goal.name, 30) + pad(goal.formula, 36) + leftPad(value, 7) + "  "
                         + pad(target, 7) + pad(verdict, 6) + leftPad(cpuValue, 6) + "  \(goal.basis)")
        }
        return lines
    }
}

/// `12345` as `12,345`.
func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
        result.append(digit)
    }
    return result
}

/// A 1-minute load average before and after something, `2.10 → 1.95`.
func loadRange(_ load: (Double?, Double?)) -> String {
    [load.0, load.1].map { $0.map { String(format: "%.2f", $0) } ?? "?" }.joined(separator: " → ")
}

/// A byte count in KiB, MiB or GiB.
func bytes(_ count: Int) -> String {
    let value = Double(count)
    let magnitude = Swift.abs(value)
    if magnitude >= 1_073_741_824 { return String(format: "%.2f GiB", value / 1_073_741_824) }
    if magnitude >= 1_048_576 { return String(format: "%.1f MiB", value / 1_048_576) }
    return String(format: "%.1f KiB", value / 1024)
}

/// Seconds as `12.34 ms` or `1.23 s`.
func duration(_ seconds: Double) -> String {
    if seconds >= 10 { return String(format: "%.1f s", seconds) }
    if seconds >= 1 { return String(format: "%.2f s", seconds) }
    if seconds >= 0.01 { return String(format: "%.1f ms", seconds * 1e3) }
    return String(format: "%.3f ms", seconds * 1e3)
}

/// `text` padded on the right to `width` characters.
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

/// `text` padded on the left to `width` characters.
func leftPad(_ text: String, _ width: Int) -> String {
    text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
}
