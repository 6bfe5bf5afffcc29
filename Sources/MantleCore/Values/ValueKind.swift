import Foundation
import MantleInternals

/// What sort of value a type holds: the one place that decides it.
///
/// Every part of the package that treats a value by its type — conversion
/// from untyped values (``ValueConversion``), the JSON codecs, constraints
/// and schemas, the `Codable` bridge (through ``exactKind(of:)``), the
/// archive encoder and decoder (module `MantleArchiving`), the JSON writer's
/// untyped path and the type names in errors (``ValueDescription``) —
/// switches over a type's `ValueKind`, listing every case (no `default:`),
/// so a newly supported type is one case here, and the compiler then lists
/// every consumer that must handle it (CONTRIBUTING, "Adding a value type").
///
/// The containers carry their metatype opened to the protocol that recovers
/// the generic parameters (``OptionalRepresentable``,
/// ``ArrayRepresentable``, ...); a consumer calls a static member on it to run
/// generic code with the concrete element type.
///
/// Kinds are computed once per type and cached (``of(_:)``).
package enum ValueKind: @unchecked Sendable {
    // @unchecked Sendable: the payloads are metatypes, which are immutable.

    /// `Any` itself: whatever a value holds.
    case any
    case string
    /// `Substring` (a string in JSON and archives).
    case substring
    /// `Character` (a one-character string in JSON and archives).
    case character
    case bool
    /// A fixed-width integer type (`Int`, `UInt8`, `Int128`, ...).
    case integer(any FixedWidthInteger.Type)
    /// A binary floating-point type (`Double`, `Float`, `Float16`, ...).
    case floating(any BinaryFloatingPoint.Type)
    case decimal
    case url
    case uuid
    case date
    case data
    /// `Optional<Wrapped>`.
    case optional(any OptionalRepresentable.Type)
    /// ``JSONOptional``: absent, null or a `Wrapped` value.
    case jsonOptional(any JSONOptionalRepresentable.Type)
    /// `Array<Element>`.
    case array(any ArrayRepresentable.Type)
    /// `Set<Element>`.
    case set(any SetRepresentable.Type)
    /// `Dictionary<String, Value>`.
    case stringKeyedDictionary(any StringKeyedDictionaryRepresentable.Type)
    /// `Dictionary<Key, Value>` with keys of another type (`[Int: Event]`,
    /// `[UUID: User]`); JSON writes the keys as strings.
    case keyedDictionary(any DictionaryRepresentable.Type)
    /// A type conforming to ``Model``.
    case model(any Model.Type)
    /// A `RawRepresentable` type that is not a model (enums with raw values,
    /// option sets, string-backed wrappers).
    case rawRepresentable(any RawRepresentable.Type)
    /// `NSNull`.
    case null
    /// `NSNumber` or a subclass (`JSONSerialization`'s numbers and booleans).
    case foundationNumber
    /// `NSString` or a subclass.
    case foundationString
    /// `NSArray` or a subclass.
    case foundationArray
    /// `NSDictionary` or a subclass.
    case foundationDictionary
    /// A `Decodable` and/or `Encodable` type that no rule above covers (a
    /// `struct Geo: Codable`, an enum with associated values, `TimeZone`,
    /// `Locale`, `Measurement`, ...), with its metatype opened to each
    /// protocol it conforms to (`nil` for the one it does not). JSON maps it
    /// through its own `init(from:)` and `encode(to:)`.
    case codable(decodable: (any Decodable.Type)?, encodable: (any Encodable.Type)?)
    /// Anything else: protocol existentials other than `Any`, `AnyHashable`,
    /// classes and structs the package has no rule for and that are not
    /// `Codable`. Values must already have the type (a transformer can make them).
    case other

    /// The kind of `type`, computed on first use and cached.
    @inline(__always)
    package static func of(_ type: Any.Type) -> ValueKind {
        cache.value(for: type) { classify(type) }
    }

    /// The kind of the value's dynamic type.
    @inline(__always)
    package static func of(value: Any) -> ValueKind {
        of(Swift.type(of: value))
    }

    /// The cached kinds.
    private static let cache = TypeCache<ValueKind>()

    /// The kind of `type` when one exact type decides it (`String`, `Bool`,
    /// `Int`, `Double`, `Date`, `Data`, `Decimal`, `URL`, ...), `nil` for
    /// every other type: a few comparisons of metatypes, no cache, so a
    /// caller that meets a new type with every value (the `Codable` bridge's
    /// generic `decode`/`encode`) asks this and not the cache. ``of(_:)``
    /// answers the same for these types.
    ///
    /// Of the integers only `Int` is here, and of the floating-point types
    /// `Double` and `Float16` (where it exists): a caller may rely on that
    /// (the tests check it).
    @inlinable
    package static func exactKind(of type: Any.Type) -> ValueKind? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): return .string
        case ObjectIdentifier(Int.self): return .integer(Int.self)
        case ObjectIdentifier(Double.self): return .floating(Double.self)
        case ObjectIdentifier(Bool.self): return .bool
        case ObjectIdentifier(Date.self): return .date
        case ObjectIdentifier(Data.self): return .data
        case ObjectIdentifier(Decimal.self): return .decimal
        case ObjectIdentifier(URL.self): return .url
        case ObjectIdentifier(UUID.self): return .uuid
        case ObjectIdentifier(Substring.self): return .substring
        case ObjectIdentifier(Character.self): return .character
        case ObjectIdentifier(Any.self): return .any
        default:
            // `Float16`, named only where it exists.
            #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
            if type == Float16.self { return .floating(Float16.self) }
            #endif
            return nil
        }
    }

    /// Classifies `type`. Exact types first (``exactKind(of:)``), then the
    /// generic containers and protocols; `Model` before `RawRepresentable` (a
    /// model enum with a raw value is a model), and `Codable` last of all, so
    /// that models, raw-value enums, numbers, strings and collections that are
    /// also `Codable` keep their own rules.
    private static func classify(_ type: Any.Type) -> ValueKind {
        if let exact = exactKind(of: type) { return exact }
        if let optional = type as? any OptionalRepresentable.Type { return .optional(optional) }
        if let optional = type as? any JSONOptionalRepresentable.Type { return .jsonOptional(optional) }
        if let model = type as? any Model.Type { return .model(model) }
        // Class metatypes are tested as classes only: a metatype cast never
        // bridges, but keeping Swift types away from Foundation classes makes
        // that plain.
        if type is AnyObject.Type {
            if type is NSNull.Type { return .null }
            if type is NSNumber.Type { return .foundationNumber }
            if type is NSString.Type { return .foundationString }
            if type is NSArray.Type { return .foundationArray }
            if type is NSDictionary.Type { return .foundationDictionary }
        }
        if let integer = type as? any FixedWidthInteger.Type { return .integer(integer) }
        if let floating = type as? any BinaryFloatingPoint.Type { return .floating(floating) }
        if let array = type as? any ArrayRepresentable.Type { return .array(array) }
        if let set = type as? any SetRepresentable.Type { return .set(set) }
        if let dictionary = type as? any StringKeyedDictionaryRepresentable.Type {
            return .stringKeyedDictionary(dictionary)
        }
        if let dictionary = type as? any DictionaryRepresentable.Type { return .keyedDictionary(dictionary) }
        if let raw = type as? any RawRepresentable.Type { return .rawRepresentable(raw) }
        let decodable = type as? any Decodable.Type, encodable = type as? any Encodable.Type
        if decodable != nil || encodable != nil { return .codable(decodable: decodable, encodable: encodable) }
        return .other
    }
}
