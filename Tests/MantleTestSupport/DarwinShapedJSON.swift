import Foundation

/// JSON as Foundation objects, the shape `JSONSerialization` gives it on Apple platforms, made on
/// any platform: the third way JSON reaches the library in the tests, beside the bytes and
/// `JSONSerialization`'s output on the platform that runs them.
///
/// On Apple platforms `JSONSerialization` returns Objective-C objects; on Linux
/// (swift-corelibs-foundation) it returns Swift arrays, dictionaries and strings, with `NSNumber`s
/// and `NSNull` inside, so the library's branches for `NSString`, `NSArray` and `NSDictionary`
/// (and for the boolean objects nested in them) are barely reached there. ``objects(from:)`` turns
/// any `JSONSerialization` result (or the same tree of Swift values) into these objects:
///
/// | JSON | Apple's `JSONSerialization` | ``objects(from:)`` |
/// |------|-----------------------------|--------------------|
/// | `true`, `false` | `kCFBooleanTrue`/`kCFBooleanFalse` (`__NSCFBoolean`, `objCType` "c") | `NSNumber(value: Bool)`: the same singletons, also `__NSCFBoolean` in corelibs |
/// | integer in `Int64` | `NSNumber`, `objCType` "q" | `NSNumber(value: Int64)`: "q" (corelibs shares one "i" object for each of -1...12) |
/// | integer past `Int64` | `NSDecimalNumber` (reported for `UInt64.max`) | `NSDecimalNumber` (corelibs' `JSONSerialization`: `NSNumber` "Q" up to `UInt64.max`) |
/// | other number | `NSNumber` "d"; an `NSDecimalNumber` for some long literals | `NSNumber(value: Double)`, "d"; an `NSDecimalNumber` where the input had one (corelibs: more than 17 digits) |
/// | string | `NSString` (`__NSCFString`, `NSTaggedPointerString`) | `NSString(string:)` |
/// | array | `NSArray` (`__NSArrayI`) | `NSArray(array:)` of converted elements |
/// | object | `NSDictionary` (`__NSDictionaryI`) with `NSString` keys | `NSDictionary(objects:forKeys:)`, `NSString` keys |
/// | `null` | `NSNull` | `NSNull()` |
///
/// What stays different from Apple's platforms:
/// - Bridging. There, `as? [String: Any]` and `as? [Any]` wrap the object lazily: reading an element
///   gives the object stored, a nested container is bridged only when cast. In corelibs the cast
///   converts the whole container at once, and the elements it hands out are converted too
///   (`NSString` to `String`, the boolean objects to `Bool`, nested containers to Swift ones);
///   `NSNumber`s, `NSDecimalNumber`s and `NSNull` stay objects. A value the library reads from a
///   nested container it has cast is therefore not always the object made here.
/// - The top level. ``object(_:)`` and ``array(_:)`` give a Swift `[String: Any]` or `[Any]` whose
///   elements are these objects, which is what a lazily bridged Apple dictionary shows its reader;
///   it cannot be backed by the `NSDictionary` itself as on Apple platforms.
/// - Classes. Corelibs' objects are of the public classes (`NSString`, `NSArray`, `NSDictionary`;
///   `NSNumber` for every number); Apple's are private subclasses (`__NSCFNumber`, tagged
///   pointers, `__NSArrayI`, …). The booleans are the only shared private class.
/// - Numbers. Which literals Apple's parser gives as `NSDecimalNumber` is not documented and has
///   changed between releases (some 19-digit integers came back as "d", a 29-digit one as a
///   rounded `double`); the table follows corelibs' rule and the report for `UInt64.max`.
package enum DarwinShapedJSON {
    /// A JSON object parsed by `JSONSerialization`, with every value as the Foundation object Apple's
    /// `JSONSerialization` gives (see the table above).
    package static func object(_ json: String) throws -> [String: Any] {
        try object(Data(json.utf8))
    }

    /// A JSON object parsed by `JSONSerialization`, with every value as a Foundation object.
    package static func object(_ data: Data) throws -> [String: Any] {
        try FoundationJSON.object(data).mapValues(objects(from:))
    }

    /// A JSON array parsed by `JSONSerialization`, with every element as a Foundation object.
    package static func array(_ json: String) throws -> [Any] {
        try FoundationJSON.array(json).map(objects(from:))
    }

    /// Any JSON value (fragments included) parsed by `JSONSerialization`, as a Foundation object.
    package static func value(_ json: String) throws -> AnyObject {
        try objects(from: FoundationJSON.value(json))
    }

    /// `value`, a `JSONSerialization` result or a tree of the Swift values JSON has (`Bool`,
    /// integers, floating-point numbers, `Decimal`, `String`, `[Any]`, `[String: Any]`, `NSNull`),
    /// as the Foundation objects of Apple's `JSONSerialization`. Other values are returned as they
    /// are (boxed as an object).
    package static func objects(from value: Any) -> AnyObject {
        // Class instances first: on Linux a Swift collection tested against a Foundation class
        // would be bridged whole.
        if type(of: value) is AnyObject.Type {
            if value is NSNull { return NSNull() }
            if let number = value as? NSNumber { return objects(from: number) }
            if let string = value as? NSString { return NSString(string: String(describing: string)) }
            if let array = value as? NSArray { return NSArray(array: array.map(objects(from:))) }
            if let dictionary = value as? NSDictionary {
                var members: [String: Any] = [:]
                for (key, member) in dictionary { members[String(describing: key)] = member }
                return objects(fromMembers: members)
            }
            return value as AnyObject
        }
        switch value {
        case let bool as Bool: return NSNumber(value: bool)
        case let string as String: return NSString(string: string)
        case let array as [Any]: return NSArray(array: array.map(objects(from:)))
        case let dictionary as [String: Any]: return objects(fromMembers: dictionary)
        case let decimal as Decimal: return NSDecimalNumber(decimal: decimal)
        case let double as Double: return NSNumber(value: double)
        case let floating as any BinaryFloatingPoint: return NSNumber(value: double(floating))
        case let integer as any BinaryInteger:
            if let small = Int64(exactly: integer) { return NSNumber(value: small) }
            return NSDecimalNumber(string: String(describing: integer), locale: nil)
        default: return value as AnyObject
        }
    }

    /// `x` as the nearest `Double` (exact for `Float16` and `Float`).
    private static func double<F: BinaryFloatingPoint>(_ x: F) -> Double { Double(x) }

    /// A number as Apple's `JSONSerialization` holds the same JSON number.
    private static func objects(from number: NSNumber) -> NSNumber {
        if type(of: number) == type(of: NSNumber(value: true)) { return NSNumber(value: number.boolValue) }
        if let decimal = number as? NSDecimalNumber { return NSDecimalNumber(decimal: decimal.decimalValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"): return NSNumber(value: number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            let unsigned = number.uint64Value
            if let small = Int64(exactly: unsigned) { return NSNumber(value: small) }
            return NSDecimalNumber(decimal: Decimal(unsigned))
        default: return NSNumber(value: number.int64Value)
        }
    }

    /// An immutable `NSDictionary` with `NSString` keys.
    private static func objects(fromMembers members: [String: Any]) -> NSDictionary {
        let keys = members.keys.sorted()
        return NSDictionary(objects: keys.map { objects(from: members[$0] ?? NSNull()) },
                            forKeys: keys.map { NSString(string: $0) })
    }

    /// `true` when `value` has the shape of ``objects(from:)`` all the way down: every container an
    /// `NSArray` or `NSDictionary`, every string an `NSString`, every boolean one of the boolean
    /// singletons, every number an `NSNumber`. Reads containers through their mirror on Linux, so
    /// that checking does not bridge them.
    package static func isFoundationShaped(_ value: Any) -> Bool {
        guard type(of: value) is AnyObject.Type else { return false }
        if value is NSNull || value is NSNumber || value is NSString { return true }
        #if canImport(Darwin)
        if let array = value as? NSArray { return array.allSatisfy(isFoundationShaped) }
        if let dictionary = value as? NSDictionary {
            return dictionary.allSatisfy { isFoundationShaped($0.key) && isFoundationShaped($0.value) }
        }
        #else
        if value is NSArray || value is NSDictionary {
            return Mirror(reflecting: value).children.allSatisfy { child in
                if let member = child.value as? (key: NSObject, value: AnyObject) {
                    return isFoundationShaped(member.key) && isFoundationShaped(member.value)
                }
                return isFoundationShaped(child.value)
            }
        }
        #endif
        return false
    }
}
