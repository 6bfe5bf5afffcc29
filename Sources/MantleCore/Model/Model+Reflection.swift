import Foundation
import MantleInternals

/// The property keys computed so far, per model type.
private let propertyKeysCache = TypeCache<Set<String>>()

extension Model {
    /// The default ``propertyKeys``: every stored property whose storage
    /// (through this type's ``storageBehavior(forPropertyKey:)``) is not
    /// `.none`, computed once per type.
    ///
    /// Call it from a class's own `propertyKeys` (see ``ModelObject``).
    public static var defaultPropertyKeys: Set<String> {
        // `self`, not `Self`: called from a base class's `class var`, `Self`
        // is that base class while `self` is the subclass asked.
        let type: any Model.Type = self
        return propertyKeysCache.value(for: type) {
            Set(ModelFields.of(type).fields.lazy
                .map(\.key)
                .filter { type.storageBehavior(forPropertyKey: $0) != .none })
        }
    }

    /// ``defaultPropertyKeys``.
    public static var propertyKeys: Set<String> { defaultPropertyKeys }

    /// The default ``storageBehavior(forPropertyKey:)``: `.permanent` for a
    /// stored `var`, `.transitory` for a `weak` reference, `.none` for `let`
    /// constants, `lazy` storage, `unowned` and `unowned(unsafe)` references,
    /// and non-stored properties.
    ///
    /// `unowned` references are left out because reading one whose object is
    /// gone traps (and an `unowned(unsafe)` one is undefined behaviour), which
    /// `==`, `hash(into:)` and `description` could not avoid; returning another
    /// storage for them from an override makes the model refuse them at first
    /// use with ``ModelError/Code/unsupportedDeclaration``.
    ///
    /// Call it from a custom `storageBehavior(forPropertyKey:)` for the keys
    /// you do not treat specially.
    public static func defaultStorageBehavior(forPropertyKey key: String) -> PropertyStorage {
        guard let field = ModelFields.of(self).fieldsByKey[key]?.stored,
              field.isVariable, !field.isLazyStorage else { return .none }
        switch field.ownership {
        case .strong: return .permanent
        case .weak: return .transitory
        case .unowned, .unownedUnsafe, .unknown: return .none
        }
    }

    /// ``defaultStorageBehavior(forPropertyKey:)``.
    public static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
        defaultStorageBehavior(forPropertyKey: key)
    }

    /// The type's reflected description (built once, then shared).
    @inline(__always)
    package static var descriptor: ModelDescriptor { ModelDescriptor.of(self) }

    /// The descriptor of this instance's dynamic type (a subclass's for a class).
    @inline(__always)
    package var dynamicDescriptor: ModelDescriptor { ModelDescriptor.of(type(of: self)) }
}
