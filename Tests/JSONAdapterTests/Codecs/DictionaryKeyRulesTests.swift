//
//  DictionaryKeyRulesTests.swift
//  Floating-point dictionary keys follow the rules number values follow (a
//  JSON number's text, in range, rounded once, written as JSONEncoder writes
//  the number), and two object keys that stand for one typed key ("1" and
//  "01" for [Int: _], a UUID in two cases) are refused alike on both paths.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Dictionary keys: numbers by the value rules, collisions refused on both paths")
struct DictionaryKeyRulesTests {
    enum Ratio: Double, Hashable {
        case half = 0.5
        case one = 1
    }

    struct Keyed: JSONSerializing {
        var byDouble: [Double: String] = [:]
        var byFloat: [Float: String] = [:]
        var byRatio: [Ratio: String] = [:]
        var byInt: [Int: String] = [:]
        var byID: [UUID: Int] = [:]
        var lossyByInt: [Int: String] = [:]

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "byDouble": "byDouble", "byFloat": "byFloat", "byRatio": "byRatio", "byInt": "byInt", "byID": "byID",
            "lossyByInt": "lossyByInt",
        ]

        static func jsonLeniency(forKey key: String) -> JSONLeniency? {
            key == "lossyByInt" ? .lossyCollections : nil
        }
    }

    @Test("a floating-point key must be a JSON number a value of the type could be", arguments: [
        ("byDouble", "nan"), ("byDouble", "inf"), ("byDouble", "-infinity"), ("byDouble", "0x1p3"), ("byDouble", "1e400"),
        ("byDouble", "+1"), ("byDouble", "01"), ("byDouble", " 1"), ("byDouble", "1."), ("byDouble", "-"),
        ("byDouble", "1e-400"), ("byFloat", "1e39"), ("byFloat", "1e-50"), ("byRatio", "0.25"), ("byRatio", "nan"),
    ] as [(String, String)], DecodingPath.allCases)
    func refusedKeys(_ row: (property: String, key: String), path: DecodingPath) throws {
        let json = #"{"\#(row.property)": {"\#(row.key)": "x"}}"#
        let error = try #require(adapterError { _ = try path.decode(Keyed.self, json) })
        #expect(error.code == .invalidValue)
        #expect(error.jsonKeyPath == "\(row.property).\(row.key)")
    }

    @Test("number keys read as number values do", arguments: DecodingPath.allCases)
    func acceptedKeys(path: DecodingPath) throws {
        let model = try path.decode(Keyed.self, #"""
            {"byDouble": {"1.5": "a", "-0": "b", "1e2": "c", "2E-1": "d", "5e-324": "e"},
             "byFloat": {"1.0000000596046448": "f", "3.4028235e38": "g"}, "byRatio": {"0.5": "h", "1": "i"}}
            """#)
        #expect(model.byDouble == [1.5: "a", 0: "b", 100: "c", 0.2: "d", .leastNonzeroMagnitude: "e"])
        #expect(model.byFloat == [1.0000001: "f", .greatestFiniteMagnitude: "g"])
        #expect(model.byRatio == [.half: "h", .one: "i"])
    }

    @Test("number keys are written as JSONEncoder writes the numbers, and read back", arguments: DecodingPath.allCases)
    func writtenKeys(path: DecodingPath) throws {
        var model = Keyed()
        model.byDouble = [1_000_000: "a", -0.0: "b", 0.1: "c", 1e21: "d", 1e-7: "e"]
        model.byFloat = [1.0000001: "f", 16_777_216: "g"]
        model.byRatio = [.one: "h"]
        let data = try JSONAdapter.jsonData(from: model)
        let text = String(decoding: data, as: UTF8.self)
        for key in ["1000000", "-0", "0.1", "1e+21", "1e-07", "1.0000001", "16777216"] {
            #expect(text.contains(#""\#(key)":"#), "\(key) in \(text)")
        }
        #expect(text.contains(#""byRatio":{"1":"h"}"#))
        #expect(try JSONAdapter.model(of: Keyed.self, fromJSONData: data) == model)
        #expect(try path.decode(Keyed.self, text) == model)
    }

    @Test("a NaN or infinite key has no JSON form, on both encoders")
    func nonFiniteKeys() throws {
        var model = Keyed()
        model.byDouble = [.infinity: "a"]
        #expect(adapterError { _ = try JSONAdapter.jsonData(from: model) }?.code == .invalidValue)
        #expect(adapterError { _ = try JSONAdapter.jsonDictionary(from: model) }?.code == .invalidValue)
    }

    @Test("two object keys that stand for one typed key are refused alike on both paths", arguments: [
        (#"{"byInt": {"1": "a", "01": "b"}}"#, "byInt.01", #""01" and "1""#),
        (#"{"byInt": {"01": "b", "1": "a", "2": "c"}}"#, "byInt.01", #""01" and "1""#),
        (#"{"byInt": {"+7": "a", "7": "b", "007": "c"}}"#, "byInt.+7", #""+7" and "007""#),
        (#"{"byDouble": {"1": "a", "1.0": "b", "1e0": "c"}}"#, "byDouble.1", #""1" and "1.0""#),
        (#"{"lossyByInt": {"1": "a", "01": "b"}}"#, "lossyByInt.01", #""01" and "1""#),
        (#"{"byID": {"6BA7B810-9DAD-11D1-80B4-00C04FD430C8": 1, "6ba7b810-9dad-11d1-80b4-00c04fd430c8": 2}}"#,
         "byID.6BA7B810-9DAD-11D1-80B4-00C04FD430C8", #""6BA7B810-9DAD-11D1-80B4-00C04FD430C8" and"#),
    ] as [(String, String, String)])
    func collisions(_ row: (json: String, path: String, keys: String)) throws {
        var descriptions: Set<String> = []
        for path in DecodingPath.allCases {
            // Dictionaries of several sizes iterate in several orders; the error is the same.
            for padding in 0..<8 {
                var object = try FoundationJSON.object(row.json)
                for index in 0..<padding { object["unmapped\(index)"] = index }
                let error = try #require(adapterError {
                    if path == .dictionary {
                        _ = try JSONAdapter.model(of: Keyed.self, from: object)
                    } else {
                        _ = try JSONAdapter.model(of: Keyed.self, fromJSONData: JSONSerialization.data(withJSONObject: object))
                    }
                })
                #expect(error.code == .invalidValue)
                #expect(error.jsonKeyPath == row.path, "\(path)")
                #expect(error.description.contains(row.keys), "\(error)")
                descriptions.insert(error.description)
            }
        }
        #expect(descriptions.count == 1, "\(descriptions)")
    }

    @Test("a key repeated with the same text keeps the last value on the bytes path, as JSONSerialization does")
    func repeatedKey() throws {
        let json = #"{"byInt": {"1": "a", "2": "b", "1": "c"}}"#
        #expect(try DecodingPath.data.decode(Keyed.self, json).byInt == [1: "c", 2: "b"])
        #expect(try DecodingPath.dictionary.decode(Keyed.self, json).byInt == [1: "c", 2: "b"])
    }
}
