import Foundation
import MantleInternals

/// A value of a statically unknown type seen as the JSON it stands for, so
/// that `==` and `hash(into:)` of `Any` values follow one rule whatever
/// types carried them.
///
/// The same JSON reaches an `Any` property as different Swift values: the
/// bytes path makes `Int`, `Double`, `[Any]` and `[String: Any]`;
/// `JSONSerialization` makes `NSNumber`, `NSString`, `NSArray` and
/// `NSDictionary`; code builds `[Int]` or `[String: String]`; a `Decimal`
/// stands for a number. Under this rule those are equal when the JSON is:
/// - `nil` and `NSNull` are null;
/// - `Bool` and boolean `NSNumber`s are booleans, never numbers;
/// - every other number (any integer or floating-point type, `Decimal`,
///   `NSNumber`, `NSDecimalNumber`) compares by value, in
///   ``NumberValue/canonical`` form: integers exactly (up to 128 bits), other
///   numbers as their nearest `Double` — `1`, `1.0` and `Decimal(1)` are
///   equal, `9007199254740993` and `9007199254740992.0` are not, and two
///   `Decimal`s that differ only beyond a `Double`'s precision are equal;
/// - `String` and `NSString` compare as strings;
/// - arrays of any element type compare element by element, and
///   dictionaries with string keys key by key (values by
///   ``ReflectiveEquality``, so nested JSON follows the same rule).
///
/// Anything else (models, other structs, sets, dictionaries with other keys,
/// `Substring`) is not JSON-shaped and keeps ``ReflectiveEquality``'s other rules.
package enum JSONShapedValue {
    /// `nil` or `NSNull`.
    case null
    case bool(Bool)
    /// A number, canonical.
    case number(NumberValue)
    case string(String)
    /// An array's elements.
    case array([Any])
    /// A string-keyed dictionary's members.
    case object([String: Any])

    /// `value` (optionals already flattened) seen as JSON, or `nil` when it
    /// is not JSON-shaped.
    package init?(_ value: Any) {
        switch ValueKind.of(value: value) {
        case .optional, .null: self = .null  // an optional here is a flattened `nil`
        case .bool:
            guard let bool = value as? Bool else { return nil }
            self = .bool(bool)
        case .string:
            guard let string = value as? String else { return nil }
            self = .string(string)
        case .integer, .floating, .decimal:
            guard let number = NumberValue(value) else { return nil }
            self = .number(number.canonical)
        case .foundationNumber:
            if let bool = ValueConversion.exactBool(from: value) {
                self = .bool(bool)
            } else if let number = NumberValue(value) {
                self = .number(number.canonical)
            } else {
                return nil
            }
        case .foundationString:
            guard let string = FoundationContainers.string(value) else { return nil }
            self = .string(string)
        case .array, .foundationArray:
            guard let elements = FoundationContainers.arrayElements(of: value) else { return nil }
            self = .array(elements)
        case .stringKeyedDictionary, .foundationDictionary:
            guard let members = FoundationContainers.stringKeyedMembers(of: value) else { return nil }
            self = .object(members)
        case .any, .substring, .character, .url, .uuid, .date, .data, .set, .keyedDictionary, .model,
             .rawRepresentable, .codable, .other:
            return nil
        case .jsonOptional:
            // Not JSON itself: absent has no JSON form, so it keeps its own `==`.
            return nil
        }
    }

    /// `true` when both stand for the same JSON.
    package static func isEqual(_ lhs: JSONShapedValue, _ rhs: JSONShapedValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.array(let left), .array(let right)):
            guard left.count == right.count, RecursionGuard.hasStackRoom else { return false }
            return zip(left, right).allSatisfy { ReflectiveEquality.isEqual($0, $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count, RecursionGuard.hasStackRoom else { return false }
            return left.allSatisfy { key, value in
                right[key].map { ReflectiveEquality.isEqual(value, $0) } ?? false
            }
        case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _):
            return false
        }
    }

    /// Feeds the value to `hasher`, consistently with ``isEqual(_:_:)``.
    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            // The same bytes as `ReflectiveEquality.hash` of `nil`.
            hasher.combine(0 as UInt8)
        case .bool(let bool):
            hasher.combine(1 as UInt8)
            hasher.combine(bool)
        case .number(let number):
            hasher.combine(2 as UInt8)
            switch number {
            case .signed(let x): hasher.combine(x)
            case .unsigned(let x): hasher.combine(x)
            case .floating(let x), .approximate(let x): hasher.combine(x)
            case .wide(let negative, let high, let low):
                hasher.combine(negative)
                hasher.combine(high)
                hasher.combine(low)
            }
        case .string(let string):
            hasher.combine(3 as UInt8)
            hasher.combine(string)
        case .array(let elements):
            hasher.combine(4 as UInt8)
            hasher.combine(elements.count)
            guard RecursionGuard.hasStackRoom else { return }
            for element in elements { ReflectiveEquality.hash(element, into: &hasher) }
        case .object(let members):
            hasher.combine(5 as UInt8)
            hasher.combine(members.count)
            guard RecursionGuard.hasStackRoom else { return }
            // Order-independent: the sum of the members' own hashes.
            var sum = 0
            for (key, value) in members {
                var memberHasher = Hasher()
                memberHasher.combine(key)
                ReflectiveEquality.hash(value, into: &memberHasher)
                sum &+= memberHasher.finalize()
            }
            hasher.combine(sum)
        }
    }
}
