import Foundation
import MantleInternals

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
    func isNil(at base: UnsafeRawPointer) -> Bool
    /// Copies the property's value from one instance of the model to another.
    func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer)
    /// Converts `value` to the property's type (see ``Converter``) and stores
    /// it, from inside `notify` when the store is a change (see
    /// ``TypedPropertyAccessor/store(_:to:notifying:)``): an in-place write
    /// into an `@Observable` model's tracked property.
    func writeValue(_ value: Any?, to base: UnsafeMutableRawPointer,
                    notifying notify: (() -> Void) -> Void) throws(ConversionFailure)
    /// Copies the property's value from one instance of the model to another,
    /// from inside `notify` when the copy is a change (see
    /// ``TypedPropertyAccessor/store(_:to:notifying:)``).
    func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer,
                   notifying notify: (() -> Void) -> Void)
    /// Compares the property in two instances of the model.
    func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool
    func hash(at base: UnsafeRawPointer, into hasher: inout Hasher)
    /// Hands the accessor to `visitor` with its value type as a generic parameter.
    func accept<Visitor: PropertyAccessorVisitor>(_ visitor: Visitor) -> Visitor.Result
}

/// Why a stored field cannot take part in a model.
struct AccessorRefusal: Error {
    /// A sentence for ``ModelError/detail``.
    let reason: String
}

/// Builds the accessor for a stored field, or says why the write path cannot
/// handle it exactly.
///
/// - strong fields: typed access at the offset (through `wrappedValue` for a
///   ``ModelPropertyWrapper``'s storage);
/// - `weak` fields: the runtime's weak-reference functions, plus the witness
///   tables of a class-bound protocol type (``WeakPropertyAccessor``);
/// - `unowned`, `unowned(unsafe)` and unclassifiable references: refused.
func makePropertyAccessor(for field: StoredField) -> Result<any PropertyAccessor, AccessorRefusal> {
    switch field.ownership {
    case .strong:
        if let wrapper = field.type as? any ModelPropertyWrapper.Type, field.propertyKey != field.name {
            return .success(wrapper.wrappedAccessor(offset: field.offset, isWritable: field.isVariable))
        }
        func strong<Value>(_ type: Value.Type) -> any PropertyAccessor {
            TypedPropertyAccessor<Value>(offset: field.offset, isWritable: field.isVariable)
        }
        return .success(strong(field.type))
    case .weak:
        guard let optional = field.type as? any OptionalRepresentable.Type else {
            return .failure(AccessorRefusal(reason: "a weak reference whose type is not Optional"))
        }
        return optional.weakAccessor(offset: field.offset, isWritable: field.isVariable)
    case .unowned:
        return .failure(AccessorRefusal(reason: "an unowned reference traps when read after its object is gone; declare it weak, or leave its storage .none"))
    case .unownedUnsafe:
        return .failure(AccessorRefusal(reason: "an unowned(unsafe) reference cannot be read safely; declare it weak, or leave its storage .none"))
    case .unknown:
        return .failure(AccessorRefusal(reason: "a reference whose ownership the field descriptor does not confirm; leave its storage .none"))
    }
}

extension OptionalRepresentable {
    /// The accessor for a `weak var` of type `Wrapped?`, if its layout is the
    /// one ``WeakPropertyAccessor`` handles.
    fileprivate static func weakAccessor(
        offset: Int, isWritable: Bool
    ) -> Result<any PropertyAccessor, AccessorRefusal> {
        guard let accessor = WeakPropertyAccessor<Wrapped>.make(offset: offset, isWritable: isWritable) else {
            return .failure(AccessorRefusal(reason: "a weak reference with an unexpected layout"))
        }
        return .success(accessor)
    }
}

extension ModelPropertyWrapper {
    /// The accessor for a field holding this wrapper, exposed as its wrapped value.
    fileprivate static func wrappedAccessor(offset: Int, isWritable: Bool) -> any PropertyAccessor {
        WrappedPropertyAccessor<Self>(offset: offset, isWritable: isWritable)
    }
}

