import Foundation

/// Reads, writes, compares and hashes one stored property of a model, given
/// the address of the model's storage (the struct value, or the object).
///
/// An accessor is built once per property of a model type, from the field's
/// runtime-reported offset and type, and is then shared by every instance.
/// The subclasses are generic over the property's type, so the per-value work
/// is a typed load or store at a fixed offset: no `Mirror`, no key-path
/// lookup, no boxing for strongly held values.
///
/// Memory safety rests on two facts checked when the accessor is built: the
/// offset and type come from the Swift runtime for this exact model type, and
/// typed access (`assumingMemoryBound(to:)`) uses precisely that type, so the
/// runtime's retain/release and copy rules apply as for ordinary code.
package protocol PropertyAccessor: AnyObject, Sendable {
    /// The declared type of the property.
    var valueType: Any.Type { get }
    /// Byte offset of the property from the start of the model's storage.
    var offset: Int { get }
    /// `false` for `let` constants, which are never written.
    var isWritable: Bool { get }
    /// The property's value, with optionals flattened (`nil` for `.none`).
    func readValue(from base: UnsafeRawPointer) -> Any?
    /// Converts `value` to the property's type (see ``Converter``) and stores it.
    func writeValue(_ value: Any?, to base: UnsafeMutableRawPointer) throws(ConversionFailure)
    /// `true` when the property holds `nil`.
    func isNil(at base: UnsafeRawPointer) -> Bool
    /// Copies the property's value from one instance of the model to another.
    func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer)
    /// Compares the property in two instances of the model.
    func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool
    /// Feeds the property's value to `hasher`.
    func hash(at base: UnsafeRawPointer, into hasher: inout Hasher)
    /// Hands the accessor to `visitor` with its value type as a generic parameter.
    func accept<Visitor: PropertyAccessorVisitor>(_ visitor: Visitor) -> Visitor.Result
}

/// Builds the accessor for a stored field, or returns `nil` for a reference
/// that is neither strong nor an optional (`unowned`), which models do not support.
func makePropertyAccessor(for field: StoredField) -> (any PropertyAccessor)? {
    func strong<Value>(_ type: Value.Type) -> any PropertyAccessor {
        TypedPropertyAccessor<Value>(offset: field.offset, isWritable: field.isVariable)
    }
    switch field.ownership {
    case .strong:
        return strong(field.type)
    case .weak:
        guard let optional = field.type as? any OptionalRepresentable.Type else { return nil }
        return optional.weakAccessor(offset: field.offset, isWritable: field.isVariable)
    }
}

extension OptionalRepresentable {
    /// The accessor for a `weak var` of type `Wrapped?`.
    fileprivate static func weakAccessor(offset: Int, isWritable: Bool) -> any PropertyAccessor {
        WeakPropertyAccessor<Wrapped>(offset: offset, isWritable: isWritable)
    }
}

/// Something that wants a property accessor with its value type known statically.
package protocol PropertyAccessorVisitor {
    /// What the visit produces.
    associatedtype Result
    /// Called with the typed accessor.
    func visit<Value>(_ accessor: TypedPropertyAccessor<Value>) -> Result
}

