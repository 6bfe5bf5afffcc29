import Foundation

/// Everything reflection knows about one model type, built once and cached.
///
/// This is the entry point of the write path. For a model type it asks the
/// Swift runtime (see `RuntimeFields.swift`) for every stored field —
/// superclass fields included — with its name, type, byte offset, `let`/`var`
/// and strong/weak flags. It resolves the model's ``PropertyStorage`` for each
/// key through the type's own `storageBehavior(forPropertyKey:)`, and builds a
/// typed ``PropertyAccessor`` per property. Reading and writing then cost a
/// dictionary lookup (by key) and a typed load or store at a fixed offset.
///
/// Why this design: `Mirror` can read but not write; key paths cannot be made
/// from names; the standard library's field-enumeration SPI is not available
/// on every toolchain; and hand-parsing metadata breaks between Swift
/// releases. The runtime functions used here are the ones `Mirror` itself
/// calls, are exported with a stable ABI on every platform, and report class
/// fields (with inherited ones) as well as struct fields. `let` constants are
/// never written, and `weak` fields go through the runtime's weak-reference
/// functions.
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
    /// `true` when the model is a class.
    package let isClass: Bool
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

    /// Builds the descriptor of `type`.
    private init(type: any Model.Type) {
        typeName = String(describing: type)
        isClass = type is AnyObject.Type
        var properties: [Property] = []
        let keys = type.propertyKeys
        for field in StoredField.table(of: type).fields where keys.contains(field.name) {
            let storage = type.storageBehavior(forPropertyKey: field.name)
            guard storage != .none, let accessor = makePropertyAccessor(for: field) else { continue }
            properties.append(Property(key: field.name, storage: storage, accessor: accessor))
        }
        self.properties = properties
        permanentProperties = properties.filter { $0.storage == .permanent }
        indexByKey = Dictionary(properties.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The descriptors built so far.
    private static let cache = TypeCache<ModelDescriptor>()

    /// The descriptor of `type` (built on first use, then shared).
    @inline(__always)
    package static func of(_ type: any Model.Type) -> ModelDescriptor {
        cache.value(for: type) { ModelDescriptor(type: type) }
    }
}

extension StoredField {
    /// The stored fields of one type, with a lookup by name.
    struct Table: Sendable {
        /// Every stored field, superclass fields first.
        let fields: [StoredField]
        /// Fields by name (the last declaration wins if names repeat).
        let fieldsByName: [String: StoredField]
    }

    /// Field tables built so far.
    private static let tables = TypeCache<Table>()

    /// The stored fields of `type`, from the runtime, cached.
    static func table(of type: Any.Type) -> Table {
        tables.value(for: type) {
            let fields = StoredField.fields(of: type)
            return Table(fields: fields,
                         fieldsByName: Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