/// Something that wants a property accessor with its value type known statically.
package protocol PropertyAccessorVisitor {
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
    /// Compares two `Value`s at two addresses.
    fileprivate let equal: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
    /// Hashes the `Value` at an address.
    fileprivate let hashValue: (UnsafeRawPointer, inout Hasher) -> Void

    init(offset: Int, isWritable: Bool) {
        self.offset = offset
        self.isWritable = isWritable
        converter = ValueConversion.converter(to: Value.self)
        (equal, hashValue) = PointerEquality.witnesses(for: Value.self)
    }

    @inline(__always)
    package func load(from base: UnsafeRawPointer) -> Value {
        loadValue(from: base)
    }

    /// Stores `value`, releasing the previous one.
    @inline(__always)
    package func store(_ value: Value, to base: UnsafeMutableRawPointer) {
        storeValue(value, to: base)
    }

    /// Loads the value (overridden for weak fields and property wrappers).
    func loadValue(from base: UnsafeRawPointer) -> Value {
        // SAFETY: `base` is the storage address of an instance of the model
        // type this accessor was built for (`withStorageAddress`), and the
        // runtime reported a stored `Value` at `offset` in that type; the
        // typed load retains as ordinary code would.
        (base + offset).assumingMemoryBound(to: Value.self).pointee
    }

    /// Stores the value (overridden for weak fields and property wrappers).
    func storeValue(_ value: Value, to base: UnsafeMutableRawPointer) {
        // SAFETY: as for `loadValue`, and the field is initialised (the model
        // was made by `init()`), so assignment releases the old value.
        (base + offset).assumingMemoryBound(to: Value.self).pointee = value
    }

    /// Stores `value`, from inside `notify` when it changes the property by
    /// the rule of an `@Observable` class's setter (`shouldNotifyObservers`):
    /// for an `Equatable` type when the old and new values differ by `==`,
    /// for a class when they are different objects, and always otherwise.
    /// `notify` calls its argument exactly once.
    package func store(_ value: Value, to base: UnsafeMutableRawPointer, notifying notify: (() -> Void) -> Void) {
        guard isObservedChange(from: loadValue(from: base), to: value) else { return storeValue(value, to: base) }
        notify { storeValue(value, to: base) }
    }

    /// `true` when `@Observable`'s setter would notify a change from `old` to `new`.
    fileprivate func isObservedChange(from old: Value, to new: Value) -> Bool {
        if Value.self is any Equatable.Type {
            // `equal` is the type's own `==` for an `Equatable` type (PointerEquality).
            // SAFETY: both pointers address live local `Value`s for the whole
            // closure, and `equal` reads one `Value` at each (see `loadValue`).
            return !withUnsafePointer(to: old) { old in withUnsafePointer(to: new) { equal(old, $0) } }
        }
        if Value.self is AnyObject.Type { return (old as AnyObject) !== (new as AnyObject) }
        return true
    }

    package func readValue(from base: UnsafeRawPointer) -> Any? {
        ValueConversion.readableValue(load(from: base))
    }

    package func writeValue(_ value: Any?, to base: UnsafeMutableRawPointer,
                            notifying notify: (() -> Void) -> Void) throws(ConversionFailure) {
        store(try converter.convert(value), to: base, notifying: notify)
    }

    package func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer,
                           notifying notify: (() -> Void) -> Void) {
        store(loadValue(from: source), to: destination, notifying: notify)
    }

    package func writeValue(_ value: Any?, to base: UnsafeMutableRawPointer) throws(ConversionFailure) {
        store(try converter.convert(value), to: base)
    }

    package func isNil(at base: UnsafeRawPointer) -> Bool {
        readValue(from: base) == nil
    }

    package func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        // SAFETY: both addresses are instances of the same model type, whose
        // field at `offset` is an initialised `Value` (see `loadValue`).
        (destination + offset).assumingMemoryBound(to: Value.self).pointee =
            (source + offset).assumingMemoryBound(to: Value.self).pointee
    }

    package func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        // SAFETY: `equal` reads a `Value` at each address (see `loadValue`).
        equal(lhs + offset, rhs + offset)
    }

    package func hash(at base: UnsafeRawPointer, into hasher: inout Hasher) {
        // SAFETY: `hashValue` reads a `Value` at the address (see `loadValue`).
        hashValue(base + offset, &hasher)
    }

    /// `==` on the values as loaded, for fields that do not hold a `Value` in place.
    fileprivate func isEqualLoaded(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        let left = loadValue(from: lhs), right = loadValue(from: rhs)
        // SAFETY: both pointers address live local `Value`s for the whole
        // closure, and `equal` reads one `Value` at each.
        return withUnsafePointer(to: left) { left in withUnsafePointer(to: right) { equal(left, $0) } }
    }

    /// `hash(into:)` on the value as loaded, for fields that do not hold a `Value` in place.
    fileprivate func hashLoaded(at base: UnsafeRawPointer, into hasher: inout Hasher) {
        // SAFETY: the pointer addresses a live local `Value` for the whole
        // closure, and `hashValue` reads one `Value` there.
        withUnsafePointer(to: loadValue(from: base)) { hashValue($0, &hasher) }
    }

    package func accept<Visitor: PropertyAccessorVisitor>(_ visitor: Visitor) -> Visitor.Result {
        visitor.visit(self)
    }
}

