import Foundation

/// Converts an untyped value (`Any?`) into a value of a given type with the package's exact rules.
///
/// Declared here with its tests of Foundation values (`NSNull`, `NSNumber`, booleans), which
/// ``NumberValue`` needs too; the converters, which need MantleCore's `ValueKind`, are
/// MantleCore's extension of it (its `Converter` states the rules).
package enum ValueConversion {
    /// The identity of `NSNull`'s class.
    private static let nullClass = ObjectIdentifier(NSNull.self)
    /// The identity of the class of boolean `NSNumber`s (`__NSCFBoolean`).
    private static let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// `true` for `NSNull`.
    @inline(__always)
    package static func isNull(_ value: Any) -> Bool {
        ObjectIdentifier(type(of: value)) == nullClass
    }

    /// `value` as an `NSNumber` if it is a Foundation object (not a bridged Swift number).
    @inline(__always)
    package static func foundationNumber(_ value: Any) -> NSNumber? {
        guard type(of: value) is AnyObject.Type else { return nil }
        return value as? NSNumber
    }

    /// `true` for the boolean `NSNumber`s that `JSONSerialization` makes for `true` and `false`.
    @inline(__always)
    package static func isBooleanNumber(_ number: NSNumber) -> Bool {
        ObjectIdentifier(type(of: number)) == booleanNumberClass
    }

    /// A Swift `Bool` or a boolean `NSNumber`; never a number.
    ///
    /// A `Bool` and an `NSNumber` are told by their types before any `as? Bool`: that cast from
    /// a Foundation object bridges, and looking up the bridging conformance cost about 1,000
    /// instructions per value (a third of decoding twitter.json's dictionaries, callgrind).
    @inline(__always)
    package static func exactBool(from value: Any) -> Bool? {
        if type(of: value) == Bool.self { return value as? Bool }
        if let number = foundationNumber(value) { return isBooleanNumber(number) ? number.boolValue : nil }
        if type(of: value) == String.self { return nil }
        return value as? Bool
    }

    /// The value for a `Bool` property: ``exactBool(from:)``, or an `NSNumber`
    /// holding a `char` that is 0 or 1 (see ``charBool(objCType:value:)``).
    /// Values of other types (`Any`, `Int8`) keep such a number as the number it is.
    @inline(__always)
    package static func boolPropertyValue(from value: Any) -> Bool? {
        if let bool = exactBool(from: value) { return bool }
        guard let number = foundationNumber(value), !isBooleanNumber(number) else { return nil }
        return charBool(objCType: UInt8(bitPattern: number.objCType.pointee), value: number.int64Value)
    }

    /// The boolean a number of type `objCType` holding `value` stands for: a
    /// `char` ("c") that is 0 or 1, which is what Key-Value Coding and
    /// `numberWithChar:` give for `NO` and `YES` where Objective-C's `BOOL` is a
    /// `signed char` (Intel Macs), so that a dictionary made by Objective-C code
    /// (Mantle's `dictionaryValue` included) holds them instead of the boolean
    /// objects. `nil` for any other number, a "c" one of another value included.
    /// (Linux's Foundation gives the shared "i" objects for -1...12 whatever the
    /// type, so there a "c" number is never 0 or 1.)
    package static func charBool(objCType: UInt8, value: Int64) -> Bool? {
        guard objCType == UInt8(ascii: "c") else { return nil }
        switch value {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }
}
