//
//  NumberRoundTripTests.swift
//  Numbers written exactly as JSONEncoder writes them, on both encoders
//  (jsonData, and jsonDictionary through JSONSerialization), and read back
//  exactly on both paths: Doubles and Floats (1000000, -0), Decimals longer
//  than Decimal keeps and Decimal's extremes, 128-bit integers in
//  dictionaries JSONSerialization can write, UInt128.max + 1 refused.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Numbers written as JSONEncoder writes them and read back exactly")
struct NumberRoundTripTests {
    struct Point: Codable, Hashable {
        var x: Double
        var y: Float
        var amount: Decimal
    }

    struct Numbers: JSONSerializing {
        var double = 0.0
        var float: Float = 0
        var doubles: [Double] = []
        var floats: [Float] = []
        var decimal: Decimal = 0
        var point: Point?
        var anything: Any?

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "double": "double", "float": "float", "doubles": "doubles", "floats": "floats", "decimal": "decimal",
            "point": "point", "anything": "anything",
        ]

        static func == (lhs: Numbers, rhs: Numbers) -> Bool {
            lhs.double == rhs.double && lhs.float == rhs.float && lhs.doubles == rhs.doubles && lhs.floats == rhs.floats
                && lhs.decimal == rhs.decimal && lhs.point == rhs.point
        }

