//  DecimalToDouble (the Eisel–Lemire conversion): every result is the correctly rounded
//  Double, the one the standard library's `Double(String)` (glibc's strtod) gives, for every
//  decimal exponent of the table; and NumberValue(decimal:), which uses it for fractions.
//  (The JSON number parser's literals: MantleJSONTests' JSONDocumentNumbersTests.)

import Foundation
import Testing
@testable import MantleInternals
import MantleTestSupport

@Suite("Numbers: decimal to binary conversion")
struct DecimalToDoubleTests {
    /// The reference: `Double(String)`, correctly rounded.
    static func reference(_ w: UInt64, _ q: Int) -> Double {
        Double("\(w)e\(q)") ?? .nan
    }

    /// Significands for every exponent: small, 15–17 digits (beyond the exact fast path) and
    /// 19 digits, some at the edges of 64 bits.
    static func significands(seed: Int) -> [UInt64] {
        var random = SplitMix64(seed: "DecimalToDouble", salt: UInt64(bitPattern: Int64(seed)))
        var values: [UInt64] = [1, 5, 9, 17, 9_007_199_254_740_993, 10_000_000_000_000_000_000,
                                18_446_744_073_709_551_615, 12_345_678_901_234_567_890]
        for digits in [15, 16, 17, 18, 19] {
            let low = UInt64(pow(10, Double(digits - 1)))
            for _ in 0..<6 { values.append(low + random.next() % (low * 9)) }
        }
        return values
    }

    @Test("every table exponent, with significands of 1 to 19 digits, converts as Double(String) does",
          arguments: Array(DecimalToDouble.smallestPowerOfTen...DecimalToDouble.largestPowerOfTen))
    func everyExponent(q: Int) {
        for w in Self.significands(seed: q) {
            let expected = Self.reference(w, q)
            let converted = DecimalToDouble.double(w, timesPowerOfTen: q)
            // `nil` defers to strtod; the proof says it never happens, and it does not here.
            #expect(converted?.bitPattern == expected.bitPattern, "\(w)e\(q)")
        }
    }

    @Test("beyond the table: 0 below 10^-342, infinity above 10^308")
    func beyondTheTable() {
        #expect(DecimalToDouble.double(9_999_999_999_999_999_999, timesPowerOfTen: -343) == 0)
        #expect(DecimalToDouble.double(1, timesPowerOfTen: 309) == .infinity)
        #expect(DecimalToDouble.double(1, timesPowerOfTen: 100_000) == .infinity)
    }

    @Test("a Decimal fraction (JSONSerialization's long literals on Linux) becomes the Double of its text")
    func decimalFractions() {
        var random = SplitMix64(seed: "DecimalToDouble decimals")
        var decimals: [Decimal] = [Decimal(string: "-65.613616999999977")!, Decimal(string: "0.1")!,
                                   Decimal(string: "1.5")!, Decimal(string: "2.50")!, Decimal(string: "100.0")!,
                                   Decimal(string: "-0.000000000000000000000000000000123")!,
                                   Decimal(string: "18446744073709551615e-5")!, Decimal(string: "123456789012345678901234567.1")!]
        for _ in 0..<2_000 {
            let significand = random.next() >> UInt64(random.below(40))
            decimals.append(Decimal(sign: random.chance(50) ? .minus : .plus, exponent: random.below(60) - 50,
                                    significand: Decimal(significand)))
        }
        for decimal in decimals {
            // The text path, as before the fast one.
            let text = NSDecimalNumber(decimal: decimal).stringValue
            let expected = NumberValue(integerText: text) ?? .approximate(Double(text) ?? .nan)
            let converted = NumberValue(decimal: decimal)
            #expect(converted == expected || (converted.isExact == expected.isExact
                                               && converted.doubleValue.bitPattern == expected.doubleValue.bitPattern),
                    "\(text)")
        }
    }

    @Test("the table's entries for q ≥ 0 are the top 128 bits of 5^q, computed exactly")
    func nonnegativePowers() {
        var power: [UInt32] = [1]  // 5^q, little-endian 32-bit limbs
        for q in 0...DecimalToDouble.largestPowerOfTen {
            let index = 2 * (q - DecimalToDouble.smallestPowerOfTen)
            let (high, low) = Self.top128Bits(of: power)
            #expect(DecimalToDouble.powersOfFive[index] == high && DecimalToDouble.powersOfFive[index + 1] == low, "5^\(q)")
            var carry: UInt64 = 0
            for limb in power.indices {
                let product = UInt64(power[limb]) * 5 + carry
                power[limb] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            if carry != 0 { power.append(UInt32(carry)) }
        }
    }

    /// The 128 most significant bits of a number (little-endian limbs, top limb nonzero),
    /// shifted so that the top bit is set, truncated.
    static func top128Bits(of limbs: [UInt32]) -> (UInt64, UInt64) {
        var bits: [Bool] = []
        for limb in limbs.reversed() {
            for bit in (0..<32).reversed() { bits.append(limb >> UInt32(bit) & 1 == 1) }
        }
        let first = bits.firstIndex(of: true) ?? 0
        var high: UInt64 = 0, low: UInt64 = 0
        for position in 0..<128 {
            let bit: UInt64 = first + position < bits.count && bits[first + position] ? 1 : 0
            if position < 64 { high = high << 1 | bit } else { low = low << 1 | bit }
        }
        return (high, low)
    }
}
