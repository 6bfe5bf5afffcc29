//
//  ClassClusterTests.swift
//  classForParsing(jsonDictionary:): a class hierarchy decodes the subclass and
//  encodes with the subclass's mapping; nil or an unrelated type is
//  .noClassFound; a "struct family" decodes through JSONAdapter(modelType:).
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Class clusters and struct families")
struct ClassClusterTests {

    static let textJSON = #"{"type": "text", "id": 1, "from": "ann", "body": {"text": "hi"}}"#
    static let pictureJSON = #"{"type": "picture", "id": 2, "from": "bob", "image": {"url": "https://img.example/p.png", "width": 640}}"#

    @Test("the base class decodes the subclass classForParsing picks", arguments: DecodingPath.allCases)
    func decodesSubclass(path: DecodingPath) throws {
        let text = try path.decode(MessageCluster.Message.self, Self.textJSON)
        let textMessage = try #require(text as? MessageCluster.TextMessage)
        #expect(textMessage.id == 1)
        #expect(textMessage.sender == "ann")
        #expect(textMessage.kind == "text")
        #expect(textMessage.text == "hi")

        let picture = try #require(try path.decode(MessageCluster.Message.self, Self.pictureJSON) as? MessageCluster.PictureMessage)
        #expect(picture.id == 2)
        #expect(picture.imageURL == URL(string: "https://img.example/p.png"))
        #expect(picture.width == 640)

        let base = try path.decode(MessageCluster.Message.self, #"{"type": "base", "id": 3}"#)
        #expect(type(of: base) == MessageCluster.Message.self)
        #expect(base.id == 3)
    }

    @Test("an array of the base class holds each element's subclass", arguments: DecodingPath.allCases)
    func decodesMixedArray(path: DecodingPath) throws {
        let messages = try path.decodeArray(MessageCluster.Message.self, "[\(Self.textJSON), \(Self.pictureJSON), {\"type\": \"base\"}]")
        #expect(messages.count == 3)
        #expect(messages[0] is MessageCluster.TextMessage)
        #expect(messages[1] is MessageCluster.PictureMessage)
        #expect(type(of: messages[2]) == MessageCluster.Message.self)
    }

    @Test("decoding through the subclass itself works too", arguments: DecodingPath.allCases)
    func decodesThroughSubclass(path: DecodingPath) throws {
        let message = try path.decode(MessageCluster.TextMessage.self, Self.textJSON)
        #expect(message.text == "hi")
    }

    @Test("a subclass encodes with its own mapping, and decodes back equal", arguments: DecodingPath.allCases)
    func encodesWithSubclassMapping(path: DecodingPath) throws {
        let message = MessageCluster.PictureMessage()
        message.id = 9
        message.sender = "cy"
        message.imageURL = URL(string: "https://img.example/q.png")
        message.width = 10
        let asBase: MessageCluster.Message = message
        let json = try path.encode(asBase)
        #expect(json["type"] as? String == "picture")
        #expect(json["from"] as? String == "cy")
        let image = try #require(json["image"] as? [String: Any])
        #expect(image["url"] as? String == "https://img.example/q.png")
        #expect(FoundationJSON.number(image["width"]) == 10)
        #expect(json["body"] == nil)

        let text = String(decoding: try JSONAdapter.jsonData(from: asBase), as: UTF8.self)
        let decoded = try path.decode(MessageCluster.Message.self, text)
        #expect(decoded is MessageCluster.PictureMessage)
        #expect(decoded == message)
        let fromDictionary = try JSONAdapter.model(of: MessageCluster.Message.self, from: JSONAdapter.jsonDictionary(from: asBase))
        #expect(fromDictionary == message)
        #expect(fromDictionary !== message)
    }

    @Test("instances of different subclasses are not equal")
    func subclassEquality() throws {
        let a = try JSONAdapter.model(of: MessageCluster.Message.self, from: ["type": "base", "id": 1])
        let b = try JSONAdapter.model(of: MessageCluster.Message.self, from: ["type": "text", "id": 1])
        #expect(a != b)
        #expect(try JSONAdapter.model(of: MessageCluster.Message.self, from: ["type": "text", "id": 1, "body": ["text": "x"]])
                == JSONAdapter.model(of: MessageCluster.Message.self, from: ["type": "text", "id": 1, "body": ["text": "x"]]))
    }

