import Foundation

// Protocols that let reflection code, which only has an `Any.Type`, recover the
// generic parameters of optionals and collections (`Optional<Wrapped>`,
// `Array<Element>`, `Set<Element>`, `Dictionary<Key, Value>`) by casting the
// metatype and calling a static member: the call opens the existential and
// runs with the concrete generic parameters, with no metadata parsing.

/// `Optional`, seen from reflection.
package protocol OptionalRepresentable {
    associatedtype Wrapped
    /// The wrapped type, as a metatype value.
    static var wrappedType: Any.Type { get }
    /// The wrapped value, or `nil`.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalRepresentable {
    package static var wrappedType: Any.Type { Wrapped.self }
    package var wrappedValue: Any? {
        switch self {
        case .some(let value): return value
        case .none: return nil
        }
    }
}

/// `Array`, seen from reflection.
package protocol ArrayRepresentable {
    associatedtype Element
    /// The element type, as a metatype value.
    static var elementType: Any.Type { get }
    var anyElements: [Any] { get }
}

extension Array: ArrayRepresentable {
    package static var elementType: Any.Type { Element.self }
    package var anyElements: [Any] { map { $0 } }
}

/// `Set`, seen from reflection.
package protocol SetRepresentable {
    associatedtype Element: Hashable
    /// The element type, as a metatype value.
    static var elementType: Any.Type { get }
}

extension Set: SetRepresentable {
    package static var elementType: Any.Type { Element.self }
}

/// `Dictionary<Key, Value>`, seen from reflection.
package protocol DictionaryRepresentable {
    associatedtype Key: Hashable
    associatedtype Value
    /// The key type, as a metatype value.
    static var keyType: Any.Type { get }
    /// The value type, as a metatype value.
    static var valueType: Any.Type { get }
}

extension Dictionary: DictionaryRepresentable {
    package static var keyType: Any.Type { Key.self }
    package static var valueType: Any.Type { Value.self }
}

/// `Dictionary<String, Value>`, seen from reflection: the dictionaries that
/// `[String: Any]` values and archives hold.
package protocol StringKeyedDictionaryRepresentable: DictionaryRepresentable where Key == String {
    var anyMembers: [String: Any] { get }
}

extension Dictionary: StringKeyedDictionaryRepresentable where Key == String {
    package var anyMembers: [String: Any] { mapValues { $0 } }
}

/// Flattens nested optionals in an `Any` to the value inside, or `nil`.
///
/// `Any` that holds `Optional<T>.none` is not `nil` to Swift; this makes it so.
@inline(__always)
package func flattenedOptional(_ value: Any?) -> Any? {
    guard let value else { return nil }
    if let optional = value as? any OptionalRepresentable {
        return flattenedOptional(optional.wrappedValue)
    }
    return value
}
