//
//  MappingJSONToModelsTests.swift
//  MappingJSONToModels.md: mapping errors, class clusters (XYMessage), struct
//  families and output control (serializablePropertyKeys, .omitNilValues).
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("MappingJSONToModels.md: mapping errors, class clusters and output control")
struct MappingJSONToModelsTests {
    @Test("the base class decodes the subclass classForParsing picks", arguments: [false, true])
    func decodesSubclasses(fromData: Bool) throws {
        let text = #"[{"type": "text", "id": 1, "body": "Hi"}, {"type": "picture", "id": 2, "image_url": "https://x.example/p.png"}]"#
        let messages: [XYMessage]
        if fromData {
            messages = try JSONAdapter.models(of: XYMessage.self, fromJSONData: Data(text.utf8))
        } else {
            let array = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
            messages = try JSONAdapter.models(of: XYMessage.self, from: array)
        }
        let textMessage = try #require(messages[0] as? XYTextMessage)
        #expect(textMessage.id == 1)
        #expect(textMessage.body == "Hi")
        let picture = try #require(messages[1] as? XYPictureMessage)
        #expect(picture.imageURL == URL(string: "https://x.example/p.png"))
        #expect(messages[0] != messages[1])
    }

    @Test("JSONModelObject: the subclass's key paths and the sub-subclass's leniency apply", arguments: DecodingPath.allCases)
    func jsonModelObjectHooks(path: DecodingPath) throws {
        let json = #"{"id": "1", "created_at": "2024-01-02T03:04:05Z", "size": "3"}"#
        let push = try path.decode(GHPushEventObject.self, json)
        #expect(push.id == "1" && push.size == 3 && push.createdAt != nil)
        #expect(throws: JSONAdapterError.self) { _ = try path.decode(GHEventObject.self, #"{"id": 1}"#) }
        #expect(try path.encode(push)["created_at"] as? String == "2024-01-02T03:04:05Z")
    }

    @Test("JSONAdapter.model(of: XYMessage.self, from:) returns an XYTextMessage for a text message")
    func singleTextMessage() throws {
        let message = try JSONAdapter.model(of: XYMessage.self, from: ["type": "text", "id": 3, "body": "Yo"])
        #expect(type(of: message) == XYTextMessage.self)
        #expect((message as? XYTextMessage)?.body == "Yo")
    }

    @Test("encoding any message uses its own class's mapping")
    func encodesWithOwnMapping() throws {
        let text = XYTextMessage()
        text.id = 5
        text.body = "Hello"
        let message: XYMessage = text
        let json = try JSONAdapter.jsonDictionary(from: message)
        #expect(json["id"] as? Int == 5)
        #expect(json["body"] as? String == "Hello")
        #expect(json["type"] == nil)   // not a property: not written
        let picture = XYPictureMessage()
        let pictureJSON = try JSONAdapter.jsonDictionary(from: picture as XYMessage)
        #expect(Set(pictureJSON.keys) == ["id", "image_url"])
    }

