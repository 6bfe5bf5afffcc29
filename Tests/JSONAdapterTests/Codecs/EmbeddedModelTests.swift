//  Models inside untyped values: an `Any` property holding a model, and
//  `[Any]` / `[String: Any]` values with models among their elements, encode
//  with each model's own mapping and the configuration in use, on both
//  encoding paths; failures name the place; nesting is bounded.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Key paths: models inside Any values")
struct EmbeddedModelTests {
    /// A model with its own key names and a date.
    struct Dog: JSONSerializing {
        var name = ""
        var born: Date?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "dog_name", "born": "birth.date"]
        init() {}
        init(_ name: String, born: Date? = nil) {
            self.name = name
            self.born = born
        }
    }

    /// A class hierarchy: the subclass writes its own property too.
    class Animal: JSONSerializing {
        var id = 0
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
    }
    final class Cat: Animal {
        var lives = 9
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id", "lives": "lives"] }
    }

    /// Untyped properties.
    struct Envelope: JSONSerializing {
        var payload: Any?
        var items: [Any] = []
        var byName: [String: Any] = [:]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "payload": "payload", "items": "items", "byName": "by_name",
        ]
    }

    static func envelope() -> Envelope {
        var envelope = Envelope()
        let cat = Cat()
        cat.id = 7
        envelope.payload = Dog("Rex")
        envelope.items = [1, Dog("A"), ["nested": [Dog("B")]] as [String: Any], "s", NSNull(), Optional(Dog("C")) as Any,
                          cat]
        envelope.byName = ["x": Dog("D"), "n": 1.5, "none": Optional<Dog>.none as Any]
        return envelope
    }

    static let envelopeJSON = #"""
        {"payload": {"dog_name": "Rex", "birth": {"date": null}},
         "items": [1, {"dog_name": "A", "birth": {"date": null}}, {"nested": [{"dog_name": "B", "birth": {"date": null}}]},
                   "s", null, {"dog_name": "C", "birth": {"date": null}}, {"id": 7, "lives": 9}],
         "by_name": {"x": {"dog_name": "D", "birth": {"date": null}}, "n": 1.5, "none": null}}
        """#

    @Test("models inside Any, [Any] and [String: Any] encode with their own mappings")
    func encodes() throws {
        let texts = try DecodingPath.encodedTexts(Self.envelope())
        #expect(texts.dictionary == FoundationJSON.canonical(json: Self.envelopeJSON))
        #expect(texts.data == texts.dictionary)
    }

    @Test("the JSON decodes back to the models' JSON objects", arguments: DecodingPath.allCases)
    func decodesBack(path: DecodingPath) throws {
        let encoded = try path.encode(Self.envelope())
        let decoded = try path.decode(Envelope.self, object: encoded)
        #expect(FoundationJSON.canonical(decoded.payload) == FoundationJSON.canonical(json: #"{"dog_name": "Rex", "birth": {"date": null}}"#))
        #expect(FoundationJSON.canonical(try path.encode(decoded)) == FoundationJSON.canonical(json: Self.envelopeJSON))
    }

    @Test("the configuration applies inside")
    func configuration() throws {
        var envelope = Envelope()
        envelope.items = [Dog("A", born: Date(timeIntervalSince1970: 86_400))]
        let options = JSONAdapter.EncodingOptions(configuration: .init(dateFormat: .secondsSince1970), omitsNilValues: true)
        let texts = try DecodingPath.encodedTexts(envelope, options: options)
        #expect(texts.dictionary == #"{"by_name":{},"items":[{"birth":{"date":86400},"dog_name":"A"}]}"#)
        #expect(texts.data == texts.dictionary)
    }

    @Test("a model that fails to encode names its place", arguments: DecodingPath.allCases)
    func failureNamesThePlace(path: DecodingPath) throws {
        var envelope = Envelope()
        envelope.items = [Dog("A"), ["inner": Dog("B", born: Date(timeIntervalSince1970: .nan))] as [String: Any]]
        let error = try #require(adapterError { _ = try path.encode(envelope) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "items")
        #expect(error.jsonKeyPath == "items[1].inner.birth.date")
    }

    /// A class model that can hold itself.
    final class Loop: JSONSerializing {
        var name = ""
        var next: Any?
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "next": "next"] }
    }

    @Test("a model that holds itself fails instead of recursing without end", arguments: DecodingPath.allCases)
    func cycle(path: DecodingPath) throws {
        let loop = Loop()
        loop.next = [loop] as [Any]
        defer { loop.next = nil }  // break the cycle
        let error = try #require(adapterError { _ = try path.encode(loop) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "next")
        #expect(error.jsonKeyPath?.hasPrefix("next[0].next[0].") == true)
    }

    /// `levels` arrays, one inside the other, around `bottom`.
    static func nested(_ bottom: Any, levels: Int) -> Any {
        var value = bottom
        for _ in 0..<levels { value = [value] as [Any] }
        return value
    }

    @Test("containers nested past the limit fail, with or without a model at the bottom",
          arguments: DecodingPath.allCases, [true, false])
    func depth(path: DecodingPath, withModel: Bool) throws {
        let bottom: Any = withModel ? Dog("deep") : 1
        var envelope = Envelope()
        envelope.payload = Self.nested(bottom, levels: EmbeddedModels.maximumDepth + 1)
        let error = try #require(adapterError { _ = try path.encode(envelope) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "payload")
        #expect(error.description.contains("deeper than \(EmbeddedModels.maximumDepth)"))
        // Within the limit the value is written whole.
        envelope.payload = Self.nested(bottom, levels: 100)
        var value: Any? = try path.encode(envelope)["payload"]
        var levels = 0
        while let array = value as? [Any] {
            value = array.first
            levels += 1
        }
        #expect(levels == 100)
        if withModel {
            #expect((value as? [String: Any])?["dog_name"] as? String == "deep")
        } else {
            #expect(FoundationJSON.number(value) == 1)
        }
    }
}
