//
//  JSONDataTests.swift
//  JSON data and 64-bit extremes: UInt64.max and Int64.min survive exactly on
//  both paths; jsonData and model(of:fromJSONData:) accept exactly RFC 8259
//  JSON (UTF-8); nesting deeper than 512 is .invalidJSONData, never a crash;
//  valid JSON whose top level is not an object (for model) or not an array
//  (for models) is .invalidJSONDictionary.
//

import Foundation
import Testing
@testable import JSONAdapter

@Suite("JSON data and 64-bit extremes")
struct JSONDataTests {

    static let extremesJSON = #"{"big": 18446744073709551615, "small": -9223372036854775808, "bigs": [18446744073709551615, 9223372036854775808, 0]}"#

    @Test("UInt64.max and Int64.min decode exactly", arguments: DecodingPath.allCases)
    func extremesDecode(path: DecodingPath) throws {
        let model = try path.decode(Extremes.self, Self.extremesJSON)
        #expect(model.big == UInt64.max)
        #expect(model.small == Int64.min)
        #expect(model.bigs == [UInt64.max, UInt64(Int64.max) + 1, 0])
    }

    @Test("UInt64.max and Int64.min encode exactly and round-trip", arguments: DecodingPath.allCases)
    func extremesEncode(path: DecodingPath) throws {
        var model = Extremes()
        model.big = UInt64.max
        model.small = Int64.min
        model.bigs = [UInt64.max]
        let text = String(decoding: try JSONAdapter.jsonData(from: model), as: UTF8.self)
        #expect(text.contains("18446744073709551615"))
        #expect(text.contains("-9223372036854775808"))
        #expect(!text.contains("e+"))
        #expect(try path.decode(Extremes.self, text) == model)

        let dictionary = try JSONAdapter.jsonDictionary(from: model)
        #expect(try JSONAdapter.model(of: Extremes.self, from: dictionary) == model)
        let viaFoundation = try JSONSerialization.data(withJSONObject: dictionary)
        #expect(try JSONAdapter.model(of: Extremes.self, fromJSONData: viaFoundation) == model)
    }

