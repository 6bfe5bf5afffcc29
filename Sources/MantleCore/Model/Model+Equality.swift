import Foundation

extension Model {
    /// `true` when both models have the same dynamic type and equal permanent
    /// properties.
    ///
    /// Properties compare with their own `==` when their type is `Equatable`
    /// (nested models, optionals and collections of them included); other
    /// values follow the package's reflective rule: objects by identity,
    /// closures always equal, enums by case and payload, anything else child by child.
    ///
    /// Two rules make it terminate on any graph:
    /// - a pair of objects met again while it is being compared (a reference
    ///   cycle, `a.next = b; b.next = a`) counts as equal, the standard answer
    ///   for comparing cyclic structures (two graphs are equal when no
    ///   difference can be found);
    /// - when the thread's stack runs low (nesting thousands of levels deep),
    ///   objects compare by identity and other values as unequal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        ModelEquality.isEqual(lhs, rhs)
    }

    /// Hashes the permanent properties, consistently with `==`.
    ///
    /// An object met again while it is being hashed (a reference cycle), or
    /// any value once the thread's stack runs low, adds only a marker.
    public func hash(into hasher: inout Hasher) {
        ModelEquality.hash(self, into: &hasher)
    }
}

/// The model rules for `==` and `hash(into:)`, shared by the protocol's
/// default implementations and by ``ModelObject``'s overrides (the rule for
/// `description` is ``ModelDescription``).
package enum ModelEquality {
    /// The model `==` (see ``Model/==(_:_:)``).
    package static func isEqual<M: Model>(_ lhs: M, _ rhs: M) -> Bool {
        let descriptor: ModelDescriptor
        if let left = lhs.objectReference, let right = rhs.objectReference {
            guard type(of: lhs) == type(of: rhs) else { return false }
            if left === right { return true }
            let state = RecursionGuard.current
            guard state.hasStackRoom else { return false }
            let pair = RecursionGuard.Pair(left, right)
            guard state.comparing.insert(pair).inserted else { return true }
            defer { state.comparing.remove(pair) }
            descriptor = state.descriptor(of: type(of: lhs))
            descriptor.requireReadableMetadata()
            return equalProperties(lhs, rhs, descriptor)
        }
        let state = RecursionGuard.current
        guard state.hasStackRoom else { return false }
        descriptor = state.descriptor(of: M.self)
        descriptor.requireReadableMetadata()
        if descriptor.isEnum { return ReflectiveEquality.structurallyEqual(lhs, rhs) }
        return equalProperties(lhs, rhs, descriptor)
    }

    /// Compares the permanent properties in place.
    @inline(__always)
    private static func equalProperties<M: Model>(_ lhs: M, _ rhs: M, _ descriptor: ModelDescriptor) -> Bool {
        lhs.withStorageAddress { left in
            rhs.withStorageAddress { right in
                for property in descriptor.permanentProperties
                where !property.accessor.isEqual(left, right) {
                    return false
                }
                return true
            }
        }
    }

    /// The model `hash(into:)` (see ``Model/hash(into:)``).
    package static func hash<M: Model>(_ model: M, into hasher: inout Hasher) {
        let state = RecursionGuard.current
        guard state.hasStackRoom else {
            hasher.combine(0xDEE9 as UInt16)
            return
        }
        var object: ObjectIdentifier?
        if let reference = model.objectReference {
            let identifier = ObjectIdentifier(reference)
            guard state.hashing.insert(identifier).inserted else {
                hasher.combine(0xC1C1E as UInt32)
                return
            }
            object = identifier
        }
        defer { if let object { state.hashing.remove(object) } }
        let descriptor = state.descriptor(of: type(of: model))
        descriptor.requireReadableMetadata()
        if descriptor.isEnum {
            ReflectiveEquality.structuralHash(model, into: &hasher)
            return
        }
        model.withStorageAddress { base in
            for property in descriptor.permanentProperties {
                property.accessor.hash(at: base, into: &hasher)
            }
        }
    }
}
