//  Alternative key paths (`JSONKeyPath.alternatives`, `.firstOf(...)`): a
//  property read from the first of several JSON keys present and written to
//  the first, on both decoding paths, both encoding paths, partial updates,
//  key conversion, unknown keys, leniency reports and mapping validation.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Key paths: alternatives")
struct AlternativeKeyPathTests {
    /// A person whose API renamed fields over the years.
    struct Person: JSONSerializing {
        var fullName: String?
        var age = 0
        var city = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "fullName": .firstOf("fullName", "full_name", "name"),
            "age": .alternatives(["age", "profile.age"]),
            "city": .firstOf("address.city", "city"),
        ]

        init() {}
        init(fullName: String?, age: Int = 0, city: String = "") {
            self.fullName = fullName
            self.age = age
            self.city = city
        }
    }

    /// A decode case: JSON and the model it gives.
    struct DecodeCase: Sendable, CustomTestStringConvertible {
        var json: String
        var expected: Person
        var testDescription: String { json }
        init(_ json: String, _ fullName: String?, age: Int = 0, city: String = "") {
            self.json = json
            expected = Person(fullName: fullName, age: age, city: city)
        }
    }

    static let decodeCases: [DecodeCase] = [
        DecodeCase(#"{"fullName": "A", "full_name": "B", "name": "C"}"#, "A"),
        DecodeCase(#"{"name": "C", "full_name": "B"}"#, "B"),
        DecodeCase(#"{"name": "C"}"#, "C"),
        DecodeCase(#"{}"#, nil),
        // Present with null counts: the property becomes nil, later keys are not read.
        DecodeCase(#"{"fullName": null, "full_name": "B"}"#, nil),
        DecodeCase(#"{"profile": {"age": 3}}"#, nil, age: 3),
        DecodeCase(#"{"age": 4, "profile": {"age": 3}}"#, nil, age: 4),
        // A missing intermediate is missing: the next alternative is read.
        DecodeCase(#"{"profile": {}, "city": "Lyon"}"#, nil, city: "Lyon"),
        // An alternative running through a non-object gives way to a present one.
        DecodeCase(#"{"address": "Paris", "city": "Lyon"}"#, nil, city: "Lyon"),
        DecodeCase(#"{"address": {"city": "Nice"}, "city": "Lyon"}"#, nil, city: "Nice"),
    ]

    @Test("the first alternative present is read", arguments: DecodingPath.allCases, decodeCases)
    func decodesFirstPresent(path: DecodingPath, testCase: DecodeCase) throws {
        #expect(try path.decode(Person.self, testCase.json) == testCase.expected)
    }

    /// An error case: JSON, the code, and the key path the error names.
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var json: String
        var code: JSONAdapterError.Code
        var propertyKey: String
        var jsonKeyPath: String
        var testDescription: String { json }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(json: #"{"full_name": 42}"#, code: .invalidValue, propertyKey: "fullName", jsonKeyPath: "full_name"),
        ErrorCase(json: #"{"name": true}"#, code: .invalidValue, propertyKey: "fullName", jsonKeyPath: "name"),
        ErrorCase(json: #"{"profile": {"age": "x"}}"#, code: .invalidValue, propertyKey: "age", jsonKeyPath: "profile.age"),
        ErrorCase(json: #"{"age": null, "profile": {"age": 3}}"#, code: .invalidValue, propertyKey: "age",
                  jsonKeyPath: "age"),
        // Nothing present and one alternative blocked: the blocked one fails.
        ErrorCase(json: #"{"address": "Paris"}"#, code: .invalidJSONDictionary, propertyKey: "city",
                  jsonKeyPath: "address.city"),
        // A null intermediate is present (null), as for a plain path.
        ErrorCase(json: #"{"address": null, "city": "Lyon"}"#, code: .invalidValue, propertyKey: "city",
                  jsonKeyPath: "address.city"),
    ]

    @Test("errors name the alternative that was read", arguments: DecodingPath.allCases, errorCases)
    func errorsNameTheAlternativeRead(path: DecodingPath, testCase: ErrorCase) throws {
        let error = try #require(adapterError { _ = try path.decode(Person.self, testCase.json) })
        #expect(error.code == testCase.code)
        #expect(error.propertyKey == testCase.propertyKey)
        #expect(error.jsonKeyPath == testCase.jsonKeyPath)
    }

    @Test("encoding writes the first alternative, which decodes back", arguments: DecodingPath.allCases)
    func encodesFirst(path: DecodingPath) throws {
        let person = Person(fullName: "Ada", age: 36, city: "London")
        let encoded = try path.encode(person)
        #expect(FoundationJSON.canonical(encoded)
            == FoundationJSON.canonical(json: #"{"fullName": "Ada", "age": 36, "address": {"city": "London"}}"#))
        #expect(try path.decode(Person.self, object: encoded) == person)
        let texts = try DecodingPath.encodedTexts(Person(fullName: nil))
        #expect(texts.dictionary == texts.data)
        #expect(texts.data == FoundationJSON.canonical(json: #"{"fullName": null, "age": 0, "address": {"city": ""}}"#))
        let omitted = try path.encode(Person(fullName: nil, age: 1), options: .omitsNilValues)
        #expect(omitted["fullName"] == nil && omitted["full_name"] == nil && omitted.count == 2)
    }

    @Test("a partial update merges a property whose alternative is present", arguments: DecodingPath.allCases)
    func update(path: DecodingPath) throws {
        var person = Person(fullName: "Ada", age: 36, city: "London")
        try path.update(&person, #"{"full_name": "Ada Lovelace", "profile": {"age": 37}}"#)
        #expect(person == Person(fullName: "Ada Lovelace", age: 37, city: "London"))
        try path.update(&person, #"{"city": "Paris"}"#)
        #expect(person == Person(fullName: "Ada Lovelace", age: 37, city: "Paris"))
        try path.update(&person, #"{"unrelated": 1}"#)
        #expect(person == Person(fullName: "Ada Lovelace", age: 37, city: "Paris"))
        let error = try #require(adapterError { try path.update(&person, #"{"address": 5}"#) })
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.jsonKeyPath == "address.city")
        #expect(person.city == "Paris")
    }

    /// Mapped with camel-case names that a configuration converts.
    struct Renamed: JSONSerializing {
        var displayName = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "displayName": .firstOf("displayName", "profile.screenName"),
        ]
    }

    @Test("a key conversion converts every alternative", arguments: DecodingPath.allCases)
    func keyConversion(path: DecodingPath) throws {
        let snake = JSONAdapter.Configuration(keyConversion: .snakeCase)
        for json in [#"{"display_name": "a"}"#, #"{"profile": {"screen_name": "a"}}"#] {
            let model = try path.decode(Renamed.self, json, configuration: snake)
            #expect(model.displayName == "a")
        }
        var model = Renamed()
        model.displayName = "b"
        let texts = try DecodingPath.encodedTexts(model, options: .configuration(snake))
        #expect(texts.dictionary == #"{"display_name":"b"}"#)
        #expect(texts.data == texts.dictionary)
    }

    /// Keeps what it does not map.
    struct Keeper: JSONSerializing {
        var fullName = ""
        var unknownKeys = JSONUnknownKeys()
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "fullName": .firstOf("fullName", "full_name"),
        ]
    }

    @Test("keys any alternative reads are not kept as unknown", arguments: DecodingPath.allCases)
    func unknownKeys(path: DecodingPath) throws {
        let model = try path.decode(Keeper.self, #"{"full_name": "B", "fullName": "A", "extra": [1]}"#)
        #expect(model.fullName == "A")
        #expect(model.unknownKeys.keys == ["extra"])
        let texts = try DecodingPath.encodedTexts(model)
        #expect(texts.dictionary == #"{"extra":[1],"fullName":"A"}"#)
        #expect(texts.data == texts.dictionary)
    }

    /// Falls back to its default when its value does not fit.
    struct Forgiving: JSONSerializing {
        var count = -1
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["count": .firstOf("count", "total")]
        static func jsonLeniency(forKey key: String) -> JSONLeniency? { .defaultOnFailure }
    }

    @Test("a leniency report names the alternative that was read")
    func leniencyReport() throws {
        let (model, report) = try decodeLenientlyOnBothPaths(Forgiving.self, #"{"total": "many"}"#, [])
        #expect(model.count == -1)
        #expect(report.entries.map(\.jsonKeyPath) == ["total"])
        #expect(report.entries.first?.found == #"string "many""#)
    }

    struct EmptyAlternatives: JSONSerializing {
        var name = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": .alternatives([])]
    }
    struct EmptyAlternative: JSONSerializing {
        var name = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": .firstOf("name", "")]
    }
    struct MalformedAlternative: JSONSerializing {
        var name = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": .firstOf("a..b", "name")]
    }

    static var malformed: [(any JSONSerializing.Type, String)] {
        [
            (EmptyAlternatives.self, "an empty list of alternatives"),
            (EmptyAlternative.self, #""""#),
            (MalformedAlternative.self, #""a..b""#),
        ]
    }

    @Test("an empty list or a malformed alternative is .invalidJSONMapping", arguments: 0..<3)
    func malformedAlternatives(index: Int) throws {
        let (type, reason) = Self.malformed[index]
        let error = try #require(adapterError { _ = try JSONAdapter(modelType: type) })
        #expect(error.code == .invalidJSONMapping)
        #expect(error.propertyKey == "name")
        #expect(error.description.contains(reason))
    }

    /// The example of the DocC article "Mapping JSON to Models".
    struct Adoption: JSONSerializing {
        var ownerName: String?
        var secondDog = ""
        var shelter = ""

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "ownerName": .firstOf("owner.fullName", "owner.full_name", "owner_name"),
            "secondDog": "data.1.dog.name",
            "shelter": .key("shelter.name"),
        ]
    }

    @Test("the article's example decodes and round-trips", arguments: DecodingPath.allCases)
    func articleExample(path: DecodingPath) throws {
        let json = #"""
            {"owner": {"full_name": "Ada"}, "data": [{"dog": {"name": "Rex"}}, {"dog": {"name": "Fido"}}],
             "shelter.name": "Happy Paws"}
            """#
        let adoption = try path.decode(Adoption.self, json)
        #expect(adoption.ownerName == "Ada" && adoption.secondDog == "Fido" && adoption.shelter == "Happy Paws")
        let encoded = try path.encode(adoption)
        #expect(FoundationJSON.canonical(encoded) == FoundationJSON.canonical(json: #"""
            {"owner": {"fullName": "Ada"}, "data": {"1": {"dog": {"name": "Fido"}}}, "shelter.name": "Happy Paws"}
            """#))
        #expect(try path.decode(Adoption.self, object: encoded) == adoption)
    }

    @Test("the convenience and the description")
    func publicForms() {
        #expect(JSONKeyPath.firstOf("a", "b.c") == .alternatives(["a", "b.c"]))
        #expect(JSONKeyPath.firstOf("a", "b.c").description == "a | b.c")
        #expect(JSONKeyPath.firstOf("a") != .path("a"))
    }
}