/// The accessor for a strongly held stored property of type `Value`: typed
/// loads and stores at its offset. (``WeakPropertyAccessor`` refines it for
/// `weak` fields.)
package class TypedPropertyAccessor<Value>: PropertyAccessor, @unchecked Sendable {
    package let valueType: Any.Type = Value.self
    package let offset: Int
    package let isWritable: Bool
    /// Converts untyped input to `Value`.
    package let converter: Converter<Value>
    /// Compares two stored values in place.
    private let equal: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
    /// Hashes a stored value in place.
    private let hashValue: (UnsafeRawPointer, inout Hasher) -> Void

    /// Creates the accessor for a field at `offset`.
    init(offset: Int, isWritable: Bool) {
        self.offset = offset
        self.isWritable = isWritable
        converter = ValueConversion.converter(to: Value.self)
        (equal, hashValue) = PointerEquality.witnesses(for: Value.self)
    }

    /// Loads the value.
    @inline(__always)
    package func load(from base: UnsafeRawPointer) -> Value {
        loadValue(from: base)
    }

    /// Stores `value`, releasing the previous one.
    @inline(__always)
    package func store(_ value: Value, to base: UnsafeMutableRawPointer) {
        storeValue(value, to: base)
    }

    /// Loads the value (overridden for weak fields).
    func loadValue(from base: UnsafeRawPointer) -> Value {
        (base + offset).assumingMemoryBound(to: Value.self).pointee
    }

    /// Stores the value (overridden for weak fields).
    func storeValue(_ value: Value, to base: UnsafeMutableRawPointer) {
        (base + offset).assumingMemoryBound(to: Value.self).pointee = value
    }

    package func readValue(from base: UnsafeRawPointer) -> Any? {
        ValueConversion.readableValue(load(from: base))
    }

    package func writeValue(_ value: Any?, to base: UnsafeMutableRawPointer) throws(ConversionFailure) {
        store(try converter.convert(value), to: base)
    }

    package func isNil(at base: UnsafeRawPointer) -> Bool {
        readValue(from: base) == nil
    }

    package func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        (destination + offset).assumingMemoryBound(to: Value.self).pointee =
            (source + offset).assumingMemoryBound(to: Value.self).pointee
    }

    package func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        equal(lhs + offset, rhs + offset)
    }

    package func hash(at base: UnsafeRawPointer, into hasher: inout Hasher) {
        hashValue(base + offset, &hasher)
    }

    package func accept<Visitor: PropertyAccessorVisitor>(_ visitor: Visitor) -> Visitor.Result {
        visitor.visit(self)
    }
}

/// Storage with the layout of one `weak var value: AnyObject?`.
///
/// A struct with a single stored property has that property's layout, so this
/// cell overlays a model's weak field exactly; reading and writing `value`
/// makes the compiler emit the runtime's weak-reference load and assign.
private struct WeakReferenceCell {
    /// The weakly held object.
    weak var value: AnyObject?
}

/// A `weak` stored property (`weak var x: T?`): loads and stores go through
/// the runtime's weak-reference functions, never as a strong pointer.
///
/// Fields the runtime reports as not strong are taken to be `weak`; `unowned`
/// properties are not supported in models (declare them `weak`).
final class WeakPropertyAccessor<Referent>: TypedPropertyAccessor<Referent?>, @unchecked Sendable {
    override init(offset: Int, isWritable: Bool) {
        super.init(offset: offset, isWritable: isWritable)
    }

    override func loadValue(from base: UnsafeRawPointer) -> Referent? {
        (base + offset).assumingMemoryBound(to: WeakReferenceCell.self).pointee.value as? Referent
    }

    override func storeValue(_ value: Referent?, to base: UnsafeMutableRawPointer) {
        let object = flattenedOptional(value).map { $0 as AnyObject }
        (base + offset).assumingMemoryBound(to: WeakReferenceCell.self).pointee.value = object
    }

    override package func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        (destination + offset).assumingMemoryBound(to: WeakReferenceCell.self).pointee.value =
            (source + offset).assumingMemoryBound(to: WeakReferenceCell.self).pointee.value
    }

    override package func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        (lhs + offset).assumingMemoryBound(to: WeakReferenceCell.self).pointee.value ===
            (rhs + offset).assumingMemoryBound(to: WeakReferenceCell.self).pointee.value
    }

    override package func hash(at base: UnsafeRawPointer, into hasher: inout Hasher) {
        let object = (base + offset).assumingMemoryBound(to: WeakReferenceCell.self).pointee.value
        hasher.combine(object.map(ObjectIdentifier.init))
    }
}

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
