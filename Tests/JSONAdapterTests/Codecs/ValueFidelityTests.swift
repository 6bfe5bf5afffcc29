//
//  ValueFidelityTests.swift
//  Values keep their exact JSON form, both decoding paths give the same
//  values, and an adapter refuses to encode models of another type.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

// MARK: - Models

// MARK: - Tests

@Suite("Value fidelity")
struct ValueFidelityTests {

    // MARK: Numbers go into integer properties by exact value

    /// Numbers that are not integers; both paths refuse them for an `Int`.
    static let nonIntegers = ["1.5", "-0.5", "5e-324", "3.5", "1e19", "9223372036854775808", "-9223372036854775809"]

    @Test("a number whose value is no integer in range is .invalidValue for an integer property",
          arguments: nonIntegers, DecodingPath.allCases)
    func nonIntegerIntoInt(literal: String, path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(Values.self, #"{"int": \#(literal)}"#) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "int")
    }

    @Test("integer literals go into integer properties exactly", arguments: [
        ("0", 0), ("-0", 0), ("42", 42), ("-9223372036854775808", Int.min), ("9223372036854775807", Int.max),
    ], DecodingPath.allCases)
    func integerLiteralIntoInt(_ pair: (literal: String, expected: Int), path: DecodingPath) throws {
        #expect(try path.decode(Values.self, #"{"int": \#(pair.literal)}"#).int == pair.expected)
    }

    @Test("underflowing literals: the bytes path refuses them, JSONSerialization has made them 0.0",
          arguments: ["1e-400", "-1e-400", "0.1e-999999"])
    func underflowIntoInt(literal: String) throws {
        let error = try #require(adapterError { _ = try DecodingPath.data.decode(Values.self, #"{"int": \#(literal)}"#) })
        #expect(error.code == .invalidValue)
        // The documented difference: the literal is gone once JSONSerialization has read it.
        #expect(try DecodingPath.dictionary.decode(Values.self, #"{"int": \#(literal)}"#).int == 0)
    }

    @Test("a hand-made dictionary's integral Double and Decimal integers go into integers; fractions do not")
    func swiftValuesIntoInt() throws {
        #expect(try JSONAdapter.model(of: Values.self, from: ["int": 3.0]).int == 3)
        #expect(adapterError { _ = try JSONAdapter.model(of: Values.self, from: ["int": 3.5]) }?.code == .invalidValue)
        #expect(adapterError { _ = try JSONAdapter.model(of: Values.self, from: ["int": Double.infinity]) }?.code
                == .invalidValue)
        #expect(try JSONAdapter.model(of: Values.self, from: ["int": Decimal(3)]).int == 3)
        #expect(try JSONAdapter.model(of: Values.self, from: ["uint8": Int64(255)]).uint8 == 255)
        #expect(adapterError { _ = try JSONAdapter.model(of: Values.self, from: ["uint8": 256.0]) }?.code == .invalidValue)
    }

    @Test("Int128 and UInt128 decode and encode exactly beyond 64 bits", arguments: DecodingPath.allCases)
    func wideIntegers(path: DecodingPath) throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        // 2^100 and -2^100 - 1: beyond 64 bits, within Decimal's 38 digits
        // (JSONSerialization gives them as NSDecimalNumber).
        let json = #"{"int128": -1267650600228229401496703205377, "uint128": 1267650600228229401496703205376}"#
        let model = try path.decode(Wide.self, json)
        #expect(model.int128 == -(Int128(1) << 100) - 1)
        #expect(model.uint128 == UInt128(1) << 100)

