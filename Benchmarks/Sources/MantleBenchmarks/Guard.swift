// The regression guard's workloads (`Benchmarks/guard/run`): fixed operations
// on fixed inputs, counted by callgrind inside `GuardRun.guardedWork` only
// (CONTRIBUTING.md, "The regression guard"). Instruction counts do not depend
// on what else the machine is doing, so a 3% threshold means something on a
// shared machine.
import Foundation
import GitHubModels
import JSONAdapter

/// `--guard CORPUS` runs the guard's workloads on one corpus; `--guard-list` lists them.
///
/// One process per corpus: its input is prepared once (building the replicated
/// issues alone takes 360 M instructions), then each operation, in
/// ``Operation/allCases`` order, is warmed up once and run ``repetitions(_:on:)``
/// times inside ``guardedWork(_:)``, followed by a call of ``endOfWorkload()``.
/// The guard runs callgrind with `--toggle-collect='*guardedWork*'
/// --dump-after='*endOfWorkload*'`, so dump part N holds exactly the N-th
/// operation's instructions; each is announced on standard output as
/// `measured<TAB>corpus.operation`, in the order of the parts. (Two functions
/// because callgrind 3.19 ignores the second of two options given the same
/// pattern with a trailing `*`.)
enum GuardRun {
    /// The inputs: the replicated GitHub issues and the standard corpora.
    enum Corpus: String, CaseIterable {
        /// ``issueCount`` replicated issues of `Examples/Fixtures/issues.json` (see ``IssueTemplates``).
        case issues
        /// `twitter.json`, the repository's copy in `Tests/JSONAdapterTests/Fixtures/corpora`.
        case twitter
        /// `citm_catalog.json` from `../shared/fixtures/corpora` (a development checkout only).
        case citm
        /// The first ``canadaRings`` rings of `canada.json`'s polygon, with the file's own number
        /// text, from `../shared/fixtures/corpora` (a development checkout only). The whole file
        /// takes 5.5 G instructions from dictionaries, too long for a guard.
        case canada
    }

    /// What is measured on a corpus.
    enum Operation: String, CaseIterable {
        /// Bytes → a model that maps nothing: the parser and validation alone.
        case parse
        /// Bytes → models (`model(of:fromJSONData:)`, `models(of:fromJSONData:)`).
        case decodeBytes = "decode-bytes"
        /// `JSONSerialization` objects → models (`model(of:from:)`, `models(of:from:)`).
        case decodeDictionaries = "decode-dictionaries"
        /// Models → bytes (`jsonData(from:)`).
        case encode
        /// `==` of two equal models decoded separately (so no storage is shared).
        case equality
        /// `hash(into:)` of the models, through one `Hasher`.
        case hash
    }

    /// Issues in the `issues` corpus: 13 distinct fixture issues, every other one with labels and an assignee.
    static let issueCount = 200
    /// Rings of canada.json's polygon in the `canada` corpus (of 480; 3,180 points).
    static let canadaRings = 40

    /// Repetitions of `operation` on `corpus` inside the measured function: about
    /// 15–50 M instructions each (so a one-off cost of a few thousand does not
    /// move a count), and few enough that the whole guard stays within minutes.
    /// With the full models one decode of citm from bytes or
    /// dictionaries alone is 90–97 M, and one of twitter from dictionaries 146 M.
    static func repetitions(_ operation: Operation, on corpus: Corpus) -> Int {
        switch (corpus, operation) {
        case (.issues, .parse): 2
        case (.issues, .equality), (.issues, .hash): 4
        case (.issues, _): 1
        case (.twitter, .equality): 6
        case (.twitter, .hash): 3
        case (.twitter, .parse), (.twitter, .encode): 2
        case (.twitter, _): 1
        case (.citm, .equality), (.citm, .hash): 2
        case (.citm, _): 1
        case (.canada, .equality), (.canada, .hash): 32
        case (.canada, .parse): 16
        case (.canada, .encode): 4
        case (.canada, _): 1
        }
    }

    /// The repository's root, found from this source file.
    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `--guard-list`: one line per workload, `corpus.operation`, a tab, and
    /// `available` or why its input is missing.
    static func list() {
        for corpus in Corpus.allCases {
            let status = (try? inputURL(corpus)) != nil ? "available" : "missing: ../shared/fixtures/corpora not found"
            for operation in Operation.allCases {
                print("\(corpus.rawValue).\(operation.rawValue)\t\(status)")
            }
        }
    }

    /// `--guard CORPUS`: every operation on `corpusName`, as the type's documentation says.
    static func run(_ corpusName: String) throws {
        guard let corpus = Corpus(rawValue: corpusName) else {
            throw UsageError("unknown guard corpus \(corpusName); --guard-list lists the workloads")
        }
        switch corpus {
        case .issues:
            let data = try IssueTemplates.load().data(count: issueCount)
            try measure(corpus, data: data,
                        parse: { blackHole(try JSONAdapter.models(of: ParseOnly.self, fromJSONData: $0)) },
                        fromBytes: { try JSONAdapter.models(of: GHIssue.self, fromJSONData: $0) },
                        fromObject: { object in
                            guard let array = object as? [Any] else { throw CorporaError("issues: not an array") }
                            return { try JSONAdapter.models(of: GHIssue.self, from: array) }
                        },
                        encode: { try JSONAdapter.jsonData(from: $0) })
        case .twitter:
            try measureModel(TwitterCorpus.Search.self, corpus, data: Data(contentsOf: inputURL(corpus)))
        case .citm:
            try measureModel(CitmCorpus.Catalog.self, corpus, data: Data(contentsOf: inputURL(corpus)))
        case .canada:
            try measureModel(CanadaCorpus.FeatureCollection.self, corpus, data: firstRings(canadaRings, of: Data(contentsOf: inputURL(corpus))))
        }
    }

