/// A model whose wrapped properties (or any of its properties) are read and
/// written through their own accessors, by key paths the model declares.
///
/// The library reads and writes a property at its storage. A property
/// wrapper's storage `_x` is the wrapper, not the value: a wrapper that
/// conforms to ``ModelPropertyWrapper`` is reached through its
/// `wrappedValue`. Some wrappers cannot conform: `@Published` (Combine, and
/// OpenCombine on Linux) has no usable `wrappedValue`, since it reads and
/// writes its value through the enclosing instance, which is how it sends
/// `objectWillChange`; a wrapper of another module may have no setter the
/// library can call. For those, the model declares the key path of each
/// wrapped property, and the library reads through the key path and writes
/// through it (the property's setter runs, so an `ObservableObject` sends
/// `objectWillChange` for each write into an existing instance):
///
/// ```swift
/// final class Profile: ObservableObject, JSONSerializing, WrappedPropertiesModel {
///     @Published var name = ""
///     @Published var followers = 0
///     required init() {}
///
///     static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
///     static var wrappedPropertyKeyPaths: [String: AnyKeyPath] {
///         ["name": \Profile.name, "followers": \Profile.followers]
///     }
/// }
/// ```
///
/// An entry `"x"` names the stored property `x`, or else the storage `_x` of
/// the wrapped property `x`; either takes part in the model under the key
/// `x`, with the key path's value type as its type. Listing an ordinary
/// stored property makes reflective writes run its `didSet` and `willSet`
/// observers. Each key path's root is the type that declares the property
/// (for a class, the class in the hierarchy that declares it), and it must
/// be writable: a `ReferenceWritableKeyPath` for a class, a
/// `WritableKeyPath` for a struct. A subclass inherits the table; one that
/// adds wrapped properties overrides a `class var` declared in the class body:
/// `super.wrappedPropertyKeyPaths.merging(["extra": \Sub.extra]) { $1 }`.
///
/// The table is checked at the type's first use: an entry that names no
/// stored property, a key path of another root or a read-only one, and two
/// entries with one key path make every throwing use throw
/// ``ModelError/Code/unsupportedDeclaration`` naming the entry. (A key path of
/// another property of the same type and value type cannot be told apart:
/// list each property's own.)
///
/// Without an entry, the storage `_x` of a wrapper that does not conform to
/// ``ModelPropertyWrapper`` is refused at first use (see the article
/// *Defining Models*, "Property wrappers"), rather than decoded to its default in silence.
public protocol WrappedPropertiesModel: Model {
    /// The key path of each property read and written through its accessors,
    /// by property key (the declared name `x`, for a wrapped property's storage `_x`).
    static var wrappedPropertyKeyPaths: [String: AnyKeyPath] { get }
}