/// Storage with the layout of one `weak var value: AnyObject?`.
///
/// A struct with a single stored property has that property's layout, so this
/// cell overlays the first word of a model's weak field exactly (the weak
/// reference itself); reading and writing `value` makes the compiler emit the
/// runtime's weak-reference load and assign.
private struct WeakReferenceCell {
    weak var value: AnyObject?
}

/// A `weak` stored property (`weak var x: Referent?`): the reference goes
/// through the runtime's weak-reference functions, never as a strong pointer.
///
/// `Referent` is what Swift allows behind `weak`: a class, `AnyObject`, or a
/// class-bound protocol or composition (`any Delegate`, `any A & B`). Such a
/// field is laid out like the strong value of `Referent`, with the weak
/// reference in place of the strong one: one pointer-sized weak reference,
/// then one witness-table pointer per protocol (16 bytes for `(any Delegate)?`).
/// ``make(offset:isWritable:)`` checks that layout through `MemoryLayout` and fails for any
/// other, so that the model refuses the field instead of guessing. Witness
/// tables are immortal, unowned pointers, copied as plain words.
final class WeakPropertyAccessor<Referent>: TypedPropertyAccessor<Referent?>, @unchecked Sendable {
    /// Bytes of witness-table pointers after the weak reference.
    private let witnessTableBytes: Int

    /// Creates the accessor for a field whose layout was checked by ``make(offset:isWritable:)``.
    private init(offset: Int, isWritable: Bool, witnessTableBytes: Int) {
        self.witnessTableBytes = witnessTableBytes
        super.init(offset: offset, isWritable: isWritable)
    }

    /// The accessor, or `nil` when `Referent?` does not have the layout of a
    /// weak class reference followed by witness-table pointers.
    static func make(offset: Int, isWritable: Bool) -> WeakPropertyAccessor? {
        let word = MemoryLayout<UnsafeRawPointer>.size
        let size = MemoryLayout<Referent>.size
        guard size >= word, size % word == 0,
              MemoryLayout<Referent?>.size == size,
              MemoryLayout<Referent>.alignment == MemoryLayout<UnsafeRawPointer>.alignment,
              MemoryLayout<WeakReferenceCell>.size == word else { return nil }
        return WeakPropertyAccessor(offset: offset, isWritable: isWritable, witnessTableBytes: size - word)
    }

    /// The weak reference cell at the start of the field.
    @inline(__always)
    private func cell(_ base: UnsafeRawPointer) -> UnsafePointer<WeakReferenceCell> {
        // SAFETY: the runtime reported a weak field at `offset`, whose first
        // word is a weak reference: the layout of `WeakReferenceCell` (checked
        // in `make`).
        (base + offset).assumingMemoryBound(to: WeakReferenceCell.self)
    }

    override func loadValue(from base: UnsafeRawPointer) -> Referent? {
        // The cast finds the protocol witnesses again by conformance lookup;
        // the stored object conforms, since only a `Referent` was stored.
        cell(base).pointee.value as? Referent
    }