    @Test("nil or an unrelated class from classForParsing throws .noClassFound")
    func noClassFound() throws {
        let unknown = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: XYMessage.self, from: ["type": "video", "id": 1])
        }
        #expect(unknown?.code == .noClassFound)
        let unrelated = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: XYEnvelope.self, from: ["id": 1])
        }
        #expect(unrelated?.code == .noClassFound)
        let unrelatedInstance = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter(modelType: XYEnvelope.self).model(from: ["id": 1])
        }
        #expect(unrelatedInstance?.code == .noClassFound)
    }

    @Test("value types form families through JSONAdapter(modelType:).model(from:)")
    func structFamily() throws {
        let adapter = try JSONAdapter(modelType: Shape.self)
        let circle = try adapter.model(from: ["name": "disc", "radius": 2.5])
        #expect(circle as? Circle == Circle(name: "disc", radius: 2.5))
        let shape = try adapter.model(from: ["name": "blob"])
        #expect(shape as? Shape == Shape(name: "blob"))
    }

    @Test("serializablePropertyKeys(_:) chooses the keys written; .omitNilValues drops nils")
    func outputControl() throws {
        let draft = Post(title: "Soon", body: "Secret", isDraft: true)
        let json = try JSONAdapter.jsonDictionary(from: draft)
        #expect(Set(json.keys) == ["title", "draft"])
        let reparsed = try #require(JSONSerialization.jsonObject(with: try JSONAdapter.jsonData(from: draft)) as? [String: Any])
        #expect(Set(reparsed.keys) == ["title", "draft"])

        let published = Post(title: "Out", body: nil, isDraft: false)
        #expect(try JSONAdapter.jsonDictionary(from: published)["body"] is NSNull)
        #expect(try JSONAdapter.jsonDictionary(from: published, options: .omitsNilValues)["body"] == nil)
        let post = Post(title: "Out/In", body: nil, isDraft: false)
        let pretty = try JSONAdapter.jsonData(from: post, options: .outputFormatting([.prettyPrinted, .sortedKeys]))
        #expect(String(decoding: pretty, as: UTF8.self) == "{\n  \"body\" : null,\n  \"draft\" : false,\n  \"title\" : \"Out\\/In\"\n}")
        let adapter = try JSONAdapter(modelType: Post.self)
        #expect(try adapter.jsonDictionary(from: published, options: .omitsNilValues).keys.sorted()
            == ["draft", "title"])
    }

    @Test("mapping errors: a key that is no property, a malformed path, a computed property")
    func mappingErrors() throws {
        let mistyped = #expect(throws: JSONAdapterError.self) { try JSONAdapter(modelType: MistypedMapping.self) }
        #expect(mistyped?.code == .invalidJSONMapping)
        #expect(mistyped?.propertyKey == "titel")
        let malformed = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: MalformedPath.self, from: [:])
        }
        #expect(malformed?.code == .invalidJSONMapping)
        let computed = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.jsonDictionary(from: ComputedMapping())
        }
        #expect(computed?.code == .invalidJSONMapping)
        #expect(computed?.propertyKey == "shout")
    }
}

// MARK: - Models

