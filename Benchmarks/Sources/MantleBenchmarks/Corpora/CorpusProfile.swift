import Foundation
import JSONAdapter

/// `--profile CORPUS-OPERATION N` (`twitter-decode 20`, `canada-jsonencoder 2`):
/// one operation on a standard corpus with its full models, N times, warm,
/// inside ``ProfileRun/profiledWork(_:)`` (needs ../shared/fixtures/corpora, or
/// `--corpora-dir` for ZippyJSON's corpora).
/// Each goal's two Swift sides are here (serde's and simdjson's are counted
/// by running Benchmarks/peers' programs under callgrind; see Benchmarks/README.md).
struct CorpusProfile {
    /// What is run.
    enum Operation: String, CaseIterable {
        /// Bytes → ``ParseOnly``.
        case parse
        /// Bytes → the model (`model(of:fromJSONData:)`).
        case decode
        /// `JSONSerialization` objects → the model (`model(of:from:)`).
        case decodeDictionaries = "decode-dictionaries"
        /// The model → bytes (`jsonData(from:)`).
        case encode
        /// `==` of two models decoded separately.
        case equality
        /// `hash(into:)` of the model.
        case hash
        /// JSONDecoder into the twin.
        case jsonDecoder = "jsondecoder"
        /// JSONEncoder of the twin.
        case jsonEncoder = "jsonencoder"
        /// The twin's synthesized `==`.
        case synthesizedEquality = "synthesized-equality"
        /// The twin's synthesized `hash(into:)`.
        case synthesizedHash = "synthesized-hash"
    }

    var corpus: StandardCorpus
    var operation: Operation

    /// Every kind's name, for the usage text.
    static var names: String {
        StandardCorpus.allCases.map(\.rawValue).joined(separator: "|") + "-"
            + Operation.allCases.map(\.rawValue).joined(separator: "|")
    }

    /// Reads `twitter-decode` and the like.
    init?(_ name: String) {
        guard let dash = name.firstIndex(of: "-"), let corpus = StandardCorpus(rawValue: String(name[..<dash])),
              let operation = Operation(rawValue: String(name[name.index(after: dash)...])) else { return nil }
        self.corpus = corpus
        self.operation = operation
    }

    /// Reads the corpus, warms up, then runs the operation `count` times inside `profiledWork`.
    func run(count: Int, extraDirectory: URL?) throws {
        let standard = StandardCorpus.standard.contains(corpus)
        guard let directory = standard ? CorporaSuite.directory : extraDirectory else {
            throw CorporaError("--profile \(corpus.rawValue)-\(operation.rawValue) needs "
                               + (standard ? "../shared/fixtures/corpora" : "--corpora-dir"))
        }
        let data = try Data(contentsOf: directory.appendingPathComponent(corpus.fileName))
        if !corpus.hasModel {
            guard operation == .parse, corpus.topLevel != .other else {
                throw CorporaError("\(corpus.fileName): no model; parse only (and not numbers.json, which ours cannot map)")
            }
            let arrays = corpus.topLevel == .arrayOfObjects
            let parse = { () throws -> Any in
                arrays ? try JSONAdapter.models(of: ParseOnly.self, fromJSONData: data)
                    : try JSONAdapter.model(of: ParseOnly.self, fromJSONData: data)
            }
            blackHole(try parse())
            try ProfileRun.profiledWork { for _ in 0..<count { blackHole(try parse()) } }
            progress("profiled \(corpus.rawValue)-parse × \(count)")
            return
        }
        struct Body: CorpusTypesBody {
            let profile: CorpusProfile, data: Data, count: Int
            func callAsFunction<M: JSONSerializing, Twin: Codable & Hashable>(_: M.Type, _: Twin.Type) throws {
                let (decoder, encoder) = profile.corpus.coders
                let work: () throws -> Any
                switch profile.operation {
                case .parse:
                    work = profile.corpus.topLevel == .arrayOfObjects
                        ? { try JSONAdapter.models(of: ParseOnly.self, fromJSONData: data) }
                        : { try JSONAdapter.model(of: ParseOnly.self, fromJSONData: data) }
                case .decode: work = { try JSONAdapter.model(of: M.self, fromJSONData: data) }
                case .decodeDictionaries:
                    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
                    work = { try JSONAdapter.model(of: M.self, from: object) }
                case .encode:
                    let model = try JSONAdapter.model(of: M.self, fromJSONData: data)
                    work = { try JSONAdapter.jsonData(from: model) }
                case .equality:
                    let lhs = try JSONAdapter.model(of: M.self, fromJSONData: data)
                    let rhs = try JSONAdapter.model(of: M.self, fromJSONData: data)
                    work = { lhs == rhs }
                case .hash:
                    let model = try JSONAdapter.model(of: M.self, fromJSONData: data)
                    work = { () -> Int in
                        var hasher = Hasher()
                        hasher.combine(model)
                        return hasher.finalize()
                    }
                case .jsonDecoder: work = { try decoder.decode(Twin.self, from: data) }
                case .jsonEncoder:
                    let twin = try decoder.decode(Twin.self, from: data)
                    work = { try encoder.encode(twin) }
                case .synthesizedEquality:
                    let lhs = try decoder.decode(Twin.self, from: data), rhs = try decoder.decode(Twin.self, from: data)
                    work = { lhs == rhs }
                case .synthesizedHash:
                    let twin = try decoder.decode(Twin.self, from: data)
                    work = { () -> Int in
                        var hasher = Hasher()
                        hasher.combine(twin)
                        return hasher.finalize()
                    }
                }
                blackHole(try work())
                try ProfileRun.profiledWork { for _ in 0..<count { blackHole(try work()) } }
            }
        }
        try corpus.withTypes(Body(profile: self, data: data, count: count))
        progress("profiled \(corpus.rawValue)-\(operation.rawValue) × \(count)")
    }
}
