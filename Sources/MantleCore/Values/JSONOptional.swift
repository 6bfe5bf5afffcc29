import Foundation

/// A value that may be absent, `null`, or present: what an `Optional` cannot
/// tell apart when a JSON member may be missing or explicitly `null`.
///
/// A PATCH body means three different things by a field: left out ("keep
/// it"), `null` ("clear it"), or a value ("set it"). An `Optional` property
/// decodes the first two alike, as `nil`, and encodes `nil` as `null`, so
/// decoding and re-encoding such a body turns "keep" into "clear". Declare
/// the property as `JSONOptional` instead:
///
/// ```swift
/// struct ProfilePatch: JSONSerializing {
///     var name = JSONOptional<String>()     // .absent until the JSON says otherwise
///     var bio = JSONOptional<String>()
///     static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "bio": "bio"] }
/// }
///
/// let patch = try JSONAdapter.model(of: ProfilePatch.self, fromJSONData: Data(#"{"bio": null}"#.utf8))
/// // patch.name == .absent, patch.bio == .null
/// profile.bio = patch.bio.applied(to: profile.bio)   // nil; profile.name is untouched
/// ```
///
/// In a model (module `JSONAdapter`): a missing key leaves the property's
/// default, which for a `JSONOptional` is ``absent`` (declare it
/// `= JSONOptional()` or `= .absent`); `null` decodes as ``null``, anything
/// else as ``value(_:)`` through `Wrapped`'s own rules. Encoding leaves the
/// key out for ``absent`` and writes `null` for ``null`` — even with
/// `omitsNilValues`, which leaves out only `nil`s. `Wrapped` may not itself be
/// optional (a second kind of null): a mapping with `JSONOptional<Int?>` or
/// `JSONOptional<Int>?` is refused when first used. Inside an array or a
/// dictionary an element is ``null`` or a value; an ``absent`` one there has no
/// JSON form, and encoding it throws.
///
/// Elsewhere in the model layer it is a value like any other, never `nil`:
/// `dictionaryValue` and `value(forKey:)` give the `JSONOptional` itself (so
/// ``Model/init(dictionary:)`` gives back exactly what `dictionaryValue`
/// held), `init(dictionary:)` and `setValue(_:forKey:)` also take `nil` or
/// `NSNull` (``null``) and a value of `Wrapped` (``value(_:)``), the default
/// merge (`takeValue(forKey:from:)`) skips it when absent, as it
/// skips `nil`, and takes its null or value, and `==`, `hash(into:)` and
/// `description` (`absent`, `null`, or the value) treat it as an enum.
/// Archives (module `MantleArchiving`) leave an absent property out, as JSON
/// does, and write `null` and values as for an `Optional`. `Codable` does the
/// same through the keyed containers' `encode(_:forKey:)` and
/// `decode(_:forKey:)` for `JSONOptional`, which synthesized conformances call.
public enum JSONOptional<Wrapped> {
    /// The member is missing: nothing was said about it.
    case absent
    /// The member is `null`.
    case null
    /// The member holds a value.
    case value(Wrapped)

    /// ``absent``: what a property that the JSON does not mention keeps.
    public init() {
        self = .absent
    }

    /// ``value(_:)`` for a value, ``null`` for `nil`.
    public init(_ optional: Wrapped?) {
        if let optional { self = .value(optional) } else { self = .null }
    }

    /// `true` for ``absent``.
    public var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }

    /// `true` for ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value, or `nil` when absent or null.
    public var unwrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// What a property holding `current` becomes under this patch field:
    /// `current` when absent, `nil` when null, the value otherwise.
    public func applied(to current: Wrapped?) -> Wrapped? {
        switch self {
        case .absent: return current
        case .null: return nil
        case .value(let value): return value
        }
    }

    /// The same case, with `transform` applied to a value.
    public func map<NewWrapped>(_ transform: (Wrapped) throws -> NewWrapped) rethrows -> JSONOptional<NewWrapped> {
        switch self {
        case .absent: return .absent
        case .null: return .null
        case .value(let value): return .value(try transform(value))
        }
    }
}

extension JSONOptional: Equatable where Wrapped: Equatable {}
extension JSONOptional: Hashable where Wrapped: Hashable {}
extension JSONOptional: Sendable where Wrapped: Sendable {}

extension JSONOptional: CustomStringConvertible {
    /// `absent`, `null`, or the value as Swift shows it in a model's
    /// description (`"text"` quoted, `42`).
    public var description: String {
        switch self {
        case .absent: return "absent"
        case .null: return "null"
        case .value(let value): return String(reflecting: value)
        }
    }
}

// MARK: - Codable

extension JSONOptional: Decodable where Wrapped: Decodable {
    /// Decodes ``null`` from a null, else ``value(_:)``. A missing key is
    /// ``absent``: `KeyedDecodingContainer.decode(_:forKey:)` for
    /// `JSONOptional` (which synthesized conformances call) never reaches
    /// this for one, and ``Model``'s `init(from:)` keeps the default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else {
            self = .value(try container.decode(Wrapped.self))
        }
    }
}

extension JSONOptional: Encodable where Wrapped: Encodable {
    /// Encodes `null` for ``null`` and the value for ``value(_:)``.
    ///
    /// - Throws: `EncodingError.invalidValue` for ``absent``, which has an
    ///   encoded form only as a keyed member that is left out (see
    ///   `KeyedEncodingContainer.encode(_:forKey:)` for `JSONOptional`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .absent:
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "an absent JSONOptional has no encoded form outside a keyed container"))
        case .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}

extension KeyedEncodingContainer {
    /// Leaves `key` out for an absent value, else encodes `null` or the
    /// value: synthesized `encode(to:)` implementations call this overload
    /// for `JSONOptional` properties, so they keep absent and null apart.
    public mutating func encode<Wrapped: Encodable>(_ value: JSONOptional<Wrapped>, forKey key: Key) throws {
        switch value {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case .value(let wrapped): try encode(wrapped, forKey: key)
        }
    }
}

extension KeyedDecodingContainer {
    /// ``JSONOptional/absent`` when `key` is missing, ``JSONOptional/null``
    /// for a null, else the value: synthesized `init(from:)` implementations
    /// call this overload for `JSONOptional` properties, which then decode
    /// from a container that lacks their key instead of failing.
    public func decode<Wrapped: Decodable>(_ type: JSONOptional<Wrapped>.Type,
                                           forKey key: Key) throws -> JSONOptional<Wrapped> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(Wrapped.self, forKey: key))
    }
}

// MARK: - Reflection

/// `JSONOptional`, seen from reflection (see ``ValueKind/jsonOptional(_:)``).
package protocol JSONOptionalRepresentable {
    associatedtype Wrapped
    /// The wrapped type, as a metatype value.
    static var wrappedType: Any.Type { get }
    /// `true` for `.absent`.
    var isAbsent: Bool { get }
    /// The same case, its value as `Any`.
    var erased: JSONOptional<Any> { get }
}

extension JSONOptional: JSONOptionalRepresentable {
    package static var wrappedType: Any.Type { Wrapped.self }
    package var erased: JSONOptional<Any> { map { $0 } }
}
