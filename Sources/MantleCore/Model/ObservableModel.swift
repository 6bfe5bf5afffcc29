import Observation

/// An `@Observable` class model whose in-place changes notify its observers
/// (a SwiftUI view, `withObservationTracking`).
///
/// An `@Observable` class is a model like any other class without this
/// protocol: its property keys are the declared names, and decoding, `==`,
/// `hash(into:)`, `description`, ``Model/copy()``, ``Model/dictionaryValue``,
/// archiving and JSON work as usual. The library writes a property at its
/// storage, not through its setter, so a write into an instance that already
/// exists — `setValue(_:forKey:)`, merging (``Model/mergeValues(forKeysFrom:)``,
/// ``Model/takeValue(forKey:from:)-478qy``), `decodeProperties(from:)`, and
/// `JSONAdapter.update` — must tell the class's observation registrar itself,
/// which needs each tracked property's key path. Key paths cannot be made
/// from names at runtime, so the model declares them once:
///
/// ```swift
/// @Observable final class Profile: JSONSerializing, ObservableModel {
///     var name = ""
///     var age = 0
///     @ObservationIgnored var cache: [String: Int] = [:]   // not tracked: no key path
///     required init() {}
///
///     static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
///     static var observationKeyPaths: [String: AnyKeyPath] { ["name": \Profile.name, "age": \Profile.age] }
/// }
/// ```
///
/// Each key path's root is the class that declares the property. A subclass
/// inherits the table; an `@Observable` subclass adds its own tracked
/// properties by overriding a `class var` declared in the class body:
/// `super.observationKeyPaths.merging(["extra": \Sub.extra]) { $1 }`.
/// The table is checked at the type's first use: every entry must be a
/// tracked property with a key path of its declared type, every tracked
/// property needs one, and no two entries may share a key path; otherwise
/// every throwing use throws ``ModelError/Code/unsupportedDeclaration``
/// naming the property. (A key path of another tracked property of the same
/// type cannot be told apart: list each property's own.)
///
/// An in-place write notifies the registrar for every tracked property whose
/// value it changes, by the rule of the class's own setters: for an
/// `Equatable` type when the new value differs by `==`, for a class when it is
/// another object, always for other types. Writes into a new instance
/// (`init(dictionary:)`, decoding, ``Model/copy()``, unarchiving) notify
/// nothing, since nothing can observe it yet.
///
/// Without this conformance, an `@Observable` model that has tracked
/// properties refuses every in-place write rather than making one that its
/// observers miss: `setValue(_:forKey:)`, `decodeProperties(from:)` and
/// `JSONAdapter.update` throw ``ModelError/Code/unsupportedDeclaration``
/// (whose message spells out the declaration to add), and merging, which
/// cannot throw, stops the program with the same message
/// (`preconditionFailure`): a programming error, which no input can cause.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public protocol ObservableModel: Model, Observable, AnyObject {
    /// The key path of each tracked property (rooted at the class that
    /// declares it), by property key, so that in-place writes notify observers.
    static var observationKeyPaths: [String: AnyKeyPath] { get }
}
