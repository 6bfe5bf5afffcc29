//
//  SemTypeDrivenDecodingTests.swift
//  API.md: "Without a transformer, the property's declared type chooses one …
//  (exact conversions only) … `Any` takes any JSON value." Every case runs
//  through a JSONSerialization dictionary and through the JSON bytes.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

/// A JSON object that decodes into `SemTypes`, and what the model must then hold.
struct SemDecodeCase: Sendable, CustomTestStringConvertible {
    let json: String
    let check: @Sendable (SemTypes) -> Bool

    init(_ json: String, _ check: @escaping @Sendable (SemTypes) -> Bool) {
        self.json = json
        self.check = check
    }

    var testDescription: String { json }
}

/// A JSON object that must fail with `.invalidValue` for `propertyKey` at `jsonKeyPath`.
struct SemInvalidCase: Sendable, CustomTestStringConvertible {
    let json: String
    let propertyKey: String
    let jsonKeyPath: String

    init(_ json: String, _ propertyKey: String, _ jsonKeyPath: String) {
        self.json = json
        self.propertyKey = propertyKey
        self.jsonKeyPath = jsonKeyPath
    }

    var testDescription: String { json }
}

private let uuidText = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
private let uuidValue = UUID(uuidString: uuidText)!

@Suite("Semantics: type-driven decoding")
struct SemTypeDrivenDecodingTests {

