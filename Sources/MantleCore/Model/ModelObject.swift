import Foundation

/// An `NSObject` subclass that is a ``Model``: Mantle's `MTLModel` for Swift,
/// for code that needs Objective-C objects (Key-Value Coding and Observing,
/// `NSArray` of models, Objective-C APIs) and still wants the model rules.
///
/// ```swift
/// class GHUserObject: ModelObject {
///     var login = ""
///     var id = 0
///
///     override func validate() throws {
///         if login.isEmpty { throw ProfileError.missingLogin }
///     }
/// }
/// ```
///
/// Subclasses get everything a ``Model`` gets (keys, `init(dictionary:)`,
/// `dictionaryValue`, merging, archiving; JSON through `JSONModelObject` of
/// the module `JSONAdapter`), and `isEqual(_:)`, `hash`, `description` and
/// `copy()` (`NSCopying`) follow the model rules, so `==`, `Set` and
/// `Dictionary` treat two instances with equal permanent properties as
/// equal, as `MTLModel` did.
///
/// ## Customising a subclass
///
/// Every requirement of ``Model`` that a model customises is declared here,
/// forwarding to the default, so a subclass at any depth customises it with
/// `override` (calling `super` for the default), and a declaration without
/// `override` does not compile ("overriding declaration requires an
/// 'override' keyword") instead of adding a method nobody calls:
/// ``validate()``, ``mergeValue(forKey:from:)``,
/// ``mergeValues(forKeysFrom:)``, ``dictionaryValue``, ``propertyKeys``,
/// ``storageBehavior(forPropertyKey:)``, ``modelVersion``,
/// ``encodingBehavior(forPropertyKey:)``,
/// ``decodeValue(forKey:from:modelVersion:)``, and the `required`
/// ``init(dictionary:)``. `validate()` and `mergeValue(forKey:from:)` are
/// not `mutating` here: a class changes itself in place. (A plain Swift class
/// hierarchy gets the same by declaring the hooks in its root class; see
/// the article *Defining Models*.)
///
/// ## Key-Value Coding
///
/// `NSObject` has Key-Value Coding methods of the same names as the model's:
/// on Apple platforms `value(forKey:)`, `setValue(_:forKey:)` and `copy()`
/// would answer instead of the model's at a call site typed as a subclass,
/// and `value(forKey:)` raises `NSUnknownKeyException` for a property that
/// is not `@objc`. `ModelObject` makes the model's answer win:
///
/// - `value(forKey:)` reads a model property by reflection. On Apple
///   platforms it overrides `NSObject`'s, so Objective-C callers (bindings,
///   `NSPredicate`, `NSSortDescriptor`) get the same; a key that is not a
///   model property goes to `NSObject`'s Key-Value Coding (an `@objc`
///   property or method of that name), and is `nil` when that knows no such
///   key (`value(forUndefinedKey:)`).
/// - `try object.setValue(value, forKey: key)` is the model's throwing
///   setter (``Model/setValue(_:forKey:)-3y7cv``), with its type checks. On
///   Apple platforms `NSObject`'s setter, which cannot throw, is overridden
///   for Objective-C callers: a model property is written with the same
///   checks, and a value that does not fit raises
///   `NSInvalidArgumentException` (as Key-Value Coding does for `nil` into
///   a scalar); another key goes to `NSObject`'s Key-Value Coding. Swift
///   calls that name the object's class never reach that override.
/// - `copy()` is typed: `user.copy()` is a `GHUserObject`, not `Any`.
///
/// ## Key-Value Observing
///
/// On Apple platforms, every write into an instance that already exists —
/// `setValue(_:forKey:)` from Swift or Objective-C, merging,
/// `decodeProperties(from:)` and `JSONAdapter.update` (either update rule) —
/// sends `willChangeValue(forKey:)` and `didChangeValue(forKey:)` for each
/// property whose value it changes (for an `Equatable` type when the value
/// differs by `==`, for a class when it is another object, always for other
/// types), under the property's Swift name, so observers of an `@objc
/// dynamic` property hear of it. Building a new instance (`init(dictionary:)`,
/// decoding, `copy()`, unarchiving) notifies nothing.
///
/// ## Why a base class
///
/// A class that adopts `Model` directly while inheriting from `NSObject`
/// (`final class X: NSObject, Model`) keeps `NSObject`'s `==`, `hash(into:)`
/// and `description`, which compare and hash by identity and print the
/// address, and on Apple platforms its Key-Value Coding methods above:
/// `NSObject`'s implementations win over a protocol's default ones. Such a
/// class still gets keys, dictionaries, merging, JSON and archiving.
/// `NSObject`'s own state is never part of the model.
open class ModelObject: NSObject, Model, NSCopying {
    /// Creates a model with every property at its default value.
    public required override init() {
        super.init()
    }

