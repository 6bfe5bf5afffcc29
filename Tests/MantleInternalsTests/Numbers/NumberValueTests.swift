//
//  NumberValueTests.swift
//  NumberValue, the one exact form of a number: 128-bit integers described
//  and parsed exactly, platform-width integers, integer text beyond 128 bits.
//  (Conversions between numeric types through it: MantleCoreTests'
//  NumericConversionTests.)
//

import Testing
@testable import MantleInternals

@Suite("Numbers: NumberValue")
struct NumberValueTests {
    @Test("NumberValue describes 128-bit integers exactly and parses integer text up to 128 bits", arguments: [
        ("340282366920938463463374607431768211455", "340282366920938463463374607431768211455"),
        ("-170141183460469231731687303715884105728", "-170141183460469231731687303715884105728"),
        ("-18446744073709551615", "-18446744073709551615"),
        ("18446744073709551616", "18446744073709551616"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("0000000000000000000000000000000000000000000012", "12"),
        ("-0", "0"),
    ])
    func wideText(text: String, described: String) throws {
        let number = try #require(NumberValue(integerText: text))
        #expect(number.isExact && number.isInteger)
        #expect(number.description == described)
    }

    @Test("platform-width integers take the case their value needs", arguments: [UInt.max, UInt(UInt32.max), 7])
    func platformWidthIntegers(value: UInt) {
        // `UInt.max` is above `Int64.max` where `UInt` has 64 bits and below it where it has 32;
        // the conversion compares in 64 bits on both.
        let wide = UInt64(value)
        #expect(NumberValue(value) == (wide > UInt64(Int64.max) ? .unsigned(wide) : .signed(Int64(wide))))
        #expect(NumberValue(Int.min) == .signed(Int64(Int.min)))
    }

    @Test("integer text beyond 128 bits is approximate; other text is no integer")
    func integerTextLimits() {
        #expect(NumberValue(integerText: "340282366920938463463374607431768211456")?.isExact == false)
        #expect(NumberValue(integerText: "1.5") == nil)
        #expect(NumberValue(integerText: "-") == nil)
        #expect(NumberValue(integerText: "") == nil)
    }
}