extension MappingJSONToModelsTests {
    /// The values `JSONSerialization` loses, one property each.
    struct Lossy: JSONSerializing {
        var double = 1.0
        var amount: Decimal = 0
        var text = ""
        var mark: Character = " "
        var count: Int64 = 0

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    @Test("where JSONSerialization loses information, and only there, the paths differ")
    func serializationLosses() throws {
        func both(_ json: String) throws -> (bytes: Lossy, dictionary: Lossy) {
            (try DecodingPath.data.decode(Lossy.self, json), try DecodingPath.dictionary.decode(Lossy.self, json))
        }
        // `-0` is the integer 0 to it; `-0.0` keeps its sign on both paths.
        let zero = try both(#"{"double": -0}"#)
        #expect(zero.bytes.double.sign == .minus && zero.dictionary.double.sign == .plus)
        #expect(try both(#"{"double": -0.0}"#).dictionary.double.sign == .minus)
        // `1e-400` is 0.0 to it.
        #expect(adapterError { _ = try DecodingPath.data.decode(Lossy.self, #"{"double": 1e-400}"#) }?.propertyKey == "double")
        #expect(try DecodingPath.dictionary.decode(Lossy.self, #"{"double": 1e-400}"#).double == 0)
        // A fraction of 16-17 digits in 17 characters or fewer is a Double to it (on Linux).
        let amount = try both(#"{"amount": 8723795.039889521}"#)
        #expect(amount.bytes.amount == Decimal(string: "8723795.039889521", locale: nil))
        #if os(Linux)
        #expect(amount.dictionary.amount == Decimal(string: "8723795.039889522", locale: nil))
        // An integer with an exponent past 2^53, likewise.
        let count = try both(#"{"count": 9.007199254740993e15}"#)
        #expect(count.bytes.count == 9_007_199_254_740_993 && count.dictionary.count == 9_007_199_254_740_992)
        #endif
        // A byte-order mark at the start of a string is dropped; in the middle it stays.
        let text = try both(#"{"text": "\#u{FEFF}a\#u{FEFF}b"}"#)
        #expect(text.bytes.text == "\u{FEFF}a\u{FEFF}b")
        #expect(text.dictionary.text == "a\u{FEFF}b")
        #expect(try DecodingPath.data.decode(Lossy.self, #"{"mark": "\#u{FEFF}"}"#).mark == "\u{FEFF}")
        #expect(adapterError { _ = try DecodingPath.dictionary.decode(Lossy.self, #"{"mark": "\#u{FEFF}"}"#) }?.propertyKey == "mark")
        // 1e400 makes it refuse the whole text.
        #expect(FoundationJSON.parsed(Data(#"{"double": 1e400}"#.utf8)) == nil)
    }

    /// The README's mapping errors: a key that is not a property.
    struct MistypedMapping: JSONSerializing {
        var title = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["titel": "title"]
    }

    /// The README's mapping errors: a malformed path.
    struct MalformedPath: JSONSerializing {
        var title = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "a..b"]
    }

    /// The README's mapping errors: a computed property is not mappable.
    struct ComputedMapping: JSONSerializing {
        var title = ""
        var shout: String { title.uppercased() }
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "title", "shout": "shout"]
    }

    /// "Hooks in class hierarchies": JSONModelObject's hooks, overridden at two depths.
    class GHEventObject: JSONModelObject {
        var id = ""
        var createdAt: Date?

        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            jsonKeyPaths(converting: .snakeCase)
        }
    }

    final class GHPushEventObject: GHEventObject {
        var size = 0

        override class func jsonLeniency(forKey key: String) -> JSONLeniency? {
            key == "size" ? .numberStringCoercion : super.jsonLeniency(forKey: key)
        }
    }

    /// README's `XYMessage`.
    class XYMessage: JSONSerializing {
        var id = 0
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
        class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            switch jsonDictionary["type"] as? String {
            case "text": return XYTextMessage.self
            case "picture": return XYPictureMessage.self
            default: return nil       // decoding throws .noClassFound
            }
        }
    }

    /// README's `XYTextMessage`.
    final class XYTextMessage: XYMessage {
        var body = ""
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "body": "body"] }
    }

    /// The `XYPictureMessage` README's `XYMessage` refers to.
    final class XYPictureMessage: XYMessage {
        var imageURL: URL?
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "imageURL": "image_url"] }
    }

    /// A class whose `classForParsing` picks an unrelated class.
    class XYEnvelope: JSONSerializing {
        var id = 0
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
        class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            XYTextMessage.self
        }
    }

    /// "Value types can form families the same way."
    struct Shape: JSONSerializing {
        var name = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name"]
        static func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            jsonDictionary["radius"] != nil ? Circle.self : Shape.self
        }
    }

    /// A member of the `Shape` family.
    struct Circle: JSONSerializing {
        var name = ""
        var radius = 0.0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "radius": "radius"]
    }

    /// `serializablePropertyKeys(_:)`: drafts are written without their body.
    struct Post: JSONSerializing {
        var title = ""
        var body: String?
        var isDraft = false

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "title": "title", "body": "body", "isDraft": "draft",
        ]

        func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> {
            isDraft ? propertyKeys.subtracting(["body"]) : propertyKeys
        }
    }
}

// MappingJSONToModels.md, "Decode and encode": a `nonisolated` model decoded in a detached task.
#if compiler(>=6.1)
@Suite("MappingJSONToModels.md: decoding off the main actor")
struct MappingJSONToModelsMainActorTests {
    nonisolated struct GHIssue: JSONSerializing {
        var number = 0
        var title = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["number": "number", "title": "title"]
    }

    @Test("a nonisolated model decodes in a detached task")
    @MainActor
    func detached() async throws {
        let data = Data(#"[{"number": 1347, "title": "Found a bug"}]"#.utf8)
        let issues = try await Task.detached {
            try JSONAdapter.models(of: GHIssue.self, fromJSONData: data)
        }.value
        #expect(issues.map(\.number) == [1347] && issues.first?.title == "Found a bug")
    }
}
#endif
