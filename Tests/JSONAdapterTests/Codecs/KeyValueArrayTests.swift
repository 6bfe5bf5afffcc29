//  Dictionaries whose keys are neither `String` nor `Int` (nor `CodingKeyRepresentable`) in
//  `JSONEncoder`'s form, a flat array of keys and values: read beside the object form on
//  both paths, written with `Configuration.keyedDictionaryEncoding = .keyValueArray`, with
//  `JSONEncoder` and `JSONDecoder` as the oracle both ways.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Keyed dictionaries in JSONEncoder's form")
struct KeyValueArrayTests {
    static let pairs: JSONAdapter.Configuration = {
        var configuration = JSONAdapter.Configuration()
        configuration.keyedDictionaryEncoding = .keyValueArray
        return configuration
    }()

    static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()

    /// A model with a value under every kind of key.
    static let sample = Keyed(
        byUUID: [uuid: 1, UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID(): 2],
        byURL: [URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/"): "x"],
        byDouble: [2.5: "half", -1: "minus one"], byBool: [true: 1, false: 0], byInt64: [Int64.max: 7, -3: 8],
        byRegion: [.eu: 3, .us: 5], byLevel: [.low: true], byLetter: [.a: 1],
        byString: ["a": 1], byInt: [4: 4])

    /// The same values as `JSONEncoder` and `JSONDecoder` see them.
    static var mirror: Mirror {
        Mirror(byUUID: sample.byUUID, byURL: sample.byURL, byDouble: sample.byDouble, byBool: sample.byBool,
               byInt64: sample.byInt64, byRegion: sample.byRegion, byLevel: sample.byLevel,
               byLetter: sample.byLetter, byString: sample.byString, byInt: sample.byInt)
    }

    @Test("JSONDecoder reads what the adapter writes with .keyValueArray, on both encoders",
          arguments: DecodingPath.allCases)
    func decoderReadsWritten(path: DecodingPath) throws {
        let encoded = try path.encode(Self.sample, configuration: Self.pairs)
        #expect(FoundationJSON.canonical(encoded["byRegion"]) == #"["eu",3,"us",5]"#)
        #expect(FoundationJSON.canonical(encoded["byBool"]) == "[false,0,true,1]")
        #expect(FoundationJSON.canonical(encoded["byString"]) == #"{"a":1}"#)
        #expect(FoundationJSON.canonical(encoded["byInt"]) == #"{"4":4}"#)
        #expect(FoundationJSON.canonical(encoded["byLetter"]) == #"{"a":1}"#)
        let data = try JSONSerialization.data(withJSONObject: encoded)
        #expect(try JSONDecoder().decode(Mirror.self, from: data) == Self.mirror)
    }

    @Test("the adapter reads what JSONEncoder writes, and its own object form, whatever the configuration",
          arguments: DecodingPath.allCases, [JSONAdapter.Configuration.standard, pairs])
    func readsBothForms(path: DecodingPath, configuration: JSONAdapter.Configuration) throws {
        let fromEncoder = String(decoding: try JSONEncoder().encode(Self.mirror), as: UTF8.self)
        #expect(try path.decode(Keyed.self, fromEncoder, configuration: configuration) == Self.sample)
        let objects = String(decoding: try JSONAdapter.jsonData(from: Self.sample), as: UTF8.self)
        #expect(objects.contains(#""byRegion":{"eu":3,"us":5}"#))
        #expect(try path.decode(Keyed.self, objects, configuration: configuration) == Self.sample)
        let arrays = String(decoding: try JSONAdapter.jsonData(from: Self.sample, options: .configuration(Self.pairs)), as: UTF8.self)
        #expect(try path.decode(Keyed.self, arrays, configuration: configuration) == Self.sample)
    }

    @Test("String, Int and CodingKeyRepresentable keys take objects only, as JSONDecoder does", arguments: DecodingPath.allCases, [
        #"{"byString": ["a", 1]}"#, #"{"byInt": [4, 4]}"#, #"{"byLetter": ["a", 1]}"#,
    ])
    func objectsOnly(path: DecodingPath, json: String) throws {
        let error = try #require(adapterError { _ = try path.decode(Keyed.self, json) })
        #expect(error.code == .invalidValue)
        #expect(error.found == "array of 2")
    }

    @Test("a flat array that fails names the element; the last of repeated keys wins", arguments: DecodingPath.allCases)
    func failures(path: DecodingPath) throws {
        let odd = try #require(adapterError { _ = try path.decode(Keyed.self, #"{"byRegion": ["eu", 1, "us"]}"#) })
        #expect(odd.jsonKeyPath == "byRegion")
        #expect(odd.description.contains("the last key has no value"))
        let key = try #require(adapterError { _ = try path.decode(Keyed.self, #"{"byRegion": ["eu", 1, "asia", 2]}"#) })
        #expect(key.jsonKeyPath == "byRegion[2]")
        let value = try #require(adapterError { _ = try path.decode(Keyed.self, #"{"byBool": [true, "x"]}"#) })
        #expect(value.jsonKeyPath == "byBool[1]")
        let all = try #require(adapterError {
            _ = try path.decode(Keyed.self, #"{"byRegion": ["asia", 1, "eu", "x"], "byDouble": ["1", "a"]}"#)
        })
        #expect(Set(all.allErrors.compactMap(\.jsonKeyPath)) == ["byRegion[0]", "byRegion[3]", "byDouble[0]"])
        #expect(try path.decode(Keyed.self, #"{"byRegion": ["eu", 1, "eu", 2]}"#).byRegion == [.eu: 2])
        let lenient = JSONAdapter.Configuration(leniency: .lossyCollections)
        let kept = try path.decode(Keyed.self, #"{"byRegion": ["asia", 1, "eu", 2, "us", "x"]}"#, configuration: lenient)
        #expect(kept.byRegion == [.eu: 2])
    }

    @Test("dictionaries inside Codable values take JSONEncoder's form both ways, as JSONDecoder does",
          arguments: DecodingPath.allCases, [JSONAdapter.Configuration.standard, pairs])
    func insideCodable(path: DecodingPath, configuration: JSONAdapter.Configuration) throws {
        let holder = CodableHolder(value: Self.mirror)
        let encoded = try path.encode(holder, configuration: configuration)
        let value = try #require(encoded["value"])
        let data = try JSONSerialization.data(withJSONObject: value)
        #expect(try JSONDecoder().decode(Mirror.self, from: data) == Self.mirror)
        #expect(((value as? [String: Any])?["byRegion"] as? [Any])?.count == 4)
        #expect(((value as? [String: Any])?["byString"] as? [String: Any])?.count == 1)
        let json = #"{"value": \#(String(decoding: try JSONEncoder().encode(Self.mirror), as: UTF8.self))}"#
        #expect(try path.decode(CodableHolder.self, json, configuration: configuration).value == Self.mirror)
    }

    @Test("the schema admits both forms, the written one first")
    func schema() throws {
        for (configuration, first) in [(JSONAdapter.Configuration.standard, "object"), (Self.pairs, "array")] {
            let schema = try JSONAdapter.jsonSchema(of: Keyed.self, options: .init(configuration: configuration))
            let properties = try #require(schema.jsonObject["properties"] as? [String: Any])
            let byUUID = try #require(properties["byUUID"] as? [String: Any])
            let forms = try #require(byUUID["anyOf"] as? [[String: Any]])
            #expect(forms.map { $0["type"] as? String } == [first, first == "object" ? "array" : "object"])
            #expect((properties["byString"] as? [String: Any])?["type"] as? String == "object")
        }
    }
}

// MARK: - Models

extension KeyValueArrayTests {
    /// A region: a `String` raw value.
    enum Region: String, Codable, Hashable {
        case eu, us
    }

