import Foundation

/// An `NSObject` subclass that is a ``Model``: Mantle's `MTLModel` for Swift,
/// for code that needs Objective-C objects (KVO, `NSArray` of models,
/// Objective-C APIs) and still wants the model rules.
///
/// ```swift
/// final class GHUserObject: ModelObject, JSONSerializing {
///     var login = ""
///     var id = 0
///     static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
/// }
/// ```
///
/// Subclasses get everything a ``Model`` gets (keys, `init(dictionary:)`,
/// `dictionaryValue`, merging, JSON, archiving), and `isEqual(_:)`, `hash`,
/// `description` and `copy()` (`NSCopying`) follow the model rules, so `==`,
/// `Set` and `Dictionary` treat two instances with equal permanent
/// properties as equal, as `MTLModel` did.
///
/// Why a base class: a class that adopts `Model` directly while inheriting
/// from `NSObject` (`final class X: NSObject, Model`) keeps `NSObject`'s
/// `==`, `hash(into:)` and `description`, which compare and hash by identity
/// and print the address: `NSObject`'s implementations win over a
/// protocol's default ones. Such a class still gets keys, dictionaries,
/// merging, JSON and archiving; inherit from `ModelObject` (or override
/// `isEqual(_:)`, `hash` and `description` yourself) to get model equality.
/// `NSObject`'s own state is never part of the model.
open class ModelObject: NSObject, Model, NSCopying {
    /// Creates a model with every property at its default value.
    public required override init() {
        super.init()
    }

    /// `true` when `object` has the same dynamic type and equal permanent
    /// properties (the model `==`; reference cycles and depth as there).
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? ModelObject else { return false }
        return ModelEquality.isEqual(self, other)
    }

    /// A hash of the permanent properties, consistent with ``isEqual(_:)``.
    open override var hash: Int {
        var hasher = Hasher()
        ModelEquality.hash(self, into: &hasher)
        return hasher.finalize()
    }

    /// The type name and the permanent properties, e.g. `GHUserObject(login: "octocat", id: 1)`.
    open override var description: String {
        ModelDescription.describe(self)
    }

    /// A new instance of the same class with the same property values
    /// (``Model/copy()``), for `NSCopying`.
    open func copy(with zone: NSZone? = nil) -> Any {
        copyModel()
    }
}
