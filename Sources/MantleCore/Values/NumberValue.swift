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
    /// A number whose exact value is not an integer that fits 64 bits — a
    /// fraction lost to rounding (`9007199254740993.5`) or an integer beyond
    /// 64 bits — shown as the nearest `Double`. Only floating-point targets take it.
    case approximate(Double)

    /// Extracts the number in `value`, or `nil` if it holds no number.
    /// Booleans (Swift `Bool` and boolean `NSNumber`s) are not numbers.
    package init?(_ value: Any) {
        if let number = ValueConversion.foundationNumber(value) {
            guard !ValueConversion.isBooleanNumber(number) else { return nil }
            self.init(number)
            return
        }
        switch value {
        case let x as Int: self = .signed(Int64(x))
        case let x as Double: self = .floating(x)
        case let x as UInt64: self = x <= UInt64(Int64.max) ? .signed(Int64(x)) : .unsigned(x)
        case let x as Int64: self = .signed(x)
        case let x as Float: self = .floating(Double(x))
        case let x as UInt: self = x <= UInt(Int64.max) ? .signed(Int64(x)) : .unsigned(UInt64(x))
        case let x as Int32: self = .signed(Int64(x))
        case let x as UInt32: self = .signed(Int64(x))
        case let x as Int16: self = .signed(Int64(x))
        case let x as UInt16: self = .signed(Int64(x))
        case let x as Int8: self = .signed(Int64(x))
        case let x as UInt8: self = .signed(Int64(x))
        case let x as Decimal: self.init(decimal: x)
        default: return nil
        }
    }

    /// Extracts an `NSNumber` (not a boolean one) exactly.
    private init(_ number: NSNumber) {
        if let decimal = number as? NSDecimalNumber {
            self.init(decimal: decimal.decimalValue)
            return
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            self = .floating(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            let x = number.uint64Value
            self = x <= UInt64(Int64.max) ? .signed(Int64(x)) : .unsigned(x)
        default:
            self = .signed(number.int64Value)
        }
    }

    /// Extracts a `Decimal`: integral values that fit 64 bits stay exact,
    /// anything else is ``approximate(_:)``.
    package init(decimal: Decimal) {
        let text = NSDecimalNumber(decimal: decimal).stringValue
        if let x = Int64(text) {
            self = .signed(x)
        } else if let x = UInt64(text) {
            self = .unsigned(x)
        } else {
            self = .approximate(NSDecimalNumber(decimal: decimal).doubleValue)
        }
    }

    /// The number converted to `I`, or `nil` unless the conversion is exact.
    @inline(__always)
    package func exactly<I: FixedWidthInteger>(_: I.Type) -> I? {
        switch self {
        case .signed(let x): return I(exactly: x)
        case .unsigned(let x): return I(exactly: x)
        case .floating(let x): return I(exactly: x)
        case .approximate: return nil
        }
    }

    /// The number as `F`, rounded to the nearest representable value, or `nil`
    /// when it is not finite in `F` (out of range).
    @inline(__always)
    package func rounded<F: BinaryFloatingPoint>(_: F.Type) -> F? {
        let result: F
        switch self {
        case .signed(let x): result = F(x)
        case .unsigned(let x): result = F(x)
        case .floating(let x), .approximate(let x):
            guard x.isFinite else { return nil }
            result = F(x)
        }
        return result.isFinite ? result : nil
    }

    /// The number as it would be written in JSON.
    package var description: String {
        switch self {
        case .signed(let x): return String(x)
        case .unsigned(let x): return String(x)
        case .floating(let x), .approximate(let x): return String(x)
        }
    }
}
