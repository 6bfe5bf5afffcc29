// Decimal numbers rounded once to binary floating-point types narrower than `Double`.
//
// Both decoding paths first have the number as its correctly rounded `Double` (the JSON parser's
// conversion; `JSONSerialization`'s `NSNumber`). Rounding that `Double` again to `Float` is wrong
// only when the `Double` lies exactly halfway between two `Float`s: every `Float` and every
// midpoint between two `Float`s is a `Double`, so if the decimal value and its nearest `Double`
// rounded to different `Float`s, a midpoint would lie between them, closer to the decimal value
// than its nearest `Double` is, unless it is that `Double`. In that one case (one `Double` in
// 2^29 for random values, but exactly the case of a literal written near a midpoint, such as
// `1.0000000596046448`) the decimal text decides: the standard library's `Float(_: String)`
// (`strtof`) rounds it correctly, and for types without a correctly rounded parser (`Float16`,
// whose `init(_: String)` goes through `Float`) the text is compared with the midpoint exactly.

/// Rounding a decimal number, given as its nearest `Double` and its text, to a binary
/// floating-point type once, as `JSONDecoder` rounds the text (`strtof` for `Float`).
package enum FloatingRounding {
    /// The decimal number whose correctly rounded `Double` is `nearest` and whose text is
    /// `text()` (a JSON number literal or a `Decimal`'s digits), correctly rounded to `F`
    /// (ties to even); `nil` when that is not finite. `text` is called only when `nearest` lies
    /// exactly halfway between two values of `F` (or on `F`'s overflow threshold).
    ///
    /// Zero stays zero with its sign; whether a nonzero number that rounds to zero is accepted is
    /// the caller's rule.
    package static func rounded<F: BinaryFloatingPoint>(_ nearest: Double, as _: F.Type,
                                                        text: () -> String) -> F? {
        guard nearest.isFinite else { return nil }
        if F.self == Double.self { return F(nearest) }
        if F.significandBitCount > Double.significandBitCount {
            // `Float80`: the text through the type's own (correctly rounded) parser.
            if let parse = F.self as? any LosslessStringConvertible.Type,
               let parsed = parse.init(text()) as? F {
                return parsed.isFinite ? parsed : nil
            }
            return F(nearest)
        }
        let result = F(nearest)
        guard let midpoint = midpoint(at: nearest, F.self) else { return result.isFinite ? result : nil }
        let resolved: F
        if F.self == Float.self, let parsed = Float(text()) {
            resolved = F(parsed)
        } else {
            let (lower, upper) = neighbours(of: midpoint, F.self)
            switch compare(literal: text(), withMagnitude: midpoint.magnitude) {
            case .some(let order) where order != 0:
                // Above the midpoint's magnitude: away from zero.
                resolved = (order > 0) == (midpoint > 0) ? upper : lower
            default:
                resolved = result  // exactly the midpoint: ties to even, as `F(nearest)` rounds
            }
        }
        return resolved.isFinite ? resolved : nil
    }

    /// `x` when it lies exactly halfway between two adjacent values of `F` (or exactly on the
    /// threshold beyond which `F` rounds to infinity), else `nil`.
    @inline(__always)
    static func midpoint<F: BinaryFloatingPoint>(at x: Double, _: F.Type) -> Double? {
        if F.self == Float.self {
            // A normal `Float`'s neighbours: the 29 bits below a `Float`'s significand are
            // exactly `1000…0`. Elsewhere (subnormal, zero, overflow), the general test.
            let bits = x.bitPattern
            let exponent = Int(truncatingIfNeeded: bits >> 52) & 0x7FF  // 32-bit: a UInt64 shift; 12 bits left
            if exponent >= 1023 - 126 && exponent <= 1023 + 127 {
                return bits & 0x1FFF_FFFF == 0x1000_0000 ? x : nil
            }
        }
        let (lower, upper) = neighbours(of: x, F.self)
        guard lower != upper else { return nil }
        let midpoint: Double
        if upper.isInfinite {
            midpoint = Double(F.greatestFiniteMagnitude) + Double(F.greatestFiniteMagnitude.ulp) / 2
        } else if lower.isInfinite {
            midpoint = -(Double(F.greatestFiniteMagnitude) + Double(F.greatestFiniteMagnitude.ulp) / 2)
        } else {
            // Exact: two adjacent values of a type narrower than `Double` differ in one bit below
            // their common significand.
            midpoint = (Double(lower) + Double(upper)) / 2
        }
        return midpoint == x ? x : nil
    }

    /// The adjacent values of `F` around `x` (equal when `F` holds `x`).
    private static func neighbours<F: BinaryFloatingPoint>(of x: Double, _: F.Type) -> (lower: F, upper: F) {
        let rounded = F(x)
        let back = Double(rounded)
        if back == x { return (rounded, rounded) }
        return x < back ? (rounded.nextDown, rounded) : (rounded, rounded.nextUp)
    }

    /// The sign of `|literal| − magnitude` (−1, 0 or 1), exactly, for a number literal (an
    /// optional `-`, digits, an optional fraction and exponent, as JSON writes them or `Decimal`
    /// describes itself) and a positive `Double` whose exact decimal form has a significand of
    /// at most 128 bits (every midpoint of `Float16`); `nil` for a `Double` beyond that or
    /// text that is not a number.
    static func compare(literal: String, withMagnitude magnitude: Double) -> Int? {
        guard let (digits, exponent) = Self.decimalDigits(of: magnitude),
              let (literalDigits, literalExponent) = Self.decimalDigits(ofLiteral: literal) else { return nil }
        // Both as 0.d₁d₂… × 10^e with d₁ ≠ 0 (zero has no digits).
        if literalDigits.isEmpty { return digits.isEmpty ? 0 : -1 }
        if digits.isEmpty { return 1 }
        let e1 = literalDigits.count + literalExponent
        let e2 = digits.count + exponent
        if e1 != e2 { return e1 < e2 ? -1 : 1 }
        for index in 0..<max(literalDigits.count, digits.count) {
            let a = index < literalDigits.count ? literalDigits[index] : UInt8(ascii: "0")
            let b = index < digits.count ? digits[index] : UInt8(ascii: "0")
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }

    /// The significant digits (no leading or trailing zeros) and exponent of a number literal:
    /// its magnitude is `digits × 10^exponent`; `nil` for text that is not a number.
    private static func decimalDigits(ofLiteral text: String) -> (digits: [UInt8], exponent: Int)? {
        var utf8 = text.utf8[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var seenDigit = false
        while let c = utf8.first, c != UInt8(ascii: "e"), c != UInt8(ascii: "E") {
            utf8 = utf8.dropFirst()
            if c == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard c &- UInt8(ascii: "0") < 10 else { return nil }
            seenDigit = true
            if seenPoint { exponent -= 1 }
            if !(digits.isEmpty && c == UInt8(ascii: "0")) { digits.append(c) }
        }
        guard seenDigit else { return nil }
        if !utf8.isEmpty {
            var exponentText = utf8.dropFirst()
            let negative = exponentText.first == UInt8(ascii: "-")
            if negative || exponentText.first == UInt8(ascii: "+") { exponentText = exponentText.dropFirst() }
            guard !exponentText.isEmpty else { return nil }
            // Saturated: an exponent this large decides the comparison by itself. The bound
            // keeps `value * 10 + 9` below 2^31 where `Int` has 32 bits.
            var value = 0
            for c in exponentText {
                guard c &- UInt8(ascii: "0") < 10 else { return nil }
                value = min(value * 10 + Int(c &- UInt8(ascii: "0")), 100_000_000)  // 32-bit: a digit; see above
            }
            exponent += negative ? -value : value
        }
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        return (digits, exponent)
    }

    /// The exact decimal form of a positive finite `Double` as significant digits and an
    /// exponent (`x = digits × 10^exponent`), or `nil` when the significand would pass 128 bits.
    private static func decimalDigits(of x: Double) -> (digits: [UInt8], exponent: Int)? {
        guard x.isFinite, x > 0 else { return x == 0 ? ([], 0) : nil }
        // x = m × 2^e with m odd.
        var m = x.significandBitPattern | (x.isNormal ? 1 << 52 : 0)  // 32-bit: a UInt64
        var e = Int(x.exponentBitPattern) - 1075 + (x.isNormal ? 0 : 1)  // 32-bit: 11 bits
        let zeros = m.trailingZeroBitCount
        m >>= UInt64(zeros)
        e += zeros
        var high: UInt64 = 0
        var low = m
        var exponent = 0
        if e >= 0 {
            // m × 2^e, an integer.
            guard e + (64 - m.leadingZeroBitCount) <= 128 else { return nil }
            for _ in 0..<e {
                high = high << 1 | low >> 63  // 32-bit: UInt64 shifts
                low <<= 1
            }
        } else {
            // m × 2^e = m × 5^−e × 10^e.
            for _ in 0 ..< -e {
                let lowProduct = low.multipliedFullWidth(by: 5)
                let highProduct = high.multipliedFullWidth(by: 5)
                let (newHigh, overflow) = highProduct.low.addingReportingOverflow(lowProduct.high)
                guard highProduct.high == 0, !overflow else { return nil }
                (high, low) = (newHigh, lowProduct.low)
            }
            exponent = e
        }
        var digits = Array((high == 0 ? String(low) : NumberValue.wide(negative: false, high: high, low: low).description).utf8)
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        return (digits, exponent)
    }
}
