import Foundation
import GitHubModels

/// Everything measured at one input size.
struct SizeResult: Codable {
    /// How many issues.
    var count: Int
    /// The size of the JSON input in bytes.
    var inputBytes: Int
    /// Untimed warm-up rounds.
    var warmUps: Int
    /// Timed rounds.
    var rounds: Int
    /// One entry per benchmark, in table order.
    var measurements: [Measurement]

    /// The measurement with identifier `id`, if it ran.
    func measurement(_ id: String) -> Measurement? {
        measurements.first { $0.id == id }
    }

    /// `numerator`'s median ÷ `denominator`'s (wall-clock, or thread CPU), if both ran.
    func ratio(_ numerator: String, _ denominator: String, cpu: Bool = false) -> Double? {
        guard let top = measurement(numerator), let bottom = measurement(denominator) else { return nil }
        return cpu ? top.cpuMedian / bottom.cpuMedian : top.median / bottom.median
    }
}

/// The benchmarks at one size: builds the input, checks correctness, times every contender.
enum Suite {
    /// Sizes above this skip the warm-up round: the correctness check has
    /// already run every contender once on the same input.
    static let warmUpLimit = 50_000

    /// Runs every contender on `count` replicated issues.
    static func run(count: Int, templates: IssueTemplates, rounds: Int,
                    progress: (String) -> Void) throws -> SizeResult {
        progress("\(count) issues: building and parsing the input")
        let input = try BenchmarkInput(templates: templates, count: count)
        let mapper = HandWrittenMapper()
        let codable = CodableContender()

        progress("\(count) issues: checking that every contender decodes the same values")
        let codableIssues = try codable.issues(from: input.data)
        let oursFromDictionaries = try LibraryContender.issues(from: input.dictionaries)
        let oursFromData = try LibraryContender.issues(from: input.data)
        try CorrectnessGuard.check(count: count, labelCount: templates.labelCount,
                                   handWritten: try mapper.issues(from: input.dictionaries),
                                   codable: codableIssues, oursFromDictionaries: oursFromDictionaries,
                                   oursFromData: oursFromData, codableContender: codable)
        let plainFromDictionaries = oursFromDictionaries.map(PlainIssue.init)
        let plainFromData = oursFromData.map(PlainIssue.init)

        let dictionaries = input.dictionaries
        let data = input.data
        let benchmarks = [
            Benchmark(id: "dictionaries.handWritten", group: "dictionaries → models",
                      title: "hand-written (as?, URL(string:), ISO8601FormatStyle)") {
                try measure { try mapper.issues(from: dictionaries) }
            },
            Benchmark(id: "dictionaries.ours", group: "dictionaries → models",
                      title: "ours: models(of:from:)") {
                try measure { try LibraryContender.issues(from: dictionaries) }
            },
            Benchmark(id: "data.codable", group: "Data → models", title: "JSONDecoder + Codable twin") {
                try measure { try codable.issues(from: data) }
            },
            Benchmark(id: "data.ours", group: "Data → models", title: "ours: models(of:fromJSONData:)") {
                try measure { try LibraryContender.issues(from: data) }
            },
            Benchmark(id: "encode.codable", group: "models → Data", title: "JSONEncoder + Codable twin") {
                try measure { try codable.data(from: codableIssues) }
            },
            Benchmark(id: "encode.ours", group: "models → Data", title: "ours: jsonData(from:) (array)") {
                try measure { try LibraryContender.data(from: oursFromData) }
            },
            Benchmark(id: "jsonArray.handWritten", group: "models → dictionaries",
                      title: "hand-written (reference, no goal)") {
                measure { oursFromData.map(mapper.jsonDictionary(from:)) }
            },
            Benchmark(id: "jsonArray.ours", group: "models → dictionaries", title: "ours: jsonArray(from:)") {
                try measure { try LibraryContender.dictionaries(from: oursFromData) }
            },
            Benchmark(id: "equal.synthesized", group: "== (two equal arrays)",
                      title: "synthesized (plain Hashable twin)") {
                measure { SynthesizedContender.equal(plainFromDictionaries, plainFromData) }
            },
            Benchmark(id: "equal.ours", group: "== (two equal arrays)", title: "ours: Model ==") {
                measure { LibraryContender.equal(oursFromDictionaries, oursFromData) }
            },
            Benchmark(id: "hash.synthesized", group: "hash(into:) (whole array)",
                      title: "synthesized (plain Hashable twin)") {
                measure { SynthesizedContender.hash(plainFromData) }
            },
            Benchmark(id: "hash.ours", group: "hash(into:) (whole array)", title: "ours: Model hash(into:)") {
                measure { LibraryContender.hash(oursFromData) }
            },
        ]
        let warmUps = count > warmUpLimit ? 0 : 1
        progress("\(count) issues: \(warmUps) warm-up and \(rounds) timed rounds of \(benchmarks.count) benchmarks")
        let measurements = try runInterleaved(benchmarks, count: count, warmUps: warmUps, rounds: rounds,
                                              progress: progress)
        return SizeResult(count: count, inputBytes: data.count, warmUps: warmUps, rounds: rounds,
                          measurements: measurements)
    }
}
