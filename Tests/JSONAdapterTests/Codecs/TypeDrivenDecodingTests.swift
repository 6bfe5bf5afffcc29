//
//  TypeDrivenDecodingTests.swift
//  Without a transformer, the property's declared type chooses the conversion
//  (README, "JSON"), exact conversions only; `Any` takes any JSON value. Every
//  case runs through a JSONSerialization dictionary and through the JSON bytes.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

private let uuidText = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
private let uuidValue = UUID(uuidString: uuidText)!

@Suite("Type-driven decoding")
struct TypeDrivenDecodingTests {

    static let validCases: [DecodeCase] = [
        // String and Bool
        DecodeCase(#"{"string": "héllo ✓ \"q\" \n"}"#) { $0.string == "héllo ✓ \"q\" \n" },
        DecodeCase(#"{"string": ""}"#) { $0.string == "" },
        DecodeCase(#"{"bool": true}"#) { $0.bool == true },
        DecodeCase(#"{"bool": false, "int": 3}"#) { $0.bool == false && $0.int == 3 },
        // Every integer type, at its limits
        DecodeCase(#"{"int": -42}"#) { $0.int == -42 },
        DecodeCase(#"{"int": 9223372036854775807}"#) { $0.int == Int.max },
        DecodeCase(#"{"int8": -128}"#) { $0.int8 == Int8.min },
        DecodeCase(#"{"int8": 127}"#) { $0.int8 == Int8.max },
        DecodeCase(#"{"int16": -32768}"#) { $0.int16 == Int16.min },
        DecodeCase(#"{"int32": 2147483647}"#) { $0.int32 == Int32.max },
        DecodeCase(#"{"int64": -9223372036854775808}"#) { $0.int64 == Int64.min },
        DecodeCase(#"{"uint": 18446744073709551615}"#) { $0.uint == UInt.max },
        DecodeCase(#"{"uint8": 255}"#) { $0.uint8 == UInt8.max },
        DecodeCase(#"{"uint16": 65535}"#) { $0.uint16 == UInt16.max },
        DecodeCase(#"{"uint32": 4294967295}"#) { $0.uint32 == UInt32.max },
        DecodeCase(#"{"uint64": 18446744073709551615}"#) { $0.uint64 == UInt64.max },
        DecodeCase(#"{"int128": -5}"#) { $0.int128 == -5 },
        DecodeCase(#"{"uint128": 7}"#) { $0.uint128 == 7 },
        // Every floating-point type
        DecodeCase(#"{"double": 3.25}"#) { $0.double == 3.25 },
        DecodeCase(#"{"double": -2}"#) { $0.double == -2 },
        DecodeCase(#"{"double": 1.5e-3}"#) { $0.double == 0.0015 },
        DecodeCase(#"{"float": 1.5}"#) { $0.float == 1.5 },
        DecodeCase(#"{"float16": 0.5}"#) { $0.float16 == 0.5 },
        // URL, UUID, Date
        DecodeCase(#"{"url": "https://example.com/a/b?c=d#e"}"#) { $0.url == URL(string: "https://example.com/a/b?c=d#e") },
        DecodeCase(#"{"uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#) { $0.uuid == uuidValue },
        DecodeCase(#"{"uuid": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}"#) { $0.uuid == uuidValue },
        DecodeCase(#"{"date": "2017-10-10T16:00:00Z"}"#) { $0.date?.timeIntervalSince1970 == 1_507_651_200 },
        DecodeCase(#"{"date": "2017-10-10T16:00:00.250Z"}"#) { $0.date?.timeIntervalSince1970 == 1_507_651_200.25 },
        DecodeCase(#"{"date": "2017-10-10T16:00:00.5Z"}"#) { $0.date?.timeIntervalSince1970 == 1_507_651_200.5 },
        DecodeCase(#"{"plainDate": "1970-01-02T00:00:00Z"}"#) { $0.plainDate.timeIntervalSince1970 == 86_400 },
        DecodeCase(#"{"date": "2017-10-10T18:00:00+02:00"}"#) { $0.date?.timeIntervalSince1970 == 1_507_651_200 },
        // RawRepresentable enums
        DecodeCase(#"{"shade": "green"}"#) { $0.shade == .green },
        DecodeCase(#"{"level": 2}"#) { $0.level == .high },
        DecodeCase(#"{"optionalShade": null}"#) { $0.optionalShade == nil },
        DecodeCase(#"{"optionalShade": "red"}"#) { $0.optionalShade == .red },
        // Nested models
        DecodeCase(#"{"leaf": {"name": "x", "size": 3, "extra": true}}"#) { $0.leaf == ValueModels.Leaf(name: "x", size: 3) },
        DecodeCase(#"{"leaf": {}}"#) { $0.leaf == ValueModels.Leaf() },
        DecodeCase(#"{"optionalLeaf": null}"#) { $0.optionalLeaf == nil },
        DecodeCase(#"{"optionalLeaf": {"name": "o"}}"#) { $0.optionalLeaf == ValueModels.Leaf(name: "o") },
        // Optionals
        DecodeCase(#"{"optionalInt": null}"#) { $0.optionalInt == nil },
        DecodeCase(#"{"optionalInt": 5}"#) { $0.optionalInt == 5 },
        DecodeCase(#"{"url": null, "uuid": null, "date": null}"#) { $0.url == nil && $0.uuid == nil && $0.date == nil },
        // Arrays, Sets, dictionaries of all of these
        DecodeCase(#"{"strings": ["a", "b", "a"]}"#) { $0.strings == ["a", "b", "a"] },
        DecodeCase(#"{"strings": []}"#) { $0.strings.isEmpty },
        DecodeCase(#"{"urls": ["https://a.example", "file:///tmp/x"]}"#) {
            $0.urls == [URL(string: "https://a.example")!, URL(string: "file:///tmp/x")!]
        },
        DecodeCase(#"{"dates": ["2017-10-10T16:00:00Z", "1970-01-01T00:00:00Z"]}"#) {
            $0.dates == [GitHubFixture.date, Date(timeIntervalSince1970: 0)]
        },
        DecodeCase(#"{"dates": null}"#) { $0.dates == nil },
        DecodeCase(#"{"tagSet": ["a", "b", "a"]}"#) { $0.tagSet == ["a", "b"] },
        DecodeCase(#"{"levelSet": [1, 2, 2]}"#) { $0.levelSet == [.low, .high] },
        DecodeCase(#"{"scores": {"a": 1, "b": -2}}"#) { $0.scores == ["a": 1, "b": -2] },
        DecodeCase(#"{"leaves": [{"name": "a"}, {"name": "b", "size": 2}]}"#) {
            $0.leaves == [ValueModels.Leaf(name: "a"), ValueModels.Leaf(name: "b", size: 2)]
        },
        DecodeCase(#"{"leafMap": {"k": {"name": "v", "size": 1}}}"#) { $0.leafMap == ["k": ValueModels.Leaf(name: "v", size: 1)] },
        DecodeCase(#"{"shades": ["red", "blue"]}"#) { $0.shades == [.red, .blue] },
        DecodeCase(#"{"nestedInts": [[1], [], [2, 3]]}"#) { $0.nestedInts == [[1], [], [2, 3]] },
        DecodeCase(#"{"optionalStrings": ["a", null]}"#) { $0.optionalStrings == ["a", nil] },
        DecodeCase(#"{"uuidsByName": {"x": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}}"#) { $0.uuidsByName == ["x": uuidValue] },
        DecodeCase(#"{"uuidsByName": null}"#) { $0.uuidsByName == nil },
    ]

    @Test("a valid JSON value becomes the property's type", arguments: DecodingPath.allCases, validCases)
    func validValue(path: DecodingPath, testCase: DecodeCase) throws {
        let model = try path.decode(ValueModels.EveryType.self, testCase.json)
        #expect(testCase.check(model), "\(model)")
    }

    @Test("an empty object leaves every property at its default", arguments: DecodingPath.allCases)
    func emptyObject(path: DecodingPath) throws {
        #expect(try path.decode(ValueModels.EveryType.self, "{}") == ValueModels.EveryType())
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase(#"{"string": 1}"#, "string", "string"),
        InvalidCase(#"{"string": true}"#, "string", "string"),
        InvalidCase(#"{"string": ["a"]}"#, "string", "string"),
        InvalidCase(#"{"string": null}"#, "string", "string"),
        InvalidCase(#"{"bool": 1}"#, "bool", "bool"),
        InvalidCase(#"{"bool": 0}"#, "bool", "bool"),
        InvalidCase(#"{"bool": "true"}"#, "bool", "bool"),
        InvalidCase(#"{"int": 3.5}"#, "int", "int"),
        InvalidCase(#"{"int": "1"}"#, "int", "int"),
        InvalidCase(#"{"int": true}"#, "int", "int"),
        InvalidCase(#"{"int": null}"#, "int", "int"),
        InvalidCase(#"{"int": 9223372036854775808}"#, "int", "int"),
        InvalidCase(#"{"int8": 300}"#, "int8", "int8"),
        InvalidCase(#"{"int8": -129}"#, "int8", "int8"),
        InvalidCase(#"{"uint8": -1}"#, "uint8", "uint8"),
        InvalidCase(#"{"uint8": 256}"#, "uint8", "uint8"),
        InvalidCase(#"{"uint64": -1}"#, "uint64", "uint64"),
        InvalidCase(#"{"int64": 9223372036854775808}"#, "int64", "int64"),
        InvalidCase(#"{"int32": 1e300}"#, "int32", "int32"),
        InvalidCase(#"{"double": "1.5"}"#, "double", "double"),
        InvalidCase(#"{"double": false}"#, "double", "double"),
        InvalidCase(#"{"url": 5}"#, "url", "url"),
        InvalidCase(#"{"url": ""}"#, "url", "url"),
        InvalidCase(#"{"uuid": "not-a-uuid"}"#, "uuid", "uuid"),
        InvalidCase(#"{"date": "yesterday"}"#, "date", "date"),
        InvalidCase(#"{"date": 1507651200}"#, "date", "date"),
        InvalidCase(#"{"plainDate": null}"#, "plainDate", "plainDate"),
        InvalidCase(#"{"shade": "purple"}"#, "shade", "shade"),
        InvalidCase(#"{"shade": 1}"#, "shade", "shade"),
        InvalidCase(#"{"level": 3}"#, "level", "level"),
        InvalidCase(#"{"level": "1"}"#, "level", "level"),
        InvalidCase(#"{"optionalShade": "purple"}"#, "optionalShade", "optionalShade"),
        InvalidCase(#"{"leaf": 5}"#, "leaf", "leaf"),
        InvalidCase(#"{"leaf": "x"}"#, "leaf", "leaf"),
        InvalidCase(#"{"leaf": [{"name": "x"}]}"#, "leaf", "leaf"),
        InvalidCase(#"{"leaf": null}"#, "leaf", "leaf"),
        InvalidCase(#"{"optionalLeaf": true}"#, "optionalLeaf", "optionalLeaf"),
        InvalidCase(#"{"leaf": {"name": 7}}"#, "leaf", "leaf.name"),
        InvalidCase(#"{"strings": "a"}"#, "strings", "strings"),
        InvalidCase(#"{"strings": ["a", 2]}"#, "strings", "strings[1]"),
        InvalidCase(#"{"strings": [null]}"#, "strings", "strings[0]"),
        InvalidCase(#"{"strings": null}"#, "strings", "strings"),
        InvalidCase(#"{"tagSet": "a"}"#, "tagSet", "tagSet"),
        InvalidCase(#"{"levelSet": [1, 5]}"#, "levelSet", "levelSet[1]"),
        InvalidCase(#"{"scores": {"a": 1, "b": "x"}}"#, "scores", "scores.b"),
        InvalidCase(#"{"scores": [1]}"#, "scores", "scores"),
        InvalidCase(#"{"leaves": [{"name": "x"}, {"size": "big"}]}"#, "leaves", "leaves[1].size"),
        InvalidCase(#"{"leaves": [{"name": "x"}, 3]}"#, "leaves", "leaves[1]"),
        InvalidCase(#"{"leafMap": {"k": {"name": 3}}}"#, "leafMap", "leafMap.k.name"),
        InvalidCase(#"{"nestedInts": [[1], [2, 2.5]]}"#, "nestedInts", "nestedInts[1][1]"),
        InvalidCase(#"{"urls": ["https://a.example", 1]}"#, "urls", "urls[1]"),
        InvalidCase(#"{"uuidsByName": {"x": "nope"}}"#, "uuidsByName", "uuidsByName.x"),
    ]

    @Test("a JSON value that does not fit exactly is .invalidValue with its property and path",
          arguments: DecodingPath.allCases, invalidCases)
    func invalidValue(path: DecodingPath, testCase: InvalidCase) throws {
        let error = try #require(adapterError { _ = try path.decode(ValueModels.EveryType.self, testCase.json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == testCase.propertyKey)
        #expect(error.jsonKeyPath == testCase.jsonKeyPath)
    }

    static let strictCases: [InvalidCase] = [
        InvalidCase(#"{"stats": {"count": 3.5}}"#, "count", "stats.count"),
        InvalidCase(#"{"stats": {"small": 300}}"#, "small", "stats.small"),
        InvalidCase(#"{"info": {"name": 1}}"#, "name", "info.name"),
        InvalidCase(#"{"stats": {"count": "1"}}"#, "count", "stats.count"),
        InvalidCase(#"{"stats": {"count": true}}"#, "count", "stats.count"),
        InvalidCase(#"{"flag": 1}"#, "flag", "flag"),
        InvalidCase(#"{"ratio": "0.5"}"#, "ratio", "ratio"),
        InvalidCase(#"{"u": -1}"#, "unsigned", "u"),
        InvalidCase(#"{"u": 1.5}"#, "unsigned", "u"),
    ]

    @Test("exactness errors behind dotted paths name the property and the full path",
          arguments: DecodingPath.allCases, strictCases)
    func exactnessBehindDottedPaths(path: DecodingPath, testCase: InvalidCase) throws {
        let error = try #require(adapterError { _ = try path.decode(ValueModels.Strict.self, testCase.json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == testCase.propertyKey)
        #expect(error.jsonKeyPath == testCase.jsonKeyPath)
        #expect(error.modelTypeName == "Strict")
    }

    @Test("the same values decode on both paths", arguments: DecodingPath.allCases)
    func exactValuesBehindDottedPaths(path: DecodingPath) throws {
        let model = try path.decode(ValueModels.Strict.self, #"{"stats": {"count": -3, "small": -128}, "info": {"name": "n"}, "flag": true, "ratio": 0.5, "u": 200}"#)
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
        let model = try path.decode(ValueModels.AnyHolder.self, #"{"value": \#(json), "maybe": \#(json)}"#)
        #expect(FoundationJSON.canonical(model.value) == FoundationJSON.canonical(json: json))
        #expect(FoundationJSON.canonical(model.maybe) == FoundationJSON.canonical(json: json))
    }

    @Test("`Any?` takes null as nil; a missing key leaves the default", arguments: DecodingPath.allCases)
    func anyNull(path: DecodingPath) throws {
        let model = try path.decode(ValueModels.AnyHolder.self, #"{"maybe": null}"#)
        #expect(model.maybe == nil)
        #expect(model.value as? String == "unset")
    }

    @Test("a Bool NSNumber is not an integer and an integer NSNumber is not a Bool (native dictionaries too)")
    func boolsAndNumbersStayApart() throws {
        // Swift literals, not JSONSerialization output.
        let intFromBool = try #require(adapterError { _ = try JSONAdapter.model(of: ValueModels.Strict.self, from: ["stats": ["count": true]]) })
        #expect(intFromBool.code == .invalidValue)
        #expect(intFromBool.jsonKeyPath == "stats.count")
        let boolFromInt = try #require(adapterError { _ = try JSONAdapter.model(of: ValueModels.Strict.self, from: ["flag": 1]) })
        #expect(boolFromInt.code == .invalidValue)
        #expect(boolFromInt.propertyKey == "flag")
        let model = try JSONAdapter.model(of: ValueModels.Strict.self, from: ["stats": ["count": 5, "small": Int8(-3)], "flag": true,
                                                                     "ratio": 2, "u": UInt8(9)])
        #expect(model.count == 5 && model.small == -3 && model.flag && model.ratio == 2 && model.unsigned == 9)
    }
}

// MARK: - Models

extension TypeDrivenDecodingTests {
    /// A JSON object that decodes into `EveryType`, and what the model must then hold.
    struct DecodeCase: Sendable, CustomTestStringConvertible {
        let json: String
        let check: @Sendable (ValueModels.EveryType) -> Bool

        init(_ json: String, _ check: @escaping @Sendable (ValueModels.EveryType) -> Bool) {
            self.json = json
            self.check = check
        }

        var testDescription: String { json }
    }

    /// A JSON object that must fail with `.invalidValue` for `propertyKey` at `jsonKeyPath`.
    struct InvalidCase: Sendable, CustomTestStringConvertible {
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
}