        var extremes = Wide()
        extremes.int128 = .min
        extremes.uint128 = .max
        let data = try JSONAdapter.jsonData(from: extremes)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("-170141183460469231731687303715884105728"))
        #expect(text.contains("340282366920938463463374607431768211455"))
        #expect(try JSONAdapter.model(of: Wide.self, fromJSONData: data) == extremes)
        // 2^128 does not fit. (JSONSerialization rounds it to Decimal's 38 digits,
        // which can land below UInt128.max: only the bytes path can know.)
        #expect(adapterError {
            _ = try DecodingPath.data.decode(Wide.self, #"{"uint128": 340282366920938463463374607431768211456}"#)
        }?.code == .invalidValue)
    }

    @Test("a nested optional's two nils are both JSON null, which decodes as the outer nil", arguments: DecodingPath.allCases)
    func nestedOptionalJSON(path: DecodingPath) throws {
        for value in [Int??.none, .some(nil)] {
            var model = Nested()
            model.count = value
            #expect(FoundationJSON.isNull(try path.encode(model)["count"]))
        }
        #expect(try path.decode(Nested.self, #"{"count": null}"#).count == .none)
        #expect(try path.decode(Nested.self, #"{"count": 5}"#).count == .some(5))
        // Through dictionaryValue (not JSON) the inner nil survives.
        var model = Nested()
        model.count = .some(nil)
        #expect(try Nested(dictionary: model.dictionaryValue).count == .some(nil))
    }

    // MARK: Dates that have no timestamp

    /// Seconds since 1970 of dates no timestamp denotes (as numbers: Foundation's
    /// `Date.description`, which Swift Testing calls on arguments, traps on NaN).
    static let unwritableDates: [Double] = [
        .nan, .infinity, -.infinity, -1e300, 1e300,
        253_402_300_800,  // 10000-01-01T00:00:00Z
        -62_135_596_801,  // 0000-12-31T23:59:59Z
    ]

    @Test("a date outside years 0001–9999, NaN or infinite is .invalidValue when encoded, never clamped",
          arguments: unwritableDates, DecodingPath.allCases)
    func unwritableDate(seconds: Double, path: DecodingPath) throws {
        var model = Values()
        model.date = Date(timeIntervalSince1970: seconds)
        let error = try #require(adapterError { _ = try path.encode(model) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "date")
    }

    @Test("the first and last instants of years 0001–9999 are written and read back", arguments: [
        (Date(timeIntervalSince1970: -62_135_596_800), "0001-01-01T00:00:00Z"),
        (Date(timeIntervalSince1970: 253_402_300_799), "9999-12-31T23:59:59Z"),
    ])
    func edgeDates(date: Date, text: String) throws {
        var model = Values()
        model.date = date
        #expect(try JSONAdapter.jsonDictionary(from: model)["date"] as? String == text)
        #expect(try JSONAdapter.model(of: Values.self, fromJSONData: JSONAdapter.jsonData(from: model)).date == date)
    }

    @Test("a date's fraction survives decoding and encoding on both paths, in models and Codable values alike",
          arguments: DecodingPath.allCases, [
              "2026-11-24T10:15:08.987654Z", "2026-11-24T10:15:08.987Z", "2001-01-01T00:00:08.987654321Z",
              "2026-11-24T10:15:08.5Z", "2026-11-24T10:15:08Z",
          ])
    func dateFractions(path: DecodingPath, text: String) throws {
        let model = try path.decode(Values.self, #"{"date": "\#(text)"}"#)
        let written = try #require(try path.encode(model)["date"] as? String)
        #expect(written == text.replacingOccurrences(of: ".5Z", with: ".500Z"))
        #expect(try path.decode(Values.self, #"{"date": "\#(written)"}"#) == model)
        // Inside a Codable value, with the configuration's dates.
        let stamped = try path.decode(Stamped.self, #"{"stamp": {"at": "\#(text)"}}"#, configuration: .standard)
        #expect(stamped.stamp.at == model.date)
        let encoded = try #require(try path.encode(stamped, configuration: .standard)["stamp"] as? [String: Any])
        #expect(encoded["at"] as? String == written)
    }

    // MARK: Decimal, Substring and Character round-trip

    static let decimals = ["1.5", "0.1", "-12345678901234567890.123456789", "1e-20", "0", "12345678901234567890123456789012345678"]

    @Test("Decimal is a JSON number with its exact digits, read back exactly on both paths",
          arguments: decimals, DecodingPath.allCases)
    func decimalRoundTrip(text: String, path: DecodingPath) throws {
        var model = Values()
        model.decimal = try #require(Decimal(string: text, locale: nil))
        model.maybeDecimal = model.decimal
        let data = try JSONAdapter.jsonData(from: model)
        let written = String(decoding: data, as: UTF8.self)
        #expect(written.contains(#""decimal":\#(model.decimal.description)"#))
        #expect(try JSONAdapter.model(of: Values.self, fromJSONData: data) == model)
        #expect(try JSONAdapter.model(of: Values.self, from: JSONAdapter.jsonDictionary(from: model)) == model)
        // Through JSONSerialization, whose numbers are Doubles, short decimals survive.
        if text.count < 15 {
            #expect(try path.decode(Values.self, written) == model)
        }
    }

    @Test("a Decimal property refuses what Decimal cannot hold and what is not a number", arguments: [
        "1e200", "1e-400", "\"1.5\"", "true",
    ])
    func decimalRefusals(literal: String) throws {
        let error = try #require(adapterError {
            _ = try JSONAdapter.model(of: Values.self, fromJSONData: Data(#"{"decimal": \#(literal)}"#.utf8))
        })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "decimal")
    }

    @Test("Decimal NaN is .invalidValue when encoded", arguments: DecodingPath.allCases)
    func decimalNaN(path: DecodingPath) throws {
        var model = Values()
        model.decimal = .nan
        #expect(adapterError { _ = try path.encode(model) }?.code == .invalidValue)
    }

    @Test("Substring and Character are JSON strings and round-trip", arguments: DecodingPath.allCases)
    func textRoundTrip(path: DecodingPath) throws {
        var model = Values()
        model.substring = "hello world".dropFirst(6)
        model.character = "🇮🇹"
        let encoded = try path.encode(model)
        #expect(encoded["substring"] as? String == "world")
        #expect(encoded["character"] as? String == "🇮🇹")
        let data = try JSONAdapter.jsonData(from: model)
        #expect(try path.decode(Values.self, String(decoding: data, as: UTF8.self)) == model)
    }

    @Test("a Character property takes exactly one character", arguments: [#""""#, #""ab""#, "7"], DecodingPath.allCases)
    func characterRefusals(literal: String, path: DecodingPath) throws {
        let error = try #require(adapterError { _ = try path.decode(Values.self, #"{"character": \#(literal)}"#) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "character")
    }

    // MARK: The same Swift values on both paths

    static let anyValues: [(json: String, shape: String)] = [
        ("true", "Bool"), ("false", "Bool"), ("0", "Int"), ("1", "Int"), ("-7", "Int"),
        ("9223372036854775807", "Int"), ("-9223372036854775808", "Int"), ("18446744073709551615", "UInt64"),
        ("18446744073709551616", "Double"), ("1.5", "Double"), ("1e2", "Double"), ("1e-400", "Double"),
        (#""text""#, "String"), ("null", "nil"),
        (#"[1, true, "a", 2.5, null, [false]]"#, "[Int, Bool, String, Double, nil, [Bool]]"),
        (#"{"b": true, "n": {"x": 1.25}}"#, "[b: Bool, n: [x: Double]]"),
    ]

    @Test("a transformer receives the same Swift values from bytes and from JSONSerialization",
          arguments: anyValues, DecodingPath.allCases)
    func transformerInput(_ value: (json: String, shape: String), path: DecodingPath) throws {
        #expect(try path.decode(Probe.self, #"{"value": \#(value.json)}"#).seen == value.shape)
    }

    @Test("an Any property gets the same Swift values on every path, so the models are ==",
          arguments: anyValues.map(\.json) + [#"{"n": {"x": [1.25, true]}}"#])
    func anyPropertyAgrees(json: String) throws {
        let text = #"{"value": \#(json)}"#
        let fromData = try DecodingPath.data.decode(Anything.self, text)
        for path in [DecodingPath.dictionary, .foundationObjects] {
            let fromDictionary = try path.decode(Anything.self, text)
            #expect(fromData == fromDictionary, "\(path)")
            #expect(Probe.shape(of: fromData.value) == Probe.shape(of: fromDictionary.value), "\(path)")
            #expect(!(type(of: fromDictionary.value) is AnyObject.Type) || fromDictionary.value is NSNull, "\(path)")
        }
    }

    @Test("Foundation objects built by hand are converted too (NSNumber, NSString, NSArray, NSDictionary)")
    func foundationObjectsByHand() throws {
        let nested = NSMutableDictionary()
        nested["flag"] = NSNumber(value: true)
        nested["list"] = NSArray(array: [NSNumber(value: 3), NSString(string: "s"), NSNumber(value: 0.5)])
        let model = try JSONAdapter.model(of: Probe.self, from: ["value": nested])
        #expect(model.seen == "[flag: Bool, list: [Int, String, Double]]")
    }

    @Test("an NSArray that contains itself is .invalidValue, not a stack overflow")
    func selfContainingArray() throws {
        let array = NSMutableArray()
        array.add(array)
        defer { array.removeAllObjects() }  // break the cycle
        let error = try #require(adapterError { _ = try JSONAdapter.model(of: Anything.self, from: ["value": array]) })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "value")
    }

    @Test("typed closures get the JSON number converted exactly to their parameter type", arguments: DecodingPath.allCases)
    func typedClosures(path: DecodingPath) throws {
        let model = try path.decode(Anything.self, #"{"seconds": 1372701600, "count": 21, "flag": false}"#)
        #expect(model.seconds == Date(timeIntervalSince1970: 1_372_701_600))
        #expect(model.count == 42)
        #expect(model.flag == true)
        let fractional = try path.decode(Anything.self, #"{"seconds": 1.5}"#)
        #expect(fractional.seconds == Date(timeIntervalSince1970: 1.5))
        // Exact: 1.5 is no Int64, and booleans are not numbers.
        #expect(adapterError { _ = try path.decode(Anything.self, #"{"count": 1.5}"#) }?.code == .invalidValue)
        #expect(adapterError { _ = try path.decode(Anything.self, #"{"count": true}"#) }?.code == .invalidValue)
        #expect(adapterError { _ = try path.decode(Anything.self, #"{"flag": 1}"#) }?.code == .invalidValue)
    }

    // MARK: An adapter encodes only its own type

    @Test("a class adapter encodes its class and subclasses (with their own mapping), and refuses other models")
    func classAdapter() throws {
        let adapter = try JSONAdapter(modelType: Animal.self)
        let dog = Dog()
        dog.name = "Rex"
        dog.breed = "collie"
        let json = try adapter.jsonDictionary(from: dog)
        #expect(json["dog_breed"] as? String == "collie")
        #expect(try adapter.jsonDictionary(from: Animal())["name"] as? String == "")
        for error in [adapterError { _ = try adapter.jsonDictionary(from: Rock()) },
                      adapterError { _ = try adapter.jsonData(from: Rock()) }] {
            #expect(error?.code == .noClassFound)
        }
        // A subclass's adapter does not encode its superclass.
        let dogs = try JSONAdapter(modelType: Dog.self)
        #expect(adapterError { _ = try dogs.jsonDictionary(from: Animal()) }?.code == .noClassFound)
    }

    @Test("a struct adapter encodes exactly its own type")
    func structAdapter() throws {
        let adapter = try JSONAdapter(modelType: Values.self)
        #expect(try adapter.jsonDictionary(from: Values())["int"] != nil)
        let error = try #require(adapterError { _ = try adapter.jsonData(from: Anything()) })
        #expect(error.code == .noClassFound)
        #expect("\(error)".contains("Anything"))
    }
}

// MARK: - Models

extension ValueFidelityTests {
    /// A `Codable` value holding a date.
    struct Stamp: Codable, Equatable {
        var at = Date(timeIntervalSince1970: 0)
    }

    /// A model with a `Codable` property holding a date.
    struct Stamped: JSONSerializing {
        var stamp = Stamp()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Integer, decimal and text properties whose JSON forms must round-trip.
    struct Values: JSONSerializing {
        var int = 0
        var uint8: UInt8 = 0
        var decimal = Decimal(0)
        var substring: Substring = ""
        var character: Character = " "
        var date = Date(timeIntervalSince1970: 0)
        var maybeDecimal: Decimal?

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "int": "int", "uint8": "uint8", "decimal": "decimal", "substring": "substring",
            "character": "character", "date": "date", "maybeDecimal": "maybeDecimal",
        ]
    }

    /// A nested optional: JSON has one `null` for both of its nils.
    struct Nested: JSONSerializing {
        var count: Int?? = 1

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["count": "count"]
    }

    /// 128-bit integers, which JSON text carries exactly.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    struct Wide: JSONSerializing {
        var int128: Int128 = 0
        var uint128: UInt128 = 0

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["int128": "int128", "uint128": "uint128"]
    }

    /// `Any` properties and typed transformers, which must see the same values on both paths.
    struct Anything: JSONSerializing {
        var value: Any = "unset"
        var seconds: Date?
        var count: Int64 = 0
        var flag = false

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "value": "value", "seconds": "seconds", "count": "count", "flag": "flag",
        ]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            switch key {
            case "seconds":
                return JSONValueTransformer(forward: { (seconds: Double) in Date(timeIntervalSince1970: seconds) },
                                        reverse: { (date: Date) in date.timeIntervalSince1970 })
            case "count":
                return JSONValueTransformer(forward: { (count: Int64) in count * 2 })
            case "flag":
                return JSONValueTransformer(forward: { (flag: Bool) in !flag })
            default:
                return nil
            }
        }
    }

    /// A transformer that records the type of what it was given.
    struct Probe: JSONSerializing {
        var seen = ""

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["seen": "value"]

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            JSONValueTransformer(forward: { (value: Any?) -> Any? in Probe.shape(of: value) })
        }

        /// The Swift types inside a value, e.g. `[Int, Bool, [String: Double]]`.
        static func shape(of value: Any?) -> String {
            guard let value, type(of: value) != NSNull.self else { return "nil" }
            if type(of: value) is AnyObject.Type { return "object \(type(of: value))" }
            if let array = value as? [Any] { return "[" + array.map { shape(of: $0) }.joined(separator: ", ") + "]" }
            if let object = value as? [String: Any] {
                return "[" + object.keys.sorted().map { "\($0): \(shape(of: object[$0]))" }.joined(separator: ", ") + "]"
            }
            return "\(type(of: value))"
        }
    }

    /// A class hierarchy and an unrelated class, for the adapter's type check.
    class Animal: JSONSerializing {
        var name = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name"] }
    }

    final class Dog: Animal {
        var breed = ""
        required init() {}
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "breed": "dog_breed"] }
    }

    final class Rock: JSONSerializing {
        var weight = 0
        required init() {}
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["weight": "weight"]
    }
}
