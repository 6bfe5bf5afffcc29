//  Dictionaries keyed by any type with a text form (`[Int: Event]`,
//  `[UUID: String]`, raw-value enums), both ways, and key types without one
//  refused when the mapping is compiled.

import Foundation
import Testing
@testable import JSONAdapter

@Suite("Dictionaries keyed by any type with a text form")
struct KeyedDictionaryTests {
    static let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let json = #"""
    {"events": {"138586341": {"id": 138586341, "name": "30th Anniversary Tour"}, "-7": {"id": -7, "name": "x"}},
     "owners": {"E621E1F8-C36C-495A-93FC-0C247A3E6E5F": "kim"},
     "regions": {"eu": 3, "us": 5},
     "scores": {"9223372036854775807": 1.5},
     "nested": {"255": {"1": true, "-1": false}}}
    """#

    /// Checks: every key kind decodes, from bytes and from a JSONSerialization dictionary alike.
    @Test("[Int: Event], [UUID: String], [Region: Int], [Int64: Double]?, [UInt8: [Int: Bool]] decode")
    func decodes() throws {
        let data = Data(Self.json.utf8)
        let fromBytes = try JSONAdapter.model(of: Catalog.self, fromJSONData: data)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fromDictionary = try JSONAdapter.model(of: Catalog.self, from: dictionary)
        #expect(fromBytes == fromDictionary)
        #expect(fromBytes.events[138_586_341]?.name == "30th Anniversary Tour")
        #expect(fromBytes.events[-7]?.id == -7)
        #expect(fromBytes.owners[try #require(UUID(uuidString: Self.uuid))] == "kim")
        #expect(fromBytes.regions == [.eu: 3, .us: 5])
        #expect(fromBytes.scores == [Int64.max: 1.5])
        #expect(fromBytes.nested == [255: [1: true, -1: false]])
    }

    /// Checks: encoding writes the keys' text, sorted, and reads back equal.
    @Test("encoding writes the keys' text and round-trips")
    func roundTrips() throws {
        let catalog = try JSONAdapter.model(of: Catalog.self, fromJSONData: Data(Self.json.utf8))
        let data = try JSONAdapter.jsonData(from: catalog)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""regions":{"eu":3,"us":5}"#))
        #expect(text.contains(#""nested":{"255":{"-1":false,"1":true}}"#))
        #expect(try JSONAdapter.model(of: Catalog.self, fromJSONData: data) == catalog)
        let dictionary = try JSONAdapter.jsonDictionary(from: catalog)
        #expect(try JSONAdapter.model(of: Catalog.self, from: dictionary) == catalog)
        #expect((dictionary["owners"] as? [String: Any])?[Self.uuid] as? String == "kim")
    }

    /// Checks: an object key that is not a key of the dictionary's type fails, naming it.
    @Test("a key with no value of the key type is .invalidValue at its path", arguments: [
        (#"{"events": {"12x": {"id": 1}}}"#, "events.12x"),
        (#"{"nested": {"256": {}}}"#, "nested.256"),
        (#"{"nested": {"1": {"1.0": true}}}"#, "nested.1.1.0"),
        (#"{"regions": {"asia": 1}}"#, "regions.asia"),
        (#"{"owners": {"not-a-uuid": "x"}}"#, "owners.not-a-uuid"),
    ])
    func badKeys(json: String, path: String) throws {
        let error = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: Catalog.self, fromJSONData: Data(json.utf8))
        }
        #expect(error.code == .invalidValue)
        #expect(error.jsonKeyPath == path)
        #expect(error.description.contains("a key that is"))
    }

    /// Checks: a key type with no text form is refused when the mapping is compiled, not at the first value.
    @Test("a key type with no text form is .invalidJSONMapping at compile time")
    func unsupportedKeys() throws {
        let error = try #require(throws: JSONAdapterError.self) { try JSONAdapter(modelType: ByPoint.self) }
        #expect(error.code == .invalidJSONMapping)
        #expect(error.propertyKey == "byPoint")
        #expect(error.description.contains("[Point: Int]"))
        // Even with no dictionary in the input at all.
        #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: ByPoint.self, fromJSONData: Data(#"{"name": "x"}"#.utf8))
        }
        let nested = try #require(throws: JSONAdapterError.self) { try JSONAdapter(modelType: ByPointInArray.self) }
        #expect(nested.code == .invalidJSONMapping)
        #expect(nested.propertyKey == "lists")
    }

    /// Checks: a transformer of the property's own takes the place of the built-in conversion.
    @Test("a property transformer makes any key type work")
    func transformed() throws {
        let model = try JSONAdapter.model(of: ByPointTransformed.self, fromJSONData: Data(#"{"byPoint": {"3": 1}}"#.utf8))
        #expect(model.byPoint == [Point(x: 3): 1])
    }

    /// Checks: `Character` keys, and raw values that are characters, take exactly one
    /// character; any other object key is an error at its path, never a crash.
    @Test("a key that is not one character is .invalidValue for [Character: _] and Character raw values",
          arguments: DecodingPath.allCases, [
              (#"{"m": {"ab": 1}}"#, "m.ab"), (#"{"m": {"": 1}}"#, "m"),
              (#"{"grades": {"ab": 1}}"#, "grades.ab"), (#"{"grades": {"": 1}}"#, "grades"),
              (#"{"grades": {"c": 1}}"#, "grades.c"),
          ])
    func characterKeys(path: DecodingPath, json: (String, String)) throws {
        let error = try #require(throws: JSONAdapterError.self) { try path.decode(ByCharacter.self, json.0) }
        #expect(error.code == .invalidValue)
        #expect(error.jsonKeyPath == json.1)
        #expect(error.description.contains("a key that is"))
    }

    /// Checks: one character, however many scalars it has, is a `Character` key, both ways.
    @Test("[Character: _] and Character raw values read and write one-character keys", arguments: DecodingPath.allCases)
    func characterKeysRoundTrip(path: DecodingPath) throws {
        let json = #"{"m": {"a": 1, "é": 2, "🇫🇷": 3}, "grades": {"a": 4, "b": 5}}"#
        let model = try path.decode(ByCharacter.self, json)
        #expect(model.m == ["a": 1, "e\u{301}": 2, "🇫🇷": 3])
        #expect(model.grades == [.a: 4, .b: 5])
        let encoded = try path.encode(model)
        #expect(encoded["grades"] as? [String: Int] == ["a": 4, "b": 5])
        #expect(try JSONAdapter.model(of: ByCharacter.self, from: encoded) == model)
    }

    /// Checks: error messages name dictionary types as Swift writes them.
    @Test("type names")
    func typeNames() {
        #expect(ValueDescription.typeName([Int: Event].self) == "[Int: Event]")
        #expect(ValueDescription.typeName([Region: [UUID: Int]]?.self) == "[Region: [UUID: Int]]?")
    }
}

// MARK: - Models

extension KeyedDictionaryTests {
    /// A region, a dictionary key through its raw value.
    enum Region: String, Hashable {
        case eu, us
    }

    /// A citm_catalog-style event.
    struct Event: JSONSerializing {
        var id = 0
        var name = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Dictionaries with every kind of supported key.
    struct Catalog: JSONSerializing {
        var events: [Int: Event] = [:]
        var owners: [UUID: String] = [:]
        var regions: [Region: Int] = [:]
        var scores: [Int64: Double]? = nil
        var nested: [UInt8: [Int: Bool]] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Grades, a dictionary key through a `Character` raw value.
    enum Grade: Character, Hashable {
        case a = "a", b = "b"
    }

    /// Dictionaries keyed by characters.
    struct ByCharacter: JSONSerializing {
        var m: [Character: Int] = [:]
        var grades: [Grade: Int] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A key type with no text form.
    struct Point: Hashable {
        var x = 0
    }

    /// A dictionary keyed by `Point`, which JSON cannot hold.
    struct ByPoint: JSONSerializing {
        var name = ""
        var byPoint: [Point: Int] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The same, deep inside an optional array.
    struct ByPointInArray: JSONSerializing {
        var lists: [[Point: Int]]? = nil
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The same with a transformer of its own, which makes it fine.
    struct ByPointTransformed: JSONSerializing {
        var byPoint: [Point: Int] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            JSONValueTransformer(forward: { value in
                guard let object = value as? [String: Any] else { return [Point: Int]() }
                var result: [Point: Int] = [:]
                for (key, count) in object { result[Point(x: Int(key) ?? -1)] = count as? Int }
                return result
            })
        }
    }
}