    static let noClassJSON = [#"{"type": "unknown"}"#, "{}", #"{"type": "alien", "id": 1}"#, #"{"type": "alienClass", "id": 1}"#]

    @Test("nil or an unrelated type from classForParsing is .noClassFound", arguments: DecodingPath.allCases, noClassJSON)
    func noClassFound(path: DecodingPath, json: String) throws {
        let error = try #require(adapterError { _ = try path.decode(MessageCluster.Message.self, json) })
        #expect(error.code == .noClassFound)
        #expect((error as NSError).code == 2)

        let instance = try #require(adapterError {
            _ = try JSONAdapter(modelType: MessageCluster.Message.self).model(from: FoundationJSON.object(json))
        })
        #expect(instance.code == .noClassFound)

        let inArray = try #require(adapterError { _ = try path.decodeArray(MessageCluster.Message.self, "[\(Self.textJSON), \(json)]") })
        #expect(inArray.code == .noClassFound)
        #expect(inArray.jsonKeyPath == "[1]")
    }

    @Test("the instance API returns the subclass")
    func instanceAPI() throws {
        let adapter = try JSONAdapter(modelType: MessageCluster.Message.self)
        let model = try adapter.model(from: FoundationJSON.object(Self.pictureJSON))
        let picture = try #require(model as? MessageCluster.PictureMessage)
        #expect(picture.width == 640)
        let json = try adapter.jsonDictionary(from: picture)
        #expect((json["image"] as? [String: Any])?["url"] as? String == "https://img.example/p.png")
    }

    @Test("a struct family: JSONAdapter(modelType:).model(from:) returns another struct type")
    func structFamily() throws {
        let adapter = try JSONAdapter(modelType: Shape.self)
        let circle = try #require(try adapter.model(from: ["kind": "circle", "radius": 2.5]) as? Circle)
        #expect(circle.radius == 2.5)
        let square = try #require(try adapter.model(from: ["kind": "square", "size": ["side": 3]]) as? Square)
        #expect(square.side == 3)
        let shape = try #require(try adapter.model(from: ["kind": "shape"]) as? Shape)
        #expect(shape.kind == "shape")

        // A struct adapter encodes exactly its own type (as Mantle asserts); the
        // static API encodes the family's other types with their own mappings.
        #expect(adapterError { _ = try adapter.jsonDictionary(from: square) }?.code == .noClassFound)
        let json = try JSONAdapter.jsonDictionary(from: square)
        #expect((json["size"] as? [String: Any]).flatMap { FoundationJSON.number($0["side"]) } == 3)
        #expect(json["kind"] as? String == "square")

        let none = try #require(adapterError { _ = try adapter.model(from: ["kind": "triangle"]) })
        #expect(none.code == .noClassFound)
    }

    @Test("a struct family through the typed API cannot return another type: .noClassFound", arguments: DecodingPath.allCases)
    func structFamilyTyped(path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(Shape.self, #"{"kind": "circle", "radius": 1}"#) })
        #expect(error.code == .noClassFound)
        #expect(try path.decode(Shape.self, #"{"kind": "shape"}"#).kind == "shape")
    }
}

// MARK: - Models

extension ClassClusterTests {
    /// A struct whose `classForParsing` returns other struct types.
    struct Shape: JSONSerializing {
        var kind = ""

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["kind": "kind"]

        static func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            switch jsonDictionary["kind"] as? String {
            case "circle": return Circle.self
            case "square": return Square.self
            case "shape": return Shape.self
            default: return nil
            }
        }
    }

    struct Circle: JSONSerializing {
        var kind = "circle"
        var radius = 0.0
        init() {}
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["kind": "kind", "radius": "radius"]
    }

    struct Square: JSONSerializing {
        var kind = "square"
        var side = 0
        init() {}
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["kind": "kind", "side": "size.side"]
    }
}
