//
//  NumberRulesTests.swift
//  Numbers as JSONDecoder reads them — integer properties
//  take any number whose value is exactly an integer in range, `-0.0` keeps
//  its sign, and a Decimal given for a Double converts to the nearest Double.
//

import Foundation
import Testing
@testable import JSONAdapter

@Suite("Numbers as JSONDecoder reads them")
struct NumberRulesTests {
    struct Numbers: JSONSerializing {
        var int = -1
        var int8: Int8 = -1
        var uint8: UInt8 = 0
        var double = 1.0
        var float: Float = 1

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "int": "int", "int8": "int8", "uint8": "uint8", "double": "double", "float": "float",
        ]
    }

    /// JSONDecoder's reading of one `Int`, the oracle.
    struct Oracle: Decodable {
        var int: Int
    }

    /// The same property through a typed transformer closure.
    struct Transformed: JSONSerializing {
        var count = ""

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["count": "count"]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            JSONValueTransformer(forward: { (number: Int) in "#\(number)" })
        }
    }

    @Test("a zero with an exponent beyond 32 bits is 0 for integer and floating properties; Decimal refuses it as JSONDecoder does",
          arguments: ["0e99999999999", "0.0e-99999999999"])
    func zeroWithHugeExponent(literal: String) throws {
        let json = Data(#"{"int": \#(literal), "double": \#(literal)}"#.utf8)
        let model = try JSONAdapter.model(of: Numbers.self, fromJSONData: json)
        #expect(model.int == 0 && model.double == 0)
        // Decimal: read as Decimal(string:) and JSONDecoder read it, which refuse the exponent
        // whatever the digits (checked against JSONDecoder on Linux).
        #expect(DecimalCodec.decimal(fromLiteral: literal) == nil)
        #expect(DecimalCodec.decimal(fromLiteral: literal.replacingOccurrences(of: "0e", with: "1e")) == nil)
    }

    @Test("integral numbers written with a fraction or an exponent go into Int, as JSONDecoder takes them",
          arguments: [
              ("5.0", 5), ("1e2", 100), ("100e-2", 1), ("1E+2", 100), ("0.1e1", 1), ("1.5e1", 15), ("-0.0", 0),
              ("-2.000", -2), ("9007199254740993.0", 9_007_199_254_740_993), ("4294967296e0", 4_294_967_296),
          ] as [(String, Int)], DecodingPath.allCases)
    func integralIntoInt(_ pair: (literal: String, expected: Int), path: DecodingPath) throws {
        let json = #"{"int": \#(pair.literal)}"#
        #expect(try path.decode(Numbers.self, json).int == pair.expected)
        #expect(try JSONDecoder().decode(Oracle.self, from: Data(json.utf8)).int == pair.expected)
    }

    @Test("fractions, infinities and values out of range stay .invalidValue, as JSONDecoder refuses them",
          arguments: ["3.5", "-0.5", "1.05e1", "9.2233720368547759e18", "1e19", "-9223372036854775809"], DecodingPath.allCases)
    func nonIntegersRefused(literal: String, path: DecodingPath) throws {
        let json = #"{"int": \#(literal)}"#
        let error = try #require(adapterError { _ = try path.decode(Numbers.self, json) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "int")
        #expect(error.jsonKeyPath == "int")
        #expect((try? JSONDecoder().decode(Oracle.self, from: Data(json.utf8))) == nil)
    }

    @Test("1e400 is refused: .invalidValue on the bytes path (JSONSerialization refuses the whole text)")
    func hugeExponent() throws {
        let error = try #require(adapterError { _ = try DecodingPath.data.decode(Numbers.self, #"{"int": 1e400}"#) })
        #expect(error.code == .invalidValue)
        #expect(error.description.contains("found number 1e400"))
        #expect(adapterError { _ = try JSONAdapter.model(of: Numbers.self, from: ["int": Double.infinity]) }?.code
                == .invalidValue)
    }

    @Test("the range is the property's own", arguments: [
        ("int8", "127.0", true), ("int8", "128.0", false), ("int8", "-1.28e2", true), ("int8", "-129e0", false),
        ("uint8", "2.55e2", true), ("uint8", "-1.0", false), ("uint8", "-0.0", true),
    ] as [(String, String, Bool)], DecodingPath.allCases)
    func ranges(_ row: (key: String, literal: String, fits: Bool), path: DecodingPath) throws {
        let json = #"{"\#(row.key)": \#(row.literal)}"#
        if row.fits {
            let model = try path.decode(Numbers.self, json)
            #expect(model.int8 != -1 || model.uint8 != 0 || row.literal.hasPrefix("-0"))
        } else {
            #expect(adapterError { _ = try path.decode(Numbers.self, json) }?.propertyKey == row.key)
        }
    }

    @Test("typed transformer closures take the same integral numbers, on both paths",
          arguments: [("5.0", "#5"), ("1e2", "#100"), ("7", "#7")] as [(String, String)], DecodingPath.allCases)
    func typedClosures(_ pair: (literal: String, expected: String), path: DecodingPath) throws {
        #expect(try path.decode(Transformed.self, #"{"count": \#(pair.literal)}"#).count == pair.expected)
    }

    @Test("a typed closure refuses a fraction", arguments: DecodingPath.allCases)
    func typedClosureRefusesFraction(path: DecodingPath) throws {
        #expect(adapterError { _ = try path.decode(Transformed.self, #"{"count": 3.5}"#) }?.code == .invalidValue)
    }

    @Test("-0.0 and -0 keep their sign in floating-point properties on the bytes path, as JSONDecoder reads them",
          arguments: ["-0.0", "-0", "-0e5", "-0.000"])
    func negativeZero(literal: String) throws {
        let model = try DecodingPath.data.decode(Numbers.self, #"{"double": \#(literal), "float": \#(literal)}"#)
        #expect(model.double == 0 && model.double.sign == .minus)
        #expect(model.float == 0 && model.float.sign == .minus)
        struct Oracle: Decodable { var double: Double }
        let oracle = try JSONDecoder().decode(Oracle.self, from: Data(#"{"double": \#(literal)}"#.utf8))
        #expect(oracle.double.sign == .minus)
        // Written back, it stays negative.
        let written = try JSONAdapter.jsonData(from: model)
        #expect(try JSONAdapter.model(of: Numbers.self, fromJSONData: written).double.sign == .minus)
    }

    @Test("-0.0 through JSONSerialization keeps its sign too; -0 (an integer to it) is 0; both equal 0.0")
    func negativeZeroThroughDictionaries() throws {
        #expect(try DecodingPath.dictionary.decode(Numbers.self, #"{"double": -0.0}"#).double.sign == .minus)
        let fromBytes = try DecodingPath.data.decode(Numbers.self, #"{"double": -0}"#)
        let fromDictionary = try DecodingPath.dictionary.decode(Numbers.self, #"{"double": -0}"#)
        #expect(fromBytes == fromDictionary)
        #expect(fromBytes.hashValue == fromDictionary.hashValue)
    }

    @Test("a Decimal or NSDecimalNumber given for a Double converts to the nearest Double", arguments: [
        "8.88", "0.1", "1234.5678", "-3.14159265358979323846", "1e-7", "12345678901234567890.123",
    ])
    func decimalIntoDouble(text: String) throws {
        let expected = try #require(Double(text))
        let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(try JSONAdapter.model(of: Numbers.self, from: ["double": decimal]).double == expected)
        #expect(try JSONAdapter.model(of: Numbers.self, from: ["double": NSDecimalNumber(string: text)]).double == expected)
        #expect(try Numbers(dictionary: ["double": decimal]).double == expected)
        #expect(try JSONAdapter.model(of: Numbers.self, from: ["float": decimal]).float == Float(expected))
    }

    @Test("JSONSerialization's NSDecimalNumber for a long literal decodes like the bytes into Double")
    func longLiteralIntoDouble() throws {
        let json = #"{"double": 8.880000000000000000001}"#
        let fromDictionary = try DecodingPath.dictionary.decode(Numbers.self, json)
        let fromBytes = try DecodingPath.data.decode(Numbers.self, json)
        #expect(fromBytes.double == 8.88)
        #expect(fromDictionary.double == fromBytes.double)
    }
}
