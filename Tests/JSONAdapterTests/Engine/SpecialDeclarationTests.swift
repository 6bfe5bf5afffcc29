//  The JSON adapter on declarations the reflective write path treats
//  specially: weak protocol references set through a transformer, property
//  wrappers, unowned references and non-model superclasses.

import Foundation
import Testing
@testable import JSONAdapter

@Suite("Declarations the reflective write path treats specially")
struct SpecialDeclarationTests {
    @Test("a weak protocol reference set by a transformer calls the right methods", arguments: DecodingPath.allCases)
    func weakProtocolThroughTransformer(path: DecodingPath) throws {
        let document = try path.decode(Document.self, #"{"text": "hi", "renderer": "upper"}"#)
        #expect(document.renderer?.render(document.text) == "HI")
        let quoted = try path.decode(Document.self, #"{"text": "hi", "renderer": "quoted"}"#)
        #expect(quoted.renderer?.render("x") == "\"x\"")
        #expect(try path.encode(quoted)["renderer"] as? String == "quoted")
    }

    @Test("a property wrapper maps under its declared name; its setter runs", arguments: DecodingPath.allCases)
    func propertyWrapper(path: DecodingPath) throws {
        let progress = try path.decode(Progress.self, #"{"progress": {"percent": 250}, "label": "copy"}"#)
        #expect(progress.percent == 100)
        let json = try path.encode(progress)
        #expect((json["progress"] as? [String: Any])?["percent"] as? Int == 100)
        let error = try #require(throws: JSONAdapterError.self) {
            try path.decode(Progress.self, #"{"progress": {"percent": "lots"}}"#)
        }
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "percent")
        #expect(error.jsonKeyPath == "progress.percent")
    }

    @Test("mapping a wrapper that does not conform names the fix")
    func unconformingWrapper() throws {
        let error = try #require(throws: JSONAdapterError.self) { try JSONAdapter(modelType: UnconformingWrapper.self) }
        #expect(error.code == .invalidJSONMapping)
        #expect(error.description.contains("conform Trimmed to ModelPropertyWrapper"))
    }

    @Test("an unowned reference made part of the model is refused when the mapping is built")
    func unownedRefused() throws {
        let error = try #require(throws: JSONAdapterError.self) { try JSONAdapter(modelType: UnownedOptIn.self) }
        #expect(error.code == .invalidJSONMapping)
        #expect(error.propertyKey == "owner")
        #expect((error.underlyingError as? ModelError)?.code == .unsupportedDeclaration)
        #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: UnownedOptIn.self, fromJSONData: Data(#"{"name": "n"}"#.utf8))
        }
    }

    @Test("a model whose superclass is not a model round-trips its own properties", arguments: DecodingPath.allCases)
    func nonModelSuperclass(path: DecodingPath) throws {
        let job = try path.decode(Job.self, #"{"title": "deploy"}"#)
        #expect(job.title == "deploy")
        let json = try path.encode(job)
        #expect(json.keys.sorted() == ["title"])
    }
}

@Suite("ModelObject subclasses through the adapter")
struct ModelObjectJSONTests {
    @Test("ModelObject class clusters decode to the subclass and round-trip", arguments: DecodingPath.allCases)
    func classCluster(path: DecodingPath) throws {
        let shape = try path.decode(ShapeObject.self, #"{"kind": "circle", "size": 2, "radius": 1.5}"#)
        let circle = try #require(shape as? CircleObject)
        #expect(circle.radius == 1.5 && circle.size == 2)
        let json = try path.encode(circle)
        #expect(json["radius"] as? Double == 1.5)
        let again = try path.decode(ShapeObject.self, #"{"kind": "circle", "size": 2, "radius": 1.5}"#)
        #expect(again.isEqual(shape))
    }
}

// MARK: - Models

extension SpecialDeclarationTests {
    protocol Renderer: AnyObject { func render(_ text: String) -> String }

    final class Uppercase: Renderer { func render(_ text: String) -> String { text.uppercased() } }

    final class Quoted: Renderer { func render(_ text: String) -> String { "\"\(text)\"" } }

    /// Renderers by name, alive for the whole test run.
    static let renderers: [String: any Renderer & Sendable] = ["upper": Uppercase(), "quoted": Quoted()]

    struct Document: JSONSerializing {
        var text = ""
        weak var renderer: (any Renderer)?

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["text": "text", "renderer": "renderer"] }

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            guard key == "renderer" else { return nil }
            return JSONValueTransformer(forward: { (name: String) in renderers[name] },
                                    reverse: { (renderer: AnyObject) in
                                        renderers.first { $0.value === renderer }?.key
                                    })
        }
    }

    @propertyWrapper
    struct Percent: ModelPropertyWrapper, Hashable {
        private var value = 0
        var wrappedValue: Int {
            get { value }
            set { value = min(max(newValue, 0), 100) }
        }
        init(wrappedValue: Int) { self.wrappedValue = wrappedValue }
    }

    struct Progress: JSONSerializing {
        @Percent var percent = 0
        var label = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["percent": "progress.percent", "label": "label"] }
    }

    @propertyWrapper
    struct Trimmed: Hashable {
        var wrappedValue: String
    }

    struct UnconformingWrapper: JSONSerializing {
        @Trimmed var name = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
    }

    final class OwnerObject: Sendable {}

    static let sharedOwner = OwnerObject()

    final class UnownedOptIn: JSONSerializing {
        var name = ""
        unowned var owner: OwnerObject = SpecialDeclarationTests.sharedOwner
        required init() {}
        static func storageBehavior(forPropertyKey key: String) -> PropertyStorage { .permanent }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
    }

    final class Job: Operation, JSONSerializing, @unchecked Sendable {
        var title = ""
        override required init() { super.init() }
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["title": "title"] }
    }
}

// MARK: - Models

extension ModelObjectJSONTests {
    class ShapeObject: ModelObject, JSONSerializing {
        var kind = ""
        var size = 0
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["kind": "kind", "size": "size"] }
        class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            jsonDictionary["kind"] as? String == "circle" ? CircleObject.self : ShapeObject.self
        }
    }

    final class CircleObject: ShapeObject {
        var radius = 0.0
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(["radius": "radius"])
        }
    }
}

extension SpecialDeclarationTests.Uppercase: @unchecked Sendable {}

extension SpecialDeclarationTests.Quoted: @unchecked Sendable {}
