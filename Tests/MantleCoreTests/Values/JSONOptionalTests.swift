//  JSONOptional in the model layer: its own API, its ValueKind, conversion
//  (`init(dictionary:)`, `setValue`), `dictionaryValue`, `==`/`hash`,
//  `description`, merging and `Codable` (models and synthesized conformances).

import Foundation
import Testing
@testable import MantleCore

@Suite("JSONOptional in the model layer")
struct JSONOptionalTests {
    /// A PATCH body: three fields in the three states.
    struct Patch: Model, Codable {
        var name = JSONOptional<String>()
        var bio = JSONOptional<String>()
        var age = JSONOptional<Int>()
        var plain: String?
    }

    /// A plain `Codable` struct, whose conformance the compiler synthesizes.
    struct Synthesized: Codable, Equatable {
        var name: JSONOptional<String>
        var tags: JSONOptional<[String]>
    }

    /// A `JSONOptional` whose wrapped type is not `Equatable`: reflective `==`.
    struct Opaque: Model {
        var payload = JSONOptional<Any>()
    }

    static let absentNullValue: [Patch] = {
        var patch = Patch()
        patch.bio = .null
        patch.age = .value(42)
        return [Patch(), patch]
    }()

    @Test("its own API: init, isAbsent, isNull, unwrapped, applied(to:), map")
    func ownAPI() {
        #expect(JSONOptional<Int>() == .absent)
        #expect(JSONOptional<Int>(nil) == .null)
        #expect(JSONOptional<Int>(3) == .value(3))
        #expect(JSONOptional<Int>.absent.isAbsent && !JSONOptional<Int>.null.isAbsent)
        #expect(JSONOptional<Int>.null.isNull && !JSONOptional<Int>.value(1).isNull)
        #expect(JSONOptional<Int>.value(1).unwrapped == 1)
        #expect(JSONOptional<Int>.null.unwrapped == nil && JSONOptional<Int>.absent.unwrapped == nil)
        #expect(JSONOptional<Int>.absent.applied(to: 5) == 5)
        #expect(JSONOptional<Int>.null.applied(to: 5) == nil)
        #expect(JSONOptional<Int>.value(7).applied(to: 5) == 7)
        #expect(JSONOptional<Int>.value(7).map(String.init) == .value("7"))
        #expect(JSONOptional<Int>.null.map(String.init) == .null)
        #expect(JSONOptional<Int>.absent.map(String.init) == .absent)
    }

    @Test("its ValueKind, and its type name in errors")
    func kind() {
        guard case .jsonOptional(let optional) = ValueKind.of(JSONOptional<[Int]>.self) else {
            Issue.record("not classified as .jsonOptional")
            return
        }
        #expect(ObjectIdentifier(optional.wrappedType) == ObjectIdentifier([Int].self))
        #expect(ValueDescription.typeName(JSONOptional<[Int]>.self) == "JSONOptional<[Int]>")
        #expect(ValueDescription.typeName(JSONOptional<String?>.self) == "JSONOptional<String?>")
    }

    @Test("dictionaryValue holds the JSONOptional itself, and init(dictionary:) gives it back", arguments: absentNullValue)
    func dictionaryRoundTrip(patch: Patch) throws {
        let dictionary = patch.dictionaryValue
        #expect(dictionary["name"] as? JSONOptional<String> == patch.name)
        #expect(dictionary["bio"] as? JSONOptional<String> == patch.bio)
        #expect(dictionary["age"] as? JSONOptional<Int> == patch.age)
        #expect(try Patch(dictionary: dictionary) == patch)
        #expect(patch.value(forKey: "age") as? JSONOptional<Int> == patch.age)
    }

    @Test("init(dictionary:) takes nil and NSNull as null, a value as .value, and converts other JSONOptionals")
    func conversion() throws {
        let patch = try Patch(dictionary: ["name": NSNull(), "bio": Optional<String>.none as Any, "age": NSNumber(value: 3)])
        #expect(patch.name == .null)
        #expect(patch.bio == .null)
        #expect(patch.age == .value(3))
        var other = Patch()
        try other.setValue(nil, forKey: "name")
        try other.setValue(JSONOptional<Int64>.value(9), forKey: "age")
        try other.setValue(JSONOptional<Int8>.absent, forKey: "bio")
        #expect(other.name == .null && other.age == .value(9) && other.bio == .absent)
        let error = try #require(throws: ModelError.self) { try Patch(dictionary: ["age": "x"]) }
        #expect(error.propertyKey == "age")
        #expect(throws: ModelError.self) { try Patch(dictionary: ["age": JSONOptional<Double>.value(1.5)]) }
    }

    @Test("absent, null and a value are three different models, each hashing alike when equal")
    func equality() throws {
        let absent = Patch()
        var null = Patch()
        null.age = .null
        var value = Patch()
        value.age = .value(0)
        #expect(absent != null && null != value && absent != value)
        var again = Patch()
        again.age = .null
        #expect(again == null && again.hashValue == null.hashValue)

        var left = Opaque(), right = Opaque()
        left.payload = .value(1)
        right.payload = .value(1)
        #expect(left == right && left.hashValue == right.hashValue)
        right.payload = .null
        #expect(left != right)
        #expect(Opaque() == Opaque())
    }

    @Test("description shows absent, null and the value")
    func description() {
        var patch = Patch()
        patch.bio = .null
        patch.name = .value("Kim")
        patch.age = .value(42)
        #expect(patch.description == #"Patch(name: "Kim", bio: null, age: 42, plain: nil)"#)
        #expect(Patch().description == "Patch(name: absent, bio: absent, age: absent, plain: nil)")
    }

    @Test("the default merge skips absent and takes null and values")
    func merging() {
        var target = Patch()
        target.name = .value("Kim")
        target.bio = .value("old")
        var source = Patch()
        source.bio = .null
        source.age = .value(3)
        target.mergeValues(forKeysFrom: source)
        #expect(target.name == .value("Kim"))
        #expect(target.bio == .null)
        #expect(target.age == .value(3))
    }

    @Test("a Codable model leaves absent out, writes null, and decodes the three back", arguments: absentNullValue)
    func codableModel(patch: Patch) throws {
        let data = try JSONEncoder().encode(patch)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["name"] == nil) == patch.name.isAbsent)
        #expect((object["bio"] is NSNull) == patch.bio.isNull)
        #expect(try JSONDecoder().decode(Patch.self, from: data) == patch)
    }

    @Test("a synthesized Codable conformance keeps absent and null apart", arguments: [
        (#"{}"#, Synthesized(name: .absent, tags: .absent)),
        (#"{"name":null,"tags":["a"]}"#, Synthesized(name: .null, tags: .value(["a"]))),
        (#"{"name":"x","tags":null}"#, Synthesized(name: .value("x"), tags: .null)),
    ])
    func synthesized(json: String, expected: Synthesized) throws {
        let decoded = try JSONDecoder().decode(Synthesized.self, from: Data(json.utf8))
        #expect(decoded == expected)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(decoded), as: UTF8.self) == json)
    }

    @Test("an absent JSONOptional outside a keyed container has no encoded form")
    func absentAlone() throws {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([JSONOptional<Int>.absent]) }
        let data = try JSONEncoder().encode([JSONOptional<Int>.null, .value(1)])
        #expect(String(decoding: data, as: UTF8.self) == "[null,1]")
        #expect(try JSONDecoder().decode([JSONOptional<Int>].self, from: data) == [.null, .value(1)])
    }
}
