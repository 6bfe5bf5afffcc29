import Foundation

/// A value type or class whose stored properties make up a model, with
/// everything else derived by reflection (Mantle's `MTLModel`).
///
/// Conform and provide `init()` (or default values for every property):
///
/// ```swift
/// struct GHUser: Model {
///     var login = ""
///     var id = 0
///     var avatarURL: URL?
/// }
/// ```
///
/// The type then has, with no more code: ``propertyKeys`` (cached per type),
/// ``storageBehavior(forPropertyKey:)``, ``init(dictionary:)`` with exact type
/// checks, ``dictionaryValue``, ``validate()``, `==`, `hash(into:)` and
/// `description` over its permanent properties, merging
/// (``mergeValues(forKeysFrom:)``) and ``copy()``. Classes work the same way,
/// including stored properties inherited from superclasses (mark `init()`
/// `required`).
///
/// Which properties take part is decided by ``PropertyStorage``: stored `var`
/// properties are permanent, `weak` references transitory, and `let`
/// constants, `lazy` storage, computed properties and `unowned` references
/// are not part of the model. Override ``storageBehavior(forPropertyKey:)`` to
/// change that per key. A class's superclasses that are models contribute
/// their fields, and so do its plain Swift base classes unless the chain
/// reaches a class of the system (`NSObject`, `Operation`, …: see the article
/// *Defining Models*). A property wrapper's storage takes part under the
/// declared name when the wrapper conforms to ``ModelPropertyWrapper`` or the
/// model declares its key path (``WrappedPropertiesModel``, for `@Published`),
/// and is refused at first use otherwise; an `@Observable` class's storage for
/// a tracked property takes part under the declared name too (see
/// ``ObservableModel`` for in-place writes). A model needs the reflection
/// metadata of its stored properties: one compiled without it is refused at
/// first use (*Defining Models*, "Reflection metadata"). An `NSObject` subclass
/// should inherit from ``ModelObject`` to get the model's `==`, `hash` and
/// `description`.
///
/// In a class hierarchy, the requirements below are bound at the class that
/// adopts `Model`: a subclass customises one only if that class declares it
/// in its body (``ModelObject`` declares them all), and then does so with
/// `override` (see *Defining Models*).
public protocol Model: Hashable, CustomStringConvertible {
    /// Creates a model with every property at its default value.
    init()

    /// The keys of every property whose storage is not ``PropertyStorage/none``,
    /// including stored properties inherited from superclasses.
    ///
    /// The default asks reflection once per type and caches the answer.
    static var propertyKeys: Set<String> { get }

    /// How the model stores the property `key`.
    ///
    /// The default: `.permanent` for a stored `var`, `.transitory` for a `weak`
    /// reference, `.none` for `let` constants, `lazy` storage, `unowned` and
    /// `unowned(unsafe)` references and anything that is not a stored property.
    /// Returning another storage for an `unowned` reference makes every
    /// throwing use of the type throw ``ModelError/Code/unsupportedDeclaration``.
    static func storageBehavior(forPropertyKey key: String) -> PropertyStorage

    /// Creates a model from property values by key, then calls ``validate()``.
    ///
    /// The default starts from `init()` and sets each entry by reflection;
    /// `NSNull` or `nil` sets an optional property to `nil`. It throws a
    /// ``ModelError`` for an unknown key, a value of the wrong type (numbers
    /// convert only exactly) or `nil` for a non-optional property, and passes
    /// on errors from ``validate()`` unchanged. Nothing half-built escapes.
    init(dictionary: [String: Any]) throws

    /// The values of the permanent and transitory properties by key, with
    /// `NSNull()` for `nil`.
    var dictionaryValue: [String: Any] { get }

    /// Checks the model, and may normalise its values (for example replace a
    /// missing name by a default). The default does nothing.
    mutating func validate() throws

    /// Merges the value for `key` from another model.
    ///
    /// The default takes `model`'s value unless it is `nil` or an absent ``JSONOptional``
    /// (`takeValue(forKey:from:)`). Implement this to merge some keys
    /// differently, as Mantle's `merge<Key>FromModel:` methods do, and call
    /// `takeValue(forKey:from:)` for the others.
    mutating func mergeValue(forKey key: String, from model: any Model)

    /// Merges every key that both this model and `model` have, through
    /// ``mergeValue(forKey:from:)``: merging from an instance of a superclass
    /// or a subclass works. An `@Observable` class notifies its observers
    /// (see ``ObservableModel``).
    mutating func mergeValues(forKeysFrom model: any Model)

    /// The version of the model's layout, written into archives by
    /// `ModelArchiver` (module `MantleArchiving`). The default is 0.
    ///
    /// This requirement and the two after it are the extension points the
    /// archiver reads. They are requirements of `Model` itself, not of a
    /// protocol in `MantleArchiving`, so that what a model declares is always
    /// what the archiver calls, never shadowed by a default.
    static var modelVersion: Int { get }

    /// Whether and how `ModelArchiver` (module `MantleArchiving`) archives
    /// the property `key`; `Codable` codes only `.unconditional` properties.
    ///
    /// The default: `.excluded` for properties that are not permanent or
    /// transitory, `.conditional` for `weak` references, `.unconditional`
    /// for the rest.
    static func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior

    /// Supplies the value for `key` when unarchiving an archive written at an
    /// older (or the same) ``modelVersion`` (Mantle's
    /// `decodeValueForKey:withCoder:modelVersion:`).
    ///
    /// `archivedValues` holds the archive's values by the keys they were
    /// archived under. The default returns `archivedValues[key]`; a model whose
    /// key was renamed returns the old key's value for older versions.
    static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                            modelVersion: Int) throws -> Any?
}
