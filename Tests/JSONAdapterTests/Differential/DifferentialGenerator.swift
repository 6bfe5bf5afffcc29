//
//  DifferentialGenerator.swift
//  Random `SampleTwin`s from the seeded generator: each value drawn from its
//  type's edge values (extremes, -0.0, 1e21, 1e-7, integral Doubles, Float
//  midpoints, Decimal's extremes, escapes and byte-order marks in strings)
//  a third of the time, and at random otherwise; and the model that holds
//  the same values.
//

import Foundation
import MantleTestSupport
@testable import JSONAdapter

extension Differential {
    /// Draws the values of one sample.
    struct Generator {
        var random: SplitMix64

        /// One of `edges` a third of the time, `draw()` otherwise.
        mutating func value<T>(_ edges: [T], _ draw: (inout SplitMix64) -> T) -> T {
            random.chance(33) ? random.pick(edges) : draw(&random)
        }

        /// A random integer of type `I` (all bits random, or small).
        mutating func integer<I: FixedWidthInteger>(_: I.Type) -> I {
            value([I.min, I.max, 0, 1, I.isSigned ? -1 : 2, I(truncatingIfNeeded: 1 << 53 + 1)]) { random in
                var bits = I(truncatingIfNeeded: random.next())
                for _ in 1..<max(1, I.bitWidth / 64) { bits = bits << 64 | I(truncatingIfNeeded: random.next()) }
                return random.chance(30) ? bits % 100 : bits
            }
        }

        static let edgeDoubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 1_000_000, 1e21, 1e-7, 1e16, 1e15, 1e22, 9_007_199_254_740_992,
            9_007_199_254_740_994, 1.7976931348623157e308, -1.7976931348623157e308, .leastNonzeroMagnitude, .leastNormalMagnitude,
            0.30000000000000004, 123_456.789, 1 + 0x1p-24, 1e-5, 1e-4, 4_503_599_627_370_496.5, 65_520,
            3.4028235677973366e38,
        ]

        /// A random finite `Double`: any bit pattern, an integral value, or a short decimal.
        mutating func double() -> Double {
            value(Self.edgeDoubles) { random in
                switch random.below(3) {
                case 0:
                    var x: Double
                    repeat { x = Double(bitPattern: random.next()) } while !x.isFinite
                    return x
                case 1:
                    return Double(Int64(truncatingIfNeeded: random.next()) >> random.below(64))
                default:
                    return Double("\(Int64(truncatingIfNeeded: random.next()) % 100_000_000).\(random.below(10_000))") ?? 0
                }
            }
        }

        static let edgeFloats: [Float] = [
            0, -0.0, 1, 0.1, 1_000_000, 1e21, 1e-7, 16_777_216, 16_777_218, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 1.0000001, 3.4e38,
        ]