    /// Creates a model from property values by key, then calls
    /// ``validate()`` (see ``Model/init(dictionary:)``).
    ///
    /// A subclass that declares its own must mark it `required`.
    public required convenience init(dictionary: [String: Any]) throws {
        self.init()
        var model = self
        try model.setInitialValues(dictionary)
        try validate()
    }

    // MARK: Model hooks

    /// The keys of the properties that take part in the model; the default
    /// is ``Model/defaultPropertyKeys``.
    open class var propertyKeys: Set<String> { defaultPropertyKeys }

    /// How the model stores the property `key`; the default is
    /// ``Model/defaultStorageBehavior(forPropertyKey:)``.
    open class func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
        defaultStorageBehavior(forPropertyKey: key)
    }

    /// The values of the permanent and transitory properties by key, with
    /// `NSNull()` for `nil` (see ``Model/dictionaryValue``).
    open var dictionaryValue: [String: Any] { reflectedDictionaryValue }

    /// Checks the model, and may normalise its values; called at the end of
    /// ``init(dictionary:)``, decoding and updates. The default does nothing.
    open func validate() throws {}

    /// Merges the value for `key` from another model; the default is
    /// ``Model/takeValue(forKey:from:)-2rta1`` (see ``Model/mergeValue(forKey:from:)``).
    open func mergeValue(forKey key: String, from model: any Model) {
        takeValue(forKey: key, from: model)
    }

    /// Merges every key that both this object and `model` have, through
    /// ``mergeValue(forKey:from:)``, in place (see ``Model/mergeValues(forKeysFrom:)``).
    open func mergeValues(forKeysFrom model: any Model) {
        var object = self
        object.mergeSharedKeys(from: model)
    }

    /// The version of the model's layout written into archives; the default is 0.
    open class var modelVersion: Int { 0 }

    /// Whether and how the archiver archives the property `key`; the default
    /// is ``Model/defaultEncodingBehavior(forPropertyKey:)``.
    open class func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
        defaultEncodingBehavior(forPropertyKey: key)
    }

    /// The value for `key` when unarchiving an archive written at
    /// `modelVersion`; the default is
    /// ``Model/defaultDecodedValue(forKey:from:)``.
    open class func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                modelVersion: Int) throws -> Any? {
        defaultDecodedValue(forKey: key, from: archivedValues)
    }

    // MARK: Equality, description, copies

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

    /// A new instance of the same class with the same property values (see
    /// ``Model/copy()``), typed as the class.
    open func copy() -> Self {
        copyModel()
    }

    /// `NSObject`'s untyped `copy()`, for callers that see an `NSObject`:
    /// the model copy. Swift calls on the class get the typed `copy()`.
    @_disfavoredOverload
    open override func copy() -> Any {
        copyModel()
    }

    /// A new instance of the same class with the same property values, for `NSCopying`.
    open func copy(with zone: NSZone?) -> Any {
        copyModel()
    }

    // MARK: Key-Value Coding

    #if canImport(ObjectiveC)
    /// The value of the model property `key` (see ``Model/value(forKey:)``);
    /// for another key, `NSObject`'s Key-Value Coding answer.
    open override func value(forKey key: String) -> Any? {
        guard dynamicDescriptor.property(forKey: key) != nil else { return super.value(forKey: key) }
        return propertyValue(forKey: key)
    }

    /// `nil`: a key that is neither a model property nor known to Key-Value
    /// Coding has no value, as ``Model/value(forKey:)`` says, instead of
    /// raising `NSUnknownKeyException`.
    open override func value(forUndefinedKey key: String) -> Any? {
        nil
    }

    /// Key-Value Coding's setter, for Objective-C callers: a model property
    /// is written with the checks of ``Model/setValue(_:forKey:)-3y7cv`` and
    /// a value that does not fit raises `NSInvalidArgumentException`; another
    /// key goes to `NSObject`. Swift callers get the throwing model setter.
    @_disfavoredOverload
    open override func setValue(_ value: Any?, forKey key: String) {
        guard dynamicDescriptor.property(forKey: key) != nil else { return super.setValue(value, forKey: key) }
        do {
            try setPropertyValue(value, forKey: key)
        } catch {
            NSException(name: .invalidArgumentException, reason: String(describing: error), userInfo: nil).raise()
        }
    }
    #else
    /// The value of the model property `key`, or `nil` when it is `nil` or
    /// `key` names no model property (see ``Model/value(forKey:)``); on Apple
    /// platforms it overrides `NSObject`'s Key-Value Coding method.
    open func value(forKey key: String) -> Any? {
        propertyValue(forKey: key)
    }
    #endif
}
