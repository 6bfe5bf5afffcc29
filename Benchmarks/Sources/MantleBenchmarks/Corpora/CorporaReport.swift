import Foundation

/// The corpora tables and goals (library MB/s ÷ serde's and simdjson's, full models).
enum CorporaReport {
    /// The peers' contender names, as Benchmarks/peers/run prints them.
    static let serde = "serde_json"
    static let simdjson = "simdjson"

    /// Every timing of every corpus (input MB/s for parse, decode and encode;
    /// time alone for `==` and `hash`), then the side-by-side table.
    static func table(_ results: [CorpusResult], peerNote: String?) -> String {
        var lines = ["", "Standard corpora, full models (input MB/s, higher is better; medians of wall-clock and thread CPU time)"]
        if let peerNote { lines.append("  serde_json and simdjson: \(peerNote)") }
        lines.append(pad("", 54) + leftPad("wall MB/s", 11) + leftPad("CPU MB/s", 10) + leftPad("wall", 12))
        for result in results {
            lines.append("  \(result.corpus.fileName) (\(bytes(result.bytes))), load average \(loadText(result.load))")
            for timing in result.timings {
                let perSecond = timing.operation == "==" || timing.operation == "hash"
                let wall = perSecond ? "-" : String(format: "%.0f", Double(result.bytes) / 1e6 / timing.wall)
                let cpu = perSecond ? "-" : String(format: "%.0f", Double(result.bytes) / 1e6 / timing.cpu)
                lines.append(pad("    " + pad(timing.operation, 7) + timing.contender, 54) + leftPad(wall, 11)
                             + leftPad(cpu, 10) + leftPad(duration(timing.wall), 12))
            }
        }
        lines.append("")
        lines.append("Against the limit (MB/s by wall-clock time; the ratio by thread CPU time in brackets)")
        lines.append(pad("  corpus", 22) + pad("operation", 10) + leftPad("ours", 8) + leftPad("serde", 8)
                     + leftPad("simdjson", 10) + leftPad("ours/serde", 17) + leftPad("ours/simdjson", 17))
        for result in results {
            let operations = result.corpus.hasModel ? ["parse", "decode", "encode"] : ["parse"]
            for (operation, oursName) in operations.map({ ($0, $0 == "parse" ? "ours (a model mapping nothing)" : "ours") }) {
                let ours = result.timing(operation, oursName)
                let serde = result.timing(operation, serde)
                let simdjson = result.timing(operation, simdjson)
                /// MB/s of a timing, or `-`.
                func rate(_ timing: CorpusTiming?) -> String {
                    timing.map { String(format: "%.0f", Double(result.bytes) / 1e6 / $0.wall) } ?? "-"
                }
                /// ours ÷ other in MB/s (other's time ÷ ours), wall and CPU.
                func ratio(_ other: CorpusTiming?) -> String {
                    guard let ours, let other else { return "-" }
                    return String(format: "%.2f (%.2f)", other.wall / ours.wall, other.cpu / ours.cpu)
                }
                lines.append(pad("  " + result.corpus.fileName, 22) + pad(operation, 10) + leftPad(rate(ours), 8)
                             + leftPad(rate(serde), 8) + leftPad(rate(simdjson), 10) + leftPad(ratio(serde), 17)
                             + leftPad(ratio(simdjson), 17))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The goals on every corpus: decode and encode ≥ 0.5× serde,
    /// parse-only ≥ 0.5× simdjson, `==` and `hash` ≤ 1.2× the synthesized ones;
    /// and the older ones: twitter decode ≥ 3× JSONDecoder, canada encode ≥ 2× JSONEncoder.
    static func goals(_ results: [CorpusResult]) -> [GoalResult] {
        var goals: [GoalResult] = []
        for result in results {
            let name = result.corpus.rawValue
            let basis = "\(bytes(result.bytes)), load \(loadText(result.load))"
            /// `numerator`'s time ÷ `denominator`'s, wall and CPU.
            func ratio(_ operation: String, _ numerator: String, _ denominator: String) -> (Double?, Double?) {
                guard let top = result.timing(operation, numerator), let bottom = result.timing(operation, denominator) else {
                    return (nil, nil)
                }
                return (top.wall / bottom.wall, top.cpu / bottom.cpu)
            }
            let decode = ratio("decode", serde, "ours"), encode = ratio("encode", serde, "ours")
            let parse = ratio("parse", simdjson, "ours (a model mapping nothing)")
            let equality = ratio("==", "ours", "synthesized"), hash = ratio("hash", "ours", "synthesized")
            let noParse = result.corpus.topLevel == .other ? ", ours n/a: the library maps JSON objects only" : ""
            goals.append(GoalResult(name: "\(name) parse only", formula: "ours MB/s / simdjson's (DOM)", basis: basis + noParse,
                                    value: parse.0, cpuValue: parse.1, atLeast: 0.5))
            if result.corpus.hasModel {
                goals += [
                    GoalResult(name: "\(name) decode", formula: "ours MB/s / serde_json's", basis: basis,
                               value: decode.0, cpuValue: decode.1, atLeast: 0.5),
                    GoalResult(name: "\(name) encode", formula: "ours MB/s / serde_json's", basis: basis,
                               value: encode.0, cpuValue: encode.1, atLeast: 0.5),
                    GoalResult(name: "\(name) ==", formula: "ours / synthesized (time)", basis: basis,
                               value: equality.0, cpuValue: equality.1, atMost: 1.2),
                    GoalResult(name: "\(name) hash", formula: "ours / synthesized (time)", basis: basis,
                               value: hash.0, cpuValue: hash.1, atMost: 1.2),
                ]
            }
            if result.corpus == .twitter {
                let old = ratio("decode", "JSONDecoder", "ours")
                goals.append(GoalResult(name: "twitter decode", formula: "JSONDecoder / ours (time)", basis: basis,
                                        value: old.0, cpuValue: old.1, atLeast: 3))
            }
            if result.corpus == .canada {
                let old = ratio("encode", "JSONEncoder", "ours")
                goals.append(GoalResult(name: "canada encode", formula: "JSONEncoder / ours (time)", basis: basis,
                                        value: old.0, cpuValue: old.1, atLeast: 2))
            }
        }
        return goals
    }

    /// `2.10 → 1.95`.
    private static func loadText(_ load: (Double?, Double?)) -> String {
        [load.0, load.1].map { $0.map { String(format: "%.2f", $0) } ?? "?" }.joined(separator: " → ")
    }
}