    static let nonObjects = ["[]", #"[{"id": 1}]"#, #""text""#, "42", "-1.5", "true", "false", "null"]

    @Test("model(of:fromJSONData:) on valid JSON that is not an object is .invalidJSONDictionary",
          arguments: nonObjects)
    func modelOfNonObject(json: String) throws {
        let error = try #require(adapterError {
            _ = try JSONAdapter.model(of: ValueModels.Leaf.self, fromJSONData: Data(json.utf8))
        })
        #expect(error.code == .invalidJSONDictionary)
        #expect((error as NSError).code == 3)
    }

    static let nonArrays = ["{}", #"{"0": {"name": "a"}}"#, #""text""#, "42", "true", "null"]

    @Test("models(of:fromJSONData:) on valid JSON that is not an array is .invalidJSONDictionary",
          arguments: nonArrays)
    func modelsOfNonArray(json: String) throws {
        let error = try #require(adapterError {
            _ = try JSONAdapter.models(of: ValueModels.Leaf.self, fromJSONData: Data(json.utf8))
        })
        #expect(error.code == .invalidJSONDictionary)
    }

    @Test("an array element that is not an object is .invalidJSONDictionary at its index",
          arguments: DecodingPath.allCases)
    func modelsWithNonObjectElement(path: DecodingPath) throws {
        let error = try #require(adapterError {
            _ = try path.decodeArray(ValueModels.Leaf.self, #"[{"name": "a"}, {"name": "b"}, 7]"#)
        })
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.jsonKeyPath == "[2]")
    }

    @Test("an empty array decodes to no models", arguments: DecodingPath.allCases)
    func emptyArray(path: DecodingPath) throws {
        #expect(try path.decodeArray(ValueModels.Leaf.self, "[]").isEmpty)
    }

    static let invalidTexts: [String] = [
        "", " ", "{", "}", #"{"name": }"#, #"{"name": "a",}"#, #"{"name" "a"}"#, "{'name': 'a'}",
        #"{"name": "a"} x"#, #"{"name": "a"}{}"#, #"{"size": 01}"#, #"{"size": +1}"#, #"{"size": .5}"#,
        #"{"size": 1.}"#, #"{"size": NaN}"#, #"{"size": Infinity}"#, #"{"name": "a\q"}"#,
        "{\"name\": \"tab\tinside\"}", #"{"name": "\u12"}"#, #"{"name": tru}"#, #"{"name": nul}"#, "[1,]",
        "/* c */ {}", #"{"name": "unterminated}"#,
    ]

    @Test("text that is not JSON is .invalidJSONData", arguments: invalidTexts)
    func invalidText(json: String) throws {
        let single = try #require(adapterError {
            _ = try JSONAdapter.model(of: ValueModels.Leaf.self, fromJSONData: Data(json.utf8))
        })
        #expect(single.code == .invalidJSONData)
        #expect((single as NSError).code == 6)
        let many = try #require(adapterError {
            _ = try JSONAdapter.models(of: ValueModels.Leaf.self, fromJSONData: Data(json.utf8))
        })
        #expect(many.code == .invalidJSONData)
    }

    static let invalidByteSequences: [[UInt8]] = [
        [0xFF, 0xFE],
        Array(#"{"name": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),   // invalid UTF-8 sequence
        Array(#"{"name": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),  // encoded surrogate
        Array(#"{"name": ""#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8),  // truncated sequence
        [0x7B, 0x00, 0x7D],
    ]

    @Test("bytes that are not UTF-8 JSON are .invalidJSONData", arguments: invalidByteSequences)
    func invalidBytes(bytes: [UInt8]) throws {
        let error = try #require(adapterError {
            _ = try JSONAdapter.model(of: ValueModels.Leaf.self, fromJSONData: Data(bytes))
        })
        #expect(error.code == .invalidJSONData)
    }

    /// `{"value": [[…]]}` with `depth` levels of nesting in all (the outer object included).
    static func nested(depth: Int) -> Data {
        let inner = depth - 1
        return Data((#"{"value": "# + String(repeating: "[", count: inner) + String(repeating: "]", count: inner) + "}").utf8)
    }

    @Test("nesting up to 512 levels is accepted")
    func nestingAtLimit() throws {
        let model = try JSONAdapter.model(of: ValueModels.AnyHolder.self, fromJSONData: Self.nested(depth: 512))
        var depth = 1
        var current: Any = model.value
        while let array = current as? [Any] {
            depth += 1
            guard let first = array.first else { break }
            current = first
        }
        #expect(depth == 512)
    }

    @Test("nesting deeper than 512 is .invalidJSONData, never a crash", arguments: [513, 514, 10_000, 200_000])
    func nestingTooDeep(depth: Int) throws {
        let error = try #require(adapterError {
            _ = try JSONAdapter.model(of: ValueModels.AnyHolder.self, fromJSONData: Self.nested(depth: depth))
        })
        #expect(error.code == .invalidJSONData)
        // Also when the deep value is not read by the mapping.
        let unread = try #require(adapterError {
            _ = try JSONAdapter.model(of: ValueModels.Leaf.self, fromJSONData: Self.nested(depth: depth))
        })
        #expect(unread.code == .invalidJSONData)
        let objects = Data((String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)).utf8)
        let deepObjects = try #require(adapterError {
            _ = try JSONAdapter.model(of: ValueModels.Leaf.self, fromJSONData: objects)
        })
        #expect(deepObjects.code == .invalidJSONData)
    }

    @Test("a UTF-8 byte order mark and surrounding whitespace", arguments: ["\u{FEFF}{}", " \t\r\n{} \n"])
    func whitespace(json: String) throws {
        // RFC 8259 allows whitespace; a BOM "MAY" be ignored. Either way: no crash, and whitespace decodes.
        if json.hasPrefix("\u{FEFF}") {
            do {
                #expect(try JSONAdapter.model(of: ValueModels.Leaf.self, fromJSONData: Data(json.utf8)) == ValueModels.Leaf())
            } catch let error as JSONAdapterError {
                #expect(error.code == .invalidJSONData)
            }
        } else {
            #expect(try JSONAdapter.model(of: ValueModels.Leaf.self, fromJSONData: Data(json.utf8)) == ValueModels.Leaf())
        }
    }

    @Test("escapes and non-ASCII strings decode identically on both paths", arguments: DecodingPath.allCases)
    func escapes(path: DecodingPath) throws {
        let model = try path.decode(ValueModels.Leaf.self, #"{"name": "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00 ✓"}"#)
        #expect(model.name == "a\"b\\c/d\u{8}\u{C}\n\r\té😀 ✓")
    }

    @Test("exponent notation of an integer is that integer; unmapped numbers are ignored",
          arguments: DecodingPath.allCases)
    func exponentNotation(path: DecodingPath) throws {
        let model = try path.decode(ValueModels.Leaf.self, #"{"ignored": 1.7976931348623157e308, "other": -0.0, "name": "n", "size": 100}"#)
        #expect(model.name == "n")
        #expect(model.size == 100)
        #expect(try path.decode(ValueModels.Leaf.self, #"{"name": "n", "size": 1E2}"#).size == 100)
        let error = try #require(adapterError { _ = try path.decode(ValueModels.Leaf.self, #"{"name": "n", "size": 1.5E0}"#) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "size")
    }
}

// MARK: - Models

extension JSONDataTests {
    /// 64-bit extremes.
    struct Extremes: JSONSerializing {
        var big: UInt64 = 0
        var small: Int64 = 0
        var bigs: [UInt64] = []

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["big": "big", "small": "small", "bigs": "bigs"]
    }
}
