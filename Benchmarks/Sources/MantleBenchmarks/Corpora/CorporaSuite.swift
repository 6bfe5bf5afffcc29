// The standard JSON corpora (twitter.json, citm_catalog.json, canada.json),
// read from ../shared/fixtures/corpora beside the repository when it exists
// (a development checkout; the library and its tests never read it): MB/s for
// parse-only, decode and encode, this library against JSONSerialization,
// JSONDecoder and JSONEncoder, with the same fields on both sides.
import Foundation
import JSONAdapter

// MARK: - Models (ours and their Codable twins)

/// The Twitter timestamp format, `Sun Aug 31 00:29:15 +0000 2014`.
let twitterDateFormat = "EEE MMM dd HH:mm:ss Z yyyy"

struct TwitterUser: JSONSerializing, Codable {
    var id = 0
    var name = ""
    var screenName = ""
    var followersCount = 0
    var createdAt: Date?
    var verified = false

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        key == "createdAt" ? .date(format: twitterDateFormat) : nil
    }
}

struct TwitterStatus: JSONSerializing, Codable {
    var id = 0
    var text = ""
    var createdAt: Date?
    var user = TwitterUser()
    var retweetCount = 0
    var favoriteCount = 0
    var lang = ""
    var inReplyToStatusId: Int?

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        key == "createdAt" ? .date(format: twitterDateFormat) : nil
    }
}

