//  JSONSerializing's hooks in class hierarchies: declared by a JSONModelObject
//  subclass (depth 1) and its subclass (depth 2, calling `super`), and by the
//  subclasses of a plain Swift root class that declares the hooks itself.
//  Also: update (both rules) changes a class instance in place, and
//  notify Key-Value Observing observers of what they change (simulated on Linux).

import Foundation
import JSONAdapter
import MantleTestSupport
import Testing

@Suite("JSONSerializing: hooks of class hierarchies run at every depth")
struct ClassJSONHookTests {
    /// A decoding path and a kind of hierarchy.
    struct Case: CustomTestStringConvertible, Sendable {
        let path: DecodingPath
        let hierarchy: Hierarchy
        var testDescription: String { "\(hierarchy.rawValue), \(path)" }

        static let all = DecodingPath.allCases.flatMap { path in Hierarchy.allCases.map { Case(path: path, hierarchy: $0) } }
    }

    /// The two kinds of class root, each with a depth-1 and a depth-2 subclass.
    enum Hierarchy: String, CaseIterable, Sendable {
        case jsonModelObject, plainClass

        /// The depth-1 class.
        var post: any JSONSerializing.Type { self == .jsonModelObject ? PostObject.self : Post.self }
        /// The depth-2 class.
        var article: any JSONSerializing.Type { self == .jsonModelObject ? ArticleObject.self : Article.self }
    }

