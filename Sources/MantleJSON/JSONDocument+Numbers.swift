import Foundation
import MantleInternals

/// A JSON number as written, converted exactly where possible (internal: JSONAdapter reads
/// numbers through ``JSONDocument/integerValue(at:as:)``, ``JSONDocument/floatingValue(at:as:)``
/// and ``JSONDocument/numberValue(at:)``).
@usableFromInline
enum JSONNumber: Sendable, Equatable {
    /// An integer literal (no fraction or exponent) that fits `Int64`. `-0` is `.int(0)`.
    case int(Int64)
    /// An integer literal that fits `UInt64` but not `Int64`.
    case uint(UInt64)
    /// Anything else (fraction, exponent, or an integer too big for 64 bits), correctly rounded.
    /// Huge exponents such as `1e400` give ±infinity and tiny ones such as `1e-999` give ±0.
    case double(Double)
}

// Numbers: what a number node holds, read from its literal on access, and the
// one rule by which it becomes an integer or floating-point value (in the
// package's exact representation, MantleInternals' `NumberValue`).

extension JSONDocument {
    /// The value of a `.number` node (see ``JSONNumber``); `.int(0)` for other kinds.
    @inlinable
    func number(at node: Int) -> JSONNumber {
        let n = nodes[node]
        guard n.kind == .number else { return .int(0) }
        return withBytes { buffer in
            guard let base = buffer.baseAddress else { return .int(0) }
            // SAFETY: the node's range lies inside the input (see `withBytes`).
            return Self.parseNumber(base + n.textStart, count: n.textLength,
                                    isInteger: n.flags & JSONNode.numberIsInteger != 0)
        }
    }

    /// Whether the `.number` node was written without fraction and exponent.
    @inlinable
    package func isIntegerLiteral(at node: Int) -> Bool {
        let n = nodes[node]
        return n.kind == .number && n.flags & JSONNode.numberIsInteger != 0
    }

    /// Whether the `.number` node's literal starts with a minus sign (`-0`
    /// is the integer 0 but the floating-point `-0.0`).
    @inlinable
    func isNegativeNumber(at node: Int) -> Bool {
        let n = nodes[node]
        return n.kind == .number && n.flags & JSONNode.numberIsNegative != 0
    }

