import Foundation

/// A thread-safe, grow-only cache of one value per type.
///
/// Values are built outside the lock (building one may need another type's
/// entry, as a model's descriptor needs its nested models'); when two threads
/// build the same entry at once, the first stored wins and both get it.
package final class TypeCache<Value>: Sendable {
    private let storage = LockedState<[ObjectIdentifier: Value]>([:])

    package init() {}

    /// The cached value for `type`, building it with `make` on first use.
    package func value(for type: Any.Type, make: () throws -> Value) rethrows -> Value {
        let key = ObjectIdentifier(type)
        if let cached = storage.withLock({ $0[key] }) { return cached }
        let made = try make()
        return storage.withLock { storage in
            if let winner = storage[key] { return winner }
            storage[key] = made
            return made
        }
    }

    package func cachedValue(for type: Any.Type) -> Value? {
        storage.withLock { $0[ObjectIdentifier(type)] }
    }

    /// Sets (or replaces) the value for `type`.
    package func setValue(_ value: Value, for type: Any.Type) {
        storage.withLock { $0[ObjectIdentifier(type)] = value }
    }
}