    static let articleJSON = #"""
        {"kind": "article", "post_title": "Hello", "tags": "a,b", "count": "7",
         "content": {"body": "text"}, "status": "P", "draft_note": "n", "internal_note": "i"}
        """#

    @Test("jsonKeyPathsByPropertyKey, jsonTransformer, jsonLeniency: each level's and super's apply", arguments: Case.all)
    func decoding(_ test: Case) throws {
        let article = try decode(test.hierarchy.article, test.path, Self.articleJSON)
        #expect(article.value(forKey: "title") as? String == "Hello")          // post's key path
        #expect(article.value(forKey: "body") as? String == "text")            // article's key path
        #expect(article.value(forKey: "tags") as? [String] == ["a", "b"])      // post's transformer
        #expect(article.value(forKey: "status") as? String == "published")     // article's transformer
        #expect(article.value(forKey: "count") as? Int == 7)                   // article's leniency
        // The depth-1 class is strict about the count.
        let error = try #require(caught(JSONAdapterError.self) {
            _ = try decode(test.hierarchy.post, test.path, #"{"post_title": "Hi", "count": "7"}"#)
        })
        #expect(error.propertyKey == "count")
    }

    @Test("classForParsing(jsonDictionary:) of the depth-1 class picks the depth-2 class", arguments: Case.all)
    func classForParsing(_ test: Case) throws {
        let chosen = try decode(test.hierarchy.post, test.path, Self.articleJSON)
        #expect(type(of: chosen) == test.hierarchy.article)
        let own = try decode(test.hierarchy.post, test.path, #"{"post_title": "Hi"}"#)
        #expect(type(of: own) == test.hierarchy.post)
    }

    @Test("jsonConstraints and validate(): each level's rule rejects", arguments: Case.all)
    func rules(_ test: Case) throws {
        let tooLong = try #require(caught(JSONAdapterError.self) {
            _ = try decode(test.hierarchy.post, test.path, #"{"post_title": "\#(String(repeating: "x", count: 41))"}"#)
        })
        #expect(tooLong.propertyKey == "title")                                  // post's constraint
        let empty = try #require(caught(JSONAdapterError.self) {
            _ = try decode(test.hierarchy.article, test.path, #"{"post_title": "T", "content": {"body": ""}}"#)
        })
        #expect(empty.propertyKey == "body")                                     // article's constraint
        #expect(throws: HookError("post")) {
            _ = try decode(test.hierarchy.article, test.path, #"{"post_title": "bad"}"#)   // super's validate
        }
        #expect(throws: HookError("article")) {
            _ = try decode(test.hierarchy.article, test.path, #"{"post_title": "T", "count": -1}"#)
        }
    }

    @Test("serializablePropertyKeys and jsonDescription: encoding and the schema follow each level", arguments: Case.all)
    func encodingAndSchema(_ test: Case) throws {
        let article = try decode(test.hierarchy.article, .dictionary, Self.articleJSON)
        let json = try test.path.encode(article)
        #expect(json["draft_note"] == nil && json["internal_note"] == nil)      // article's and post's
        #expect(json["post_title"] as? String == "Hello")
        // Strict: the depth-1 class's classForParsing makes the class's own schema opaque otherwise.
        let schema = try JSONAdapter.jsonSchema(of: test.hierarchy.article, options: .strictStructuredOutput)
        let properties = try #require(schema.jsonObject["properties"] as? [String: Any])
        let title = (properties["post_title"] as? [String: Any])?["description"] as? String
        #expect(title?.hasPrefix("The post's title.") == true)   // strict mode adds the length in words
        #expect((properties["status"] as? [String: Any])?["description"] as? String == "P or D.")
    }

    @Test("typeDiscriminator of a JSONModelObject subclass chooses the type", arguments: DecodingPath.allCases)
    func typeDiscriminator(path: DecodingPath) throws {
        let vehicle = try path.decode(VehicleObject.self, #"{"type": "car", "wheels": 4, "doors": 2}"#)
        let car = try #require(vehicle as? CarObject)
        #expect(car.doors == 2 && car.wheels == 4)
    }

    @Test("update by either rule changes a class instance in place through a var holding it, merging with its hook")
    func updateInPlace() throws {
        let article = try JSONAdapter.model(of: ArticleObject.self, fromJSONData: Data(Self.articleJSON.utf8))
        var reference = article
        try JSONAdapter.update(&reference, fromJSONData: Data(#"{"count": "3", "post_title": "New"}"#.utf8))
        #expect(article.title == "New" && article.count == 7)                   // article's merge keeps the larger
        try JSONAdapter.update(&reference, fromJSONData: Data(#"{"count": 2}"#.utf8), options: .mergePatch)
        #expect(article.count == 2 && reference === article)                     // a patch is not merged
    }

    #if !canImport(ObjectiveC)
    @Test("update by either rule sends Key-Value Observing notifications for what it changes")
    func keyValueObserving() throws {
        let article = try JSONAdapter.model(of: ArticleObject.self, fromJSONData: Data(Self.articleJSON.utf8))
        var reference = article
        #expect(try simulatedKeyValueChanges(of: article) {
            try JSONAdapter.update(&reference, from: ["post_title": "New", "count": 1])
        } == ["will title: Hello", "did title: New"])
        #expect(try simulatedKeyValueChanges(of: article) {
            try JSONAdapter.update(&reference, from: ["count": 2], options: .mergePatch)
        } == ["will count: 7", "did count: 2"])
    }
    #endif

    #if os(Linux)
    @Test("a hook declared without override, or init(dictionary:) without required, does not compile")
    func hooksNeedOverride() throws {
        let hooks = """
            func validate() throws {}
            func mergeValue(forKey key: String, from model: any Model) {}
            class var modelVersion: Int { 1 }
            class func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior { .excluded }
            class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { [:] }
            class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? { self }
            """
        let required = "convenience init(dictionary: [String: Any]) throws { self.init() }"
        let missing = try typecheck("class Post: JSONModelObject {\n\(hooks)\n\(required)\n}")
        #expect(missing.status != 0)
        let errors = missing.diagnostics.split(separator: "\n").filter { $0.contains("Hooks.swift:") && $0.contains(": error: ") }
        #expect(errors.filter { $0.hasSuffix("error: overriding declaration requires an 'override' keyword") }.count == 6,
                "\(missing.diagnostics)")
        #expect(errors.contains { $0.hasSuffix("error: 'required' modifier must be present on all overrides of a required initializer") })
        #expect(errors.count == 7)
        let overridden = hooks.split(separator: "\n").map { "override " + $0 }.joined(separator: "\n")
        let fixed = try typecheck("class Post: JSONModelObject {\n\(overridden)\nrequired \(required)\n}")
        #expect(fixed.status == 0, "\(fixed.diagnostics)")
    }

    /// Type-checks `source` (after `import JSONAdapter`) with `swiftc` against
    /// the modules of this build, next to the test binary.
    private func typecheck(_ source: String) throws -> (status: Int32, diagnostics: String) {
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("Modules")
        #expect(FileManager.default.fileExists(atPath: modules.appendingPathComponent("JSONAdapter.swiftmodule").path),
                "no JSONAdapter module at \(modules.path)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hooks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Hooks.swift")
        try Data("import JSONAdapter\n\(source)\n".utf8).write(to: file)
        var searchPaths = [modules.path]
        // .ci/check-darwin-names builds the modules with its DarwinNames module (kept in the build
        // folder's `sdk`) imported into every file: their clients must find it too.
        let debug = modules.deletingLastPathComponent()   // `<folder>/debug` or `<folder>/<triple>/debug`
        for folder in [debug.deletingLastPathComponent(), debug.deletingLastPathComponent().deletingLastPathComponent()] {
            let sdk = folder.appendingPathComponent("sdk")
            if FileManager.default.fileExists(atPath: sdk.appendingPathComponent("DarwinNames.swiftmodule").path) {
                searchPaths.append(sdk.path)
                break
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck"] + searchPaths.flatMap { ["-I", $0] } + [file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let diagnostics = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, diagnostics)
    }
    #endif

    /// Decodes `json` as `type` along `path`.
    private func decode(_ type: any JSONSerializing.Type, _ path: DecodingPath, _ json: String) throws -> any JSONSerializing {
        func open<M: JSONSerializing>(_ type: M.Type) throws -> any JSONSerializing { try path.decode(type, json) }
        return try open(type)
    }
}

// MARK: - Hooks

extension ClassJSONHookTests {
    /// The error the hooks' `validate()` throw, naming the level whose rule failed.
    struct HookError: Error, Equatable {
        let level: String
        init(_ level: String) { self.level = level }
    }

    /// The hooks' rules, shared by the two kinds of hierarchy: `post` for
    /// the depth-1 class, `article` for the depth-2 class (which calls
    /// `super` for the rest).
    enum Rules {
        static let postKeyPaths: [String: JSONKeyPath] = [
            "title": "post_title", "tags": "tags", "count": "count", "draftNote": "draft_note",
            "internalNote": "internal_note",
        ]
        static let articleKeyPaths: [String: JSONKeyPath] = ["body": "content.body", "status": "status"]

        static func postTransformer(_ key: String) -> JSONValueTransformer? {
            guard key == "tags" else { return nil }
            return JSONValueTransformer(forward: { (text: String) in text.split(separator: ",").map(String.init) },
                                    reverse: { (tags: [String]) in tags.joined(separator: ",") })
        }

        static func articleTransformer(_ key: String) -> JSONValueTransformer? {
            guard key == "status" else { return nil }
            return .valueMapping(["P": "published", "D": "draft"])
        }

        static func articleLeniency(_ key: String) -> JSONLeniency? { key == "count" ? .numberStringCoercion : nil }
        static func postConstraints(_ key: String) -> [JSONConstraint]? { key == "title" ? [.length(...40)] : nil }
        static func articleConstraints(_ key: String) -> [JSONConstraint]? { key == "body" ? [.length(1...)] : nil }
        static func postDescription(_ key: String) -> String? { key == "title" ? "The post's title." : nil }
        static func articleDescription(_ key: String) -> String? { key == "status" ? "P or D." : nil }

        static func postClass(_ json: [String: Any], article: any JSONSerializing.Type) -> (any JSONSerializing.Type)? {
            json["kind"] as? String == "article" ? article : nil
        }

        static func validatePost(title: String) throws { if title == "bad" { throw HookError("post") } }
        static func validateArticle(count: Int) throws { if count < 0 { throw HookError("article") } }
        static func postKeys(_ keys: Set<String>) -> Set<String> { keys.subtracting(["internalNote"]) }
        static func articleKeys(_ keys: Set<String>) -> Set<String> { keys.subtracting(["draftNote"]) }
    }
}

// MARK: - Models

extension ClassJSONHookTests {
    /// Depth 1 under JSONModelObject.
    class PostObject: JSONModelObject {
        var title = ""
        var tags: [String] = []
        var count = 0
        var draftNote = ""
        var internalNote = ""

        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { Rules.postKeyPaths }

        override class func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            Rules.postTransformer(key) ?? super.jsonTransformer(forKey: key)
        }

        override class func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            Rules.postConstraints(key) ?? super.jsonConstraints(forKey: key)
        }

        override class func jsonDescription(forKey key: String) -> String? {
            Rules.postDescription(key) ?? super.jsonDescription(forKey: key)
        }

        override class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            Rules.postClass(jsonDictionary, article: ArticleObject.self) ?? self
        }

        override func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> {
            Rules.postKeys(super.serializablePropertyKeys(propertyKeys))
        }

        override func validate() throws {
            try super.validate()
            try Rules.validatePost(title: title)
        }
    }

    /// Depth 2 under JSONModelObject.
    final class ArticleObject: PostObject {
        var body = ""
        var status = ""

        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(Rules.articleKeyPaths)
        }

        override class func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            Rules.articleTransformer(key) ?? super.jsonTransformer(forKey: key)
        }

        override class func jsonLeniency(forKey key: String) -> JSONLeniency? {
            Rules.articleLeniency(key) ?? super.jsonLeniency(forKey: key)
        }

        override class func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            Rules.articleConstraints(key) ?? super.jsonConstraints(forKey: key)
        }

        override class func jsonDescription(forKey key: String) -> String? {
            Rules.articleDescription(key) ?? super.jsonDescription(forKey: key)
        }

        override func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> {
            Rules.articleKeys(super.serializablePropertyKeys(propertyKeys))
        }

        override func validate() throws {
            try super.validate()
            try Rules.validateArticle(count: count)
        }

        override func mergeValue(forKey key: String, from model: any Model) {
            guard key == "count" else { return super.mergeValue(forKey: key, from: model) }
            count = max(count, model.value(forKey: "count") as? Int ?? 0)
        }
    }

    /// A plain Swift root class that declares the hooks its subclasses
    /// customise, with the protocol's defaults.
    class PlainRoot: JSONSerializing {
        required init() {}

        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        class func jsonTransformer(forKey key: String) -> JSONValueTransformer? { nil }
        class func jsonLeniency(forKey key: String) -> JSONLeniency? { nil }
        class func jsonConstraints(forKey key: String) -> [JSONConstraint] { [] }
        class func jsonDescription(forKey key: String) -> String? { nil }
        class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? { self }
        func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> { propertyKeys }
        func validate() throws {}
    }

    /// Depth 1 under the plain root.
    class Post: PlainRoot {
        var title = ""
        var tags: [String] = []
        var count = 0
        var draftNote = ""
        var internalNote = ""

        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { Rules.postKeyPaths }

        override class func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            Rules.postTransformer(key) ?? super.jsonTransformer(forKey: key)
        }

        override class func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            Rules.postConstraints(key) ?? super.jsonConstraints(forKey: key)
        }

        override class func jsonDescription(forKey key: String) -> String? {
            Rules.postDescription(key) ?? super.jsonDescription(forKey: key)
        }

        override class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            Rules.postClass(jsonDictionary, article: Article.self) ?? self
        }

        override func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> {
            Rules.postKeys(super.serializablePropertyKeys(propertyKeys))
        }

        override func validate() throws {
            try super.validate()
            try Rules.validatePost(title: title)
        }
    }

    /// Depth 2 under the plain root.
    final class Article: Post {
        var body = ""
        var status = ""

        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(Rules.articleKeyPaths)
        }

        override class func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            Rules.articleTransformer(key) ?? super.jsonTransformer(forKey: key)
        }

        override class func jsonLeniency(forKey key: String) -> JSONLeniency? {
            Rules.articleLeniency(key) ?? super.jsonLeniency(forKey: key)
        }

        override class func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            Rules.articleConstraints(key) ?? super.jsonConstraints(forKey: key)
        }

        override class func jsonDescription(forKey key: String) -> String? {
            Rules.articleDescription(key) ?? super.jsonDescription(forKey: key)
        }

        override func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> {
            Rules.articleKeys(super.serializablePropertyKeys(propertyKeys))
        }

        override func validate() throws {
            try super.validate()
            try Rules.validateArticle(count: count)
        }
    }

    /// A JSONModelObject whose subclass declares the type field.
    class VehicleObject: JSONModelObject {
        var wheels = 0

        override class var typeDiscriminator: JSONTypeDiscriminator? {
            JSONTypeDiscriminator(keyPath: "type", types: ["car": CarObject.self], fallback: VehicleObject.self)
        }
    }

    /// Chosen by ``VehicleObject``'s discriminator.
    final class CarObject: VehicleObject {
        var doors = 0
    }
}
