// Decimal to binary: `w × 10^q` (an exact 64-bit decimal significand and a decimal exponent)
// as the correctly rounded `Double`, without big integers, by the Eisel–Lemire algorithm as
// fast_float implements it (Daniel Lemire, "Number Parsing at a Gigabyte per Second", 2021;
// Noble Mushtak and Daniel Lemire, "Fast Number Parsing Without Fallback", 2023).
//
// A number piece, not a JSON one: it serves whatever holds a decimal significand and exponent.
// `NumberValue(decimal:)` uses it for `Decimal`s and `NSDecimalNumber`s (the form in which
// `JSONSerialization` returns long literals on Linux), and the JSON number parser (MantleJSON's
// `JSONDocument.parseDouble`) for the literals that its exact fast path cannot take: more than
// 15–16 significant digits, as in canada.json's `-65.613616999999977`, or an exponent beyond
// ±22. Before it, each
// of those went through a `String` and glibc's `strtod`, whose multiprecision path made number
// conversion a third of canada.json's decoding (and Decimal's text nine tenths of it from
// `JSONSerialization` objects).

/// Converts `w × 10^q` to the nearest `Double` (ties to even), for an exact significand `w`.
package enum DecimalToDouble {
    /// `w × 10^q` correctly rounded to a `Double` (positive; the caller applies the sign),
    /// or `nil` in the one case the 128-bit product cannot settle, for the caller's slower
    /// exact conversion.
    ///
    /// `w` must be the literal's significand exactly (at most 19 significant digits, so it
    /// fits 64 bits) and nonzero. Exponents below the table give 0 (`w < 10^19`, so the value
    /// is below 10^-323, under half the smallest subnormal) and above it infinity (at least
    /// 10^309).
    ///
    /// Mushtak and Lemire proved that the product of `w` with the 128-bit truncated power of
    /// five always settles the result for 64-bit significands; the fallback for a product
    /// whose low word is all ones outside q in -27...55 comes from the earlier form of the
    /// algorithm and is kept as a safeguard that costs one comparison.
    package static func double(_ w: UInt64, timesPowerOfTen q: Int) -> Double? {
        if q < smallestPowerOfTen { return 0 }
        if q > largestPowerOfTen { return .infinity }
        // The significand's top bit set.
        let leadingZeros = w.leadingZeroBitCount
        let normalized = w << leadingZeros
        // 55 bits are needed: 52 explicit, the implicit one, one to round and one that the
        // product's top bit may take.
        let index = 2 &* (q &- smallestPowerOfTen)
        var product = normalized.multipliedFullWidth(by: powersOfFive[index])
        let precisionMask: UInt64 = 0xFFFF_FFFF_FFFF_FFFF >> 55
        if product.high & precisionMask == precisionMask {
            // The truncated bits may carry into the ones kept: add the next 64 bits of 5^q.
            let second = normalized.multipliedFullWidth(by: powersOfFive[index &+ 1])
            let (low, carry) = product.low.addingReportingOverflow(second.high)
            product.low = low
            if carry { product.high &+= 1 }
        }
        if product.low == .max && (q < -27 || q > 55) { return nil }

        let upperBit = Int(truncatingIfNeeded: product.high >> 63)  // 32-bit: 0 or 1
        let shift = upperBit &+ 64 &- 52 &- 3
        var mantissa = product.high >> shift
        // The binary exponent: floor(q × log2(10)) + 63 (217706 / 2^16 ≈ log2(10)), biased.
        var power2 = ((217_706 &* q) >> 16) &+ 63 &+ upperBit &- leadingZeros &+ 1023

        if power2 <= 0 {
            // Subnormal (or zero): more than 64 bits below the smallest exponent is zero.
            if 1 &- power2 >= 64 { return 0 }
            mantissa >>= UInt64(1 &- power2)
            // Round half up: round-to-even ties cannot occur for subnormals with ≤ 19 digits.
            mantissa &+= mantissa & 1
            mantissa >>= 1
            // Rounding may have made it the smallest normal number (bit 52 set, exponent 1).
            power2 = mantissa < 1 << 52 ? 0 : 1  // 32-bit: mantissa is a UInt64
            return Double(bitPattern: UInt64(truncatingIfNeeded: power2) << 52 | mantissa)
        }

        // Exactly halfway between two doubles (only possible when 5^q fits 64 bits, q in
        // -4...23, and every dropped bit is zero): round to even, that is down when even.
        if product.low <= 1 && q >= -4 && q <= 23 && mantissa & 3 == 1 && mantissa << shift == product.high {
            mantissa &= ~1
        }
        mantissa &+= mantissa & 1
        mantissa >>= 1
        if mantissa >= 2 << 52 {  // 32-bit: mantissa is a UInt64
            // Rounding carried into a new bit.
            mantissa = 1 << 52  // 32-bit: mantissa is a UInt64
            power2 &+= 1
        }
        mantissa &= ~(1 << 52)  // 32-bit: mantissa is a UInt64
        if power2 >= 0x7FF { return .infinity }
        return Double(bitPattern: UInt64(truncatingIfNeeded: power2) << 52 | mantissa)
    }
}
