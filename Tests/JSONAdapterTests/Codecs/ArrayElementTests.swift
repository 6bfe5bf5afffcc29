//
//  ArrayElementTests.swift
//  Array elements decoded without a leniency report (ArrayCodec appends the
//  ones that decode directly, and passes a failing one through the element
//  handling that a report uses): a failure names its index at every depth,
//  a lossy collection still leaves it out, and the non-generic scalar codecs
//  (Int, Double, Float, and ScalarArrayCodec's arrays of them and of String)
//  keep their rules inside arrays, on both paths, and write their JSON bytes
//  as JSONEncoder does, a failing element named by its index.
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

    /// `Values`'s `Codable` twin, for `JSONEncoder`'s bytes.
    struct Twin: Encodable {
        struct Item: Encodable { var id: Int }
        var doubles: [Double], floats: [Float], matrix: [[Int]], items: [Item], ints: [Int], strings: [String]
    }

    @Test("arrays of scalars are written byte for byte as JSONEncoder writes them")
    func writes() throws {
        var values = Values()
        values.doubles = [1.5, -0.0, 1_000_000, 0.1, .leastNonzeroMagnitude, -.greatestFiniteMagnitude]
        values.floats = [0.1, -65.613617, 3, .leastNonzeroMagnitude]
        values.matrix = [[1, -2], [], [.min, .max]]
        values.items = [Item(id: 1), Item(id: 2)]
        values.ints = [0, -1, .max]
        values.strings = ["a", "", "é\"/\u{1}</"]
        let twin = Twin(doubles: values.doubles, floats: values.floats, matrix: values.matrix,
                        items: values.items.map { Twin.Item(id: $0.id) }, ints: values.ints, strings: values.strings)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = try encoder.encode(twin)
        let written = try JSONAdapter.jsonData(from: values, options: .outputFormatting(.sortedKeys))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test("an element that cannot be written names its index, on both encoding paths", arguments: [
        ("doubles", "doubles[2]"), ("floats", "floats[1]"),
    ], DecodingPath.allCases)
    func unwritable(_ row: (property: String, keyPath: String), path: DecodingPath) throws {
        var values = Values()
        if row.property == "doubles" { values.doubles = [1, 2, .nan] } else { values.floats = [1, .infinity] }
        let error = try #require(adapterError { _ = try path.encode(values) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == row.property)
        #expect(error.jsonKeyPath == row.keyPath)
    }
}
