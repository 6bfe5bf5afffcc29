//
//  FloatingPointReadingTests.swift
//  Floating-point numbers read as JSONDecoder reads them, on both paths: a
//  nonzero literal that rounds to zero is refused (1e-400 for a Double, 1e-50
//  for a Float), a literal is rounded once to a Float (not through a Double),
//  and 1e400 inside an `Any` value is refused like a Double property's.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Floating-point numbers read as JSONDecoder reads them")
struct FloatingPointReadingTests {
    struct Reading: Codable, Equatable {
        var float: Float = 0
        var double: Double = 0
    }

    struct Numbers: JSONSerializing {
        var float: Float = 0
        var double: Double = 0
        var floats: [Float] = []
        var optional: Float?
        var byName: [String: Float] = [:]
        var level: Level = .low
        var reading: Reading?
        var anything: Any?

        enum Level: Float {
            case low = 1
            case high = 1.0000001
        }

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "float": "float", "double": "double", "floats": "floats", "optional": "optional",
            "byName": "byName", "level": "level", "reading": "reading", "anything": "anything",
        ]

        static func == (lhs: Numbers, rhs: Numbers) -> Bool {
            lhs.float == rhs.float && lhs.double == rhs.double && lhs.floats == rhs.floats
                && lhs.optional == rhs.optional && lhs.byName == rhs.byName && lhs.level == rhs.level
                && lhs.reading == rhs.reading
        }

