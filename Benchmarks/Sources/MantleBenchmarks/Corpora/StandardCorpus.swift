import Foundation
import JSONAdapter

/// The corpora the benchmark reports, and how each side reads and writes them:
/// the three standard ones (``standard``, from ../shared/fixtures/corpora) and,
/// from a `--corpora-dir` folder when given, ZippyJSON's.
enum StandardCorpus: String, CaseIterable {
    case twitter, citm, canada
    case apacheBuilds = "apache_builds", githubEvents = "github_events", marineIK = "marine_ik", mesh, numbers,
         random, twitterEscaped = "twitterescaped"

    /// The corpora of ../shared/fixtures/corpora.
    static let standard: [StandardCorpus] = [.twitter, .citm, .canada]

    /// The file name in its folder.
    var fileName: String {
        switch self {
        case .citm: "citm_catalog.json"
        default: rawValue + ".json"
        }
    }

    /// Whether a full model of it exists on both sides (Swift here, Rust in Benchmarks/peers/serde);
    /// the others are measured parsing only.
    var hasModel: Bool {
        switch self {
        case .twitter, .citm, .canada, .apacheBuilds, .mesh, .random, .twitterEscaped: true
        case .githubEvents, .marineIK, .numbers: false
        }
    }

    /// How ours parses it without mapping anything: the top level is an object,
    /// an array of objects, or neither (numbers.json, an array of numbers: the
    /// library maps JSON objects only, so it has no parse-only figure).
    var topLevel: TopLevel {
        switch self {
        case .githubEvents: .arrayOfObjects
        case .numbers: .other
        default: .object
        }
    }

    /// See ``topLevel``.
    enum TopLevel { case object, arrayOfObjects, other }

    /// The JSONDecoder and JSONEncoder of the twins: twitter's keys are snake case.
    var coders: (decoder: JSONDecoder, encoder: JSONEncoder) {
        let decoder = JSONDecoder(), encoder = JSONEncoder()
        if self == .twitter || self == .twitterEscaped {
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            encoder.keyEncodingStrategy = .convertToSnakeCase
        }
        return (decoder, encoder)
    }

    /// `body` called with the corpus's model type and its twin's; throws without a model.
    func withTypes<R>(_ body: some CorpusTypesBody<R>) throws -> R {
        switch self {
        case .twitter, .twitterEscaped: try body(TwitterCorpus.Search.self, TwitterTwin.Search.self)
        case .citm: try body(CitmCorpus.Catalog.self, CitmTwin.Catalog.self)
        case .canada: try body(CanadaCorpus.FeatureCollection.self, CanadaTwin.FeatureCollection.self)
        case .apacheBuilds: try body(ZippyCorpus.ApacheBuilds.self, ZippyTwin.ApacheBuilds.self)
        case .mesh: try body(ZippyCorpus.Mesh.self, ZippyTwin.Mesh.self)
        case .random: try body(ZippyCorpus.Random.self, ZippyTwin.Random.self)
        case .githubEvents, .marineIK, .numbers: throw CorporaError("\(fileName): no model (parse only)")
        }
    }

    /// The timed operations on `data`, after checking that every side reads it alike.
    func operations(_ data: Data) throws -> [CorpusOperation] {
        guard hasModel else { return try CorpusOperation.parseOnly(fileName, data, topLevel) }
        struct Operations: CorpusTypesBody {
            let corpus: StandardCorpus, data: Data
            func callAsFunction<M: JSONSerializing, Twin: Codable & Hashable>(_: M.Type, _: Twin.Type) throws -> [CorpusOperation] {
                let (decoder, encoder) = corpus.coders
                return try CorpusOperation.all(corpus.fileName, data, M.self, Twin.self, decoder: decoder, encoder: encoder)
            }
        }
        return try withTypes(Operations(corpus: self, data: data))
    }
}

/// A generic function of a corpus's model and twin types (``StandardCorpus/withTypes(_:)``).
protocol CorpusTypesBody<Result> {
    associatedtype Result
    /// Runs with the model type `M` and its twin `Twin`.
    func callAsFunction<M: JSONSerializing, Twin: Codable & Hashable>(_: M.Type, _: Twin.Type) throws -> Result
}
