import Foundation

/// Equality and hashing for values whose static type promises neither, such
/// as `Any` properties, closures and non-`Equatable` structs.
///
/// The rule, applied recursively:
/// 1. two values of different dynamic types are different;
/// 2. values of an `Equatable` type compare with `==` (and hash with
///    `Hashable` when they have it, otherwise they add nothing to the hash);
/// 3. class instances that are not `Equatable` compare by identity (`===`)
///    and hash their `ObjectIdentifier`;
/// 4. everything else compares child by child through `Mirror`; values with no
///    children (closures, metatypes) are therefore always equal to each other
///    and add nothing to the hash.
///
/// Each rule is reflexive, symmetric and transitive, and two values it calls
/// equal always feed the hasher the same bytes.
package enum ReflectiveEquality {
    /// `true` when `lhs` and `rhs` are equal under the rule above.
    package static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        let lhs = flattenedOptional(lhs) ?? Optional<Any>.none as Any
        let rhs = flattenedOptional(rhs) ?? Optional<Any>.none as Any
        guard type(of: lhs) == type(of: rhs) else { return false }
        if let equatable = lhs as? any Equatable {
            return equatable.isEqual(toAny: rhs)
        }
        if type(of: lhs) is AnyObject.Type {
            return (lhs as AnyObject) === (rhs as AnyObject)
        }
        let left = Mirror(reflecting: lhs).children.map(\.value)
        let right = Mirror(reflecting: rhs).children.map(\.value)
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { isEqual($0, $1) }
    }

    /// Feeds `value` to `hasher` consistently with ``isEqual(_:_:)``.
    package static func hash(_ value: Any, into hasher: inout Hasher) {
        guard let value = flattenedOptional(value) else {
            hasher.combine(0 as UInt8)
            return
        }
        if let hashable = value as? any Hashable {
            hasher.combine(AnyHashable(hashable))
            return
        }
        if value is any Equatable { return }
        if type(of: value) is AnyObject.Type {
            hasher.combine(ObjectIdentifier(value as AnyObject))
            return
        }
        for child in Mirror(reflecting: value).children { hash(child.value, into: &hasher) }
    }
}

extension Equatable {
    /// `self == other` when `other` has the same type.
    fileprivate func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