    /// The raw text of a number node exactly as written (e.g. for `Decimal` conversion);
    /// `""` for other kinds.
    package func numberText(at node: Int) -> String {
        let n = nodes[node]
        guard n.kind == .number else { return "" }
        return withBytes { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[n.textStart..<n.textStart + n.textLength]), as: UTF8.self)
        }
    }

    /// Exact powers of ten representable in a `Double` (10^0 ... 10^22).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Converts validated number text to a ``JSONNumber``: exact 64-bit integer accumulation
    /// with overflow detection for integer literals, otherwise a correctly rounded `Double`.
    @usableFromInline
    static func parseNumber(_ p: UnsafePointer<UInt8>, count: Int, isInteger: Bool) -> JSONNumber {
        if isInteger {
            let negative = p[0] == UInt8(ascii: "-")
            var i = negative ? 1 : 0
            var magnitude: UInt64 = 0
            var overflow = false
            while i < count {
                let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(UInt64(p[i] &- UInt8(ascii: "0")))
                if o1 || o2 {
                    overflow = true
                    break
                }
                magnitude = s
                i &+= 1
            }
            if !overflow {
                if !negative {
                    return magnitude <= UInt64(Int64.max) ? .int(Int64(magnitude)) : .uint(magnitude)
                }
                if magnitude <= UInt64(Int64.max) { return .int(-Int64(magnitude)) }
                if magnitude == UInt64(Int64.max) &+ 1 { return .int(.min) }
            }
        }
        return .double(parseDouble(p, count: count))
    }

    /// Converts validated number text to the correctly rounded `Double` (±infinity on overflow).
    /// Uses the exact fast path (mantissa ≤ 2^53 times/divided by an exact power of ten) when it
    /// applies, then ``DecimalToDouble`` for up to 19 significant digits, and the standard
    /// library's correctly rounded conversion (`strtod`) for longer literals.
    static func parseDouble(_ p: UnsafePointer<UInt8>, count: Int) -> Double {
        var i = 0
        let negative = p[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var fast = true
        let integerDigits = digitRun(p, count: count, from: &i, into: &mantissa)
        digits &+= integerDigits
        if i < count && p[i] == UInt8(ascii: ".") {
            i &+= 1
            let fractionDigits = digitRun(p, count: count, from: &i, into: &mantissa)
            digits &+= fractionDigits
            exponent &-= fractionDigits
        }
        if i < count && (p[i] | 0x20) == UInt8(ascii: "e") {
            i &+= 1
            var negativeExponent = false
            if p[i] == UInt8(ascii: "-") { negativeExponent = true; i &+= 1 }
            else if p[i] == UInt8(ascii: "+") { i &+= 1 }
            var e = 0
            while i < count, p[i] &- UInt8(ascii: "0") < 10 {
                if e < 100_000 { e = e &* 10 &+ Int(p[i] &- UInt8(ascii: "0")) } else { fast = false }  // 32-bit: a digit, and e stays below 10^6
                i &+= 1
            }
            exponent &+= negativeExponent ? -e : e
        }
        if digits > 19 {
            // Zeros before the first nonzero digit (`0.000…0123`) add nothing to `mantissa`:
            // only the significant digits must fit.
            digits &-= leadingZeroDigits(p, count: count)
        }
        if fast && digits <= 19 {
            if mantissa == 0 { return negative ? -0.0 : 0.0 }
            if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {  // 32-bit: mantissa is a UInt64
                var value = Double(mantissa)
                if exponent >= 0 {
                    value *= powersOfTen[exponent]
                } else {
                    value /= powersOfTen[-exponent]
                }
                return negative ? -value : value
            }
            // At most 19 significant digits: `mantissa` is the literal's significand exactly.
            if let value = DecimalToDouble.double(mantissa, timesPowerOfTen: exponent) {
                return negative ? -value : value
            }
        }
        let text = String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)
        return Double(text) ?? .nan
    }

    /// Reads the run of digits at `p[i]` of a literal of `count` bytes into `mantissa`
    /// (`mantissa × 10 + digit` per digit, wrapping past 19 digits, where the caller does not
    /// use it), moves `i` past it and returns how many digits it had.
    ///
    /// Eight bytes at a time: a word of eight digits at once, and the digits before the first
    /// non-digit of a word, left-padded with `0` digits to eight, at once too. When fewer than
    /// eight bytes remain, the word is the literal's last eight bytes shifted down, with zero
    /// bytes (non-digits) above its end. Literals shorter than eight bytes go byte by byte.
    /// SAFETY: `load` reads `p[i..<i+8]` only when `i + 8 <= count`, and `p[count-8..<count]`
    /// only when `count >= 8`: inside the literal's bytes either way.
    @inline(__always)
    private static func digitRun(_ p: UnsafePointer<UInt8>, count: Int, from i: inout Int,
                                 into mantissa: inout UInt64) -> Int {
        let start = i
        guard count >= 8 else {
            while i < count, p[i] &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(p[i] &- UInt8(ascii: "0"))
                i &+= 1
            }
            return i &- start
        }
        while i < count {
            let remaining = count &- i
            let word = remaining >= 8
                ? JSONScanner.load(p + i)
                : JSONScanner.load(p + (count &- 8)) &>> UInt64(truncatingIfNeeded: 8 &* (8 &- remaining))
            let mask = JSONScanner.nonDigitMask(word)
            if mask == 0 {
                mantissa = mantissa &* 100_000_000 &+ JSONScanner.eightDigits(word)
                i &+= 8
                continue
            }
            let run = mask.trailingZeroBitCount &>> 3
            if run > 0 {
                // The run's digits in the top bytes, `0` digits below them.
                let shift = UInt64(truncatingIfNeeded: 8 &* (8 &- run))
                let padded = word &<< shift | 0x3030_3030_3030_3030 &>> UInt64(truncatingIfNeeded: 8 &* run)
                mantissa = mantissa &* powersOfTenIntegers[run] &+ JSONScanner.eightDigits(padded)
                i &+= run
            }
            break
        }
        return i &- start
    }

    /// 10^0 ... 10^8 as integers, for ``digitRun(_:count:from:into:)``.
    private static let powersOfTenIntegers: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
    ]

    /// The number of `0` digits before the first nonzero digit of validated number text
    /// (all of its significand's digits when it is zero).
    private static func leadingZeroDigits(_ p: UnsafePointer<UInt8>, count: Int) -> Int {
        var zeros = 0
        var i = p[0] == UInt8(ascii: "-") ? 1 : 0
        while i < count, p[i] == UInt8(ascii: "0") || p[i] == UInt8(ascii: ".") {
            if p[i] == UInt8(ascii: "0") { zeros &+= 1 }
            i &+= 1
        }
        return zeros
    }

    /// The number node `node` in the package's numeric representation, exactly:
    /// a literal whose exact value is an integer (`1e2`, `3.0`, `100e-2`) is
    /// read digit by digit, so that only true integers reach integer types —
    /// `9007199254740993.5`, `1e-400` and `0.1e-999999` (which round to an
    /// integral `Double`, the last two to 0) are `NumberValue.approximate`.
    @inlinable @inline(__always)
    package func numberValue(at node: Int) -> NumberValue {
        switch number(at: node) {
        case .int(let x): return .signed(x)
        case .uint(let x): return .unsigned(x)
        case .double(let x):
            // Fractions and infinities are taken as the double says.
            guard x.isFinite, x.rounded(.towardZero) == x else { return .floating(x) }
            // The literal's own digits decide whether it is an integer.
            guard let digits = integerDigits(at: node) else { return .approximate(x) }
            // Exactly zero: keep the sign of `-0.0` for floating-point targets.
            if x == 0 { return .floating(x) }
            return NumberValue(integerText: digits) ?? .approximate(x)
        }
    }

    /// The number node `node` as the integer type `I`, or `nil` unless its
    /// value is exactly an integer that `I` holds (`5`, `5.0`, `1e2`; not
    /// `3.5`, `1e-400` or `300` for `Int8`): the one rule of integer
    /// properties and of integers inside `Codable` values.
    ///
    /// `@inlinable` does not carry a `package` function's body across modules (no package
    /// cross-module optimization here), so the common types are specialized here and exported:
    /// JSONAdapter's codecs, specialized for them too, call these instead of the generic code.
    @_specialize(exported: true, where I == Int)
    @_specialize(exported: true, where I == Int64)
    @inlinable @inline(__always)
    package func integerValue<I: FixedWidthInteger>(at node: Int, as _: I.Type) -> I? {
        let n = nodes[node]
        guard n.kind == .number else { return nil }
        if n.flags & JSONNode.numberIsInteger != 0 {
            if let small = smallInteger(n) { return I(exactly: small) }
            if case .int(let x) = number(at: node) { return I(exactly: x) }
        }
        return numberValue(at: node).exactly(I.self)
    }

    /// The value of the integer literal of number node `n` when it has at most 18 digits (as
    /// ids and counts do), which no `Int64` overflows: read digit by digit without the overflow
    /// checks of ``parseNumber(_:count:isInteger:)``; `nil` for a longer literal.
    @inlinable @inline(__always)
    func smallInteger(_ n: JSONNode) -> Int64? {
        let negative = n.flags & JSONNode.numberIsNegative != 0
        let sign = negative ? 1 : 0
        let digits = n.textLength &- sign
        guard digits <= 18 else { return nil }
        return withBytes { buffer -> Int64 in
            guard let base = buffer.baseAddress else { return 0 }
            // SAFETY: the node's text, `textStart ..< textStart + textLength`, lies inside the
            // input (see `withBytes`); the scanner made it a minus sign (when `numberIsNegative`)
            // and then only ASCII digits (an integer literal has no fraction or exponent).
            let text = base + (n.textStart &+ sign)
            var magnitude: Int64 = 0
            var index = 0
            while index < digits {
                magnitude = magnitude &* 10 &+ Int64(text[index] &- UInt8(ascii: "0"))
                index &+= 1
            }
            return negative ? 0 &- magnitude : magnitude
        }
    }

    /// The number node `node` as the floating-point type `F`, rounded once to nearest from the
    /// literal, or `nil` when it is not a number, not finite in `F`, or a nonzero literal that
    /// rounds to zero (`1e-400`; `1e-50` for a `Float`): the one rule of floating-point
    /// properties and of floating-point values inside `Codable` values, as `JSONDecoder` reads
    /// them. `-0` and `-0.0` keep their sign.
    ///
    /// The literal's nearest `Double` gives every type its result unless it lies exactly halfway
    /// between two values of a narrower type, where the literal decides
    /// (``FloatingRounding``): `1.0000000596046448` is `1.0000001` as a `Float`, not `1.0`.
    /// Specialized for the common types as ``integerValue(at:as:)`` is.
    @_specialize(exported: true, where F == Double)
    @_specialize(exported: true, where F == Float)
    @inlinable @inline(__always)
    package func floatingValue<F: BinaryFloatingPoint>(at node: Int, as _: F.Type) -> F? {
        guard kind(at: node) == .number else { return nil }
        switch number(at: node) {
        case .double(let x):
            if F.self == Double.self {
                guard x.isFinite, x != 0 || isZeroLiteral(at: node) else { return nil }
                return F(x)
            }
            if F.self == Float.self {
                // In a normal `Float`'s range and not halfway between two `Float`s: rounding the
                // nearest `Double` is rounding the literal (`FloatingRounding.midpoint(at:_:)`,
                // inlined here).
                let bits = x.bitPattern
                if (UInt(truncatingIfNeeded: bits &>> 52) & 0x7FF) &- (1023 - 126) <= 253,  // 32-bit: a UInt64 shift; 12 bits left
                   bits & 0x1FFF_FFFF != 0x1000_0000 {
                    let float = F(x)
                    return float.isFinite ? float : nil
                }
            }
            return narrowed(x, at: node, as: F.self)
        case .int(0):
            // `-0` is the integer 0 but the floating-point -0.0.
            return isNegativeNumber(at: node) ? -0.0 : 0
        case .int(let x):
            let result = F(x)
            return result.isFinite ? result : nil
        case .uint(let x):
            let result = F(x)
            return result.isFinite ? result : nil
        }
    }

    /// ``floatingValue(at:as:)`` for the literals whose nearest `Double`, `x`, may not round to
    /// `F` as the literal does: `F` narrower than `Double`, outside the fast test.
    @usableFromInline
    func narrowed<F: BinaryFloatingPoint>(_ x: Double, at node: Int, as _: F.Type) -> F? {
        guard let result = FloatingRounding.rounded(x, as: F.self, text: { numberText(at: node) }) else { return nil }
        return result != 0 || isZeroLiteral(at: node) ? result : nil
    }

    /// Whether the number node `node`'s literal is zero (`0`, `-0.0`, `0e99`): every digit of
    /// its significand is `0`. A literal whose `Double` is zero but that is not (`1e-400`) has
    /// underflowed.
    @usableFromInline
    func isZeroLiteral(at node: Int) -> Bool {
        let n = nodes[node]
        return withBytes { buffer in
            for byte in buffer[n.textStart..<n.textStart + n.textLength] {
                if byte | 0x20 == UInt8(ascii: "e") { break }
                if byte &- UInt8(ascii: "1") < 9 { return false }
            }
            return true
        }
    }

    // MARK: - Arrays of numbers (see JSONDocument+Arrays.swift)

    /// The array `node` as `[Float]`, each element by ``floatingValue(at:as:)``; `nil` when
    /// it is not an array or an element is not a `Float`.
    package func floatArray(at node: Int) -> [Float]? {
        scalars(at: node) { floatingValue(at: $0, as: Float.self) }
    }

    /// The array `node` as `[Double]`, each element by ``floatingValue(at:as:)``.
    package func doubleArray(at node: Int) -> [Double]? {
        scalars(at: node) { floatingValue(at: $0, as: Double.self) }
    }

    /// The array `node` as `[Int]`, each element by ``integerValue(at:as:)``.
    package func intArray(at node: Int) -> [Int]? {
        scalars(at: node) { integerValue(at: $0, as: Int.self) }
    }

    /// The integer that the number node `node` denotes, as plain decimal digits
    /// (with `-` for a negative value), or `nil` when its exact value is not an
    /// integer or `node` is not a number. Exact for any literal: `1.50e1` is
    /// `15` and `100e-2` is `1`, while `1.05e1`, `9007199254740993.5` and
    /// `1e-400` are not integers (though their nearest `Double`s may be).
    /// Callers ask only when the literal's `Double` is finite and integral.
    package func integerDigits(at node: Int) -> String? {
        guard kind(at: node) == .number else { return nil }
        return Self.integerDigits(ofLiteral: numberText(at: node))
    }

    /// The integer a JSON number literal denotes, as plain decimal digits
    /// (with `-` for a negative value), or `nil` when its exact value is not
    /// an integer: every digit after the decimal point, once the exponent has
    /// moved it, must be zero (`1.50e1` is `15` and `100e-2` is `1`; `1.05e1`
    /// and `1e-400` are not integers).
    ///
    /// Only called for literals whose `Double` is finite, so the exponent and
    /// the result stay within a few hundred digits of the literal's length.
    private static func integerDigits(ofLiteral text: String) -> String? {
        var digits: [UInt8] = []
        var pointPosition: Int?
        var exponent = 0
        var utf8 = text.utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        while let c = utf8.first, c != UInt8(ascii: "e"), c != UInt8(ascii: "E") {
            if c == UInt8(ascii: ".") { pointPosition = digits.count } else { digits.append(c) }
            utf8 = utf8.dropFirst()
        }
        // Zero, whatever its exponent: `0e99999999999` would otherwise ask for that many zeros.
        if digits.allSatisfy({ $0 == UInt8(ascii: "0") }) { return negative ? "-0" : "0" }
        if !utf8.isEmpty {
            // 32-bit: an exponent beyond `Int` cannot give a finite, nonzero integer on any platform.
            guard let value = Int(Substring(utf8.dropFirst())) else { return nil }
            exponent = value
        }
        let (point, overflow) = (pointPosition ?? digits.count).addingReportingOverflow(exponent)
        guard !overflow else { return nil }
        guard digits.indices.allSatisfy({ $0 < point || digits[$0] == UInt8(ascii: "0") }) else { return nil }
        // Digits before the point, then the zeros the exponent appends.
        var integer = Array(digits.prefix(max(point, 0)))
        if point > digits.count { integer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: point - digits.count)) }
        if integer.isEmpty { integer = [UInt8(ascii: "0")] }
        return (negative ? "-" : "") + String(decoding: integer, as: UTF8.self)
    }
}