    /// A level: an `Int` raw value.
    enum Level: Int, Codable, Hashable {
        case low = 1, high = 2
    }

    /// A key that `JSONEncoder` writes as an object member (`CodingKeyRepresentable`).
    enum Letter: String, Codable, Hashable, CodingKeyRepresentable {
        case a, b
    }

    /// A value under every kind of key.
    struct Keyed: JSONSerializing, Equatable {
        var byUUID: [UUID: Int] = [:]
        var byURL: [URL: String] = [:]
        var byDouble: [Double: String] = [:]
        var byBool: [Bool: Int] = [:]
        var byInt64: [Int64: Int] = [:]
        var byRegion: [Region: Int] = [:]
        var byLevel: [Level: Bool] = [:]
        var byLetter: [Letter: Int] = [:]
        var byString: [String: Int] = [:]
        var byInt: [Int: Int] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The same as `Codable`, for `JSONEncoder` and `JSONDecoder`.
    struct Mirror: Codable, Equatable {
        var byUUID: [UUID: Int]
        var byURL: [URL: String]
        var byDouble: [Double: String]
        var byBool: [Bool: Int]
        var byInt64: [Int64: Int]
        var byRegion: [Region: Int]
        var byLevel: [Level: Bool]
        var byLetter: [Letter: Int]
        var byString: [String: Int]
        var byInt: [Int: Int]
    }

    /// A model holding the `Codable` mirror.
    struct CodableHolder: JSONSerializing {
        var value = Mirror(byUUID: [:], byURL: [:], byDouble: [:], byBool: [:], byInt64: [:], byRegion: [:],
                           byLevel: [:], byLetter: [:], byString: [:], byInt: [:])
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }
}