    /// The file of `corpus`; throws when it is not there.
    private static func inputURL(_ corpus: Corpus) throws -> URL {
        let url: URL? = switch corpus {
        case .issues: repositoryRoot.appendingPathComponent("Examples/Fixtures/issues.json")
        case .twitter: repositoryRoot.appendingPathComponent("Tests/JSONAdapterTests/Fixtures/corpora/twitter.json")
        case .citm: CorporaSuite.directory?.appendingPathComponent("citm_catalog.json")
        case .canada: CorporaSuite.directory?.appendingPathComponent("canada.json")
        }
        guard let url, FileManager.default.fileExists(atPath: url.path) else {
            throw CorporaError("\(corpus.rawValue): ../shared/fixtures/corpora not found beside the repository")
        }
        return url
    }

    /// canada.json with only the first `count` rings of its polygon: the bytes
    /// up to the end of ring `count`, a `]`, and everything after the
    /// coordinates array. The coordinates hold only numbers, commas and
    /// brackets, so counting brackets finds the rings.
    private static func firstRings(_ count: Int, of data: Data) throws -> Data {
        let bytes = [UInt8](data)
        guard let key = bytes.firstRange(of: Array("\"coordinates\":".utf8)),
              let open = bytes[key.upperBound...].firstIndex(of: UInt8(ascii: "["))
        else { throw CorporaError("canada.json: no coordinates") }
        var depth = 0, rings = 0, cut: Int?
        for index in open..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"):
                depth -= 1
                if depth == 1 {
                    rings += 1
                    if rings == count { cut = index + 1 }
                } else if depth == 0, let cut {
                    return Data(bytes[..<cut] + [UInt8(ascii: "]")] + bytes[(index + 1)...])
                }
            default: break
            }
        }
        throw CorporaError("canada.json: fewer than \(count) rings")
    }

    /// ``measure(_:data:parse:fromBytes:fromObject:encode:)`` for a corpus read as one model.
    private static func measureModel<M: JSONSerializing>(_ type: M.Type, _ corpus: Corpus, data: Data) throws {
        try measure(corpus, data: data,
                    parse: { blackHole(try JSONAdapter.model(of: ParseOnly.self, fromJSONData: $0)) },
                    fromBytes: { try JSONAdapter.model(of: M.self, fromJSONData: $0) },
                    fromObject: { object in
                        guard let dictionary = object as? [String: Any] else { throw CorporaError("not an object") }
                        return { try JSONAdapter.model(of: M.self, from: dictionary) }
                    },
                    encode: { try JSONAdapter.jsonData(from: $0) })
    }

    /// Every operation on `corpus`, in order: each is prepared (the
    /// `JSONSerialization` objects only for `decode-dictionaries`, a second
    /// decoded value only for `==`), run once to warm up (mappings are compiled on
    /// first use, formatters created), then run inside ``guardedWork(_:)``.
    private static func measure<Value: Hashable>(
        _ corpus: Corpus, data: Data,
        parse: @escaping (Data) throws -> Void, fromBytes: @escaping (Data) throws -> Value,
        fromObject: (Any) throws -> () throws -> Value, encode: @escaping (Value) throws -> Data
    ) throws {
        let value = try fromBytes(data)
        for operation in Operation.allCases {
            let work: () throws -> Void
            switch operation {
            case .parse:
                work = { try parse(data) }
            case .decodeBytes:
                work = { blackHole(try fromBytes(data)) }
            case .decodeDictionaries:
                let decode = try fromObject(try JSONSerialization.jsonObject(with: data))
                work = { blackHole(try decode()) }
            case .encode:
                work = { blackHole(try encode(value)) }
            case .equality:
                let other = try fromBytes(data)
                guard value == other else { throw CorporaError("\(corpus.rawValue): two decodings are not ==") }
                work = { blackHole(value == other) }
            case .hash:
                work = {
                    var hasher = Hasher()
                    hasher.combine(value)
                    blackHole(hasher.finalize())
                }
            }
            try work()
            let repetitions = repetitions(operation, on: corpus)
            try guardedWork { for _ in 0..<repetitions { try work() } }
            endOfWorkload()
            print("measured\t\(corpus.rawValue).\(operation.rawValue)")
        }
    }

    /// The measured call: callgrind counts only inside it. Never inlined, and it
    /// does nothing else, so that a count is one workload's alone.
    @inline(never)
    static func guardedWork(_ body: () throws -> Void) rethrows {
        try body()
    }

    /// Called after each ``guardedWork(_:)``: callgrind dumps a part when it returns.
    /// Not optimised, so that the call is never dropped.
    @inline(never) @_optimize(none)
    static func endOfWorkload() {}
}