        /// A random finite `Float`.
        mutating func float() -> Float {
            value(Self.edgeFloats) { random in
                if random.chance(50) { return Float(Int32(truncatingIfNeeded: random.next()) >> random.below(32)) }
                var x: Float
                repeat { x = Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) } while !x.isFinite
                return x
            }
        }

        static let edgeDecimals: [Decimal] = [
            0, 1, -1, 1_000_000, Decimal(string: "3.14159265358979323846264338327950288419", locale: nil) ?? 0,
            Decimal.greatestFiniteMagnitude, -Decimal.greatestFiniteMagnitude, Decimal.leastNonzeroMagnitude,
            Decimal(string: "340282366920938463463374607431768211455", locale: nil) ?? 0,
            Decimal(string: "0.000001", locale: nil) ?? 0, Decimal(string: "-12345678901234567890.123456789", locale: nil) ?? 0,
        ]

        /// A random `Decimal`: up to 38 digits, with an exponent that keeps it in `Decimal`'s range.
        mutating func decimal() -> Decimal {
            value(Self.edgeDecimals) { random in
                var digits = ""
                for _ in 0..<(1 + random.below(38)) { digits.append(Character(UnicodeScalar(UInt8(48 + random.below(10))))) }
                let exponent = random.below(60) - 30
                let sign = random.chance(50) ? "-" : ""
                return Decimal(string: "\(sign)\(digits)e\(exponent)", locale: nil) ?? 0
            }
        }

        static let edgeStrings = [
            "", "a", "quote \" backslash \\ slash /", "line\nbreak\ttab\r\u{8}\u{C}", "\u{1}\u{1F}\u{7F}", "é and e\u{301}",
            "😀👍🏽🇫🇷", "日本語", "a\u{FEFF}b", "\u{FEFF}leading mark", "\u{2028}\u{2029}", "null", "1e400",
        ]
        /// Characters for strings; a `Character` property draws from them too. (U+FEFF alone is
        /// left out: `JSONSerialization` drops a byte-order mark at the start of a string, which
        /// leaves no character, so the dictionary path refuses that document; strings test the loss.)
        static let characters: [Character] = ["a", "é", "e\u{301}", "😀", "👍🏽", "🇫🇷", "\"", "\\", "\n", "日", " "]

        /// A random string of characters from every plane and the escapes.
        mutating func string() -> String {
            value(Self.edgeStrings) { random in
                var text = ""
                for _ in 0..<random.below(12) { text.append(random.pick(Self.characters)) }
                return text
            }
        }

        /// A random whole-second date from 1900 to 2200 (JSONEncoder's `.iso8601` writes no fraction).
        mutating func date() -> Date {
            value([Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_507_651_200),
                   Date(timeIntervalSince1970: -2_208_988_800)]) { random in
                Date(timeIntervalSince1970: Double(random.below(9_467_280_000)) - 2_208_988_800)
            }
        }

        /// A random UUID.
        mutating func uuid() -> UUID {
            let high = random.next()
            let low = random.next()
            let bytes = withUnsafeBytes(of: (high, low)) { Array($0) }
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }

        /// `count(…)` values from `draw`.
        mutating func array<T>(_ maximum: Int = 4, _ draw: (inout Generator) -> T) -> [T] {
            var result: [T] = []
            for _ in 0..<random.below(maximum + 1) { result.append(draw(&self)) }
            return result
        }

        /// `value` or, a quarter of the time, `nil`.
        mutating func optional<T>(_ draw: (inout Generator) -> T) -> T? {
            random.chance(25) ? nil : draw(&self)
        }

        mutating func geo() -> Geo {
            #if os(Linux) || os(Windows) || os(Android)
            Geo(latitude: double(), longitude: float(), name: string(), tags: array { $0.string() }, amount: decimal(),
                count: integer(Int64.self), small: integer(Int8.self), unsigned: integer(UInt64.self),
                when: optional { $0.date() }, ratio: random.pick(Ratio.allCases),
                counts: Dictionary(array { ($0.string(), $0.integer(Int.self)) }, uniquingKeysWith: { $1 }),
                byNumber: Dictionary(array { ($0.integer(Int.self), $0.double()) }, uniquingKeysWith: { $1 }),
                half: half(), wide: integer(Int128.self))
            #else
            Geo(latitude: double(), longitude: float(), name: string(), tags: array { $0.string() }, amount: decimal(),
                count: integer(Int64.self), small: integer(Int8.self), unsigned: integer(UInt64.self),
                when: optional { $0.date() }, ratio: random.pick(Ratio.allCases),
                counts: Dictionary(array { ($0.string(), $0.integer(Int.self)) }, uniquingKeysWith: { $1 }),
                byNumber: Dictionary(array { ($0.integer(Int.self), $0.double()) }, uniquingKeysWith: { $1 }))
            #endif
        }

        #if os(Linux) || os(Windows) || os(Android)
        /// A random finite `Float16`.
        mutating func half() -> Float16 {
            value([0, -0.0, 0.1, 1000, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude]) { random in
                var x: Float16
                repeat { x = Float16(bitPattern: UInt16(truncatingIfNeeded: random.next())) } while !x.isFinite
                return x
            }
        }
        #endif

        mutating func inner() -> InnerTwin {
            InnerTwin(name: string(), value: double(), level: random.pick(Level.allCases))
        }

        /// A random sample: its twin, and the values of the dictionaries the twin leaves out.
        mutating func sample() -> (twin: SampleTwin, countsByID: [UUID: Int], namesByDouble: [Double: String]) {
            #if os(Linux) || os(Windows) || os(Android)
            let wide = (integer(Int128.self), integer(UInt128.self), half(), array { $0.half() })
            #endif
            let path = array(3) { generator in
                String((0..<(1 + generator.random.below(8))).map { _ in generator.random.pick(Array("abcxyz019-_~")) })
            }
            let url = URL(string: "https://example.com/" + path.joined(separator: "/")
                          + (random.chance(30) ? "?q=\(random.below(100))&r=a%20b" : "")) ?? URL(fileURLWithPath: "/")
            let data = Data(array(20) { UInt8(truncatingIfNeeded: $0.random.next()) })
            var twin = SampleTwin(
                int: integer(Int.self), int8: integer(Int8.self), int16: integer(Int16.self), int32: integer(Int32.self),
                int64: integer(Int64.self), uint: integer(UInt.self), uint8: integer(UInt8.self),
                uint16: integer(UInt16.self), uint32: integer(UInt32.self), uint64: integer(UInt64.self),
                double: double(), float: float(), bool: random.chance(50), string: string(),
                character: String(random.pick(Self.characters)), decimal: decimal(), url: url, uuid: uuid(), date: date(),
                data: data, suit: random.pick(Suit.allCases), level: random.pick(Level.allCases),
                ratio: random.pick(Ratio.allCases), optionalInt: optional { $0.integer(Int.self) },
                optionalDouble: optional { $0.double() }, optionalFloat: optional { $0.float() },
                optionalString: optional { $0.string() }, optionalDecimal: optional { $0.decimal() },
                ints: array(6) { $0.integer(Int.self) }, doubles: array(6) { $0.double() }, floats: array(6) { $0.float() },
                strings: array { $0.string() }, decimals: array { $0.decimal() }, uint64s: array { $0.integer(UInt64.self) },
                matrix: array(3) { $0.array(3) { $0.double() } }, suits: array { $0.random.pick(Suit.allCases) },
                intSet: Set(array(5) { $0.integer(Int.self) }), stringSet: Set(array { $0.string() }),
                countsByName: Dictionary(array { ($0.string(), $0.integer(Int.self)) }, uniquingKeysWith: { $1 }),
                doublesByName: Dictionary(array { ($0.string(), $0.double()) }, uniquingKeysWith: { $1 }),
                floatsByName: Dictionary(array { ($0.string(), $0.float()) }, uniquingKeysWith: { $1 }),
                namesByNumber: Dictionary(array { ($0.integer(Int.self), $0.string()) }, uniquingKeysWith: { $1 }),
                inner: inner(), inners: array(3) { $0.inner() }, optionalInner: optional { $0.inner() },
                geo: optional { $0.geo() }, geos: array(2) { $0.geo() })
            #if os(Linux) || os(Windows) || os(Android)
            (twin.int128, twin.uint128, twin.float16, twin.halves) = wide
            #endif
            let countsByID = Dictionary(array { ($0.uuid(), $0.integer(Int.self)) }, uniquingKeysWith: { $1 })
            let namesByDouble = Dictionary(array { ($0.double(), $0.string()) }, uniquingKeysWith: { $1 })
            return (twin, countsByID, namesByDouble)
        }
    }

    /// The model holding the values of `twin` (and of the dictionaries it leaves out).
    static func model(_ twin: SampleTwin, countsByID: [UUID: Int] = [:], namesByDouble: [Double: String] = [:]) -> Sample {
        func inner(_ twin: InnerTwin) -> Inner {
            var inner = Inner()
            inner.name = twin.name
            inner.value = twin.value
            inner.level = twin.level
            return inner
        }
        var sample = Sample()
        sample.int = twin.int
        sample.int8 = twin.int8
        sample.int16 = twin.int16
        sample.int32 = twin.int32
        sample.int64 = twin.int64
        sample.uint = twin.uint
        sample.uint8 = twin.uint8
        sample.uint16 = twin.uint16
        sample.uint32 = twin.uint32
        sample.uint64 = twin.uint64
        #if os(Linux) || os(Windows) || os(Android)
        sample.int128 = twin.int128
        sample.uint128 = twin.uint128
        sample.float16 = twin.float16
        sample.halves = twin.halves
        #endif
        sample.double = twin.double
        sample.float = twin.float
        sample.bool = twin.bool
        sample.string = twin.string
        sample.character = twin.character.first ?? " "
        sample.decimal = twin.decimal
        sample.url = twin.url
        sample.uuid = twin.uuid
        sample.date = twin.date
        sample.data = twin.data
        sample.suit = twin.suit
        sample.level = twin.level
        sample.ratio = twin.ratio
        sample.optionalInt = twin.optionalInt
        sample.optionalDouble = twin.optionalDouble
        sample.optionalFloat = twin.optionalFloat
        sample.optionalString = twin.optionalString
        sample.optionalDecimal = twin.optionalDecimal
        sample.ints = twin.ints
        sample.doubles = twin.doubles
        sample.floats = twin.floats
        sample.strings = twin.strings
        sample.decimals = twin.decimals
        sample.uint64s = twin.uint64s
        sample.matrix = twin.matrix
        sample.suits = twin.suits
        sample.intSet = twin.intSet
        sample.stringSet = twin.stringSet
        sample.countsByName = twin.countsByName
        sample.doublesByName = twin.doublesByName
        sample.floatsByName = twin.floatsByName
        sample.namesByNumber = twin.namesByNumber
        sample.countsByID = countsByID
        sample.namesByDouble = namesByDouble
        sample.inner = inner(twin.inner)
        sample.inners = twin.inners.map(inner)
        sample.optionalInner = twin.optionalInner.map(inner)
        sample.geo = twin.geo
        sample.geos = twin.geos
        return sample
    }
}
