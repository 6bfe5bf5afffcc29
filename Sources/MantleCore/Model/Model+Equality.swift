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

    /// Hashes the permanent properties, consistently with `==`: models that
    /// are `==` hash alike, however their object graphs are shaped.
    ///
    /// Class instances are hashed to a fixed nesting of two: the fields of the
    /// model being hashed and of the class instances it references, and beyond
    /// those only the instances' types. What it hashes does not depend on the graph's
    /// shape: a reference cycle of two equal objects, one object referring
    /// to itself and a cycle of three are `==` (the rule above), and they
    /// hash alike. A value nested deeper than the thread's stack allows
    /// adds only a marker.
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
        let state = RecursionGuard.current
        if state.probing == ObjectIdentifier(M.self) {
            state.probeReached = true
            return true
        }
        if let left = lhs.objectReference, let right = rhs.objectReference {
            guard type(of: lhs) == type(of: rhs) else { return false }
            if left === right { return true }
            guard state.hasStackRoom else { return false }
            let pair = RecursionGuard.Pair(left, right)
            guard state.comparing.insert(pair).inserted else { return true }
            defer { state.comparing.remove(pair) }
            return equalProperties(lhs, rhs, state.plan(of: type(of: lhs)), state)
        }
        guard state.hasStackRoom else { return false }
        let plan = state.plan(of: M.self)
        if plan.descriptor.isEnum {
            plan.descriptor.requireReadableMetadata()
            return ReflectiveEquality.structurallyEqual(lhs, rhs)
        }
        return equalProperties(lhs, rhs, plan, state)
    }

    /// Compares the permanent properties in place.
    @inline(__always)
    private static func equalProperties<M: Model>(_ lhs: M, _ rhs: M, _ plan: EqualityPlan,
                                                  _ state: RecursionGuard) -> Bool {
        plan.descriptor.requireReadableMetadata()
        return lhs.withStorageAddress { left in
            rhs.withStorageAddress { right in plan.isEqual(left, right, state) }
        }
    }

    /// `true` when `type`'s `==` and `hash(into:)` are the model defaults
    /// (this file's), not its own: each is called once on two new instances,
    /// and notes when it reaches them.
    package static func usesModelEquality<M: Model>(_ type: M.Type) -> Bool {
        let state = RecursionGuard.current
        let outer = (state.probing, state.probeReached)
        defer { (state.probing, state.probeReached) = outer }
        let instance = M()
        state.probing = ObjectIdentifier(M.self)
        state.probeReached = false
        _ = instance == instance
        guard state.probeReached else { return false }
        state.probeReached = false
        var hasher = Hasher()
        instance.hash(into: &hasher)
        return state.probeReached
    }

    /// How many class instances deep `hash(into:)` hashes fields: the
    /// instance being hashed (or, for a struct, the first instances it
    /// references) and the instances those reference; instances further in
    /// add only their dynamic type.
    ///
    /// Why a fixed nesting rather than a cycle marker: `==` calls two
    /// graphs equal when no difference can be found (a 2-cycle of equal
    /// values equals a self-loop), so a hash that notes where a cycle closes
    /// would tell equal models apart. Two equal graphs agree on every field
    /// to any fixed number of references from the root, so hashing that far
    /// and no further keeps `==` ⇒ same hash. It also bounds the work: a
    /// long chain of objects, or objects shared many times, is hashed to
    /// this depth and not through the whole graph.
    package static let hashedObjectNesting = 2

    /// The model `hash(into:)` (see ``Model/hash(into:)``).
    package static func hash<M: Model>(_ model: M, into hasher: inout Hasher) {
        let state = RecursionGuard.current
        if state.probing == ObjectIdentifier(M.self) {
            state.probeReached = true
            return
        }
        guard state.hasStackRoom else {
            hasher.combine(0xDEE9 as UInt16)
            return
        }
        let isObject = model.objectReference != nil
        if isObject {
            guard state.hashedObjects < hashedObjectNesting else {
                hasher.combine(ObjectIdentifier(type(of: model)))
                return
            }
            state.hashedObjects += 1
        }
        defer { if isObject { state.hashedObjects -= 1 } }
        let plan = state.plan(of: type(of: model))
        plan.descriptor.requireReadableMetadata()
        if plan.descriptor.isEnum {
            ReflectiveEquality.structuralHash(model, into: &hasher)
            return
        }
        model.withStorageAddress { base in plan.hash(at: base, into: &hasher, state) }
    }
}
