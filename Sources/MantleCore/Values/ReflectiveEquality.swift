import Foundation
import MantleInternals

/// Equality and hashing for values whose static type promises neither, such
/// as `Any` properties, closures, non-`Equatable` structs and enums.
///
/// The rule, applied recursively:
/// 0. values that stand for JSON — null, booleans, numbers, strings, arrays
///    and string-keyed dictionaries, whichever Swift or Foundation types
///    carry them — compare as that JSON (``JSONShapedValue``): `1 == 1.0`,
///    `[Int]` equals `[Any]` with the same elements, `NSNumber` equals the
///    Swift number;
/// 1. otherwise two values of different dynamic types are different;
/// 2. values of an `Equatable` type compare with `==` (and hash with
///    `Hashable` when they have it, otherwise they add nothing to the hash);
/// 3. class instances that are not `Equatable` compare by identity (`===`)
///    and hash their `ObjectIdentifier`; an object is always equal to itself;
/// 4. enums compare their case (by name, from the runtime) and then their payload;
/// 5. dictionaries compare their entries by key, whatever their order;
/// 6. everything else compares child by child through `Mirror`; values with no
///    children (closures, metatypes) are therefore always equal to each other
///    and add nothing to the hash.
///
/// Each rule is reflexive, symmetric and transitive, and two values it calls
/// equal always feed the hasher the same bytes. When the thread's stack runs
/// low (values nested thousands of levels deep), the comparison stops with
/// "unequal" and the hash with a marker, so that neither overflows the stack.
package enum ReflectiveEquality {
    /// `true` when `lhs` and `rhs` are equal under the rule above.
    package static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        let lhs = flattenedOptional(lhs) ?? Optional<Any>.none as Any
        let rhs = flattenedOptional(rhs) ?? Optional<Any>.none as Any
        let isObject = type(of: lhs) is AnyObject.Type
        // The same object is equal to itself without asking it (a Foundation
        // container that contains itself would recurse in its own `isEqual`).
        if isObject, type(of: rhs) is AnyObject.Type, (lhs as AnyObject) === (rhs as AnyObject) { return true }
        if let left = JSONShapedValue(lhs) {
            guard let right = JSONShapedValue(rhs) else { return false }
            return JSONShapedValue.isEqual(left, right)
        }
        guard type(of: lhs) == type(of: rhs) else { return false }
        if let equatable = lhs as? any Equatable {
            return equatable.isEqual(toAny: rhs)
        }
        if isObject { return false }
        return structurallyEqual(lhs, rhs)
    }

    /// Rules 4 to 6 for two values of the same type, whatever their conformances
    /// (so that an `Equatable` type's own `==` may call it).
    package static func structurallyEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        guard RecursionGuard.hasStackRoom else { return false }
        let left = Mirror(reflecting: lhs), right = Mirror(reflecting: rhs)
        switch left.displayStyle {
        case .enum?:
            guard caseName(of: lhs) == caseName(of: rhs) else { return false }
        case .dictionary?:
            return dictionaryEntriesEqual(left, right)
        default:
            break
        }
        let leftChildren = left.children.map(\.value), rightChildren = right.children.map(\.value)
        guard leftChildren.count == rightChildren.count else { return false }
        return zip(leftChildren, rightChildren).allSatisfy { isEqual($0, $1) }
    }

    /// Feeds `value` to `hasher` consistently with ``isEqual(_:_:)``: two
    /// values it calls equal always feed the same bytes.
    package static func hash(_ value: Any, into hasher: inout Hasher) {
        guard let value = flattenedOptional(value) else {
            hasher.combine(0 as UInt8)
            return
        }
        if let json = JSONShapedValue(value) {
            json.hash(into: &hasher)
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
        structuralHash(value, into: &hasher)
    }

    /// Rules 4 to 6 for hashing (see ``structurallyEqual(_:_:)``).
    package static func structuralHash(_ value: Any, into hasher: inout Hasher) {
        guard RecursionGuard.hasStackRoom else {
            hasher.combine(0xDEE9 as UInt16)
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .enum?:
            hasher.combine(caseName(of: value))
        case .dictionary?:
            // Order-independent: the sum of the entries' own hashes.
            var sum = 0
            for entry in mirror.children {
                var entryHasher = Hasher()
                hash(entry.value, into: &entryHasher)
                sum &+= entryHasher.finalize()
            }
            hasher.combine(sum)
            return
        default:
            break
        }
        for child in mirror.children { hash(child.value, into: &hasher) }
    }

    /// The name of the case an enum value holds (`nil` for other values).
    package static func caseName(of value: Any) -> String? {
        func name<T>(_ value: T) -> String? {
            _enumCaseName(value).map { String(cString: $0) }
        }
        guard Mirror(reflecting: value).displayStyle == .enum else { return nil }
        return _openExistential(value, do: name)
    }

    /// Entries of two dictionaries (mirrors of the same dictionary type), matched by key.
    private static func dictionaryEntriesEqual(_ lhs: Mirror, _ rhs: Mirror) -> Bool {
        let left = lhs.children.map(\.value), right = rhs.children.map(\.value)
        guard left.count == right.count else { return false }
        var unmatched = right
        for entry in left {
            let (key, value) = keyAndValue(of: entry)
            guard let index = unmatched.firstIndex(where: { isEqual(keyAndValue(of: $0).key, key) }),
                  isEqual(keyAndValue(of: unmatched[index]).value, value) else { return false }
            unmatched.remove(at: index)
        }
        return true
    }

    /// The key and value of a dictionary entry, which `Mirror` shows as a pair.
    private static func keyAndValue(of entry: Any) -> (key: Any, value: Any) {
        let parts = Mirror(reflecting: entry).children.map(\.value)
        return parts.count == 2 ? (parts[0], parts[1]) : (entry, entry)
    }
}

/// The runtime's name of the case `value` holds (the text `print` shows for a
/// payload-less case); exported by the Swift runtime on every platform and
/// used by the standard library's own `String(describing:)` of enums.
@_silgen_name("swift_EnumCaseName")
private func _enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

extension Equatable {
    /// `self == other` when `other` has the same type.
    fileprivate func isEqual(toAny other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