        func hash(into hasher: inout Hasher) { hasher.combine(double) }
    }

    /// `Numbers` as `JSONEncoder` writes it (the oracle).
    struct Twin: Codable {
        var double: Double
        var float: Float
        var doubles: [Double]
        var floats: [Float]
        var decimal: Decimal
        var point: Point?
        var anything: Double?
    }

    static let edgeDoubles: [Double] = [
        1_000_000, -0.0, 0, 1, -1, 0.1, 1e21, 1e-7, 1e16, 1e15, 9_007_199_254_740_992, 123_456.789, 1e-5, 1e-4,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, .pi,
        0.30000000000000004, 4_503_599_627_370_496.5, 1.2345678901234568e20, -1e-300, 65_520,
    ]
    static let edgeFloats: [Float] = [
        1_000_000, -0.0, 0, 0.1, 1e21, 1e-7, 16_777_216, 16_777_218, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        .leastNormalMagnitude, 1.0000001, 3.4e38, 1e10,
    ]

    /// The pairs of a model and its twin: the edge values, then random ones.
    static func instances() -> [(Numbers, Twin)] {
        var random = SplitMix64(seed: "number round trips")
        var pairs: [(Numbers, Twin)] = []
        for index in 0..<60 {
            let double: Double
            let float: Float
            if index < edgeDoubles.count {
                double = edgeDoubles[index]
                float = edgeFloats[index % edgeFloats.count]
            } else {
                var d: Double
                repeat { d = Double(bitPattern: random.next()) } while !d.isFinite
                // Every other one integral, where the `.0` rule applies.
                double = index.isMultiple(of: 2) ? d.truncatingRemainder(dividingBy: 1e17).rounded(.towardZero) : d
                var f: Float
                repeat { f = Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) } while !f.isFinite
                float = f
            }
            var model = Numbers()
            model.double = double
            model.float = float
            model.doubles = [double, -double, double / 3]
            model.floats = [float, -float]
            model.decimal = Decimal(string: "\(Int64(truncatingIfNeeded: random.next()) % 1_000_000_000).\(random.below(1000))") ?? 0
            model.point = Point(x: double, y: float, amount: model.decimal)
            model.anything = double
            pairs.append((model, Twin(double: double, float: float, doubles: model.doubles, floats: model.floats,
                                      decimal: model.decimal, point: model.point, anything: double)))
        }
        return pairs
    }

    /// What `JSONEncoder` writes for `twin`.
    static func encoderData(_ twin: some Encodable) throws -> Data {
        try JSONEncoder().encode(twin)
    }

    @Test("every Double and Float is written as JSONEncoder writes it, on both encoders", arguments: ["jsonData", "jsonDictionary"])
    func writtenAsJSONEncoderWrites(encoder: String) throws {
        var compared = 0
        for (model, twin) in Self.instances() {
            let ours = encoder == "jsonData"
                ? try JSONAdapter.jsonData(from: model)
                : try JSONSerialization.data(withJSONObject: JSONAdapter.jsonDictionary(from: model))
            let differences = try jsonScalarDifferences(ours, Self.encoderData(twin))
            #expect(differences.isEmpty, "\(model.double), \(model.float): \(differences)")
            compared += 1
        }
        #expect(compared == 60)
        #expect(String(decoding: try JSONAdapter.jsonData(from: Self.instances()[0].0), as: UTF8.self)
            .contains(#""double":1000000,"#))
    }

    @Test("what either encoder wrote reads back as the same numbers on both paths", arguments: DecodingPath.allCases)
    func readBack(path: DecodingPath) throws {
        for (model, _) in Self.instances() {
            for data in [try JSONAdapter.jsonData(from: model),
                         try JSONSerialization.data(withJSONObject: JSONAdapter.jsonDictionary(from: model))] {
                let read = try path.decode(Numbers.self, String(decoding: data, as: UTF8.self))
                #expect(read == model, "\(model.double), \(model.float)")
                if path == .data {
                    // `-0` keeps its sign on the bytes path (JSONSerialization reads it as the integer 0).
                    #expect(read.double.sign == model.double.sign && read.float.sign == model.float.sign)
                }
                // And as JSONDecoder reads it.
                let twin = try JSONDecoder().decode(Twin.self, from: data)
                #expect(twin.double == model.double && twin.float == model.float && twin.point == model.point)
            }
        }
    }

    // MARK: - Decimal

    struct Amounts: JSONSerializing {
        var amount: Decimal = 0
        var amounts: [Decimal] = []
        var point: Point?

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["amount": "amount", "amounts": "amounts", "point": "point"]
    }

    struct AmountsTwin: Codable, Equatable {
        var amount: Decimal
        var amounts: [Decimal]
        var point: Point?
    }

    static let extremeDecimals: [Decimal] = [
        Decimal(string: "3.14159265358979323846264338327950288419", locale: nil) ?? 0,  // 39 digits
        Decimal.greatestFiniteMagnitude, -Decimal.greatestFiniteMagnitude, Decimal.leastNonzeroMagnitude,
        Decimal(string: "340282366920938463463374607431768211455", locale: nil) ?? 0,
        Decimal(string: "-0.000000000000000000000000000000000000001", locale: nil) ?? 0, 0, 1_000_000,
    ]

    @Test("Decimals of up to 39 digits and Decimal's extremes round-trip on both paths, as with JSONEncoder/JSONDecoder",
          arguments: extremeDecimals)
    func decimalRoundTrip(decimal: Decimal) throws {
        var model = Amounts()
        model.amount = decimal
        model.amounts = [decimal, -decimal]
        model.point = Point(x: 1, y: 2, amount: decimal)
        let twin = AmountsTwin(amount: decimal, amounts: model.amounts, point: model.point)
        let oracle = try JSONEncoder().encode(twin)
        #expect(try JSONDecoder().decode(AmountsTwin.self, from: oracle) == twin)
        let data = try JSONAdapter.jsonData(from: model)
        #expect(try jsonScalarDifferences(data, oracle).isEmpty)
        let dictionaryText = try JSONSerialization.data(withJSONObject: JSONAdapter.jsonDictionary(from: model))
        #expect(try jsonScalarDifferences(dictionaryText, oracle).isEmpty)
        for path in DecodingPath.allCases {
            #expect(try path.decode(Amounts.self, String(decoding: data, as: UTF8.self)) == model, "\(path)")
            #expect(try path.decode(Amounts.self, String(decoding: oracle, as: UTF8.self)) == model, "\(path)")
        }
        #expect(try JSONAdapter.model(of: Amounts.self, from: JSONAdapter.jsonDictionary(from: model)) == model)
    }

    @Test("a literal with more digits than Decimal keeps reads as Decimal(string:) and JSONDecoder read it, on both paths",
          arguments: [
              "123456789012345678901234567890123456789012345", "0.123456789012345678901234567890123456789012345",
              "99999999999999999999999999999999999999999", "1.00000000000000000000000000000000000000000000000000001",
              "340282366920938463463374607431768211456", "-3.141592653589793238462643383279502884197169399375",
              "1e127", "1e-128", "12345678901234567890123456789012345678.9e-100",
          ], DecodingPath.allCases)
    func longDecimalLiterals(literal: String, path: DecodingPath) throws {
        let expected = try #require(Decimal(string: literal, locale: nil))
        let json = #"{"amount": \#(literal), "amounts": [\#(literal)], "point": {"x": 0, "y": 0, "amount": \#(literal)}}"#
        #expect(try JSONDecoder().decode(AmountsTwin.self, from: Data(json.utf8)).amount == expected)
        let model = try path.decode(Amounts.self, json)
        #expect(model.amount == expected)
        #expect(model.amounts == [expected])
        #expect(model.point?.amount == expected)
    }

    @Test("a literal whose exponent Decimal cannot hold is refused, as JSONDecoder refuses it",
          arguments: ["1e200", "-1e128", "1e-200", "1e400", "1e-400"], DecodingPath.allCases)
    func decimalOutOfRange(literal: String, path: DecodingPath) throws {
        let json = #"{"amount": \#(literal)}"#
        struct Oracle: Decodable { var amount: Decimal }
        #expect((try? JSONDecoder().decode(Oracle.self, from: Data(json.utf8))) == nil)
        if path.goesThroughJSONSerialization && (literal == "1e-400" || FoundationJSON.parsed(Data(json.utf8)) == nil) {
            return  // 0.0 to JSONSerialization, or refused by it as a whole
        }
        #expect(adapterError { _ = try path.decode(Amounts.self, json) }?.propertyKey == "amount")
    }
}

