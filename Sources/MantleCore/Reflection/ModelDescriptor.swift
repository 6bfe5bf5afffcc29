import Foundation
import MantleInternals

/// Everything reflection knows about one model type, built once and cached.
///
/// This is the entry point of the write path. For a model type it asks the
/// Swift runtime (see `RuntimeFields.swift`) for every stored field —
/// superclass fields included — with its name, type, byte offset, `let`/`var`
/// and ownership (strong, weak, unowned, unowned(unsafe): see
/// `ReferenceOwnership.swift`). ``ModelFields`` picks the fields that make up
/// the model; the model's ``PropertyStorage`` for each key comes from the
/// type's own `storageBehavior(forPropertyKey:)`; and one typed
/// ``PropertyAccessor`` is built per property. Reading and writing then cost a
/// dictionary lookup (by key) and a typed load or store at a fixed offset. For
/// an `@Observable` class, ``ModelObservation`` tells how writes into an
/// existing instance notify its observers.
///
/// Why this design: `Mirror` can read but not write; key paths cannot be made
/// from names; the standard library's field-enumeration SPI is not available
/// on every toolchain; and hand-parsing metadata layouts is fragile (the one
/// structure read directly, the ABI-stable field descriptor, is read only for
/// ownership, and only where it agrees with the runtime's own report). The
/// runtime functions used here are the ones `Mirror` itself
/// calls, are exported on every platform (in the form bound here from the
/// Swift 5.4 runtime on), and report class fields (with inherited ones) as well
/// as struct fields. `let` constants are
/// never written; `weak` fields go through the runtime's weak-reference
/// functions (with their witness tables for protocol types); a declaration
/// that cannot be handled exactly (`unowned` made part of the model) is
/// recorded in ``unsupportedDeclaration`` and refused by every throwing entry point.
package final class ModelDescriptor: @unchecked Sendable {
    /// One property that takes part in the model (storage is not `.none`).
    package struct Property: Sendable {
        /// The property key (the declared name).
        package let key: String
        /// How the model stores it.
        package let storage: PropertyStorage
        /// Typed access to it.
        package let accessor: any PropertyAccessor
    }

    /// The model type's name, for messages.
    package let typeName: String
    /// `true` when the model type is an enum: it has no stored properties, so
    /// `==`, `hash(into:)` and `description` use its case and payload, and
    /// every throwing use refuses it (``unsupportedDeclaration``).
    package let isEnum: Bool
    /// Properties whose storage is not `.none`, in declaration order
    /// (superclass properties first).
    package let properties: [Property]
    /// The permanent properties: those that `==`, `hash(into:)` and `description` use.
    package let permanentProperties: [Property]
    /// Index into ``properties`` by key.
    private let indexByKey: [String: Int]

    /// The property for `key`, if it takes part in the model.
    @inline(__always)
    package func property(forKey key: String) -> Property? {
        indexByKey[key].map { properties[$0] }
    }

    /// The first declaration that takes part in the model (its storage is
    /// not `.none`) but that the write path cannot handle exactly, as the
    /// error that every throwing entry point reports; `nil` when there is none.
    package let unsupportedDeclaration: ModelError?

    /// Why the model's stored properties cannot be found at all (the type
    /// was compiled without reflection metadata or field names: rule 7 of
    /// ``ModelFields``), also the first ``unsupportedDeclaration``; `nil` for
    /// a readable type.
    package let unreadableMetadata: ModelError?

    /// Stops the program with ``unreadableMetadata``, if any: called by the
    /// operations that cannot throw and would otherwise answer as if the
    /// model had no properties (`==`, `hash(into:)`, ``Model/copy()``,
    /// ``Model/dictionaryValue``, merging). A build setting, which no input
    /// can cause; the throwing entry points report it first.
    @inline(__always)
    package func requireReadableMetadata() {
        if let unreadableMetadata { preconditionFailure(unreadableMetadata.description) }
    }

    /// How in-place writes into an existing instance notify its observers,
    /// for an `@Observable` model (``ObservableModel``); `nil` for other models.
    package let observation: ModelObservation?

    /// `true` when in-place writes also tell Key-Value Observing observers
    /// (``KeyValueChangeNotifying``: an `NSObject` model on Apple platforms).
    package let notifiesKeyValueObservers: Bool

    /// Throws ``unsupportedDeclaration``, if any: called first by every
    /// throwing entry point (`init(dictionary:)`, `setValue(_:forKey:)`, the
    /// JSON adapter, the archiver of `MantleArchiving`, `Codable`), so that such a model is refused
    /// at first use. Non-throwing operations (`==`, `hash(into:)`,
    /// `description`, `dictionaryValue`, `copy()`) never touch the refused
    /// property: it is not among ``properties``.
    @inline(__always)
    package func checkSupported() throws(ModelError) {
        if let unsupportedDeclaration { throw unsupportedDeclaration }
    }

    /// Throws when a write into an existing instance could not notify its
    /// observers: the model is `@Observable`, with tracked properties, but
    /// not an ``ObservableModel`` (or its table is wrong). Called, after
    /// ``checkSupported()``, by every throwing in-place write
    /// (`setValue(_:forKey:)`, `decodeProperties(from:)`, `JSONAdapter.update`).
    @inline(__always)
    package func checkInPlaceWrites() throws(ModelError) {
        if let refusal = observation?.refusal { throw refusal }
    }

    /// Stops the program with the error of ``checkInPlaceWrites()``, if any:
    /// for in-place writes that cannot throw (merging). A programming error
    /// that no input can cause (the declaration is missing or wrong), rather
    /// than a write that the instance's observers would miss.
    @inline(__always)
    package func requireInPlaceWrites() {
        if let refusal = observation?.refusal { preconditionFailure(refusal.description) }
    }

    /// Converts `value` and stores it in `property` of `object` (whose storage
    /// address is `base`), an instance that already exists: inside the
    /// registrar's `withMutation` when the property is tracked and the value
    /// changes (``checkInPlaceWrites()`` must have passed).
    package func writeInPlace(_ value: Any?, to property: Property, of object: AnyObject,
                              at base: UnsafeMutableRawPointer) throws(ConversionFailure) {
        guard let notify = notifier(for: property, of: object, at: base) else {
            return try property.accessor.writeValue(value, to: base)
        }
        try property.accessor.writeValue(value, to: base, notifying: notify)
    }

    /// Copies `property` from `source` into `object` (whose storage address
    /// is `destination`), an instance that already exists, notifying as
    /// ``writeInPlace(_:to:of:at:)`` does.
    package func copyInPlace(_ property: Property, from source: UnsafeRawPointer, into object: AnyObject,
                             at destination: UnsafeMutableRawPointer) {
        guard let notify = notifier(for: property, of: object, at: destination) else {
            return property.accessor.copyValue(from: source, to: destination)
        }
        property.accessor.copyValue(from: source, to: destination, notifying: notify)
    }

    /// What runs a store into `property` of `object` (whose storage address
    /// is `base`) so that its observers hear of it — inside the registrar's
    /// `withMutation` for a tracked property of an `@Observable` model,
    /// between `willChangeValue(forKey:)` and `didChangeValue(forKey:)` for a
    /// ``KeyValueChangeNotifying`` object, or both — or `nil` when nothing
    /// observes it and a plain store will do: the one test of every in-place write.
    package func notifier(for property: Property, of object: AnyObject,
                          at base: UnsafeRawPointer) -> ((() -> Void) -> Void)? {
        let key = property.key
        let tracked = observation.flatMap { $0.trackedKeys.contains(key) ? $0 : nil }
        guard notifiesKeyValueObservers, let observed = object as? any KeyValueChangeNotifying else {
            guard let tracked else { return nil }
            return { store in tracked.notifying(key: key, of: object, at: base, store) }
        }
        guard let tracked else { return { store in observed.notifyingObservers(ofKey: key, store) } }
        return { store in
            observed.notifyingObservers(ofKey: key) { tracked.notifying(key: key, of: object, at: base, store) }
        }
    }

    private init(type: any Model.Type) {
        typeName = String(describing: type)
        isEnum = MetadataKind(of: type) == .enum
        var properties: [Property] = []
        var unsupported: ModelError? = isEnum ? ModelError(
            code: .unsupportedDeclaration, propertyKey: "", modelTypeName: typeName, found: "enum",
            detail: "an enum's cases are not stored properties; declare the model as a struct or a class")
            : nil
        let keys = type.propertyKeys
        let fields = ModelFields.of(type)
        unreadableMetadata = fields.unreadableMetadata
        unsupported = unsupported ?? fields.unreadableMetadata ?? fields.keyPathDeclarationError
        var undeclaredWrappers: [ModelFields.Field] = []
        for field in fields.fields where keys.contains(field.key) {
            let storage = type.storageBehavior(forPropertyKey: field.key)
            guard storage != .none else { continue }
            let accessor: Result<any PropertyAccessor, AccessorRefusal>
            switch field.access {
            case .storage: accessor = makePropertyAccessor(for: field.stored)
            case .keyPath(let keyPath): accessor = makeKeyPathAccessor(keyPath, for: field.stored, key: field.key)
            case .undeclaredWrapper:
                undeclaredWrappers.append(field)
                continue
            }
            switch accessor {
            case .success(let accessor):
                properties.append(Property(key: field.key, storage: storage, accessor: accessor))
            case .failure(let refusal):
                unsupported = unsupported ?? ModelError(
                    code: .unsupportedDeclaration, propertyKey: field.key, modelTypeName: typeName,
                    found: ValueDescription.typeName(field.stored.type), detail: refusal.reason)
            }
        }
        if let first = undeclaredWrappers.first {
            unsupported = unsupported ?? Self.undeclaredWrapperError(first, all: undeclaredWrappers, typeName: typeName)
        }
        self.properties = properties
        observation = ModelObservation(
            type: type, fields: fields,
            valueTypes: Dictionary(properties.map { ($0.key, $0.accessor.valueType) }, uniquingKeysWith: { _, last in last }))
        if let observation, observation.isDeclarationWrong { unsupported = unsupported ?? observation.refusal }
        notifiesKeyValueObservers = type is any KeyValueChangeNotifying.Type
        unsupportedDeclaration = unsupported
        permanentProperties = properties.filter { $0.storage == .permanent }
        indexByKey = Dictionary(properties.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The error for the storage of property wrappers that the model can
    /// neither read nor write (rule 6 of ``ModelFields``): it names the first
    /// and spells out the declaration that serves them all.
    private static func undeclaredWrapperError(_ field: ModelFields.Field, all: [ModelFields.Field],
                                               typeName: String) -> ModelError {
        let wrapperName = ValueDescription.typeName(field.stored.type)
        let wrapper = String(wrapperName.prefix { $0 != "<" })
        let module = String(reflecting: field.stored.type).prefix { $0 != "." }
        let entries = all.map { "\"\($0.key)\": \\\(ValueDescription.typeName($0.stored.declaringType)).\($0.key)" }
        let declaration = "`extension \(typeName): WrappedPropertiesModel { static var wrappedPropertyKeyPaths: "
            + "[String: AnyKeyPath] { [\(entries.joined(separator: ", "))] } }`"
        let detail: String
        if wrapper == "Published", module == "Combine" || module == "OpenCombine" {
            detail = "`_\(field.key)` is the storage of `@Published var \(field.key)`, whose value is read and written "
                + "through the enclosing instance (which sends objectWillChange), not through a wrappedValue the model "
                + "can use; declare the wrapped properties' key paths, so that they are read and written through "
                + "their accessors: " + declaration
        } else {
            detail = "`_\(field.key)` holds a \(wrapperName), not the value of `\(field.key)`, and the model would "
                + "read and write the wrapper itself under the name `_\(field.key)`; conform \(wrapper) to "
                + "ModelPropertyWrapper (`extension \(wrapper): ModelPropertyWrapper {}`, for a wrapper whose "
                + "wrappedValue has a setter), or declare the key paths of the wrapped properties: " + declaration
                + ". (A stored property of \(typeName)'s own named `_\(field.key)` is kept by declaring "
                + "`\"_\(field.key)\": \\\(ValueDescription.typeName(field.stored.declaringType))._\(field.key)`, or left out "
                + "by giving the key \"\(field.key)\" the storage .none.)"
        }
        return ModelError(code: .unsupportedDeclaration, propertyKey: field.key, modelTypeName: typeName,
                          found: "@\(wrapper) var \(field.key)", detail: detail)
    }

    private static let cache = TypeCache<ModelDescriptor>()

    /// The descriptor of `type` (built on first use, then shared).
    @inline(__always)
    package static func of(_ type: any Model.Type) -> ModelDescriptor {
        cache.value(for: type) { ModelDescriptor(type: type) }
    }
}