    override func storeValue(_ value: Referent?, to base: UnsafeMutableRawPointer) {
        let field = base + offset
        UnsafeMutablePointer(mutating: cell(base)).pointee.value = value.map { $0 as AnyObject }
        guard witnessTableBytes > 0 else { return }
        let tables = field + MemoryLayout<UnsafeRawPointer>.size
        if let value {
            // SAFETY: a strong `Referent` is the object pointer followed by
            // the same witness-table pointers (sizes checked in `make`);
            // witness tables are not reference counted, so a byte copy is exact.
            withUnsafeBytes(of: value) { bytes in
                guard let start = bytes.baseAddress else { return }
                tables.copyMemory(from: start + MemoryLayout<UnsafeRawPointer>.size, byteCount: witnessTableBytes)
            }
        } else {
            // SAFETY: plain pointer words inside the field (see above).
            tables.initializeMemory(as: UInt8.self, repeating: 0, count: witnessTableBytes)
        }
    }

    override package func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        UnsafeMutablePointer(mutating: cell(destination)).pointee.value = cell(source).pointee.value
        guard witnessTableBytes > 0 else { return }
        // SAFETY: the witness-table words of two fields of the same type (see `storeValue`).
        let word = MemoryLayout<UnsafeRawPointer>.size
        (destination + offset + word).copyMemory(from: source + offset + word, byteCount: witnessTableBytes)
    }

    override package func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        cell(lhs).pointee.value === cell(rhs).pointee.value
    }

    override package func hash(at base: UnsafeRawPointer, into hasher: inout Hasher) {
        hasher.combine(cell(base).pointee.value.map(ObjectIdentifier.init))
    }
}

/// The storage `_x` of a property wrapper `@W var x`, exposed as `x`: reads
/// and writes go through the wrapper's `wrappedValue` (its setter runs).
final class WrappedPropertyAccessor<Wrapper: ModelPropertyWrapper>:
    TypedPropertyAccessor<Wrapper.WrappedValue>, @unchecked Sendable
{
    @inline(__always)
    private func wrapper(_ base: UnsafeRawPointer) -> UnsafePointer<Wrapper> {
        // SAFETY: the runtime reported a stored `Wrapper` at `offset`.
        (base + offset).assumingMemoryBound(to: Wrapper.self)
    }

    override func loadValue(from base: UnsafeRawPointer) -> Wrapper.WrappedValue {
        wrapper(base).pointee.wrappedValue
    }

    override func storeValue(_ value: Wrapper.WrappedValue, to base: UnsafeMutableRawPointer) {
        UnsafeMutablePointer(mutating: wrapper(base)).pointee.wrappedValue = value
    }

    override package func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        UnsafeMutablePointer(mutating: wrapper(destination)).pointee = wrapper(source).pointee
    }

    override package func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        isEqualLoaded(lhs, rhs)
    }

    override package func hash(at base: UnsafeRawPointer, into hasher: inout Hasher) {
        hashLoaded(at: base, into: &hasher)
    }
}

/// Builds the accessor for a property the model declares a key path for
/// (``WrappedPropertiesModel``), or says why the key path cannot serve.
func makeKeyPathAccessor(_ keyPath: AnyKeyPath, for field: StoredField,
                         key: String) -> Result<any PropertyAccessor, AccessorRefusal> {
    let pathType = type(of: keyPath)
    let declarer = ValueDescription.typeName(field.declaringType)
    guard pathType.rootType == field.declaringType else {
        return .failure(AccessorRefusal(
            reason: "its key path in wrappedPropertyKeyPaths is a \(ValueDescription.typeName(pathType)), rooted at "
                + "\(ValueDescription.typeName(pathType.rootType)); give \\\(declarer).\(key), rooted at the type "
                + "that declares the property"))
    }
    func withRoot<Root>(_ root: Root.Type) -> Result<any PropertyAccessor, AccessorRefusal> {
        func withValue<Value>(_ value: Value.Type) -> Result<any PropertyAccessor, AccessorRefusal> {
            if Root.self is AnyObject.Type, let writable = keyPath as? ReferenceWritableKeyPath<Root, Value> {
                return .success(ObjectKeyPathAccessor(keyPath: writable, offset: field.offset))
            }
            if !(Root.self is AnyObject.Type), let writable = keyPath as? WritableKeyPath<Root, Value> {
                return .success(ValueKeyPathAccessor(keyPath: writable, offset: field.offset))
            }
            return .failure(AccessorRefusal(
                reason: "its key path in wrappedPropertyKeyPaths, a \(ValueDescription.typeName(pathType)), cannot "
                    + "write the property; give \\\(declarer).\(key) for a `var` with a setter"))
        }
        return withValue(pathType.valueType)
    }
    return withRoot(pathType.rootType)
}