struct TwitterSearch: JSONSerializing, Codable {
    var statuses: [TwitterStatus] = []
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

struct CatalogPrice: JSONSerializing, Codable {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

struct CatalogPerformance: JSONSerializing, Codable {
    var id = 0
    var eventId = 0
    var name: String?
    var prices: [CatalogPrice] = []
    var start = 0
    var venueCode = ""
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

struct CatalogEvent: JSONSerializing, Codable {
    var id = 0
    var name = ""
    var subTopicIds: [Int] = []
    var topicIds: [Int] = []
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

struct Catalog: JSONSerializing, Codable {
    var events: [String: CatalogEvent] = [:]
    var performances: [CatalogPerformance] = []
    var venueNames: [String: String] = [:]
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

struct CanadaGeometry: JSONSerializing, Codable {
    var type = ""
    var coordinates: [[[Double]]] = []
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

struct CanadaFeature: JSONSerializing, Codable {
    var type = ""
    var properties: [String: String] = [:]
    var geometry = CanadaGeometry()
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

struct Canada: JSONSerializing, Codable {
    var type = ""
    var features: [CanadaFeature] = []
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

/// A model that maps nothing: decoding it is parsing (and validating) alone.
struct ParseOnly: JSONSerializing {
    var unused = 0
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { [:] }
}

// MARK: - The run

/// MB/s of every operation on one corpus, and the ratios behind the goals.
struct CorpusResult {
    var name: String
    var bytes: Int
    /// (title, seconds) in table order.
    var rows: [(String, Double)]
}

enum CorporaSuite {
    /// `../shared/fixtures/corpora`, or `nil` when it is not beside the repository.
    static var directory: URL? {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/fixtures/corpora")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Runs the three corpora, `rounds` timed rounds each (after one warm-up); prints the table.
    static func run(rounds: Int, progress: (String) -> Void) throws -> [GoalResult] {
        guard let directory else {
            progress("corpora: ../shared/fixtures/corpora not found beside the repository, skipped")
            return []
        }
        var results: [CorpusResult] = []
        var goals: [GoalResult] = []
        let twitter = try Data(contentsOf: directory.appendingPathComponent("twitter.json"))
        let twitterResult = try measureCorpus("twitter.json", twitter, TwitterSearch.self, rounds: rounds,
                                             progress: progress) { decoder in
            let formatter = DateFormatter()
            formatter.dateFormat = twitterDateFormat
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.calendar = Calendar(identifier: .gregorian)
            decoder.dateDecodingStrategy = .formatted(formatter)
            decoder.keyDecodingStrategy = .convertFromSnakeCase
        } configureEncoder: { encoder in
            let formatter = DateFormatter()
            formatter.dateFormat = twitterDateFormat
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            encoder.dateEncodingStrategy = .formatted(formatter)
            encoder.keyEncodingStrategy = .convertToSnakeCase
        }
        results.append(twitterResult)
        goals.append(ratio(twitterResult, "decode: JSONDecoder", over: "decode: ours", name: "twitter.json decode",
                           formula: "JSONDecoder / ours (same date format)", atLeast: 3))
        let citm = try Data(contentsOf: directory.appendingPathComponent("citm_catalog.json"))
        results.append(try measureCorpus("citm_catalog.json", citm, Catalog.self, rounds: rounds, progress: progress))
        let canada = try Data(contentsOf: directory.appendingPathComponent("canada.json"))
        let canadaResult = try measureCorpus("canada.json", canada, Canada.self, rounds: rounds, progress: progress)
        results.append(canadaResult)
        goals.append(ratio(canadaResult, "encode: JSONEncoder", over: "encode: ours", name: "canada.json encode",
                           formula: "JSONEncoder / ours", atLeast: 2))
        print(table(results))
        return goals
    }

    /// Times parse-only, decode and encode of one corpus on both sides.
    private static func measureCorpus<M: JSONSerializing & Codable>(
        _ name: String, _ data: Data, _ type: M.Type, rounds: Int, progress: (String) -> Void,
        configureDecoder: (JSONDecoder) -> Void = { _ in }, configureEncoder: (JSONEncoder) -> Void = { _ in }
    ) throws -> CorpusResult {
        progress("corpora: \(name)")
        let decoder = JSONDecoder()
        configureDecoder(decoder)
        let encoder = JSONEncoder()
        configureEncoder(encoder)
        let ours = try JSONAdapter.model(of: M.self, fromJSONData: data)
        let theirs = try decoder.decode(M.self, from: data)
        guard try JSONAdapter.model(of: M.self, fromJSONData: JSONAdapter.jsonData(from: ours)) == ours else {
            throw CorporaError("\(name): our encoding does not decode back to the same model")
        }
        let benchmarks: [(String, () throws -> Sample)] = [
            ("parse: JSONSerialization", { try measure { try JSONSerialization.jsonObject(with: data) } }),
            ("parse: ours (a model mapping nothing)", { try measure { try JSONAdapter.model(of: ParseOnly.self, fromJSONData: data) } }),
            ("decode: JSONDecoder", { try measure { try decoder.decode(M.self, from: data) } }),
            ("decode: ours", { try measure { try JSONAdapter.model(of: M.self, fromJSONData: data) } }),
            ("encode: JSONEncoder", { try measure { try encoder.encode(theirs) } }),
            ("encode: ours", { try measure { try JSONAdapter.jsonData(from: ours) } }),
        ]
        var samples = Array(repeating: [Double](), count: benchmarks.count)
        for round in 0...rounds {
            for (index, benchmark) in benchmarks.enumerated() {
                let sample = try benchmark.1()
                if round > 0 { samples[index].append(sample.wall) }
            }
        }
        return CorpusResult(name: name, bytes: data.count,
                            rows: zip(benchmarks, samples).map { ($0.0, Measurement.median($1)) })
    }

    /// The goal `numerator / denominator` (times) of one corpus.
    private static func ratio(_ result: CorpusResult, _ numerator: String, over denominator: String, name: String,
                              formula: String, atLeast threshold: Double) -> GoalResult {
        let top = result.rows.first { $0.0 == numerator }?.1
        let bottom = result.rows.first { $0.0 == denominator }?.1
        let value = top.flatMap { top in bottom.map { top / $0 } }
        return GoalResult(name: name, formula: formula, basis: "\(bytes(result.bytes)), medians", value: value,
                          atLeast: threshold)
    }

    /// The MB/s table.
    private static func table(_ results: [CorpusResult]) -> String {
        var lines = ["", "Standard corpora (input MB/s, higher is better; median time in brackets)"]
        for result in results {
            lines.append("  \(result.name) (\(bytes(result.bytes)))")
            for (title, seconds) in result.rows {
                let megabytesPerSecond = Double(result.bytes) / 1_000_000 / seconds
                lines.append(pad("    " + title, 46) + leftPad(String(format: "%.0f MB/s", megabytesPerSecond), 12)
                             + "  (\(duration(seconds)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// A failed consistency check of the corpora run.
struct CorporaError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
