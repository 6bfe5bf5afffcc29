//
//  AnyValueEqualityTests.swift
//  The rule for `==` and `hash(into:)` of `Any` values, as a property: for random JSON, a model with `Any`
//  properties decoded from the bytes and from `JSONSerialization` output is
//  equal on both paths, and equal models hash alike — also after a round trip
//  through encoding.
//

import Foundation
import MantleTestSupport
import Testing
@testable import JSONAdapter

@Suite("Any values: equal across decoding paths, equal hashes (property-based)")
struct AnyValueEqualityTests {
    struct Payload: JSONSerializing {
        var value: Any = NSNull()
        var object: [String: Any] = [:]
        var list: [Any] = []

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "value": "value", "object": "object", "list": "list",
        ]
    }

    /// Random JSON text: nested arrays and objects, every number form JSON has.
    struct Generator {
        var random: SplitMix64

        static let numbers = [
            "0", "-0", "1", "-1", "42", "1.0", "-2.50", "1e2", "1E+2", "100e-2", "0.1", "3.14159", "-0.0",
            "9007199254740993", "9223372036854775807", "-9223372036854775808", "18446744073709551615",
            "1.7976931348623157e308", "5e-324", "123456.789e3", "2.5e-3",
        ]
        static let strings = ["", "a", "é", "😀", "line\\nbreak", "quote\\\"d", "1", "true", "null"]

        mutating func value(depth: Int) -> String {
            switch random.below(depth > 3 ? 4 : 6) {
            case 0: return random.pick(["true", "false", "null"])
            case 1, 2: return random.chance(70) ? random.pick(Self.numbers) : String(Int64(bitPattern: random.next()) >> random.below(64))
            case 3: return "\"" + random.pick(Self.strings) + "\""
            case 4: return array(depth: depth + 1)
            default: return object(depth: depth + 1)
            }
        }

        mutating func array(depth: Int) -> String {
            "[" + (0..<random.below(5)).map { _ in value(depth: depth) }.joined(separator: ",") + "]"
        }

        mutating func object(depth: Int) -> String {
            let keys = Set((0..<random.below(5)).map { _ in random.pick(["a", "b", "c", "key", "é", "x1"]) })
            return "{" + keys.sorted().map { "\"\($0)\":" + value(depth: depth) }.joined(separator: ",") + "}"
        }
    }

    @Test("500 random documents: both paths and init(dictionary:) give == models with equal hashes; so does the round trip")
    func randomDocuments() throws {
        var generator = Generator(random: SplitMix64(seed: "Any values: == and hash"))
        var compared = 0
        for _ in 0..<500 {
            let json = #"{"value": \#(generator.value(depth: 0)), "object": \#(generator.object(depth: 1)), "#
                + #""list": \#(generator.array(depth: 1))}"#
            let fromBytes = try DecodingPath.data.decode(Payload.self, json)
            let fromDictionary = try DecodingPath.dictionary.decode(Payload.self, json)
            #expect(fromBytes == fromDictionary, "\(json)")
            #expect(fromBytes.hashValue == fromDictionary.hashValue, "\(json)")
            // `init(dictionary:)` keeps JSONSerialization's NSNumber, NSString, NSArray and NSDictionary as they are.
            let fromFoundation = try Payload(dictionary: FoundationJSON.object(json))
            #expect(fromFoundation == fromBytes, "\(json)")
            #expect(fromFoundation.hashValue == fromBytes.hashValue, "\(json)")
            let roundTrip = try JSONAdapter.model(of: Payload.self, fromJSONData: JSONAdapter.jsonData(from: fromDictionary))
            #expect(roundTrip == fromBytes, "\(json)")
            #expect(roundTrip.hashValue == fromBytes.hashValue, "\(json)")
            compared += 1
        }
        #expect(compared == 500)
    }

    @Test("a [String: Any] holding [Int] equals the same values decoded back as [Any], with equal hashes",
          arguments: DecodingPath.allCases)
    func typedCollectionsEqualDecoded(path: DecodingPath) throws {
        var built = Payload()
        built.object = ["ids": [1, 2, 3], "names": ["a": "b"], "ratio": 0.5]
        built.list = [[1.5, 2.5], ["x": 1]]
        let json = String(decoding: try JSONAdapter.jsonData(from: built), as: UTF8.self)
        let decoded = try path.decode(Payload.self, json)
        #expect(decoded.object["ids"] is [Any])
        #expect(decoded == built)
        #expect(decoded.hashValue == built.hashValue)
    }
}
