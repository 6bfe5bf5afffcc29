/// A property wrapper whose wrapped value a model reads and writes under the
/// wrapped property's own name.
///
/// The compiler stores `@Clamped var level = 3` as a private field `_level`
/// of type `Clamped`. When `Clamped` conforms to this protocol, the model's
/// property key is `level`, and every reflective read and write (keys,
/// `init(dictionary:)`, `dictionaryValue`, `==`, merging, JSON, archives) goes
/// through `wrappedValue`, so the wrapper's setter runs:
///
/// ```swift
/// @propertyWrapper struct Clamped: ModelPropertyWrapper {
///     private var value: Int
///     var wrappedValue: Int {
///         get { value }
///         set { value = min(max(newValue, 0), 10) }
///     }
///     init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
/// }
///
/// struct Player: Model {
///     @Clamped var level = 3
/// }
/// // Player.propertyKeys == ["level"]; setting "level" to 42 stores 10.
/// ```
///
/// A wrapper can also conform in an extension: `extension Clamped: ModelPropertyWrapper {}`.
/// A wrapper that cannot conform (`@Published`, whose value is read and
/// written through the enclosing instance) is reached through key paths the
/// model declares (``WrappedPropertiesModel``). The storage of a wrapper that
/// does neither is refused at first use (``ModelError/Code/unsupportedDeclaration``,
/// naming the wrapper). `copy()` copies a conforming wrapper's storage as it is.
///
/// Property observers (`didSet`, `willSet`) of ordinary stored properties do
/// not run on reflective writes, which store the field directly (Mantle's
/// key-value coding called setters; Swift reflection has none to call). Put
/// logic that must run on every write into a wrapper's `wrappedValue` setter
/// or into ``Model/validate()``.
public protocol ModelPropertyWrapper {
    /// The type of the wrapped value.
    associatedtype WrappedValue
    /// The wrapped value, read and written by reflection.
    var wrappedValue: WrappedValue { get set }
}
