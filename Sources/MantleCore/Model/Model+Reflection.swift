import Foundation

/// The property keys computed so far, per model type.
private let propertyKeysCache = TypeCache<Set<String>>()

extension Model {
    /// Every stored property whose storage (through this type's
    /// ``storageBehavior(forPropertyKey:)``) is not `.none`, computed once per type.
    public static var propertyKeys: Set<String> {
        propertyKeysCache.value(for: Self.self) {
            Set(StoredField.table(of: Self.self).fields.lazy
                .map(\.name)
                .filter { storageBehavior(forPropertyKey: $0) != .none })
        }
    }

    /// `.permanent` for a stored `var`, `.transitory` for a `weak` reference,
    /// `.none` for `let` constants, `lazy` storage and non-stored properties.
    public static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
        guard let field = StoredField.table(of: Self.self).fieldsByName[key],
              field.isVariable, !field.isLazyStorage else { return .none }
        return field.ownership == .weak ? .transitory : .permanent
    }

    /// The type's reflected description (built once, then shared).
    @inline(__always)
    package static var descriptor: ModelDescriptor { ModelDescriptor.of(Self.self) }

    /// The descriptor of this instance's dynamic type (a subclass's for a class).
    @inline(__always)
    package var dynamicDescriptor: ModelDescriptor { ModelDescriptor.of(type(of: self)) }
}
