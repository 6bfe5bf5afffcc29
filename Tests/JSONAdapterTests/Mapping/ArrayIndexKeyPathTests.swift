//  Array indexes in key paths (`data.1.dog.name`): read on both decoding
//  paths (out of range is missing), written as object members named by their
//  digits (or into an array another property writes), partial updates, key
//  conversion, unknown keys, leniency reports and sub-paths.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Key paths: array indexes")
struct ArrayIndexKeyPathTests {
    /// Values picked out of arrays (and one object keyed by numbers).
    struct Kennel: JSONSerializing {
        var secondDog: String? = "none"
        var firstTag = ""
        var cell: Int?
        var rate: Double?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "secondDog": "data.1.dog.name",
            "firstTag": "tags.0",
            "cell": "matrix.1.0",
            "rate": "rates.2020",
        ]

        init() {}
        init(secondDog: String? = "none", firstTag: String = "", cell: Int? = nil, rate: Double? = nil) {
            self.secondDog = secondDog
            self.firstTag = firstTag
            self.cell = cell
            self.rate = rate
        }
    }

    /// A decode case: JSON and the model it gives.
    struct DecodeCase: Sendable, CustomTestStringConvertible {
        var json: String
        var expected: Kennel
        var testDescription: String { json }
    }

    static let decodeCases: [DecodeCase] = [
        DecodeCase(json: #"{"data": [{"dog": {"name": "A"}}, {"dog": {"name": "B"}}]}"#, expected: Kennel(secondDog: "B")),
        // Past the end: missing, the default stays.
        DecodeCase(json: #"{"data": [{"dog": {"name": "A"}}]}"#, expected: Kennel()),
        DecodeCase(json: #"{"data": []}"#, expected: Kennel()),
        // In an object a digit key is an ordinary key.
        DecodeCase(json: #"{"data": {"1": {"dog": {"name": "C"}}}}"#, expected: Kennel(secondDog: "C")),
        DecodeCase(json: #"{"data": {"01": {"dog": {"name": "C"}}}}"#, expected: Kennel()),
        // A null element is a null intermediate: nil.
        DecodeCase(json: #"{"data": [{}, null]}"#, expected: Kennel(secondDog: nil)),
        DecodeCase(json: #"{"data": [{}, {"dog": null}]}"#, expected: Kennel(secondDog: nil)),
        DecodeCase(json: #"{"tags": ["t", "u"]}"#, expected: Kennel(firstTag: "t")),
        DecodeCase(json: #"{"matrix": [[1, 2], [3, 4]]}"#, expected: Kennel(cell: 3)),
        DecodeCase(json: #"{"matrix": [[1, 2], []]}"#, expected: Kennel()),
        DecodeCase(json: #"{"rates": {"2020": 1.5}}"#, expected: Kennel(rate: 1.5)),
        DecodeCase(json: #"{"rates": [0.5, 1.0]}"#, expected: Kennel()),
    ]

    @Test("indexes pick array elements; out of range is missing", arguments: DecodingPath.allCases, decodeCases)
    func decodes(path: DecodingPath, testCase: DecodeCase) throws {
        #expect(try path.decode(Kennel.self, testCase.json) == testCase.expected)
    }

    /// An error case: JSON, the code, the property and the key path the error names.
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var json: String
        var code: JSONAdapterError.Code
        var propertyKey: String
        var jsonKeyPath: String
        var reason: String
        var testDescription: String { json }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(json: #"{"data": [{}, {"dog": {"name": 5}}]}"#, code: .invalidValue, propertyKey: "secondDog",
                  jsonKeyPath: "data.1.dog.name", reason: "expected String"),
        ErrorCase(json: #"{"data": "x"}"#, code: .invalidJSONDictionary, propertyKey: "secondDog",
                  jsonKeyPath: "data.1.dog.name", reason: #"expected an object or an array, found string "x" at "data""#),
        ErrorCase(json: #"{"data": [1, 2]}"#, code: .invalidJSONDictionary, propertyKey: "secondDog",
                  jsonKeyPath: "data.1.dog.name", reason: #"expected an object, found number 2 at "data.1""#),
        ErrorCase(json: #"{"data": [{}, {"dog": []}]}"#, code: .invalidJSONDictionary, propertyKey: "secondDog",
                  jsonKeyPath: "data.1.dog.name", reason: #"expected an object, found array of 0 at "data.1.dog""#),
        ErrorCase(json: #"{"tags": [1]}"#, code: .invalidValue, propertyKey: "firstTag", jsonKeyPath: "tags.0",
                  reason: "expected String, found number 1"),
    ]

    @Test("errors name the property and the path with its indexes", arguments: DecodingPath.allCases, errorCases)
    func errors(path: DecodingPath, testCase: ErrorCase) throws {
        let error = try #require(adapterError { _ = try path.decode(Kennel.self, testCase.json) })
        #expect(error.code == testCase.code)
        #expect(error.propertyKey == testCase.propertyKey)
        #expect(error.jsonKeyPath == testCase.jsonKeyPath)
        #expect(error.description.contains(testCase.reason), "\(error)")
    }

    @Test("what counts as an index", arguments: [
        ("0", 0), ("7", 7), ("42", 42), ("01", nil), ("00", nil), ("-1", nil), ("+1", nil), ("1a", nil), ("1.5", nil),
        ("١", nil), ("９", nil), ("99999999999999999999", Int.max), ("9223372036854775807", Int.max),
    ] as [(String, Int?)])
    func arrayIndex(key: String, index: Int?) {
        #expect(ParsedKeyPath.arrayIndex(of: key) == index)
    }

    /// Paths whose digit keys are not indexes, or that no array holds.
    struct Unusual: JSONSerializing {
        var leadingZero: String?
        var huge: String?
        var negative: String?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "leadingZero": "a.01", "huge": "b.99999999999999999999", "negative": "c.-1",
        ]
    }

    @Test("a leading zero or a sign makes a key, and a huge index is past every end", arguments: DecodingPath.allCases)
    func unusualKeys(path: DecodingPath) throws {
        let fromObjects = try path.decode(Unusual.self,
                                          #"{"a": {"01": "x"}, "b": {"99999999999999999999": "y"}, "c": {"-1": "z"}}"#)
        #expect(fromObjects.leadingZero == "x" && fromObjects.huge == "y" && fromObjects.negative == "z")
        let fromArrays = try path.decode(Unusual.self, #"{"b": ["p", "q"]}"#)
        #expect(fromArrays.huge == nil)
        let error = try #require(adapterError { _ = try path.decode(Unusual.self, #"{"a": ["p", "q"]}"#) })
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.jsonKeyPath == "a.01")
        #expect(error.expected == "an object" && error.found?.hasSuffix(#"at "a""#) == true)
    }

    @Test("encoding writes digit keys as members, which decode back", arguments: DecodingPath.allCases)
    func encodes(path: DecodingPath) throws {
        let kennel = Kennel(secondDog: "B", firstTag: "t", cell: 3, rate: 1.5)
        let encoded = try path.encode(kennel)
        #expect(FoundationJSON.canonical(encoded) == FoundationJSON.canonical(json: #"""
            {"data": {"1": {"dog": {"name": "B"}}}, "tags": {"0": "t"}, "matrix": {"1": {"0": 3}}, "rates": {"2020": 1.5}}
            """#))
        #expect(try path.decode(Kennel.self, object: encoded) == kennel)
        let texts = try DecodingPath.encodedTexts(Kennel(secondDog: nil))
        #expect(texts.dictionary == texts.data)
        #expect(try path.decode(Kennel.self, object: FoundationJSON.object(texts.data)) == Kennel(secondDog: nil))
    }

    /// An array property and a property inside one of its elements.
    struct Pack: JSONSerializing {
        var dogs: [Any] = []
        var secondName: String?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["dogs": "dogs", "secondName": "dogs.1.name"]
    }

    /// The same, declared the other way round.
    struct ReversedPack: JSONSerializing {
        var secondName: String?
        var dogs: [Any] = []
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["dogs": "dogs", "secondName": "dogs.1.name"]
    }

    /// Encodes a pack with these values through both encoders, checking they agree.
    static func encodedPack<P: JSONSerializing>(_ type: P.Type, dogs: [Any], secondName: String?) throws -> String {
        var pack = P()
        try pack.setValue(dogs, forKey: "dogs")
        try pack.setValue(secondName as Any, forKey: "secondName")
        let texts = try DecodingPath.encodedTexts(pack)
        #expect(texts.dictionary == texts.data)
        return texts.data
    }

    @Test("an index into an array another property writes sets that element", arguments: [true, false])
    func intoAnotherPropertysArray(reversed: Bool) throws {
        func encoded(_ dogs: [Any], _ secondName: String?) throws -> String {
            reversed ? try Self.encodedPack(ReversedPack.self, dogs: dogs, secondName: secondName)
                : try Self.encodedPack(Pack.self, dogs: dogs, secondName: secondName)
        }
        let dogs: [Any] = [["name": "a"], ["name": "b", "age": 3]]
        #expect(try encoded(dogs, "c") == #"{"dogs":[{"name":"a"},{"age":3,"name":"c"}]}"#)
        #expect(try encoded(dogs, nil) == #"{"dogs":[{"name":"a"},{"age":3,"name":"b"}]}"#)
        // Past the end of the other property's array: refused rather than padded.
        let error = try #require(adapterError { _ = try encoded([["name": "a"]], "c") })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "secondName")
        #expect(error.jsonKeyPath == "dogs.1.name")
        #expect(try encoded([["name": "a"]], nil) == #"{"dogs":[{"name":"a"}]}"#)
    }

    /// A login inside a user object, declared before the user.
    struct Issue: JSONSerializing {
        var login: String?
        var user: [String: Any] = [:]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "user.login", "user": "user"]
    }

    @Test("a property inside another's object is set into it, whatever the declaration order")
    func declarationOrder() throws {
        var issue = Issue()
        issue.user = ["login": "old", "id": 1]
        issue.login = "new"
        let texts = try DecodingPath.encodedTexts(issue)
        #expect(texts.data == #"{"user":{"id":1,"login":"new"}}"#)
        #expect(texts.dictionary == texts.data)
    }

    @Test("a partial update reads indexes too", arguments: DecodingPath.allCases)
    func update(path: DecodingPath) throws {
        var kennel = Kennel(secondDog: "B", firstTag: "t")
        try path.update(&kennel, #"{"data": [{}, {"dog": {"name": "Z"}}], "matrix": [[0], [9]]}"#)
        #expect(kennel == Kennel(secondDog: "Z", firstTag: "t", cell: 9))
        try path.update(&kennel, #"{"data": [{}], "tags": []}"#)  // out of range: not present
        #expect(kennel == Kennel(secondDog: "Z", firstTag: "t", cell: 9))
    }

    /// Mapped through a configuration's key conversion.
    struct Prefixed: JSONSerializing {
        var dog = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["dog": "data.1.dog"]
    }

    @Test("a key conversion leaves indexes alone", arguments: DecodingPath.allCases)
    func keyConversion(path: DecodingPath) throws {
        let prefixing = JSONAdapter.Configuration(keyConversion: .custom { "x_" + $0 })
        let json = #"{"x_data": [{}, {"x_dog": "Rex"}]}"#
        let model = try path.decode(Prefixed.self, json, configuration: prefixing)
        #expect(model.dog == "Rex")
        let texts = try DecodingPath.encodedTexts(model, options: .configuration(prefixing))
        #expect(texts.dictionary == #"{"x_data":{"1":{"x_dog":"Rex"}}}"#)
        #expect(texts.data == texts.dictionary)
    }

    /// Keeps what it does not map.
    struct Feed: JSONSerializing {
        var secondTitle = ""
        var unknownKeys = JSONUnknownKeys()
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["secondTitle": "entries.1.title"]
    }

    @Test("with unknown keys, an object round-trips and a change lands in its array", arguments: DecodingPath.allCases)
    func unknownKeys(path: DecodingPath) throws {
        let json = #"{"entries": [{"title": "a", "id": 1}, {"title": "b", "id": 2}], "next": "x"}"#
        var feed = try path.decode(Feed.self, json)
        #expect(feed.secondTitle == "b")
        #expect(feed.unknownKeys.keys == ["entries", "next"])
        var texts = try DecodingPath.encodedTexts(feed)
        #expect(texts.dictionary == FoundationJSON.canonical(json: json))
        #expect(texts.data == texts.dictionary)
        feed.secondTitle = "B"
        texts = try DecodingPath.encodedTexts(feed)
        #expect(texts.dictionary == FoundationJSON.canonical(json: json.replacingOccurrences(of: #""b""#, with: #""B""#)))
        #expect(texts.data == texts.dictionary)
        // An index the kept array does not have: the mapped object is written.
        feed.unknownKeys = try path.decode(Feed.self, #"{"entries": [{"title": "a"}]}"#).unknownKeys
        texts = try DecodingPath.encodedTexts(feed)
        #expect(texts.dictionary == #"{"entries":{"1":{"title":"B"}}}"#)
        #expect(texts.data == texts.dictionary)
    }

    /// Falls back to its default when its value does not fit.
    struct Forgiving: JSONSerializing {
        var name = "default"
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "items.2.name"]
        static func jsonLeniency(forKey key: String) -> JSONLeniency? { .defaultOnFailure }
    }

    @Test("a leniency report names the path with its indexes")
    func leniencyReport() throws {
        let (model, report) = try decodeLenientlyOnBothPaths(Forgiving.self, #"{"items": [0, 1, {"name": []}]}"#, [])
        #expect(model.name == "default")
        #expect(report.entries.map(\.jsonKeyPath) == ["items.2.name"])
        #expect(report.entries.first?.action == .usedDefault)
        #expect(report.entries.first?.found == "array of 0")
    }

    /// What a sub-path reads.
    struct Dog: JSONSerializing {
        var name = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name"]
    }

    @Test("sub-paths and type discriminators take indexes too")
    func subPathsAndDiscriminators() throws {
        let json = #"{"data": [{"name": "a"}, {"name": "b"}]}"#
        let fromData = try JSONAdapter.model(of: Dog.self, fromJSONData: Data(json.utf8), options: .keyPath("data.1"))
        let fromDictionary = try JSONAdapter.model(of: Dog.self, from: FoundationJSON.object(json), options: .keyPath("data.1"))
        #expect(fromData.name == "b")
        #expect(fromDictionary == fromData)
        let missing = try #require(adapterError {
            _ = try JSONAdapter.model(of: Dog.self, fromJSONData: Data(json.utf8), options: .keyPath("data.2"))
        })
        #expect(missing.code == .invalidJSONDictionary)
        #expect(missing.jsonKeyPath == "data.2")
    }
}
