//  The JSON adapter on declarations the reflective write path treats
//  specially: weak protocol references set through a transformer, property
//  wrappers, unowned references and non-model superclasses.

import Foundation
import Testing
@testable import JSONAdapter

protocol SemRenderer: AnyObject { func render(_ text: String) -> String }

final class SemUppercase: SemRenderer { func render(_ text: String) -> String { text.uppercased() } }
final class SemQuoted: SemRenderer { func render(_ text: String) -> String { "\"\(text)\"" } }

/// Renderers by name, alive for the whole test run.
let semRenderers: [String: any SemRenderer & Sendable] = ["upper": SemUppercase(), "quoted": SemQuoted()]
extension SemUppercase: @unchecked Sendable {}
extension SemQuoted: @unchecked Sendable {}

struct SemDocument: JSONSerializing {
    var text = ""
    weak var renderer: (any SemRenderer)?

    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["text": "text", "renderer": "renderer"] }

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        guard key == "renderer" else { return nil }
        return ValueTransformer(forward: { (name: String) in semRenderers[name] },
                                reverse: { (renderer: AnyObject) in
                                    semRenderers.first { $0.value === renderer }?.key
                                })
    }
}

@propertyWrapper
struct SemPercent: ModelPropertyWrapper, Hashable {
    private var value = 0
    var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, 0), 100) }
    }
    init(wrappedValue: Int) { self.wrappedValue = wrappedValue }
}

struct SemProgress: JSONSerializing {
    @SemPercent var percent = 0
    var label = ""
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["percent": "progress.percent", "label": "label"] }
}

@propertyWrapper
struct SemTrimmed: Hashable {
    var wrappedValue: String
}

struct SemUnconformingWrapper: JSONSerializing {
    @SemTrimmed var name = ""
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
}

final class SemOwnerObject: Sendable {}
let semOwner = SemOwnerObject()

final class SemUnownedOptIn: JSONSerializing {
    var name = ""
    unowned var owner: SemOwnerObject = semOwner
    required init() {}
    static func storageBehavior(forPropertyKey key: String) -> PropertyStorage { .permanent }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
}

final class SemJob: Operation, JSONSerializing, @unchecked Sendable {
    var title = ""
    override required init() { super.init() }
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["title": "title"] }
}

@Suite("Semantics: declarations the reflective write path treats specially")
struct SemReflectionSafetyTests {
    @Test("a weak protocol reference set by a transformer calls the right methods", arguments: DecodingPath.allCases)
    func weakProtocolThroughTransformer(path: DecodingPath) throws {
        let document = try path.decode(SemDocument.self, #"{"text": "hi", "renderer": "upper"}"#)
        #expect(document.renderer?.render(document.text) == "HI")
        let quoted = try path.decode(SemDocument.self, #"{"text": "hi", "renderer": "quoted"}"#)
        #expect(quoted.renderer?.render("x") == "\"x\"")
        #expect(try path.encode(quoted)["renderer"] as? String == "quoted")
    }

    @Test("a property wrapper maps under its declared name; its setter runs", arguments: DecodingPath.allCases)
    func propertyWrapper(path: DecodingPath) throws {
        let progress = try path.decode(SemProgress.self, #"{"progress": {"percent": 250}, "label": "copy"}"#)
        #expect(progress.percent == 100)
        let json = try path.encode(progress)
        #expect((json["progress"] as? [String: Any])?["percent"] as? Int == 100)
        let error = try #require(throws: JSONAdapterError.self) {
            try path.decode(SemProgress.self, #"{"progress": {"percent": "lots"}}"#)
        }
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "percent")
        #expect(error.jsonKeyPath == "progress.percent")
    }

    @Test("mapping a wrapper that does not conform names the fix")
    func unconformingWrapper() throws {
        let error = try #require(throws: JSONAdapterError.self) { try JSONAdapter(modelType: SemUnconformingWrapper.self) }
        #expect(error.code == .invalidJSONMapping)
        #expect(error.description.contains("conform SemTrimmed to ModelPropertyWrapper"))
    }

    @Test("an unowned reference made part of the model is refused when the mapping is built")
    func unownedRefused() throws {
        let error = try #require(throws: JSONAdapterError.self) { try JSONAdapter(modelType: SemUnownedOptIn.self) }
        #expect(error.code == .invalidJSONMapping)
        #expect(error.propertyKey == "owner")
        #expect((error.underlyingError as? ModelError)?.code == .unsupportedDeclaration)
        #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: SemUnownedOptIn.self, fromJSONData: Data(#"{"name": "n"}"#.utf8))
        }
    }

    @Test("a model whose superclass is not a model round-trips its own properties", arguments: DecodingPath.allCases)
    func nonModelSuperclass(path: DecodingPath) throws {
        let job = try path.decode(SemJob.self, #"{"title": "deploy"}"#)
        #expect(job.title == "deploy")
        let json = try path.encode(job)
        #expect(json.keys.sorted() == ["title"])
    }
}

class SemShapeObject: ModelObject, JSONSerializing {
    var kind = ""
    var size = 0
    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["kind": "kind", "size": "size"] }
    class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        jsonDictionary["kind"] as? String == "circle" ? SemCircleObject.self : SemShapeObject.self
    }
}

final class SemCircleObject: SemShapeObject {
    var radius = 0.0
    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.adding(["radius": "radius"])
    }
}

@Suite("Semantics: ModelObject subclasses through the adapter")
struct SemModelObjectTests {
    @Test("ModelObject class clusters decode to the subclass and round-trip", arguments: DecodingPath.allCases)
    func classCluster(path: DecodingPath) throws {
        let shape = try path.decode(SemShapeObject.self, #"{"kind": "circle", "size": 2, "radius": 1.5}"#)
        let circle = try #require(shape as? SemCircleObject)
        #expect(circle.radius == 1.5 && circle.size == 2)
        let json = try path.encode(circle)
        #expect(json["radius"] as? Double == 1.5)
        let again = try path.decode(SemShapeObject.self, #"{"kind": "circle", "size": 2, "radius": 1.5}"#)
        #expect(again.isEqual(shape))
    }
}
