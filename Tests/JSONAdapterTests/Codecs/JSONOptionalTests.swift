//  JSONOptional properties in JSON: a missing key is absent, null is null, a
//  value is a value, on both decoding paths; encoding (both encoders) leaves
//  absent out and writes null (even with omitNilValues), so a PATCH body
//  decoded and re-encoded keeps absent and null apart. Also: collections,
//  nested paths, transformers, `Any` values, update, and the refused
//  declarations with two nulls.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("JSONOptional properties")
struct JSONOptionalTests {
    /// A PATCH body for a profile.
    struct ProfilePatch: JSONSerializing {
        var name = JSONOptional<String>()
        var bio = JSONOptional<String>()
        var age = JSONOptional<Int>()
        var role = JSONOptional<Role>()
        var avatar = JSONOptional<Avatar>()
        var tags = JSONOptional<[String]>()
        var theme = JSONOptional<String>()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": "name", "bio": "bio", "age": "age", "role": "role", "avatar": "avatar", "tags": "tags",
             "theme": "settings.theme"]
        }
    }

    /// A JSONOptional beside an Optional, both nested under one key.
    struct Mixed: JSONSerializing {
        var bio = JSONOptional<String>()
        var plain: String?
        var theme = JSONOptional<String>()
        var font: String?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["bio": "bio", "plain": "plain", "theme": "settings.theme", "font": "settings.font"]
        }
    }

    /// A raw-value enum inside a JSONOptional.
    enum Role: String, Sendable { case admin, member }

    /// A nested model inside a JSONOptional.
    struct Avatar: JSONSerializing {
        var url = ""
        var size = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["url": "url", "size": "size"] }
    }

    /// Collections of JSONOptionals, an `Any`, and a transformer.
    struct Collections: JSONSerializing {
        var scores: [JSONOptional<Int>] = []
        var fields: [String: JSONOptional<String>] = [:]
        var anything: Any = NSNull()
        var shouted = JSONOptional<String>()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["scores": "scores", "fields": "fields", "anything": "anything", "shouted": "shouted"]
        }
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            guard key == "shouted" else { return nil }
            return JSONValueTransformer(forward: { ($0 as? String)?.uppercased() },
                                    reverse: { ($0 as? String)?.lowercased() })
        }
    }

    /// A `Codable` value (not a model) with JSONOptional fields, mapped
    /// through its synthesized conformance.
    struct Settings: Codable, Hashable {
        var theme: JSONOptional<String>
        var fontSize: JSONOptional<Int>
    }

    /// A model holding the `Codable` value.
    struct Account: JSONSerializing {
        var settings = Settings(theme: .absent, fontSize: .absent)
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["settings": "settings"] }
    }

    /// Declarations with two nulls.
    struct OptionalInside: JSONSerializing {
        var value = JSONOptional<Int?>()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["value": "value"] }
    }

    /// Declarations with two nulls.
    struct OptionalOutside: JSONSerializing {
        var value: JSONOptional<Int>?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["value": "value"] }
    }

    /// PATCH bodies and what each field decodes as.
    static let bodies: [String] = [
        #"{}"#,
        #"{"bio":null}"#,
        #"{"age":42,"bio":"Hi","name":null}"#,
        #"{"avatar":{"size":2,"url":"a.png"},"role":"admin","tags":[]}"#,
        #"{"avatar":null,"role":null,"settings":{"theme":null},"tags":null}"#,
        #"{"settings":{"theme":"dark"}}"#,
    ]

    @Test("decoding: a missing key is absent, null is null, a value is a value", arguments: DecodingPath.allCases)
    func decodes(path: DecodingPath) throws {
        let patch = try path.decode(ProfilePatch.self,
                                    #"{"name": "Kim", "bio": null, "role": "member", "avatar": {"url": "x", "size": 1}, "settings": {"theme": null}}"#)
        #expect(patch.name == .value("Kim"))
        #expect(patch.bio == .null)
        #expect(patch.age == .absent)
        #expect(patch.role == .value(.member))
        #expect(patch.avatar.unwrapped?.url == "x")
        #expect(patch.tags == .absent)
        #expect(patch.theme == .null)
        let error = try #require(adapterError { _ = try path.decode(ProfilePatch.self, #"{"age": "old"}"#) })
        #expect(error.propertyKey == "age")
        #expect(error.expected == "Int")
        #expect(error.found == #"string "old""#)
    }

    @Test("a PATCH body decoded and re-encoded is the same body, on every path", arguments: DecodingPath.allCases, bodies)
    func roundTrips(path: DecodingPath, body: String) throws {
        let patch = try path.decode(ProfilePatch.self, body)
        let texts = try DecodingPath.encodedTexts(patch)
        #expect(texts.dictionary == FoundationJSON.canonical(json: body))
        #expect(texts.data == FoundationJSON.canonical(json: body))
        #expect(try path.decode(ProfilePatch.self, texts.data) == patch)
    }

    @Test("omitNilValues leaves out nil, never a JSONOptional's null", arguments: DecodingPath.allCases)
    func omitNilValues(path: DecodingPath) throws {
        var mixed = Mixed()
        #expect(FoundationJSON.canonical(try path.encode(mixed)) == #"{"plain":null,"settings":{"font":null}}"#)
        #expect(FoundationJSON.canonical(try path.encode(mixed, options: .omitsNilValues)) == "{}")
        mixed.bio = .null
        mixed.theme = .null
        #expect(FoundationJSON.canonical(try path.encode(mixed, options: .omitsNilValues))
                    == #"{"bio":null,"settings":{"theme":null}}"#)
        #expect(FoundationJSON.canonical(try path.encode(mixed))
                    == #"{"bio":null,"plain":null,"settings":{"font":null,"theme":null}}"#)
        mixed.theme = .value("dark")
        #expect(try path.decode(Mixed.self, #"{"bio":null,"settings":{"theme":"dark"}}"#) == mixed)
    }

    @Test("collections hold null and values; an absent element cannot be encoded", arguments: DecodingPath.allCases)
    func collections(path: DecodingPath) throws {
        let json = #"{"scores": [null, 1], "fields": {"a": null, "b": "x"}, "anything": 3, "shouted": "hey"}"#
        var model = try path.decode(Collections.self, json)
        #expect(model.scores == [.null, .value(1)])
        #expect(model.fields == ["a": .null, "b": .value("x")])
        #expect(model.shouted == .value("HEY"))
        #expect(FoundationJSON.canonical(try path.encode(model))
                    == #"{"anything":3,"fields":{"a":null,"b":"x"},"scores":[null,1],"shouted":"hey"}"#)
        model.shouted = .null
        model.anything = [JSONOptional<Int>.null, .value(2)]
        #expect(FoundationJSON.canonical(try path.encode(model))
                    == #"{"anything":[null,2],"fields":{"a":null,"b":"x"},"scores":[null,1],"shouted":null}"#)

        model.scores = [.value(1), .absent]
        let inArray = try #require(adapterError { _ = try path.encode(model) })
        #expect(inArray.jsonKeyPath == "scores[1]")
        #expect(inArray.description.contains("absent JSONOptional"))
        model.scores = []
        model.fields = ["k": .absent]
        #expect(adapterError { _ = try path.encode(model) }?.jsonKeyPath == "fields.k")
        model.fields = [:]
        model.anything = JSONOptional<Int>.absent
        #expect(adapterError { _ = try path.encode(model) }?.propertyKey == "anything")
    }

    @Test("inside a Codable value, the synthesized conformance keeps absent and null apart", arguments: DecodingPath.allCases,
          [#"{"settings":{}}"#, #"{"settings":{"theme":null}}"#, #"{"settings":{"fontSize":14,"theme":"dark"}}"#])
    func codableValue(path: DecodingPath, body: String) throws {
        let account = try path.decode(Account.self, body)
        #expect(account.settings.fontSize.isAbsent == !body.contains("fontSize"))
        #expect(account.settings.theme.isNull == body.contains(#""theme":null"#))
        let texts = try DecodingPath.encodedTexts(account)
        #expect(texts.dictionary == FoundationJSON.canonical(json: body))
        #expect(texts.data == FoundationJSON.canonical(json: body))
    }

    @Test("a JSONOptional of an optional, or an optional JSONOptional, is refused when first used",
          arguments: ["JSONOptional<Int?>", "JSONOptional<Int>?"])
    func twoNulls(declaration: String) throws {
        let type: any JSONSerializing.Type = declaration.hasSuffix("?") ? OptionalOutside.self : OptionalInside.self
        let error = try #require(adapterError { _ = try JSONAdapter(modelType: type) })
        #expect(error.description.contains(declaration))
        #expect(error.code == .invalidJSONMapping)
        #expect(error.propertyKey == "value")
        #expect(error.description.contains("two nulls"))
    }

    @Test("update: null sets .null, a value sets .value, a missing key leaves the field", arguments: DecodingPath.allCases)
    func update(path: DecodingPath) throws {
        var patch = try path.decode(ProfilePatch.self, #"{"name": "Kim", "bio": "Hi"}"#)
        try path.update(&patch, #"{"bio": null, "age": 3}"#)
        #expect(patch.name == .value("Kim"))
        #expect(patch.bio == .null)
        #expect(patch.age == .value(3))
    }
}