/// A property of a class model read and written through its key path
/// (``WrappedPropertiesModel``): its getter and setter run, so a
/// `@Published` property sends `objectWillChange` for each write.
///
/// `offset` is the storage field's, kept only to order and name the
/// property; nothing is read or written there.
final class ObjectKeyPathAccessor<Root, Value>: TypedPropertyAccessor<Value>, @unchecked Sendable {
    /// The property's key path, rooted at the class that declares it.
    private let keyPath: ReferenceWritableKeyPath<Root, Value>

    /// Creates the accessor; `Root` is a class (checked by `makeKeyPathAccessor`).
    init(keyPath: ReferenceWritableKeyPath<Root, Value>, offset: Int) {
        self.keyPath = keyPath
        super.init(offset: offset, isWritable: true)
    }

    /// The object whose storage address is `base`.
    @inline(__always)
    private func object(at base: UnsafeRawPointer) -> Root {
        // SAFETY: for a class model, `base` is the address of a live object
        // (`withStorageAddress`, which keeps it alive while the address is in
        // use), an instance of the model type: `Root`, the class that declares
        // the property, or a subclass of it (`makeKeyPathAccessor` checked the
        // key path's root against the runtime's declaring type). A class
        // reference is one pointer, as `AnyObject` is (`unsafeBitCast` checks
        // the sizes); the copy retains the object. `WrappedPropertiesTests`
        // reads and writes through a superclass's key path on a subclass.
        unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(base).takeUnretainedValue(), to: Root.self)
    }

    override func loadValue(from base: UnsafeRawPointer) -> Value {
        object(at: base)[keyPath: keyPath]
    }

    override func storeValue(_ value: Value, to base: UnsafeMutableRawPointer) {
        object(at: base)[keyPath: keyPath] = value
    }

    override package func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        let value = loadValue(from: source)
        guard isObservedChange(from: loadValue(from: destination), to: value) else { return }
        storeValue(value, to: destination)
    }

    override package func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        isEqualLoaded(lhs, rhs)
    }

    override package func hash(at base: UnsafeRawPointer, into hasher: inout Hasher) {
        hashLoaded(at: base, into: &hasher)
    }
}

/// A property of a struct model read and written through its key path
/// (``WrappedPropertiesModel``): its getter and setter run.
final class ValueKeyPathAccessor<Root, Value>: TypedPropertyAccessor<Value>, @unchecked Sendable {
    /// The property's key path, rooted at the model type.
    private let keyPath: WritableKeyPath<Root, Value>

    /// Creates the accessor; `Root` is the struct model type (checked by `makeKeyPathAccessor`).
    init(keyPath: WritableKeyPath<Root, Value>, offset: Int) {
        self.keyPath = keyPath
        super.init(offset: offset, isWritable: true)
    }

    override func loadValue(from base: UnsafeRawPointer) -> Value {
        // SAFETY: for a struct model, `base` is the address of a live value of
        // the model type (`withStorageAddress`), which is `Root`: the key
        // path's root is the type the runtime says declares the field.
        base.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath]
    }

    override func storeValue(_ value: Value, to base: UnsafeMutableRawPointer) {
        // SAFETY: as in `loadValue`, with exclusive access to the value
        // (`withMutableStorageAddress`).
        base.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] = value
    }

    override package func copyValue(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        storeValue(loadValue(from: source), to: destination)
    }

    override package func isEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        isEqualLoaded(lhs, rhs)
    }

    override package func hash(at base: UnsafeRawPointer, into hasher: inout Hasher) {
        hashLoaded(at: base, into: &hasher)
    }
}