        func hash(into hasher: inout Hasher) { hasher.combine(float) }
    }

    /// JSONDecoder's reading of the same members.
    struct Oracle: Decodable {
        var float: Float?
        var double: Double?
    }

    /// What JSONDecoder makes of `json`, or `nil` when it refuses it.
    private static func oracle(_ json: String) -> Oracle? {
        try? JSONDecoder().decode(Oracle.self, from: Data(json.utf8))
    }

    // MARK: - Underflow (a nonzero literal that rounds to zero)

    @Test("a nonzero literal that rounds to zero is .invalidValue naming the property and the path",
          arguments: [("double", "1e-400"), ("double", "-2.4e-324"), ("double", "0.1e-330"),
                      ("float", "1e-50"), ("float", "-1e-46"), ("float", "7.006492321624085e-46"),
                      ("float", "1e-400")] as [(String, String)], DecodingPath.allCases)
    func underflowRefused(_ row: (key: String, literal: String), path: DecodingPath) throws {
        if path.goesThroughJSONSerialization && Double(row.literal) == 0 {
            // JSONSerialization itself reads these as 0.0, an ordinary zero by then (the
            // documented exception); the bytes path refuses them.
            return
        }
        let json = #"{"\#(row.key)": \#(row.literal)}"#
        #expect(Self.oracle(json) == nil)
        let error = try #require(adapterError { _ = try path.decode(Numbers.self, json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == row.key)
        #expect(error.jsonKeyPath == row.key)
    }

    @Test("JSONSerialization reads 1e-400 as 0.0, so the dictionary path cannot tell it from 0")
    func serializationLosesUnderflow() throws {
        let object = try FoundationJSON.object(#"{"double": 1e-400}"#)
        #expect(FoundationJSON.number(object["double"]) == 0)
        #expect(try JSONAdapter.model(of: Numbers.self, from: object).double == 0)
    }

    @Test("the dictionary path reads a Double by its shortest text, which decides only at a Float midpoint")
    func dictionaryDoubleByItsText() throws {
        // 2^-150, halfway between 0 and the smallest Float, is the nearest Double of both
        // literals; JSONSerialization keeps only that Double (17 characters or fewer), whose
        // shortest text, 7.006492321624085e-46, lies below the midpoint.
        for literal in ["7.006492321624085e-46", "7.006492321624086e-46"] {
            #expect(Double(literal) == 0x1p-150)
            let error = adapterError { _ = try DecodingPath.dictionary.decode(Numbers.self, #"{"float": \#(literal)}"#) }
            #expect(error?.propertyKey == "float")
        }
        #expect(try DecodingPath.data.decode(Numbers.self, #"{"float": 7.006492321624086e-46}"#).float
                == .leastNonzeroMagnitude)
        // A Swift Double in a dictionary stands for the text JSONSerialization writes for it.
        let midpoint = (1 as Double) + 0x1p-24
        #expect(String(midpoint) == "1.0000000596046448")
        #expect(try JSONAdapter.model(of: Numbers.self, from: ["float": midpoint]).float == Float(String(midpoint)))
        #expect(try JSONAdapter.model(of: Numbers.self, from: ["float": midpoint]).float == 1.0000001)
    }

    @Test("an underflowing literal inside a Codable value, an array, an optional and a dictionary is refused",
          arguments: [
              (#"{"reading": {"float": 0, "double": 1e-400}}"#, "reading.double"),
              (#"{"reading": {"float": 1e-50, "double": 0}}"#, "reading.float"),
              (#"{"floats": [1, 1e-50]}"#, "floats[1]"),
              (#"{"optional": 1e-50}"#, "optional"),
              (#"{"byName": {"a": 1e-60}}"#, "byName.a"),
          ] as [(String, String)], DecodingPath.allCases)
    func underflowInside(_ row: (json: String, path: String), path: DecodingPath) throws {
        if path.goesThroughJSONSerialization && row.json.contains("1e-400") { return }  // 0.0 by JSONSerialization
        let error = try #require(adapterError { _ = try path.decode(Numbers.self, row.json) })
        #expect(error.code == .invalidValue)
        #expect(error.jsonKeyPath == row.path)
    }

    @Test("true zeros and the smallest nonzero values still read", arguments: [
        ("double", "0"), ("double", "-0"), ("double", "-0.0"), ("double", "0e999"), ("double", "0.000e-400"),
        ("double", "5e-324"), ("double", "2.5000000000000001e-324"), ("float", "-0.0"), ("float", "0e-99"),
        ("float", "1.401298464324817e-45"), ("float", "7.0064923216240855e-46"), ("float", "1.1754942e-38"),
    ] as [(String, String)], DecodingPath.allCases)
    func zerosAndSmallest(_ row: (key: String, literal: String), path: DecodingPath) throws {
        let json = #"{"\#(row.key)": \#(row.literal)}"#
        let oracle = try #require(Self.oracle(json), "JSONDecoder reads \(row.literal)")
        let model = try path.decode(Numbers.self, json)
        let (value, expected): (Double, Double) = row.key == "double"
            ? (model.double, try #require(oracle.double)) : (Double(model.float), Double(try #require(oracle.float)))
        #expect(value == expected)
        if path == .data || !row.literal.hasPrefix("-0") || row.literal.contains(".") {
            // JSONSerialization reads `-0` as the integer 0, without a sign.
            #expect(value.sign == expected.sign)
        }
    }

    @Test("overflow stays refused for every floating-point type", arguments: [
        ("double", "1e309"), ("double", "-1.8e308"), ("float", "3.5e38"), ("float", "-1e39"),
        ("float", "340282356779733661637539395458142568448"),
    ] as [(String, String)], DecodingPath.allCases)
    func overflowRefused(_ row: (key: String, literal: String), path: DecodingPath) throws {
        let json = #"{"\#(row.key)": \#(row.literal)}"#
        #expect(Self.oracle(json) == nil)
        if path.goesThroughJSONSerialization && (try? FoundationJSON.object(json)) == nil { return }  // refused as a whole
        #expect(adapterError { _ = try path.decode(Numbers.self, json) }?.propertyKey == row.key)
    }

    // MARK: - Rounded once

    /// Literals near the midpoints between adjacent `Float`s (and near the edges of the
    /// subnormal and overflow ranges), written with 17 to 30 significant digits, above, below
    /// and at the midpoint's nearest `Double`; each with JSONDecoder's `Float` for it.
    static let midpointLiterals: [(literal: String, float: Float)] = {
        var random = SplitMix64(seed: "float midpoints")
        var floats: [Float] = [1, 0.1, 16_777_216, .leastNormalMagnitude, .leastNonzeroMagnitude,
                               .greatestFiniteMagnitude.nextDown, 3.4e38, Float(bitPattern: 0x0001_2345)]
        while floats.count < 200 {
            let bits = UInt32(truncatingIfNeeded: random.next()) & 0x7FFF_FFFF
            let float = Float(bitPattern: bits)
            if float.isFinite && float < .greatestFiniteMagnitude { floats.append(float) }
        }
        var rows: [(String, Float)] = []
        for float in floats {
            let midpoint = (Double(float) + Double(float.nextUp)) / 2
            var texts = [String(midpoint), String(midpoint.nextUp), String(midpoint.nextDown)]
            for digits in [17, 20, 24, 29] {
                texts.append(String(format: "%.\(digits)e", midpoint))
            }
            for text in texts {
                for literal in [text, "-" + text] {
                    guard let expected = try? JSONDecoder().decode([Float].self, from: Data("[\(literal)]".utf8)).first
                    else { continue }
                    rows.append((literal, expected))
                }
            }
        }
        return rows
    }()

    @Test("literals near a Float midpoint are rounded once, as JSONDecoder and Float(String) round them",
          arguments: DecodingPath.allCases)
    func roundedOnce(path: DecodingPath) throws {
        let rows = Self.midpointLiterals
        #expect(rows.count > 2_500)
        for row in rows {
            #expect(Float(row.literal) == row.float, "\(row.literal)")
        }
        let json = #"{"floats": [\#(rows.map(\.literal).joined(separator: ","))]}"#
        let floats = try path.decode(Numbers.self, json).floats
        let wrong = zip(rows, floats).filter { $0.0.float.bitPattern != $0.1.bitPattern }
        #expect(floats.count == rows.count)
        #expect(wrong.isEmpty, "\(wrong.count) of \(rows.count), e.g. \(wrong.prefix(3).map { "\($0.0.literal) → \($0.1)" })")
        // Inside a Codable value too.
        let codable = try path.decode(FloatList.self, #"{"list": \#(json)}"#)
        #expect(codable.list?.floats.map(\.bitPattern) == rows.map(\.float.bitPattern))
    }

    @Test("a property, an optional, a dictionary value, a raw-value enum and a Codable value round once",
          arguments: ["1.0000000596046448", "1.00000005960464477539062500001", "1.0000000596046447"],
          DecodingPath.allCases)
    func roundedOnceEverywhere(literal: String, path: DecodingPath) throws {
        let json = #"{"float": \#(literal), "optional": \#(literal), "byName": {"a": \#(literal)}, "#
            + #""level": \#(literal), "reading": {"float": \#(literal), "double": \#(literal)}}"#
        let expected = try #require(Self.oracle(#"{"float": \#(literal)}"#)?.float)
        let model = try path.decode(Numbers.self, json)
        #expect(model.float == expected)
        #expect(model.optional == expected)
        #expect(model.byName["a"] == expected)
        #expect(model.level.rawValue == expected)
        #expect(model.reading?.float == expected)
        #expect(model.reading?.double == Double(literal))
    }

    // MARK: - Any values

    @Test("1e400 inside an Any value is refused, as for a Double property and by JSONSerialization",
          arguments: [(#"{"anything": 1e400}"#, "anything"), (#"{"anything": [1, {"a": -1e999}]}"#, "anything[1].a")]
              as [(String, String)])
    func anyOverflowRefused(_ row: (json: String, path: String)) throws {
        #expect(FoundationJSON.parsed(Data(row.json.utf8)) == nil)
        let error = try #require(adapterError { _ = try DecodingPath.data.decode(Numbers.self, row.json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "anything")
        #expect(error.jsonKeyPath == row.path)
        // A Swift infinity put in a dictionary is refused too.
        let dictionaryError = try #require(adapterError {
            _ = try JSONAdapter.model(of: Numbers.self, from: ["anything": ["a": Double.infinity]])
        })
        #expect(dictionaryError.code == .invalidValue)
        #expect(dictionaryError.jsonKeyPath == "anything.a")
    }

    @Test("finite numbers inside Any values read alike on both paths", arguments: DecodingPath.allCases)
    func anyFinite(path: DecodingPath) throws {
        let model = try path.decode(Numbers.self, #"{"anything": [1.5, -0.0, 1e308, 12345678901234567890]}"#)
        let values = try #require(model.anything as? [Any])
        #expect(values.count == 4)
        #expect(FoundationJSON.number(values[0]) == 1.5)
        #expect(FoundationJSON.number(values[2]) == 1e308)
    }
}

/// A model holding a `Codable` value with a `[Float]`.
private struct FloatList: JSONSerializing {
    struct List: Codable, Hashable { var floats: [Float] }

    var list: List?

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["list": "list"]
}

#if !(os(macOS) && arch(x86_64))
/// A model with `Float16` values (which need macOS 11 / iOS 14 and are not on macOS x86_64).
@available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
private struct Halves: JSONSerializing {
    struct Reading: Codable, Hashable { var half: Float16 }

    var half: Float16 = 0
    var halves: [Float16] = []
    var reading: Reading?

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["half": "half", "halves": "halves", "reading": "reading"]
}

@Suite("Float16 rounded once from the literal")
struct Float16ReadingTests {
    /// Literals at, just above and just below midpoints between adjacent `Float16`s (the same
    /// `Double` for all three), with the value each must give (`nil`: refused, as infinite or as
    /// a nonzero number that rounds to zero).
    @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
    static func midpointLiterals() -> [(literal: String, half: Float16?)] {
        var random = SplitMix64(seed: "float16 midpoints")
        var lowers: [Float16] = [0, 1, .leastNonzeroMagnitude, .leastNormalMagnitude.nextDown, .greatestFiniteMagnitude]
        while lowers.count < 120 {
            let half = Float16(bitPattern: UInt16(truncatingIfNeeded: random.next()) & 0x7BFF)
            if half < .greatestFiniteMagnitude { lowers.append(half) }
        }
        var rows: [(String, Float16?)] = []
        for lower in lowers {
            let upper = lower.nextUp
            // Above the largest Float16, the threshold from which values round to infinity.
            let midpoint = Double(lower) + Double(lower.ulp) / 2
            // The midpoint's exact decimal digits (at most 22 significant digits, then zeros),
            // and the numbers one unit of the 31st digit above and below it (within the 38 digits of
            // the Decimal JSONSerialization makes of them).
            let exact = String(format: "%.30e", midpoint)
            let parts = exact.split(separator: "e")
            let exponent = "e" + parts[1]
            var digits = Array(parts[0].utf8)
            let above = String(decoding: digits.dropLast() + [UInt8(ascii: "1")], as: UTF8.self) + exponent
            var index = digits.count - 1
            while digits[index] == UInt8(ascii: "0") || digits[index] == UInt8(ascii: ".") {
                if digits[index] == UInt8(ascii: "0") { digits[index] = UInt8(ascii: "9") }
                index -= 1
            }
            digits[index] -= 1
            let below = String(decoding: digits, as: UTF8.self) + exponent
            let tie = Float16(midpoint)  // ties to even
            func accepted(_ value: Float16) -> Float16? { value.isFinite && value != 0 ? value : nil }
            for (literal, expected) in [(below, accepted(lower)), (above, accepted(upper)), (exact, accepted(tie))] {
                #expect(Double(literal) == midpoint, "\(literal)")
                rows.append((literal, expected))
            }
        }
        return rows
    }

    @Test("a literal near a Float16 midpoint is rounded once, on both paths and in Codable values", arguments: DecodingPath.allCases)
    func roundedOnce(path: DecodingPath) throws {
        guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else { return }
        var checked = 0
        for row in Self.midpointLiterals() {
            let json = #"{"half": \#(row.literal), "halves": [\#(row.literal)], "reading": {"half": \#(row.literal)}}"#
            if let expected = row.half {
                let model = try path.decode(Halves.self, json)
                #expect(model.half == expected, "\(row.literal)")
                #expect(model.halves == [expected], "\(row.literal)")
                #expect(model.reading?.half == expected, "\(row.literal)")
            } else {
                #expect(adapterError { _ = try path.decode(Halves.self, json) }?.jsonKeyPath == "half", "\(row.literal)")
                #expect(adapterError { _ = try path.decode(Halves.self, #"{"reading": {"half": \#(row.literal)}}"#) }?
                    .jsonKeyPath == "reading.half", "\(row.literal)")
            }
            checked += 1
        }
        #expect(checked == 360)
    }

    @Test("Float16 refuses what overflows or rounds to zero, where JSONDecoder (through Float) takes 1e-8 as 0",
          arguments: ["65520", "1e5", "1e-8", "-2.9e-8"], DecodingPath.allCases)
    func refused(literal: String, path: DecodingPath) throws {
        guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else { return }
        #expect(adapterError { _ = try path.decode(Halves.self, #"{"half": \#(literal)}"#) }?.propertyKey == "half")
    }

    @Test("Float16 is written as JSONEncoder writes it (the Float its Codable conformance encodes)", arguments: DecodingPath.allCases)
    func written(path: DecodingPath) throws {
        guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else { return }
        var model = Halves()
        model.half = 0.1
        model.halves = [1000, -0.0, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        model.reading = Halves.Reading(half: 0.1)
        struct Twin: Encodable { var half: Float16; var halves: [Float16]; var reading: Halves.Reading? }
        let oracle = try JSONEncoder().encode(Twin(half: model.half, halves: model.halves, reading: model.reading))
        let ours = try JSONAdapter.jsonData(from: model)
        #expect(try jsonScalarDifferences(ours, oracle).isEmpty)
        #expect(String(decoding: ours, as: UTF8.self).contains(#""half":0.099975586"#))
        let dictionaryText = try JSONSerialization.data(withJSONObject: JSONAdapter.jsonDictionary(from: model))
        #expect(try jsonScalarDifferences(dictionaryText, oracle).isEmpty)
        #expect(try path.decode(Halves.self, String(decoding: ours, as: UTF8.self)) == model)
    }
}
#endif
