import Foundation

/// A number taken out of a Swift numeric value or an `NSNumber`, kept exactly.
///
/// All numeric conversions go through this one representation, so that JSON
/// numbers from this package's parser, Swift numbers in a dictionary and the
/// `NSNumber`s of `JSONSerialization` follow the same rules.
package enum NumberValue: Sendable, Equatable, CustomStringConvertible {
    /// A signed integer.
    case signed(Int64)
    /// An unsigned integer above `Int64.max`.
    case unsigned(UInt64)
    /// A floating-point number (whose value is exactly this `Double`).
    case floating(Double)
    /// A number whose exact value is not known to be an integer that fits 128
    /// bits — a fraction lost to rounding (`9007199254740993.5`), a nonzero
    /// number that underflows to zero (`1e-400`), an integer beyond 128 bits, or
    /// a `Decimal` that may have dropped digits of a longer integer — shown as
    /// the nearest `Double`. Only floating-point targets take it, and none takes
    /// it when it is zero.
    case approximate(Double)
    /// An integer outside `Int64.min...UInt64.max` that fits 128 bits (from an
    /// `Int128`, a `UInt128` or a long integer literal), as a sign and a
    /// magnitude `high << 64 | low` (`high` is never 0).
    case wide(negative: Bool, high: UInt64, low: UInt64)

    /// Extracts the number in `value`, or `nil` if it holds no number.
    /// Booleans (Swift `Bool` and boolean `NSNumber`s) are not numbers.
    package init?(_ value: Any) {
        if let number = ValueConversion.foundationNumber(value) {
            self.init(number)
            return
        }
        switch value {
        case let x as Int: self = .signed(Int64(x))
        case let x as Double: self = .floating(x)
        case let x as UInt64: self = x <= UInt64(Int64.max) ? .signed(Int64(x)) : .unsigned(x)
        case let x as Int64: self = .signed(x)
        case let x as Float: self = .floating(Double(x))
        case let x as UInt: self.init(integer: x)  // 32 or 64 bits, by platform
        case let x as Int32: self = .signed(Int64(x))
        case let x as UInt32: self = .signed(Int64(x))
        case let x as Int16: self = .signed(Int64(x))
        case let x as UInt16: self = .signed(Int64(x))
        case let x as Int8: self = .signed(Int64(x))
        case let x as UInt8: self = .signed(Int64(x))
        case let x as Decimal: self.init(decimal: x)
        default:
            // Int128, UInt128, Float16, Float80 and other numeric types.
            if let x = value as? any BinaryInteger {
                self.init(integer: x)
            } else if let x = value as? any BinaryFloatingPoint {
                self.init(floating: x)
            } else {
                return nil
            }
        }
    }

    /// Extracts a binary floating-point number of any format exactly: as
    /// ``floating(_:)`` when a `Double` holds it (every `Float16` and `Float`),
    /// as an integer when it is integral beyond `Double`'s precision (a large
    /// `Float80`), and ``approximate(_:)`` otherwise.
    package init<F: BinaryFloatingPoint>(floating x: F) {
        if let double = Double(exactly: x) {
            self = .floating(double)
        } else if x.isFinite, x.rounded(.towardZero) == x, let high = UInt64(exactly: (x.magnitude / 0x1p64).rounded(.towardZero)) {
            let low = UInt64(exactly: x.magnitude - F(high) * 0x1p64) ?? 0
            self.init(negative: x < 0, high: high, low: low)
        } else {
            self = .approximate(Double(x))
        }
    }

    /// Extracts an integer of any width exactly (``wide(negative:high:low:)``
    /// beyond 64 bits, ``approximate(_:)`` beyond 128).
    package init<I: BinaryInteger>(integer x: I) {
        if let signed = Int64(exactly: x) {
            self = .signed(signed)
        } else if let unsigned = UInt64(exactly: x) {
            self = .unsigned(unsigned)
        } else if let high = UInt64(exactly: x.magnitude >> 64) {
            self = .wide(negative: x < 0, high: high, low: UInt64(truncatingIfNeeded: x.magnitude))
        } else {
            self = .approximate(Double(x))
        }
    }

    /// A decimal integer literal (optional `-`, then digits) as a number:
    /// exact up to 128 bits, ``approximate(_:)`` beyond; `nil` for other text.
    package init?(integerText text: some StringProtocol) {
        var utf8 = Substring(text).utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var overflow = false
        for byte in utf8 {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            // (high, low) * 10 + digit, in 128 bits.
            let lowProduct = low.multipliedFullWidth(by: 10)
            let highProduct = high.multipliedFullWidth(by: 10)
            let (newLow, carry) = lowProduct.low.addingReportingOverflow(UInt64(digit))
            let (partialHigh, overflow1) = highProduct.low.addingReportingOverflow(lowProduct.high)
            let (newHigh, overflow2) = partialHigh.addingReportingOverflow(carry ? 1 : 0)
            if highProduct.high != 0 || overflow1 || overflow2 { overflow = true }
            (high, low) = (newHigh, newLow)
        }
        if overflow {
            self = .approximate(Double(String(text)) ?? (negative ? -.infinity : .infinity))
        } else {
            self.init(negative: negative, high: high, low: low)
        }
    }

    /// The number `±(high << 64 | low)`, in its canonical case.
    private init(negative: Bool, high: UInt64, low: UInt64) {
        if high != 0 {
            self = .wide(negative: negative, high: high, low: low)
        } else if !negative {
            self = low <= UInt64(Int64.max) ? .signed(Int64(low)) : .unsigned(low)
        } else if low <= UInt64(Int64.max) + 1 {
            self = .signed(Int64(truncatingIfNeeded: 0 &- low))
        } else {
            self = .wide(negative: true, high: 0, low: low)
        }
    }

    /// Extracts an `NSNumber` exactly; `nil` for a boolean one.
    private init?(_ number: NSNumber) {
        switch Self.storage(of: number) {
        case .bool: return nil
        case .decimal(let decimal): self.init(decimal: decimal)
        case .float(let float): self = .floating(Double(float))
        case .double(let double): self = .floating(double)
        case .unsigned(let x): self = x <= UInt64(Int64.max) ? .signed(Int64(x)) : .unsigned(x)
        case .signed(let x): self = .signed(x)
        }
    }

    /// How an `NSNumber` holds its value: the one reading of its class and
    /// `objCType` (also used by the JSON writer).
    package enum FoundationStorage {
        /// A boolean (`JSONSerialization`'s `true`/`false`, class `__NSCFBoolean`).
        case bool(Bool)
        /// An `NSDecimalNumber`.
        case decimal(Decimal)
        /// A `float`.
        case float(Float)
        /// A `double`.
        case double(Double)
        /// An unsigned integer type.
        case unsigned(UInt64)
        /// A signed integer type (a `char` included).
        case signed(Int64)
    }

    /// How `number` holds its value.
    package static func storage(of number: NSNumber) -> FoundationStorage {
        if ValueConversion.isBooleanNumber(number) { return .bool(number.boolValue) }
        if let decimal = number as? NSDecimalNumber { return .decimal(decimal.decimalValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"): return .float(number.floatValue)
        case UInt8(ascii: "d"): return .double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return .unsigned(number.uint64Value)
        default: return .signed(number.int64Value)
        }
    }

    /// Extracts a `Decimal`: integral values that fit 128 bits stay exact,
    /// anything else is ``approximate(_:)`` of the `Double` nearest to its
    /// decimal text (`Decimal(string: "8.88")` gives `8.88`, where
    /// `NSDecimalNumber.doubleValue` gives `8.879999999999999`).
    /// Fractions whose significand fits 64 bits take that `Double` without the text (see
    /// ``fraction(_:)``).
    package init(decimal: Decimal) {
        if let fraction = Self.fraction(decimal) {
            self = .approximate(fraction)
            return
        }
        let text = NSDecimalNumber(decimal: decimal).stringValue
        if let number = NumberValue(integerText: text), number.isExact, !Self.mayHaveLostDigits(decimal) {
            self = number
        } else {
            self = .approximate(Double(text) ?? NSDecimalNumber(decimal: decimal).doubleValue)
        }
    }

    /// `true` when `decimal` may stand for an integer with more digits than it keeps: its
    /// exponent is positive and its significand could take no further digit (it is at least
    /// `(2^128 − 1 − 9) / 10`). `Decimal(string:)`, and so `JSONSerialization`, reads a longer
    /// integer literal that way, dropping the digits past the significand's capacity
    /// (`340282366920938463463374607431768211456`, `UInt128.max + 1`, becomes
    /// `340282366920938463463374607431768211450`), so such a decimal is not taken as an exact
    /// integer.
    private static func mayHaveLostDigits(_ decimal: Decimal) -> Bool {
        guard decimal.exponent > 0 else { return false }
        var digits = Substring(NSDecimalNumber(decimal: decimal.significand).stringValue)
        if digits.first == "-" { digits = digits.dropFirst() }
        return digits.count > 38 || (digits.count == 38 && digits >= "34028236692093846346337460743176821145")
    }

    /// The `Double` nearest to `decimal` when it is certainly not an integer and its
    /// significand fits 64 bits (`-65.613616999999977`: `JSONSerialization`'s form, on Linux,
    /// of a literal with more digits than a `Double` keeps), else `nil`.
    ///
    /// The value is `significand × 10^exponent` exactly, so ``DecimalToDouble`` gives what
    /// `Double` makes of its text, without the text: converting through `stringValue` took
    /// 23,000 instructions a number (nine tenths of decoding canada.json from
    /// `JSONSerialization` objects). The significand is read through `uint64Value` and taken
    /// only when it reads back as the same `Decimal` (whatever way `uint64Value` computes it).
    /// A negative exponent and a last digit that is not 0 make it a fraction; anything else (an
    /// integer, a trailing zero, a longer significand, NaN) goes the way of the text.
    private static func fraction(_ decimal: Decimal) -> Double? {
        guard !decimal.isNaN, decimal.exponent < 0 else { return nil }
        let significand = decimal.significand
        let digits = NSDecimalNumber(decimal: significand).uint64Value
        guard digits % 10 != 0, Decimal(digits) == significand,
              let magnitude = DecimalToDouble.double(digits, timesPowerOfTen: decimal.exponent)
        else { return nil }
        return decimal.sign == .minus ? -magnitude : magnitude
    }

    /// The number in the one form that equal values share, for comparing
    /// numbers by value whatever type they came as: an integral
    /// floating-point value that fits 128 bits becomes the integer
    /// (`1.0` and `1` are both `.signed(1)`, `-0.0` is `.signed(0)`), and
    /// ``approximate(_:)`` becomes ``floating(_:)``.
    package var canonical: NumberValue {
        switch self {
        case .signed, .unsigned, .wide: return self
        case .floating(let x), .approximate(let x):
            guard x.isFinite, x.rounded(.towardZero) == x else { return .floating(x) }
            if let signed = Int64(exactly: x) { return .signed(signed) }
            if let unsigned = UInt64(exactly: x) { return .unsigned(unsigned) }
            let magnitude = x.magnitude
            guard let high = UInt64(exactly: (magnitude / 0x1p64).rounded(.towardZero)),
                  let low = UInt64(exactly: magnitude - Double(high) * 0x1p64) else { return .floating(x) }
            return NumberValue(negative: x < 0, high: high, low: low)
        }
    }

    /// `true` for the integer cases (``signed(_:)``, ``unsigned(_:)``,
    /// ``wide(negative:high:low:)``), `false` for floating-point numbers
    /// even when integral.
    package var isInteger: Bool {
        switch self {
        case .signed, .unsigned, .wide: return true
        case .floating, .approximate: return false
        }
    }

    /// `false` for ``approximate(_:)``.
    package var isExact: Bool {
        if case .approximate = self { return false }
        return true
    }

    /// The number converted to `I`, or `nil` unless the conversion is exact.
    ///
    /// The codecs of JSONAdapter and MantleJSON call it from other modules, where a `package`
    /// function is neither inlined nor specialized: these exported specializations are what
    /// their calls for the common types reach, instead of the generic code asking the runtime
    /// for `Optional<I>`'s metadata on every call (11% of decoding citm_catalog.json's integers
    /// from `JSONSerialization` objects, measured under callgrind).
    @_specialize(exported: true, where I == Int)
    @_specialize(exported: true, where I == Int64)
    @inline(__always)
    package func exactly<I: FixedWidthInteger>(_: I.Type) -> I? {
        switch self {
        case .signed(let x): return I(exactly: x)
        case .unsigned(let x): return I(exactly: x)
        case .floating(let x): return I(exactly: x)
        case .approximate: return nil
        case .wide(let negative, let high, let low):
            // Only types wider than 64 bits can hold it: ±high · 2^64 ∓ low in I,
            // every step checked for overflow (the negative side is built
            // negatively so that Int128.min fits).
            guard I.bitWidth > 64, !negative || I.isSigned,
                  let h = I(exactly: high), let l = I(exactly: low) else { return nil }
            let scale = I(1) << 64  // 32-bit: I has more than 64 bits (checked above)
            let (scaled, o1) = (negative ? 0 - h : h).multipliedReportingOverflow(by: scale)
            let (result, o2) = negative ? scaled.subtractingReportingOverflow(l) : scaled.addingReportingOverflow(l)
            return o1 || o2 ? nil : result
        }
    }

    /// The number as `F`, rounded once to the nearest representable value, or `nil` when it is
    /// not finite in `F` (out of range) or is a nonzero number that rounds to zero (`1e-50` for
    /// a `Float`; ``approximate(_:)`` zero, a literal such as `1e-400`, for every type).
    ///
    /// A ``floating(_:)`` `Double` stands for its shortest decimal text (the text
    /// `JSONSerialization` and `JSONEncoder` write for it, and the literal it was read from when
    /// that had at most 15 significant digits), which decides when the `Double` lies halfway
    /// between two values of a narrower `F` (see ``FloatingRounding``). Exported
    /// specializations for the common types, as ``exactly(_:)`` has.
    @_specialize(exported: true, where F == Double)
    @_specialize(exported: true, where F == Float)
    @inline(__always)
    package func rounded<F: BinaryFloatingPoint>(_: F.Type) -> F? {
        let result: F
        switch self {
        case .signed(let x): result = F(x)
        case .unsigned(let x): result = F(x)
        case .floating(let x):
            return Self.rounded(x, as: F.self)
        case .approximate(let x):
            guard x != 0 else { return nil }
            return Self.rounded(x, as: F.self)
        case .wide(let negative, let high, let low):
            result = Self.rounded(negative: negative, high: high, low: low)
        }
        return result.isFinite ? result : nil
    }

    /// `x`, standing for its shortest decimal text, rounded once to `F` (see ``rounded(_:)``).
    @inline(__always)
    private static func rounded<F: BinaryFloatingPoint>(_ x: Double, as _: F.Type) -> F? {
        if F.self == Double.self { return x.isFinite ? F(x) : nil }
        if F.self == Float.self {
            // A `Double` in a normal `Float`'s range that is not halfway between two `Float`s
            // (``FloatingRounding/midpoint(at:_:)``).
            let bits = x.bitPattern
            if (UInt(truncatingIfNeeded: bits >> 52) & 0x7FF) &- (1023 - 126) <= 253,  // 32-bit: a UInt64 shift; 12 bits left
               bits & 0x1FFF_FFFF != 0x1000_0000 {
                let float = F(x)
                return float.isFinite ? float : nil
            }
        }
        guard let result = FloatingRounding.rounded(x, as: F.self, text: { String(x) }) else { return nil }
        return result == 0 && x != 0 ? nil : result
    }

    /// The number in `value` (a Swift number or an `NSNumber`, as ``init(_:)`` reads them)
    /// rounded once to `F`, by ``rounded(_:)``'s rules; a `Decimal` or `NSDecimalNumber` from its
    /// decimal digits (`JSONSerialization`'s form, on Linux, of literals longer than 17
    /// characters), not through the nearest `Double`. `nil` for anything else.
    @_specialize(exported: true, where F == Double)
    @_specialize(exported: true, where F == Float)
    package static func rounded<F: BinaryFloatingPoint>(_ value: Any, as _: F.Type) -> F? {
        if let number = ValueConversion.foundationNumber(value) {
            switch storage(of: number) {
            case .bool: return nil
            case .decimal(let decimal): return rounded(decimal: decimal, as: F.self)
            case .float(let float): return rounded(Double(float), as: F.self)
            case .double(let double): return rounded(double, as: F.self)
            case .unsigned(let x): return NumberValue.unsigned(x).rounded(F.self)
            case .signed(let x): return NumberValue.signed(x).rounded(F.self)
            }
        }
        if type(of: value) == Decimal.self, let decimal = value as? Decimal {
            return rounded(decimal: decimal, as: F.self)
        }
        return NumberValue(value)?.rounded(F.self)
    }

    /// `decimal` rounded once to `F` from its digits; `nil` for NaN, out of range, or a
    /// nonzero value that rounds to zero.
    private static func rounded<F: BinaryFloatingPoint>(decimal: Decimal, as _: F.Type) -> F? {
        guard !decimal.isNaN else { return nil }
        if decimal.isZero { return 0 }
        let nearest: Double
        if let fraction = fraction(decimal) {
            nearest = fraction
        } else {
            let number = NumberValue(decimal: decimal)
            if number.isExact { return number.rounded(F.self) }
            nearest = number.doubleValue
        }
        let result = FloatingRounding.rounded(nearest, as: F.self) { NSDecimalNumber(decimal: decimal).stringValue }
        return result == 0 ? nil : result
    }

    /// `±(high << 64 | low)` correctly rounded to `F` (for significands of up
    /// to 62 bits: every type but `Float80`, which may be off by one unit).
    ///
    /// The top 63 bits of the magnitude are kept and every bit below them is
    /// folded into a sticky bit, which leaves round-to-nearest-even unchanged
    /// for any narrower significand; the power-of-two scaling is exact.
    private static func rounded<F: BinaryFloatingPoint>(negative: Bool, high: UInt64, low: UInt64) -> F {
        let shift = high.leadingZeroBitCount            // < 64 when high != 0
        let top = shift == 0 ? high : high << shift | low >> (64 - shift)
        let dropped = shift == 0 ? low : low << shift
        let kept = top >> 1 | (top & 1) | (dropped == 0 ? 0 : 1)
        let exponent = 64 - shift + 1                   // magnitude ≈ kept · 2^exponent
        let magnitude = F(sign: .plus, exponent: F.Exponent(exponent), significand: F(kept))
        return negative ? -magnitude : magnitude
    }

    /// The nearest `Double`.
    package var doubleValue: Double {
        switch self {
        case .signed(let x): return Double(x)
        case .unsigned(let x): return Double(x)
        case .floating(let x), .approximate(let x): return x
        case .wide: return rounded(Double.self) ?? .nan
        }
    }

    /// The number as it would be written in JSON.
    package var description: String {
        switch self {
        case .signed(let x): return String(x)
        case .unsigned(let x): return String(x)
        case .floating(let x), .approximate(let x): return String(x)
        case .wide(let negative, var high, var low):
            // Repeated division of the 128-bit magnitude by 10^19.
            var chunks: [UInt64] = []
            let base: UInt64 = 10_000_000_000_000_000_000
            while high != 0 || low != 0 {
                let (q1, r1) = high.quotientAndRemainder(dividingBy: base)
                let (q0, r0) = base.dividingFullWidth((high: r1, low: low))
                (high, low) = (q1, q0)
                chunks.append(r0)
            }
            var text = negative ? "-" : ""
            for (index, chunk) in chunks.reversed().enumerated() {
                let digits = String(chunk)
                if index > 0 { text += String(repeating: "0", count: 19 - digits.count) }
                text += digits
            }
            return text
        }
    }
}
