import Foundation
import GitHubModels
import JSONAdapter

/// `--profile KIND N`: one warm run of one workload and nothing else timed,
/// for profilers. The work runs inside ``profiledWork(_:)``, so with callgrind
/// (instruction counts: repeatable whatever else the machine does):
///
///     valgrind --tool=callgrind --toggle-collect='*profiledWork*' \
///         Benchmarks/.build/release/MantleBenchmarks --profile decode 2000
///
/// `--profile-decode N` is `--profile decode N`. The kinds put each goal's two
/// sides side by side, so that a miss can be explained by where the extra
/// instructions go. The standard corpora's workloads are ``CorpusProfile``'s
/// (`twitter-decode`, `canada-encode`, ...).
enum ProfileRun {
    /// The workloads.
    enum Kind: String, CaseIterable {
        /// `models(of:fromJSONData:)` on N issues (a whole JSON array).
        case decode
        /// The same N issues read one per line (`models(of:fromJSONLines:)`).
        case jsonLines = "json-lines"
        /// The same N issues read one per line from a file (`JSONModelReader`, as the streaming probe does).
        case jsonLinesFile = "json-lines-file"
        /// `==` on two equal arrays of N decoded issues.
        case equality
        /// The synthesised `==` on the Hashable twins of the same issues.
        case synthesizedEquality = "synthesized-equality"
        /// `hash(into:)` of N decoded issues.
        case hash
        /// The synthesised `hash(into:)` on the twins.
        case synthesizedHash = "synthesized-hash"
        /// `models(of:from:)` on the `JSONSerialization` objects of N issues.
        case dictionaries
        /// The hand-written mapper on the same objects (the dictionaries goal's reference).
        case handWritten = "hand-written"
        /// The class-bridging probe's structs from dictionaries (N rounds).
        case structs
        /// The class-bridging probe's classes from dictionaries (N rounds).
        case classes
        /// The Codable bridge decoding N issues' user, assignee and labels (``CodableBridgeProbe``).
        case codableDecode = "codable-decode"
        /// `JSONDecoder` decoding the same subtrees.
        case codableJSONDecoder = "codable-jsondecoder"
    }

    /// Builds the input, warms up (mappings are compiled on first use), then runs `kind` once.
    static func run(kind: Kind, count: Int) throws {
        let templates = try IssueTemplates.load()
        let warm = try LibraryContender.issues(from: templates.data(count: 2 * templates.baseCount))
        blackHole(warm)
        switch kind {
        case .decode:
            let data = templates.data(count: count)
            blackHole(try profiledWork { try LibraryContender.issues(from: data) })
        case .dictionaries, .handWritten:
            let input = try BenchmarkInput(templates: templates, count: count)
            let mapper = HandWrittenMapper()
            blackHole(try mapper.issues(from: input.dictionaries))
            if kind == .dictionaries {
                blackHole(try profiledWork { try LibraryContender.issues(from: input.dictionaries) })
            } else {
                blackHole(try profiledWork { try mapper.issues(from: input.dictionaries) })
            }
        case .jsonLines:
            let lines = try JSONAdapter.jsonLinesData(from: try LibraryContender.issues(from: templates.data(count: count)))
            blackHole(try profiledWork { try JSONAdapter.models(of: GHIssue.self, fromJSONLines: lines) })
        case .jsonLinesFile:
            let lines = try JSONAdapter.jsonLinesData(from: try LibraryContender.issues(from: templates.data(count: count)))
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("mantle-profile-\(getpid()).jsonl")
            try lines.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let models = try profiledWork { () throws -> Int in
                var reader = try JSONModelReader(GHIssue.self, contentsOf: url, format: .jsonLines)
                var models = 0
                while let issue = try reader.next() {
                    models += 1
                    blackHole(issue)
                }
                return models
            }
            blackHole(models)
        case .equality, .synthesizedEquality, .hash, .synthesizedHash:
            let data = templates.data(count: count)
            let lhs = try LibraryContender.issues(from: data), rhs = try LibraryContender.issues(from: data)
            let plainLeft = lhs.map(PlainIssue.init), plainRight = rhs.map(PlainIssue.init)
            switch kind {
            case .equality: blackHole(profiledWork { LibraryContender.equal(lhs, rhs) })
            case .synthesizedEquality: blackHole(profiledWork { SynthesizedContender.equal(plainLeft, plainRight) })
            case .hash: blackHole(profiledWork { LibraryContender.hash(lhs) })
            default: blackHole(profiledWork { SynthesizedContender.hash(plainLeft) })
            }
        case .structs, .classes:
            let items = ClassBridgingProbe.input()
            if kind == .structs {
                blackHole(try JSONAdapter.models(of: ClassBridgingProbe.Item.self, from: items))
                try profiledWork { for _ in 0..<count { blackHole(try JSONAdapter.models(of: ClassBridgingProbe.Item.self, from: items)) } }
            } else {
                blackHole(try JSONAdapter.models(of: ClassBridgingProbe.ClassItem.self, from: items))
                try profiledWork { for _ in 0..<count { blackHole(try JSONAdapter.models(of: ClassBridgingProbe.ClassItem.self, from: items)) } }
            }
        case .codableDecode:
            let data = templates.data(count: count)
            blackHole(try JSONAdapter.models(of: CodableBridgeProbe.BridgedIssue.self, fromJSONData: data))
            blackHole(try profiledWork { try JSONAdapter.models(of: CodableBridgeProbe.BridgedIssue.self, fromJSONData: data) })
        case .codableJSONDecoder:
            let data = templates.data(count: count)
            blackHole(try JSONDecoder().decode([CodableBridgeProbe.SubtreeTwin].self, from: data))
            blackHole(try profiledWork { try JSONDecoder().decode([CodableBridgeProbe.SubtreeTwin].self, from: data) })
        }
        progress("profiled \(kind.rawValue) × \(count)")
    }

    /// The profiled call (never inlined, so profilers can collect inside it
    /// only); prints its wall-clock time.
    @inline(never)
    static func profiledWork<T>(_ body: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer { progress("profiled work: \(clock.now - start)") }
        return try body()
    }
}
