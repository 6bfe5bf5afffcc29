//
//  ArrayElementTests.swift
//  Array elements decoded without a leniency report (ArrayCodec appends the
//  ones that decode directly, and passes a failing one through the element
//  handling that a report uses): a failure names its index at every depth,
//  a lossy collection still leaves it out, and the non-generic scalar codecs
//  (Int, Double, Float, and ScalarArrayCodec's arrays of them and of String)
//  keep their rules inside arrays, on both paths.
//

import Foundation
import Testing
@testable import JSONAdapter

@Suite("Array elements without a leniency report")
struct ArrayElementTests {
    struct Values: JSONSerializing {
        var doubles: [Double] = []
        var floats: [Float] = []
        var matrix: [[Int]] = []
        var items: [Item] = []
        var ints: [Int] = []
        var strings: [String] = []

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "doubles": "doubles", "floats": "floats", "matrix": "matrix", "items": "items", "ints": "ints",
            "strings": "strings",
        ]
    }

    struct Item: JSONSerializing {
        var id = 0

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id"]
    }

    struct Lossy: JSONSerializing {
        var numbers: [Int] = []
        var matrix: [[Double]] = []

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["numbers": "numbers", "matrix": "matrix"]

        static func jsonLeniency(forKey key: String) -> JSONLeniency? { .lossyCollections }
    }

    @Test("elements that decode are all kept, in order", arguments: DecodingPath.allCases)
    func decodes(path: DecodingPath) throws {
        let values = try path.decode(Values.self, #"""
            {"doubles": [1.5, -0.0, 2, 5e-324], "floats": [0.1, -65.613616999999977, 3],
             "matrix": [[1, 2.0], [], [3e0]], "items": [{"id": 1}, {"id": 2}],
             "ints": [-1, 1e2, 9007199254740993], "strings": ["a", "", "é\u0041"]}
            """#)
        #expect(values.doubles == [1.5, -0.0, 2, .leastNonzeroMagnitude])
        #expect(values.doubles[1].sign == .minus)
        #expect(values.floats == [Float(0.1), Float(-65.613616999999977), 3])
        #expect(values.matrix == [[1, 2], [], [3]])
        #expect(values.items.map(\.id) == [1, 2])
        #expect(values.ints == [-1, 100, 9_007_199_254_740_993])
        #expect(values.strings == ["a", "", "éA"])
    }

    @Test("a failing element names its index, at any depth", arguments: [
        (#"{"doubles": [1.5, "x", 2]}"#, "doubles", "doubles[1]"),
        (#"{"floats": [1, 2, 1e39]}"#, "floats", "floats[2]"),
        (#"{"matrix": [[1], [2, 3.5]]}"#, "matrix", "matrix[1][1]"),
        (#"{"items": [{"id": 1}, {"id": "2"}]}"#, "items", "items[1].id"),
        (#"{"doubles": 1.5}"#, "doubles", "doubles"),
        (#"{"ints": [1, 2.5]}"#, "ints", "ints[1]"),
        (#"{"ints": [1, null]}"#, "ints", "ints[1]"),
        (#"{"strings": ["a", 1]}"#, "strings", "strings[1]"),
        (#"{"strings": {"a": "b"}}"#, "strings", "strings"),
    ], DecodingPath.allCases)
    func failure(_ row: (json: String, property: String, keyPath: String), path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(Values.self, row.json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == row.property)
        #expect(error.jsonKeyPath == row.keyPath)
    }

    @Test("a lossy collection leaves failing elements out without a report", arguments: DecodingPath.allCases)
    func lossy(path: DecodingPath) throws {
        let lossy = try path.decode(Lossy.self, #"{"numbers": [1, "x", 3, 4.5], "matrix": [[1, null], "y", [2.5]]}"#)
        #expect(lossy.numbers == [1, 3])
        #expect(lossy.matrix == [[1], [2.5]])
    }
}