    static let validCases: [SemDecodeCase] = [
        // String and Bool
        SemDecodeCase(#"{"string": "héllo ✓ \"q\" \n"}"#) { $0.string == "héllo ✓ \"q\" \n" },
        SemDecodeCase(#"{"string": ""}"#) { $0.string == "" },
        SemDecodeCase(#"{"bool": true}"#) { $0.bool == true },
        SemDecodeCase(#"{"bool": false, "int": 3}"#) { $0.bool == false && $0.int == 3 },
        // Every integer type, at its limits
        SemDecodeCase(#"{"int": -42}"#) { $0.int == -42 },
        SemDecodeCase(#"{"int": 9223372036854775807}"#) { $0.int == Int.max },
        SemDecodeCase(#"{"int8": -128}"#) { $0.int8 == Int8.min },
        SemDecodeCase(#"{"int8": 127}"#) { $0.int8 == Int8.max },
        SemDecodeCase(#"{"int16": -32768}"#) { $0.int16 == Int16.min },
        SemDecodeCase(#"{"int32": 2147483647}"#) { $0.int32 == Int32.max },
        SemDecodeCase(#"{"int64": -9223372036854775808}"#) { $0.int64 == Int64.min },
        SemDecodeCase(#"{"uint": 18446744073709551615}"#) { $0.uint == UInt.max },
        SemDecodeCase(#"{"uint8": 255}"#) { $0.uint8 == UInt8.max },
        SemDecodeCase(#"{"uint16": 65535}"#) { $0.uint16 == UInt16.max },
        SemDecodeCase(#"{"uint32": 4294967295}"#) { $0.uint32 == UInt32.max },
        SemDecodeCase(#"{"uint64": 18446744073709551615}"#) { $0.uint64 == UInt64.max },
        SemDecodeCase(#"{"int128": -5}"#) { $0.int128 == -5 },
        SemDecodeCase(#"{"uint128": 7}"#) { $0.uint128 == 7 },
        // Every floating-point type
        SemDecodeCase(#"{"double": 3.25}"#) { $0.double == 3.25 },
        SemDecodeCase(#"{"double": -2}"#) { $0.double == -2 },
        SemDecodeCase(#"{"double": 1.5e-3}"#) { $0.double == 0.0015 },
        SemDecodeCase(#"{"float": 1.5}"#) { $0.float == 1.5 },
        SemDecodeCase(#"{"float16": 0.5}"#) { $0.float16 == 0.5 },
        // URL, UUID, Date
        SemDecodeCase(#"{"url": "https://example.com/a/b?c=d#e"}"#) { $0.url == URL(string: "https://example.com/a/b?c=d#e") },
        SemDecodeCase(#"{"uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#) { $0.uuid == uuidValue },
        SemDecodeCase(#"{"uuid": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}"#) { $0.uuid == uuidValue },
        SemDecodeCase(#"{"date": "2017-10-10T16:00:00Z"}"#) { $0.date?.timeIntervalSince1970 == 1_507_651_200 },
        SemDecodeCase(#"{"date": "2017-10-10T16:00:00.250Z"}"#) { $0.date?.timeIntervalSince1970 == 1_507_651_200.25 },
        SemDecodeCase(#"{"date": "2017-10-10T16:00:00.5Z"}"#) { $0.date?.timeIntervalSince1970 == 1_507_651_200.5 },
        SemDecodeCase(#"{"plainDate": "1970-01-02T00:00:00Z"}"#) { $0.plainDate.timeIntervalSince1970 == 86_400 },
        SemDecodeCase(#"{"date": "2017-10-10T18:00:00+02:00"}"#) { $0.date?.timeIntervalSince1970 == 1_507_651_200 },
        // RawRepresentable enums
        SemDecodeCase(#"{"shade": "green"}"#) { $0.shade == .green },
        SemDecodeCase(#"{"level": 2}"#) { $0.level == .high },
        SemDecodeCase(#"{"optionalShade": null}"#) { $0.optionalShade == nil },
        SemDecodeCase(#"{"optionalShade": "red"}"#) { $0.optionalShade == .red },
        // Nested models
        SemDecodeCase(#"{"leaf": {"name": "x", "size": 3, "extra": true}}"#) { $0.leaf == SemLeaf(name: "x", size: 3) },
        SemDecodeCase(#"{"leaf": {}}"#) { $0.leaf == SemLeaf() },
        SemDecodeCase(#"{"optionalLeaf": null}"#) { $0.optionalLeaf == nil },
        SemDecodeCase(#"{"optionalLeaf": {"name": "o"}}"#) { $0.optionalLeaf == SemLeaf(name: "o") },
        // Optionals
        SemDecodeCase(#"{"optionalInt": null}"#) { $0.optionalInt == nil },
        SemDecodeCase(#"{"optionalInt": 5}"#) { $0.optionalInt == 5 },
        SemDecodeCase(#"{"url": null, "uuid": null, "date": null}"#) { $0.url == nil && $0.uuid == nil && $0.date == nil },
        // Arrays, Sets, dictionaries of all of these
        SemDecodeCase(#"{"strings": ["a", "b", "a"]}"#) { $0.strings == ["a", "b", "a"] },
        SemDecodeCase(#"{"strings": []}"#) { $0.strings.isEmpty },
        SemDecodeCase(#"{"urls": ["https://a.example", "file:///tmp/x"]}"#) {
            $0.urls == [URL(string: "https://a.example")!, URL(string: "file:///tmp/x")!]
        },
        SemDecodeCase(#"{"dates": ["2017-10-10T16:00:00Z", "1970-01-01T00:00:00Z"]}"#) {
            $0.dates == [GitHubFixture.date, Date(timeIntervalSince1970: 0)]
        },
        SemDecodeCase(#"{"dates": null}"#) { $0.dates == nil },
        SemDecodeCase(#"{"tagSet": ["a", "b", "a"]}"#) { $0.tagSet == ["a", "b"] },
        SemDecodeCase(#"{"levelSet": [1, 2, 2]}"#) { $0.levelSet == [.low, .high] },
        SemDecodeCase(#"{"scores": {"a": 1, "b": -2}}"#) { $0.scores == ["a": 1, "b": -2] },
        SemDecodeCase(#"{"leaves": [{"name": "a"}, {"name": "b", "size": 2}]}"#) {
            $0.leaves == [SemLeaf(name: "a"), SemLeaf(name: "b", size: 2)]
        },
        SemDecodeCase(#"{"leafMap": {"k": {"name": "v", "size": 1}}}"#) { $0.leafMap == ["k": SemLeaf(name: "v", size: 1)] },
        SemDecodeCase(#"{"shades": ["red", "blue"]}"#) { $0.shades == [.red, .blue] },
        SemDecodeCase(#"{"nestedInts": [[1], [], [2, 3]]}"#) { $0.nestedInts == [[1], [], [2, 3]] },
        SemDecodeCase(#"{"optionalStrings": ["a", null]}"#) { $0.optionalStrings == ["a", nil] },
        SemDecodeCase(#"{"uuidsByName": {"x": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}}"#) { $0.uuidsByName == ["x": uuidValue] },
        SemDecodeCase(#"{"uuidsByName": null}"#) { $0.uuidsByName == nil },
    ]

    @Test("a valid JSON value becomes the property's type", arguments: DecodingPath.allCases, validCases)
    func validValue(path: DecodingPath, testCase: SemDecodeCase) throws {
        let model = try path.decode(SemTypes.self, testCase.json)
        #expect(testCase.check(model), "\(model)")
    }

    @Test("an empty object leaves every property at its default", arguments: DecodingPath.allCases)
    func emptyObject(path: DecodingPath) throws {
        #expect(try path.decode(SemTypes.self, "{}") == SemTypes())
    }

    static let invalidCases: [SemInvalidCase] = [
        SemInvalidCase(#"{"string": 1}"#, "string", "string"),
        SemInvalidCase(#"{"string": true}"#, "string", "string"),
        SemInvalidCase(#"{"string": ["a"]}"#, "string", "string"),
        SemInvalidCase(#"{"string": null}"#, "string", "string"),
        SemInvalidCase(#"{"bool": 1}"#, "bool", "bool"),
        SemInvalidCase(#"{"bool": 0}"#, "bool", "bool"),
        SemInvalidCase(#"{"bool": "true"}"#, "bool", "bool"),
        SemInvalidCase(#"{"int": 3.5}"#, "int", "int"),
        SemInvalidCase(#"{"int": "1"}"#, "int", "int"),
        SemInvalidCase(#"{"int": true}"#, "int", "int"),
        SemInvalidCase(#"{"int": null}"#, "int", "int"),
        SemInvalidCase(#"{"int": 9223372036854775808}"#, "int", "int"),
        SemInvalidCase(#"{"int8": 300}"#, "int8", "int8"),
        SemInvalidCase(#"{"int8": -129}"#, "int8", "int8"),
        SemInvalidCase(#"{"uint8": -1}"#, "uint8", "uint8"),
        SemInvalidCase(#"{"uint8": 256}"#, "uint8", "uint8"),
        SemInvalidCase(#"{"uint64": -1}"#, "uint64", "uint64"),
        SemInvalidCase(#"{"int64": 9223372036854775808}"#, "int64", "int64"),
        SemInvalidCase(#"{"int32": 1e300}"#, "int32", "int32"),
        SemInvalidCase(#"{"double": "1.5"}"#, "double", "double"),
        SemInvalidCase(#"{"double": false}"#, "double", "double"),
        SemInvalidCase(#"{"url": 5}"#, "url", "url"),
        SemInvalidCase(#"{"url": ""}"#, "url", "url"),
        SemInvalidCase(#"{"uuid": "not-a-uuid"}"#, "uuid", "uuid"),
        SemInvalidCase(#"{"date": "yesterday"}"#, "date", "date"),
        SemInvalidCase(#"{"date": 1507651200}"#, "date", "date"),
        SemInvalidCase(#"{"plainDate": null}"#, "plainDate", "plainDate"),
        SemInvalidCase(#"{"shade": "purple"}"#, "shade", "shade"),
        SemInvalidCase(#"{"shade": 1}"#, "shade", "shade"),
        SemInvalidCase(#"{"level": 3}"#, "level", "level"),
        SemInvalidCase(#"{"level": "1"}"#, "level", "level"),
        SemInvalidCase(#"{"optionalShade": "purple"}"#, "optionalShade", "optionalShade"),
        SemInvalidCase(#"{"leaf": 5}"#, "leaf", "leaf"),
        SemInvalidCase(#"{"leaf": "x"}"#, "leaf", "leaf"),
        SemInvalidCase(#"{"leaf": [{"name": "x"}]}"#, "leaf", "leaf"),
        SemInvalidCase(#"{"leaf": null}"#, "leaf", "leaf"),
        SemInvalidCase(#"{"optionalLeaf": true}"#, "optionalLeaf", "optionalLeaf"),
        SemInvalidCase(#"{"leaf": {"name": 7}}"#, "leaf", "leaf.name"),
        SemInvalidCase(#"{"strings": "a"}"#, "strings", "strings"),
        SemInvalidCase(#"{"strings": ["a", 2]}"#, "strings", "strings[1]"),
        SemInvalidCase(#"{"strings": [null]}"#, "strings", "strings[0]"),
        SemInvalidCase(#"{"strings": null}"#, "strings", "strings"),
        SemInvalidCase(#"{"tagSet": "a"}"#, "tagSet", "tagSet"),
        SemInvalidCase(#"{"levelSet": [1, 5]}"#, "levelSet", "levelSet[1]"),
        SemInvalidCase(#"{"scores": {"a": 1, "b": "x"}}"#, "scores", "scores.b"),
        SemInvalidCase(#"{"scores": [1]}"#, "scores", "scores"),
        SemInvalidCase(#"{"leaves": [{"name": "x"}, {"size": "big"}]}"#, "leaves", "leaves[1].size"),
        SemInvalidCase(#"{"leaves": [{"name": "x"}, 3]}"#, "leaves", "leaves[1]"),
        SemInvalidCase(#"{"leafMap": {"k": {"name": 3}}}"#, "leafMap", "leafMap.k.name"),
        SemInvalidCase(#"{"nestedInts": [[1], [2, 2.5]]}"#, "nestedInts", "nestedInts[1][1]"),
        SemInvalidCase(#"{"urls": ["https://a.example", 1]}"#, "urls", "urls[1]"),
        SemInvalidCase(#"{"uuidsByName": {"x": "nope"}}"#, "uuidsByName", "uuidsByName.x"),
    ]

    @Test("a JSON value that does not fit exactly is .invalidValue with its property and path",
          arguments: DecodingPath.allCases, invalidCases)
    func invalidValue(path: DecodingPath, testCase: SemInvalidCase) throws {
        let error = try #require(adapterError { _ = try path.decode(SemTypes.self, testCase.json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == testCase.propertyKey)
        #expect(error.jsonKeyPath == testCase.jsonKeyPath)
    }

    static let strictCases: [SemInvalidCase] = [
        SemInvalidCase(#"{"stats": {"count": 3.5}}"#, "count", "stats.count"),
        SemInvalidCase(#"{"stats": {"small": 300}}"#, "small", "stats.small"),
        SemInvalidCase(#"{"info": {"name": 1}}"#, "name", "info.name"),
        SemInvalidCase(#"{"stats": {"count": "1"}}"#, "count", "stats.count"),
        SemInvalidCase(#"{"stats": {"count": true}}"#, "count", "stats.count"),
        SemInvalidCase(#"{"flag": 1}"#, "flag", "flag"),
        SemInvalidCase(#"{"ratio": "0.5"}"#, "ratio", "ratio"),
        SemInvalidCase(#"{"u": -1}"#, "unsigned", "u"),
        SemInvalidCase(#"{"u": 1.5}"#, "unsigned", "u"),
    ]

    @Test("exactness errors behind dotted paths name the property and the full path",
          arguments: DecodingPath.allCases, strictCases)
    func exactnessBehindDottedPaths(path: DecodingPath, testCase: SemInvalidCase) throws {
        let error = try #require(adapterError { _ = try path.decode(SemStrict.self, testCase.json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == testCase.propertyKey)
        #expect(error.jsonKeyPath == testCase.jsonKeyPath)
        #expect(error.modelTypeName == "SemStrict")
    }

    @Test("the same values decode on both paths", arguments: DecodingPath.allCases)
    func exactValuesBehindDottedPaths(path: DecodingPath) throws {
        let model = try path.decode(SemStrict.self, #"{"stats": {"count": -3, "small": -128}, "info": {"name": "n"}, "flag": true, "ratio": 0.5, "u": 200}"#)
        #expect(model.count == -3)
        #expect(model.small == -128)
        #expect(model.name == "n")
        #expect(model.flag)
        #expect(model.ratio == 0.5)
        #expect(model.unsigned == 200)
    }

    static let anyValues: [String] = [
        "42", "-1.5", #""text""#, "true", "false", #"[1, "a", null, {"k": []}]"#, #"{"k": {"n": [true]}}"#, "[]", "{}",
    ]

    @Test("`Any` takes any JSON value", arguments: DecodingPath.allCases, anyValues)
    func anyTakesEverything(path: DecodingPath, json: String) throws {
        let model = try path.decode(SemAnyHolder.self, #"{"value": \#(json), "maybe": \#(json)}"#)
        #expect(FoundationJSON.canonical(model.value) == FoundationJSON.canonical(json: json))
        #expect(FoundationJSON.canonical(model.maybe) == FoundationJSON.canonical(json: json))
    }

    @Test("`Any?` takes null as nil; a missing key leaves the default", arguments: DecodingPath.allCases)
    func anyNull(path: DecodingPath) throws {
        let model = try path.decode(SemAnyHolder.self, #"{"maybe": null}"#)
        #expect(model.maybe == nil)
        #expect(model.value as? String == "unset")
    }

    @Test("a Bool NSNumber is not an integer and an integer NSNumber is not a Bool (native dictionaries too)")
    func boolsAndNumbersStayApart() throws {
        // Swift literals, not JSONSerialization output.
        let intFromBool = try #require(adapterError { _ = try JSONAdapter.model(of: SemStrict.self, from: ["stats": ["count": true]]) })
        #expect(intFromBool.code == .invalidValue)
        #expect(intFromBool.jsonKeyPath == "stats.count")
        let boolFromInt = try #require(adapterError { _ = try JSONAdapter.model(of: SemStrict.self, from: ["flag": 1]) })
        #expect(boolFromInt.code == .invalidValue)
        #expect(boolFromInt.propertyKey == "flag")
        let model = try JSONAdapter.model(of: SemStrict.self, from: ["stats": ["count": 5, "small": Int8(-3)], "flag": true,
                                                                     "ratio": 2, "u": UInt8(9)])
        #expect(model.count == 5 && model.small == -3 && model.flag && model.ratio == 2 && model.unsigned == 9)
    }
}
