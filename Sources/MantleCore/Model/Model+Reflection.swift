import Foundation

/// The property keys computed so far, per model type.
private let propertyKeysCache = TypeCache<Set<String>>()

extension Model {
    /// Every stored property whose storage (through this type's
    /// ``storageBehavior(forPropertyKey:)``) is not `.none`, computed once per type.
    public static var propertyKeys: Set<String> {
        propertyKeysCache.value(for: Self.self) {
            Set(ModelFields.of(Self.self).fields.lazy
                .map(\.key)
                .filter { storageBehavior(forPropertyKey: $0) != .none })
        }
    }

    /// `.permanent` for a stored `var`, `.transitory` for a `weak` reference,
    /// `.none` for `let` constants, `lazy` storage, `unowned` and
    /// `unowned(unsafe)` references, and non-stored properties.
    ///
    /// `unowned` references are left out because reading one whose object is
    /// gone traps (and an `unowned(unsafe)` one is undefined behaviour), which
    /// `==`, `hash(into:)` and `description` could not avoid; returning another
    /// storage for them from an override makes the model refuse them at first
    /// use with ``ModelError/Code/unsupportedDeclaration``.
    public static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
        guard let field = ModelFields.of(Self.self).fieldsByKey[key]?.stored,
              field.isVariable, !field.isLazyStorage else { return .none }
        switch field.ownership {
        case .strong: return .permanent
        case .weak: return .transitory
        case .unowned, .unownedUnsafe, .unknown: return .none
        }
    }

    /// The type's reflected description (built once, then shared).
    @inline(__always)
    package static var descriptor: ModelDescriptor { ModelDescriptor.of(Self.self) }

    /// The descriptor of this instance's dynamic type (a subclass's for a class).
    @inline(__always)
    package var dynamicDescriptor: ModelDescriptor { ModelDescriptor.of(type(of: self)) }
}
