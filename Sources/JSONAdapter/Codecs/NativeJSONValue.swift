import Foundation
import MantleInternals
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
    ///   ``maximumDepth``, an `NSDictionary` with a key that is not a string, or
    ///   a number that is not finite (JSON has none; `JSONSerialization` refuses
    ///   `1e400`), at its path below `value`.
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
                guard let number = NumberValue(number) else { return value }
                if case .floating(let x) = number, !x.isFinite { throw nonFinite(x) }
                return native(number)
            }
            if let string = value as? NSString { return string as String }
            if let array = value as? NSArray {
                try checkDepth(depth)
                var result: [Any] = []
                result.reserveCapacity(array.count)
                for (index, element) in FoundationContainers.elements(of: array).enumerated() {
                    result.append(try native(element, depth: depth + 1, at: .index(index)))
                }
                return result
            }
            if let dictionary = value as? NSDictionary {
                try checkDepth(depth)
                var result = [String: Any](minimumCapacity: dictionary.count)
                for (key, element) in FoundationContainers.members(of: dictionary) {
                    guard let key = FoundationContainers.string(key) else {
                        throw ValueFailure(detail: "a JSON object key must be a string")
                    }
                    result[key] = try native(element, depth: depth + 1, at: .member(key))
                }
                return result
            }
            return value
        }
        if let array = value as? [Any] {
            try checkDepth(depth)
            var result: [Any] = []
            result.reserveCapacity(array.count)
            for (index, element) in array.enumerated() { result.append(try native(element, depth: depth + 1, at: .index(index))) }
            return result
        }
        if let dictionary = value as? [String: Any] {
            try checkDepth(depth)
            var result = [String: Any](minimumCapacity: dictionary.count)
            for (key, element) in dictionary { result[key] = try native(element, depth: depth + 1, at: .member(key)) }
            return result
        }
        if type(of: value) == Double.self, let x = value as? Double, !x.isFinite { throw nonFinite(x) }
        if type(of: value) == Float.self, let x = value as? Float, !x.isFinite { throw nonFinite(Double(x)) }
        return value
    }

    /// ``native(_:depth:)`` for a member or element at `component`, its failure below it.
    @inline(__always)
    private static func native(_ value: Any, depth: Int, at component: @autoclosure () -> JSONPathComponent) throws(ValueFailure) -> Any {
        do throws(ValueFailure) {
            return try native(value, depth: depth)
        } catch {
            throw error.prefixed(by: component())
        }
    }

    /// The failure for a number that is not finite.
    private static func nonFinite(_ x: Double) -> ValueFailure {
        ValueFailure(expected: "a number within Double's range", found: "number \(x)")
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

extension JSONDocument {
    /// The node in the native representation (``anyValue(at:)``); a number beyond `Double`'s
    /// range inside it (`1e400`, which `JSONSerialization` refuses) fails as it fails for a
    /// `Double` property, at its path below the node.
    func nativeValue(at node: Int) throws(ValueFailure) -> Any {
        do {
            return try anyValue(at: node)
        } catch {
            throw ValueFailure(path: error.path, expected: "a number within Double's range", found: "number \(error.text)")
        }
    }
}

/// An integer beyond 64 bits (an `Int128` or `UInt128`, as its decimal `digits`) as the Foundation
/// value `JSONSerialization` writes exactly and reads back as the same number: an
/// `NSDecimalNumber`, whose significand holds every 128-bit integer (`JSONSerialization` cannot
/// write a Swift `Int128`).
func wideIntegerNumber(digits: String) -> NSDecimalNumber {
    NSDecimalNumber(decimal: Decimal(string: digits, locale: nil) ?? .nan)
}
