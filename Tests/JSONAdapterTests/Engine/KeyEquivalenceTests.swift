//  A key spelled in another Unicode normalisation (`"cafe\u0301"` for `café`) is found on
//  both decoding paths, as `JSONDecoder` finds it: by model properties (nested paths
//  included), by `Codable` property values, and in dictionaries, where one key spelled
//  twice keeps the last value on both paths.

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Keys in another Unicode normalisation")
struct KeyEquivalenceTests {
    /// Objects spelling the keys `café` and `crème` in both normalisations, raw and escaped.
    static let inputs = [
        "{\"caf\u{E9}\": 1, \"menu\": {\"cr\u{E8}me\": \"x\"}, \"order\": {\"caf\u{E9}\": 2}}",
        "{\"cafe\u{301}\": 1, \"menu\": {\"cre\u{300}me\": \"x\"}, \"order\": {\"cafe\u{301}\": 2}}",
        #"{"cafe\u0301": 1, "menu": {"cre\u0300me": "x"}, "order": {"cafe\u0301": 2}}"#,
        #"{"caf\u00e9": 1, "menu": {"cr\u00e8me": "x"}, "order": {"caf\u00e9": 2}}"#,
    ]

    @Test("both paths find a key in either normalisation, in properties, nested paths and Codable values",
          arguments: DecodingPath.allCases, inputs)
    func found(path: DecodingPath, json: String) throws {
        let model = try path.decode(Café.self, json)
        #expect(model.café == 1)
        #expect(model.crème == "x")
        #expect(model.order == Order(café: 2))
        let oracle = try JSONDecoder().decode(Whole.self, from: Data(json.utf8))
        #expect(oracle.order == model.order)
        #expect(oracle.café == model.café)
    }

    @Test("one key in both normalisations keeps the last value on both paths", arguments: DecodingPath.allCases, [
        (#"{"caf\u00e9": 1, "cafe\u0301": 2, "prices": {"cr\u00e8me": 3, "cre\u0300me": 4}}"#, 2, 4),
        (#"{"cafe\u0301": 2, "x": 0, "caf\u00e9": 1, "prices": {"cre\u0300me": 4, "cr\u00e8me": 3}}"#, 1, 3),
    ])
    func lastWins(path: DecodingPath, input: (String, Int, Int)) throws {
        let model = try path.decode(Café.self, input.0)
        #expect(model.café == input.1)
        #expect(model.prices == ["cr\u{E8}me": input.2])
    }

    @Test("a key the model declares with the Kelvin sign finds the JSON's K, and the other way round",
          arguments: DecodingPath.allCases)
    func kelvin(path: DecodingPath) throws {
        #expect(try path.decode(Kelvin.self, #"{"K": 5}"#).temperature == 5)
        #expect(try path.decode(Kelvin.self, #"{"outer": {"K": 7}}"#).nested == 7)
        #expect(try path.decode(Ascii.self, #"{"\u212a": 6}"#).temperature == 6)
        #expect(try path.decode(Kelvin.self, #"{"reading": {"K": 8}}"#).reading == Reading(kelvin: 8))
        #expect(try JSONDecoder().decode(Reading.self, from: Data(#"{"K": 8}"#.utf8)) == Reading(kelvin: 8))
    }
}

// MARK: - Models

extension KeyEquivalenceTests {
    /// A `Codable` value with a key that is not ASCII.
    struct Order: Codable, Equatable {
        var café: Int
    }

    /// The input as `JSONDecoder` reads it (the oracle).
    struct Whole: Decodable {
        var café: Int?
        var order: Order
    }

    /// Keys that are not ASCII, at the top, in a nested path and inside a `Codable` value.
    struct Café: JSONSerializing {
        var café: Int?
        var crème = ""
        var order = Order(café: 0)
        var prices: [String: Int] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["café": "café", "crème": "menu.crème", "order": "order", "prices": "prices"]
        }
    }

    /// A `Codable` value whose coding key is the Kelvin sign.
    struct Reading: Codable, Equatable {
        var kelvin: Int

        enum CodingKeys: String, CodingKey {
            case kelvin = "\u{212A}"
        }
    }

    /// Keys declared with the Kelvin sign, which is `K`.
    struct Kelvin: JSONSerializing {
        var temperature = 0
        var nested = 0
        var reading = Reading(kelvin: 0)
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["temperature": "\u{212A}", "nested": "outer.\u{212A}", "reading": "reading"]
        }
    }

    /// The key `K`.
    struct Ascii: JSONSerializing {
        var temperature = 0
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["temperature": "K"] }
    }
}