// MARK: - 128-bit integers

/// A model with 128-bit integers (which need macOS 15 / iOS 18 on Apple platforms).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private struct Wide: JSONSerializing {
    var signed: Int128 = 0
    var unsigned: UInt128 = 0
    var values: Values?

    struct Values: Codable, Hashable {
        var signed: Int128
        var unsigned: UInt128
    }

    /// `Wide` as `JSONEncoder` writes it.
    struct Twin: Codable {
        var signed: Int128
        var unsigned: UInt128
        var values: Values?
    }

    /// JSONDecoder's reading of either member.
    struct Oracle: Decodable {
        var signed: Int128?
        var unsigned: UInt128?
    }

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["signed": "signed", "unsigned": "unsigned", "values": "values"]
}

@Suite("128-bit integers in dictionaries and at the edges")
struct WideIntegerRoundTripTests {
    @Test("jsonDictionary holds what JSONSerialization can write, and reads back exactly", arguments: [
        ("170141183460469231731687303715884105727", "340282366920938463463374607431768211455"),
        ("-170141183460469231731687303715884105728", "18446744073709551616"),
        ("-9223372036854775809", "0"), ("-1", "1"),
    ] as [(String, String)])
    func dictionaries(_ pair: (signed: String, unsigned: String)) throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        var model = Wide()
        model.signed = try #require(Int128(pair.signed))
        model.unsigned = try #require(UInt128(pair.unsigned))
        model.values = Wide.Values(signed: model.signed, unsigned: model.unsigned)
        let dictionary = try JSONAdapter.jsonDictionary(from: model)
        #expect(JSONSerialization.isValidJSONObject(dictionary))
        let text = try JSONSerialization.data(withJSONObject: dictionary)
        let oracle = try JSONEncoder().encode(Wide.Twin(signed: model.signed, unsigned: model.unsigned, values: model.values))
        #expect(try jsonScalarDifferences(text, oracle).isEmpty)
        #expect(try jsonScalarDifferences(JSONAdapter.jsonData(from: model), oracle).isEmpty)
        #expect(try JSONAdapter.model(of: Wide.self, from: dictionary) == model)
        for path in DecodingPath.allCases {
            #expect(try path.decode(Wide.self, String(decoding: text, as: UTF8.self)) == model, "\(path)")
        }
    }

    @Test("values beyond the type are refused on both paths, as JSONDecoder refuses them", arguments: [
        ("unsigned", "340282366920938463463374607431768211456"), ("unsigned", "340282366920938463463374607431768211459"),
        ("unsigned", "3402823669209384634633746074317682114560"), ("unsigned", "-1"),
        ("signed", "170141183460469231731687303715884105728"), ("signed", "-170141183460469231731687303715884105729"),
    ] as [(String, String)], DecodingPath.allCases)
    func outOfRange(_ row: (key: String, literal: String), path: DecodingPath) throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let json = #"{"\#(row.key)": \#(row.literal)}"#
        #expect((try? JSONDecoder().decode(Wide.Oracle.self, from: Data(json.utf8))) == nil)
        let error = try #require(adapterError { _ = try path.decode(Wide.self, json) })
        #expect(error.code == .invalidValue)
        #expect(error.jsonKeyPath == row.key)
    }

    @Test("JSONSerialization cuts a 39-digit integer past UInt128.max to 38 digits, so that value is refused from dictionaries")
    func cutIntegerFromDictionaries() throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let json = #"{"unsigned": 340282366920938463463374607431768211450}"#
        // The same Decimal as UInt128.max + 1 gives (…1456 cut to …1450): the dictionary path
        // cannot tell them apart and refuses both; the bytes path reads the literal's digits.
        #expect(try DecodingPath.data.decode(Wide.self, json).unsigned == UInt128.max - 5)
        #expect(adapterError { _ = try DecodingPath.dictionary.decode(Wide.self, json) }?.jsonKeyPath == "unsigned")
    }
}
