import Foundation
import MantleJSON

/// The one Swift representation of a JSON value that transformers and `Any`
/// properties receive, whichever path the JSON came by.
///
/// The bytes path (``JSONDocument/anyValue(at:)``) already produces it; the
/// dictionary path converts `JSONSerialization`'s Foundation objects with
/// ``native(_:)``:
///
/// | JSON                   | Swift value                                                   |
/// |------------------------|---------------------------------------------------------------|
/// | `true`, `false`        | `Bool`                                                        |
/// | integer in `Int`       | `Int` (`Int64` where `Int` is 32 bits)                        |
/// | integer above `Int64.max` up to `UInt64.max` | `UInt64`                                |
/// | any other number       | `Double` (nearest)                                            |
/// | string                 | `String`                                                      |
/// | array / object         | `[Any]` / `[String: Any]` of these                            |
/// | `null`                 | `NSNull()`                                                    |
///
/// Swift values that are already native stay as they are; other values
/// (objects of other classes, Swift types JSON has no form for) pass through
/// unchanged, so a transformer still sees what a caller put in a dictionary.
enum NativeJSONValue {
    /// The deepest nesting converted; deeper containers (or a container that
    /// contains itself) fail instead of exhausting the stack. The same as the
    /// JSON text parser's default `maximumDepth`.
    static let maximumDepth = JSONLimits.defaultMaximumDepth

    /// `value` in the native representation.
    ///
    /// - Throws: ``ValueFailure`` for containers nested deeper than
    ///   ``maximumDepth`` or an `NSDictionary` with a key that is not a string.
    static func native(_ value: Any) throws(ValueFailure) -> Any {
        try native(value, depth: 0)
    }

    /// A JSON number in the native representation.
    static func native(_ number: NumberValue) -> Any {
        switch number {
        case .signed(let x): return Int(exactly: x).map { $0 as Any } ?? x
        case .unsigned(let x): return x
        case .floating(let x), .approximate(let x): return x
        case .wide: return number.doubleValue
        }
    }

    /// ``native(_:)`` for a value `depth` containers down.
    private static func native(_ value: Any, depth: Int) throws(ValueFailure) -> Any {
        // Only class instances are tested against Foundation classes: on Linux
        // `as? NSDictionary` on a Swift dictionary would bridge all of it.
        if type(of: value) is AnyObject.Type {
            if ValueConversion.isNull(value) { return value }
            if let number = value as? NSNumber {
                if ValueConversion.isBooleanNumber(number) { return number.boolValue }
                return NumberValue(number).map(native) ?? value
            }
            if let string = value as? NSString { return string as String }
            if let array = value as? NSArray {
                try checkDepth(depth)
                var result: [Any] = []
                result.reserveCapacity(array.count)
                for element in FoundationContainers.elements(of: array) { result.append(try native(element, depth: depth + 1)) }
                return result
            }
            if let dictionary = value as? NSDictionary {
                try checkDepth(depth)
                var result = [String: Any](minimumCapacity: dictionary.count)
                for (key, element) in FoundationContainers.members(of: dictionary) {
                    guard let key = FoundationContainers.string(key) else {
                        throw ValueFailure(detail: "a JSON object key must be a string")
                    }
                    result[key] = try native(element, depth: depth + 1)
                }
                return result
            }
            return value
        }
        if let array = value as? [Any] {
            try checkDepth(depth)
            var result: [Any] = []
            result.reserveCapacity(array.count)
            for element in array { result.append(try native(element, depth: depth + 1)) }
            return result
        }
        if let dictionary = value as? [String: Any] {
            try checkDepth(depth)
            var result = [String: Any](minimumCapacity: dictionary.count)
            for (key, element) in dictionary { result[key] = try native(element, depth: depth + 1) }
            return result
        }
        return value
    }

    /// Fails when a container at `depth` would exceed ``maximumDepth``, or the
    /// thread's stack cannot hold another level (``maximumDepth`` levels need
    /// more than Apple's 512 KiB secondary threads have in a debug build).
    private static func checkDepth(_ depth: Int) throws(ValueFailure) {
        guard depth < maximumDepth else {
            throw ValueFailure(detail: "JSON containers nested deeper than \(maximumDepth) levels")
        }
        guard RecursionGuard.hasStackRoom else {
            throw ValueFailure(detail: "JSON containers nested too deep for this thread's stack")
        }
    }
}
