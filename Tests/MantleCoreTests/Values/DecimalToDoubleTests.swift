//  DecimalToDouble (the Eisel–Lemire conversion) and the number parser that uses it: every
//  result is the correctly rounded Double, the one the standard library's `Double(String)`
//  (glibc's strtod) gives, for every decimal exponent of the table, the halfway and subnormal
//  edges, and literals as JSON writes them.

import Foundation
import Testing
@testable import MantleJSON
import MantleTestSupport

@Suite("JSON engine: decimal to binary conversion")
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

    /// Literals at the edges: halfway between two doubles (ties to even), the largest double
    /// and just beyond, the normal/subnormal boundary, the smallest subnormal and half of it.
    static let edges: [String] = [
        "9007199254740993e0", "9007199254740995e0", "9007199254740993.0", "90071992547409930e-1",
        "4503599627370496.5", "4503599627370497.5", "1.00000000000000011102230246251565404236316680908203125",
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1.8e308",
        "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
        "4.9406564584124654e-324", "2.4703282292062328e-324", "2.4703282292062327e-324", "1e-324",
        "-65.613616999999977", "-0.000000000000000000000000000123456789012345678", "0.1", "0.3",
        "123456789012345678901234567890", "1e23", "8.98846567431158e307", "5e-324", "1e-400", "-1e400",
        "7.0064923216240854e-46", "3.4028235677973366e38", "0.000123456789012345678e10",
        // 20 digits whose significand wraps to 0 in 64 bits; zeros before the first digit that
        // do not count; a zero written with many digits.
        "18446744073709551616e0", "92233720368547758080e0", "-92233720368547758080.5",
        "0.0000000000000000000000000000001234", "-0.000000000000000000000e5", "0.00000000000000000000000",
    ]

    @Test("JSON literals at the edges parse to Double(String)'s value", arguments: edges)
    func edge(literal: String) throws {
        let document = try JSONDocument(text: "[\(literal)]")
        guard case .double(let parsed) = document.number(at: 1) else {
            Issue.record("\(literal) is not a floating-point literal here")
            return
        }
        #expect(parsed.bitPattern == (Double(literal) ?? .nan).bitPattern, "\(literal)")
    }

    @Test("random 17-digit literals, as JSON writers print coordinates, parse to Double(String)'s value")
    func randomLiterals() throws {
        var random = SplitMix64(seed: "DecimalToDouble literals")
        var literals: [String] = []
        for _ in 0..<5_000 {
            let integer = random.below(1_000)
            let fraction = String(random.next() % 100_000_000_000_000).leftPadded(to: 14)
            let exponent = random.chance(30) ? "e\(random.below(80) - 40)" : ""
            literals.append("\(random.chance(50) ? "-" : "")\(integer).\(fraction)\(exponent)")
        }
        let document = try JSONDocument(text: "[" + literals.joined(separator: ",") + "]")
        for (index, node) in document.elements(of: 0).enumerated() {
            guard case .double(let parsed) = document.number(at: node) else {
                Issue.record("\(literals[index]) is not a floating-point literal here")
                continue
            }
            #expect(parsed.bitPattern == (Double(literals[index]) ?? .nan).bitPattern, "\(literals[index])")
            // A Float is the literal's Double rounded to Float, as before (nil beyond Float's range).
            let float = Float(Double(literals[index]) ?? .nan)
            #expect(document.floatingValue(at: node, as: Float.self) == (float.isFinite ? float : nil))
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

private extension String {
    /// The string with leading zeros up to `length` characters.
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
