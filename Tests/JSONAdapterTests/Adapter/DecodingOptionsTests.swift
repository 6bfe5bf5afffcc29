//  The decode surface: one `JSONAdapter.DecodingOptions` value (configuration,
//  key path, nesting limit, leniency recorder) taken by every decode method,
//  on both input kinds (JSON text and `JSONSerialization` dictionaries), for
//  single models, arrays, class clusters, partial updates, adapters and
//  streams.

import Foundation
import MantleTestSupport
import Testing
@testable import JSONAdapter

@Suite("JSONAdapter.DecodingOptions")
struct DecodingOptionsTests {
    /// A model whose mapping is its property keys as written (camelCase).
    struct User: JSONSerializing, Equatable {
        var userName = ""
        var age = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A model that maps nothing, for the nesting limit (the parser checks
    /// the whole document, mapped or not).
    struct Nothing: JSONSerializing, Equatable {
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { [:] }
    }

    /// A class cluster of structs sharing a protocol.
    protocol Shape: JSONSerializing {
        /// How big it is.
        var size: Double { get }
    }

    /// A member of the cluster.
    struct Circle: Shape, Equatable {
        var radiusLength = 0.0
        var size: Double { radiusLength }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Another member.
    struct Square: Shape, Equatable {
        var sideLength = 0.0
        var size: Double { sideLength }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The cluster's declaration.
    static let shapes = JSONTypeDiscriminator(keyPath: "kind", types: ["circle": Circle.self, "square": Square.self])

    /// snake_case keys for every mapping.
    static let snakeCase = JSONAdapter.Configuration(keyConversion: .snakeCase)
    /// Every leniency.
    static let lenient = JSONAdapter.Configuration(leniency: .all)

    // MARK: Helpers: one call, either input kind

    /// `model(of:from:options:)` or `model(of:fromJSONData:options:)`.
    static func model<M: JSONSerializing>(_ type: M.Type, _ json: String, _ path: DecodingPath,
                                          _ options: JSONAdapter.DecodingOptions = .standard) throws -> M {
        switch path {
        case .dictionary, .foundationObjects: return try JSONAdapter.model(of: type, from: path.jsonObject(json), options: options)
        case .data: return try JSONAdapter.model(of: type, fromJSONData: Data(json.utf8), options: options)
        }
    }

    /// `models(of:from:options:)` (a top-level array) or
    /// `models(of:fromJSONData:options:)`.
    static func models<M: JSONSerializing>(_ type: M.Type, _ json: String, _ path: DecodingPath,
                                           _ options: JSONAdapter.DecodingOptions = .standard) throws -> [M] {
        switch path {
        case .data: return try JSONAdapter.models(of: type, fromJSONData: Data(json.utf8), options: options)
        case .dictionary, .foundationObjects: return try JSONAdapter.models(of: type, from: path.jsonArray(json), options: options)
        }
    }

    /// The error `body` threw, recording an issue when it threw none.
    static func error(sourceLocation: SourceLocation = #_sourceLocation,
                      _ body: () throws -> Void) throws -> JSONAdapterError {
        let error = adapterError(sourceLocation: sourceLocation, body)
        return try #require(error, sourceLocation: sourceLocation)
    }

    // MARK: Defaults

    /// Checks: the default options are the standard configuration, the whole
    /// document, the default depth and no recorder; the static conveniences
    /// change only their one field.
    @Test("defaults and static conveniences")
    func defaults() {
        let standard = JSONAdapter.DecodingOptions()
        #expect(standard.usesStandardConfiguration && standard.keyPath == nil && standard.leniencyRecorder == nil)
        #expect(standard.maximumDepth == JSONAdapter.DecodingOptions.defaultMaximumDepth)
        #expect(JSONAdapter.DecodingOptions.standard.usesStandardConfiguration)
        #expect(JSONAdapter.DecodingOptions.standard.maximumDepth == JSONAdapter.DecodingOptions.defaultMaximumDepth)

        let atItems = JSONAdapter.DecodingOptions.keyPath("items")
        #expect(atItems.keyPath == "items" && atItems.usesStandardConfiguration)
        let snake = JSONAdapter.DecodingOptions.configuration(Self.snakeCase)
        #expect(snake.configuration.keyConversion.jsonKey(forPropertyKey: "userName") == "user_name" && snake.keyPath == nil)
        #expect(!snake.usesStandardConfiguration)
    }

    // MARK: Configuration

    /// Checks: `configuration` reaches the mappings on both input kinds; the
    /// standard options do not convert keys (the snake_case keys are then missing).
    @Test("configuration", arguments: DecodingPath.allCases)
    func configuration(path: DecodingPath) throws {
        let json = #"{"user_name": "ada", "age": 36}"#
        #expect(try Self.model(User.self, json, path, .configuration(Self.snakeCase)) == User(userName: "ada", age: 36))
        #expect(try Self.model(User.self, json, path) == User(userName: "", age: 36))
        #expect(try Self.models(User.self, "[\(json)]", path, .init(configuration: Self.snakeCase))
                == [User(userName: "ada", age: 36)])
    }

    // MARK: Key path

    /// Checks: the object at the key path is decoded, on both input kinds,
    /// and the array at one in JSON text (a Foundation array is the array
    /// itself), with errors naming the whole path; the configuration applies
    /// there too.
    @Test("keyPath: the object or array inside the document", arguments: DecodingPath.allCases)
    func keyPath(path: DecodingPath) throws {
        let envelope = #"{"data": {"viewer": {"user_name": "ada", "age": 36}, "items": [{"age": 1}, {"age": 2}]}}"#
        #expect(try Self.model(User.self, envelope, path, .init(configuration: Self.snakeCase, keyPath: "data.viewer"))
                == User(userName: "ada", age: 36))
        // Digit keys index arrays on the way.
        #expect(try Self.model(User.self, envelope, path, .keyPath("data.items.1")).age == 2)
        guard path == .data else { return }
        #expect(try Self.models(User.self, envelope, path, .keyPath("data.items")).map(\.age) == [1, 2])

        let bad = #"{"data": {"items": [{"age": 1}, {"age": "two"}]}}"#
        let inside = try Self.error { _ = try Self.models(User.self, bad, path, .keyPath("data.items")) }
        #expect(inside.code == .invalidValue && inside.jsonKeyPath == "data.items[1].age")
    }

    /// Checks: nothing (or `null`) at the key path, a malformed key path, an
    /// intermediate that is not an object, and a top level that is not an
    /// object fail alike on both input kinds.
    @Test("keyPath: what is not there", arguments: DecodingPath.allCases)
    func keyPathFailures(path: DecodingPath) throws {
        let envelope = #"{"data": {"viewer": null, "count": 3}}"#
        for keyPath in ["data.nope", "data.viewer"] {
            let missing = try Self.error { _ = try Self.model(User.self, envelope, path, .keyPath(keyPath)) }
            #expect(missing.code == .invalidJSONDictionary && missing.jsonKeyPath == keyPath)
        }
        let malformed = try Self.error { _ = try Self.model(User.self, envelope, path, .keyPath("data..viewer")) }
        #expect(malformed.code == .invalidJSONMapping)
        let through = try Self.error { _ = try Self.model(User.self, envelope, path, .keyPath("data.count.x")) }
        #expect(through.code == .invalidJSONDictionary && through.jsonKeyPath == "data.count.x")
        let notObject = try Self.error { _ = try Self.model(User.self, envelope, path, .keyPath("data.count")) }
        #expect(notObject.code == .invalidJSONDictionary && notObject.jsonKeyPath == "data.count")
        #expect(notObject.description.contains("expected a JSON object, found number 3"))
        if path == .data {
            let notArray = try Self.error { _ = try Self.models(User.self, envelope, path, .keyPath("data")) }
            #expect(notArray.description.contains("expected an array of objects, found object"))
        }

        // A top-level array has no key path into it.
        let array = try Self.error { _ = try Self.models(User.self, #"[{"age": 1}]"#, path, .keyPath("data")) }
        #expect(array.code == .invalidJSONDictionary && array.description.contains("expected a JSON object, found array of 1"))
    }

    // MARK: Nesting limit

    /// `{"a": [[…]]}` with `depth` containers in all (the object counts).
    static func nested(depth: Int) -> String {
        #"{"a": "# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
    }

    /// Checks: JSON text nested exactly to the default limit decodes; one
    /// level more is .invalidJSONData with the parser's reason, for one model
    /// and for arrays. Foundation dictionaries were parsed by
    /// `JSONSerialization`, so the limit is not theirs to check.
    @Test("maximumDepth: the default limit, and one past it")
    func defaultDepth() throws {
        let limit = JSONAdapter.DecodingOptions.defaultMaximumDepth
        let atLimit = Data(Self.nested(depth: limit).utf8)
        _ = try JSONAdapter.model(of: Nothing.self, fromJSONData: atLimit)
        #expect(try JSONAdapter.models(of: Nothing.self, fromJSONData: Data(#"[{"a": 1}]"#.utf8)).count == 1)

        let pastLimit = Data(Self.nested(depth: limit + 1).utf8)
        let error = try Self.error { _ = try JSONAdapter.model(of: Nothing.self, fromJSONData: pastLimit) }
        #expect(error.code == .invalidJSONData && error.description.contains("nesting deeper than \(limit)"))
        let inArray = try Self.error {
            _ = try JSONAdapter.models(of: Nothing.self, fromJSONData: Data("[\(Self.nested(depth: limit))]".utf8))
        }
        #expect(inArray.code == .invalidJSONData)
    }

    /// Checks: a lower limit is applied to JSON text (the whole document,
    /// whatever the key path), and not to an already parsed dictionary.
    @Test("maximumDepth: a limit of the call's own", arguments: DecodingPath.allCases)
    func customDepth(path: DecodingPath) throws {
        let json = #"{"data": {"age": 3, "deep": [[1]]}}"#   // 4 levels
        let four = JSONAdapter.DecodingOptions(keyPath: "data", maximumDepth: 4)
        #expect(try Self.model(User.self, json, path, four).age == 3)
        let three = JSONAdapter.DecodingOptions(keyPath: "data", maximumDepth: 3)
        switch path {
        case .data:
            let error = try Self.error { _ = try Self.model(User.self, json, path, three) }
            #expect(error.code == .invalidJSONData && error.description.contains("nesting deeper than 3"))
        case .dictionary, .foundationObjects:
            #expect(try Self.model(User.self, json, path, three).age == 3)
        }
    }

    // MARK: Leniency recorder

    /// Checks: a recorder in the options receives what leniency bent, with
    /// the same entries from both input kinds, paths from the top level (key
    /// path included) and skipped elements of a lossy top-level array.
    @Test("leniencyRecorder receives the report", arguments: DecodingPath.allCases)
    func recorder(path: DecodingPath) throws {
        let recorder = JSONLeniencyReport.Recorder()
        let user = try Self.model(User.self, #"{"age": "36"}"#, path,
                                  .init(configuration: Self.lenient, leniencyRecorder: recorder))
        #expect(user.age == 36)
        #expect(recorder.report.entries == [
            JSONLeniencyReport.Entry(modelTypeName: "User", propertyKey: "age", jsonKeyPath: "age",
                                     found: #"string "36""#, action: .coerced(toType: "Int")),
        ])

        let nested = JSONLeniencyReport.Recorder()
        let users = try JSONAdapter.models(of: User.self, fromJSONData: Data(#"{"data": [{"age": "1"}, {"age": []}, {"age": 3}]}"#.utf8),
                                           options: .init(configuration: Self.lenient, keyPath: "data", leniencyRecorder: nested))
        #expect(users.map(\.age) == [1, 0, 3])
        #expect(nested.report.entries.map(\.jsonKeyPath) == ["data[0].age", "data[1].age"])
        #expect(nested.report.entries.map(\.action) == [.coerced(toType: "Int"), .usedDefault])

        let lossy = JSONLeniencyReport.Recorder()
        let lossyConfiguration = JSONAdapter.Configuration(leniency: .lossyCollections)
        let kept = try Self.models(User.self, #"[{"age": 1}, {"age": "x"}]"#, path,
                                   .init(configuration: lossyConfiguration, leniencyRecorder: lossy))
        #expect(kept.map(\.age) == [1])
        #expect(lossy.report.entries.map { "\($0.jsonKeyPath) \($0.action)" } == ["[1] skipped"])
    }

    /// Checks: one recorder collects several calls in order; a call that
    /// throws adds nothing; without leniency the report stays empty.
    @Test("one recorder, several calls", arguments: DecodingPath.allCases)
    func recorderAcrossCalls(path: DecodingPath) throws {
        let recorder = JSONLeniencyReport.Recorder()
        let coercing = JSONAdapter.Configuration(leniency: .numberStringCoercion)
        let options = JSONAdapter.DecodingOptions(configuration: coercing, leniencyRecorder: recorder)
        _ = try Self.model(User.self, #"{"age": "1"}"#, path, options)
        _ = adapterError { _ = try Self.model(User.self, #"{"age": "2", "userName": []}"#, path, options) }
        _ = try Self.model(User.self, #"{"userName": 3}"#, path, options)
        #expect(recorder.report.entries.map(\.jsonKeyPath) == ["age", "userName"])

        let strict = JSONLeniencyReport.Recorder()
        _ = try Self.model(User.self, #"{"age": 1}"#, path, .init(leniencyRecorder: strict))
        #expect(strict.report.isEmpty)
    }

    // MARK: Class clusters

    /// Checks: the discriminator combines with the other options: a cluster
    /// of structs decodes through an adapter each object as the type it
    /// names, on both input kinds, with the options' key path and
    /// configuration; an unknown type is .noClassFound.
    @Test("the discriminator combines with the other options", arguments: DecodingPath.allCases)
    func classClusters(path: DecodingPath) throws {
        let json = #"{"page": {"shapes": [{"kind": "circle", "radius_length": 2}, {"kind": "square", "side_length": 3}]}}"#
        let adapter = try JSONAdapter(modelType: Circle.self)
        var options = JSONAdapter.DecodingOptions.discriminator(Self.shapes)
        options.configuration = Self.snakeCase
        let decoded: [any JSONSerializing]
        let first: any JSONSerializing
        switch path {
        case .dictionary, .foundationObjects:
            let page = try #require(path.jsonObject(json)["page"] as? [String: Any])
            decoded = try adapter.models(from: try #require(page["shapes"] as? [Any]), options: options)
            first = try adapter.model(from: path.jsonObject(json),
                                      options: .init(configuration: Self.snakeCase, keyPath: "page.shapes.0",
                                                     discriminator: Self.shapes))
        case .data:
            options.keyPath = "page.shapes"
            decoded = try adapter.models(fromJSONData: Data(json.utf8), options: options)
            first = try adapter.model(fromJSONData: Data(json.utf8),
                                      options: .init(configuration: Self.snakeCase, keyPath: "page.shapes.0",
                                                     discriminator: Self.shapes))
        }
        let shapes = try #require(decoded as? [any Shape])
        #expect(shapes.map(\.size) == [2, 3])
        #expect((shapes[0] as? Circle) == Circle(radiusLength: 2) && (shapes[1] as? Square) == Square(sideLength: 3))
        #expect((first as? Circle) == Circle(radiusLength: 2))

        let unknown = #"[{"kind": "triangle"}]"#
        let error = try Self.error {
            switch path {
            case .dictionary, .foundationObjects: _ = try adapter.models(from: path.jsonArray(unknown), options: .discriminator(Self.shapes))
            case .data: _ = try adapter.models(fromJSONData: Data(unknown.utf8), options: .discriminator(Self.shapes))
            }
        }
        #expect(error.code == .noClassFound && error.jsonKeyPath == "[0].kind")
    }

    // MARK: Update, adapters, streams

    /// Checks: `update` reads the patch at the key path with the configuration.
    @Test("update takes the same options", arguments: DecodingPath.allCases)
    func update(path: DecodingPath) throws {
        var user = User(userName: "ada", age: 36)
        let patch = #"{"data": {"age": 37}}"#
        let options = JSONAdapter.DecodingOptions(configuration: Self.snakeCase, keyPath: "data")
        switch path {
        case .dictionary, .foundationObjects: try JSONAdapter.update(&user, from: path.jsonObject(patch), options: options)
        case .data: try JSONAdapter.update(&user, fromJSONData: Data(patch.utf8), options: options)
        }
        #expect(user == User(userName: "ada", age: 37))
    }

    /// Checks: an adapter's methods use its own configuration unless the
    /// options carry another, and take the key path and recorder.
    @Test("an adapter's methods", arguments: DecodingPath.allCases)
    func adapter(path: DecodingPath) throws {
        let adapter = try JSONAdapter(modelType: User.self, configuration: Self.snakeCase)
        let json = #"{"data": {"user_name": "ada", "userName": "camel"}}"#
        func decode(_ options: JSONAdapter.DecodingOptions) throws -> User? {
            switch path {
            case .dictionary, .foundationObjects: return try adapter.model(from: path.jsonObject(json), options: options) as? User
            case .data: return try adapter.model(fromJSONData: Data(json.utf8), options: options) as? User
            }
        }
        #expect(try decode(.keyPath("data"))?.userName == "ada")
        #expect(try decode(.init(configuration: JSONAdapter.Configuration(), keyPath: "data"))?.userName == "camel")

        // With a discriminator, the chosen type is decoded in the adapter's configuration too.
        let shapes = try JSONAdapter(modelType: Circle.self, configuration: Self.snakeCase)
        let square = #"{"kind": "square", "side_length": 3}"#
        let options = JSONAdapter.DecodingOptions.discriminator(Self.shapes)
        let chosen = switch path {
        case .dictionary, .foundationObjects: try shapes.model(from: path.jsonObject(square), options: options)
        case .data: try shapes.model(fromJSONData: Data(square.utf8), options: options)
        }
        #expect(chosen as? Square == Square(sideLength: 3))
    }

    /// Checks: a stream decodes each value with the options: configuration,
    /// the key path inside each value, and report entries starting with the
    /// value's index.
    @Test("streams take the same options")
    func streams() throws {
        let lines = Data("{\"user\": {\"user_name\": \"a\", \"age\": 1}}\n{\"user\": {\"user_name\": \"b\", \"age\": \"2\"}}\n".utf8)
        var configuration = Self.snakeCase
        configuration.leniency = .numberStringCoercion
        let recorder = JSONLeniencyReport.Recorder()
        let options = JSONAdapter.DecodingOptions(configuration: configuration, keyPath: "user", leniencyRecorder: recorder)
        let users = try JSONAdapter.models(of: User.self, fromJSONLines: lines, options: options)
        #expect(users == [User(userName: "a", age: 1), User(userName: "b", age: 2)])
        #expect(recorder.report.entries.map(\.jsonKeyPath) == ["[1].user.age"])

        var reader = try JSONModelReader(User.self, data: lines, options: .init(configuration: Self.snakeCase, maximumDepth: 1))
        let error = try Self.error { _ = try reader.next() }
        #expect(error.code == .invalidJSONData && error.jsonKeyPath == "[0]" && error.lineNumber == 1)
    }
}
