import Foundation

/// Equality and hashing of a value of a statically unknown type, in place.
enum PointerEquality {
    /// `==` and `hash(into:)` for values of `type` stored at a pointer:
    /// the type's own when it is `Equatable`/`Hashable`, else ``ReflectiveEquality``.
    static func witnesses<Value>(
        for type: Value.Type
    ) -> ((UnsafeRawPointer, UnsafeRawPointer) -> Bool, (UnsafeRawPointer, inout Hasher) -> Void) {
        if let concrete = concreteWitnesses[ObjectIdentifier(type)] {
            return concrete
        }
        if let hashable = type as? any Hashable.Type {
            return (hashable.pointerEquality(), hashable.pointerHash())
        }
        if let equatable = type as? any Equatable.Type {
            return (equatable.pointerEquality(), { _, _ in })
        }
        // SAFETY (every witness in this file): the pointers handed to a
        // witness for `Value` come from `TypedPropertyAccessor<Value>`, which
        // passes the address of a stored `Value` of a live model (or of a
        // local `Value` in `isEqualLoaded`/`hashLoaded`).
        return (
            { lhs, rhs in
                ReflectiveEquality.isEqual(
                    lhs.assumingMemoryBound(to: Value.self).pointee,
                    rhs.assumingMemoryBound(to: Value.self).pointee)
            },
            { base, hasher in
                ReflectiveEquality.hash(base.assumingMemoryBound(to: Value.self).pointee, into: &hasher)
            })
    }
}

/// Witnesses compiled for the most common property types, so that comparing
/// them runs specialised code instead of generic code through witness tables.
private let concreteWitnesses: [ObjectIdentifier: (
    @Sendable (UnsafeRawPointer, UnsafeRawPointer) -> Bool, @Sendable (UnsafeRawPointer, inout Hasher) -> Void
)] = {
    var table: [ObjectIdentifier: (
        @Sendable (UnsafeRawPointer, UnsafeRawPointer) -> Bool, @Sendable (UnsafeRawPointer, inout Hasher) -> Void
    )] = [:]
    func add<T: Hashable & Sendable>(_ type: T.Type) {
        table[ObjectIdentifier(T.self)] = (
            { $0.assumingMemoryBound(to: T.self).pointee == $1.assumingMemoryBound(to: T.self).pointee },
            { $1.combine($0.assumingMemoryBound(to: T.self).pointee) })
        table[ObjectIdentifier(T?.self)] = (
            { $0.assumingMemoryBound(to: T?.self).pointee == $1.assumingMemoryBound(to: T?.self).pointee },
            { $1.combine($0.assumingMemoryBound(to: T?.self).pointee) })
        table[ObjectIdentifier([T].self)] = (
            { $0.assumingMemoryBound(to: [T].self).pointee == $1.assumingMemoryBound(to: [T].self).pointee },
            { $1.combine($0.assumingMemoryBound(to: [T].self).pointee) })
        // Nested arrays (coordinates, matrices: canada.json's `[[[Float]]]`), which generic
        // code compares element by element through value witnesses.
        table[ObjectIdentifier([[T]].self)] = (
            { $0.assumingMemoryBound(to: [[T]].self).pointee == $1.assumingMemoryBound(to: [[T]].self).pointee },
            { $1.combine($0.assumingMemoryBound(to: [[T]].self).pointee) })
        table[ObjectIdentifier([[[T]]].self)] = (
            { $0.assumingMemoryBound(to: [[[T]]].self).pointee == $1.assumingMemoryBound(to: [[[T]]].self).pointee },
            { $1.combine($0.assumingMemoryBound(to: [[[T]]].self).pointee) })
        // Maps by name or by number (citm_catalog.json's `[Int: String]`), whose generic `==`
        // looks up and compares each entry through witness tables.
        table[ObjectIdentifier([String: T].self)] = (
            { $0.assumingMemoryBound(to: [String: T].self).pointee == $1.assumingMemoryBound(to: [String: T].self).pointee },
            { $1.combine($0.assumingMemoryBound(to: [String: T].self).pointee) })
        table[ObjectIdentifier([Int: T].self)] = (
            { $0.assumingMemoryBound(to: [Int: T].self).pointee == $1.assumingMemoryBound(to: [Int: T].self).pointee },
            { $1.combine($0.assumingMemoryBound(to: [Int: T].self).pointee) })
    }
    add(String.self)
    add(Int.self)
    add(Bool.self)
    add(Double.self)
    add(Float.self)
    add(Int64.self)
    add(UInt64.self)
    add(Int32.self)
    add(UInt32.self)
    add(URL.self)
    add(Date.self)
    add(UUID.self)
    add(Data.self)
    add(Decimal.self)
    return table
}()

extension Equatable {
    /// `==` on two values of this type stored at pointers.
    fileprivate static func pointerEquality() -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
        return { lhs, rhs in
            lhs.assumingMemoryBound(to: Self.self).pointee == rhs.assumingMemoryBound(to: Self.self).pointee
        }
    }
}

extension Hashable {
    /// `hash(into:)` on a value of this type stored at a pointer.
    fileprivate static func pointerHash() -> (UnsafeRawPointer, inout Hasher) -> Void {
        return { base, hasher in
            hasher.combine(base.assumingMemoryBound(to: Self.self).pointee)
        }
    }
}
