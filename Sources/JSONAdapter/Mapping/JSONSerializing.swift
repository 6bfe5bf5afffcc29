import Foundation

/// A ``Model`` that maps to and from JSON (Mantle's `MTLJSONSerializing`).
///
/// ```swift
/// struct GHIssue: JSONSerializing {
///     var number = 0
///     var title = ""
///     var reporterLogin: String?
///     var updatedAt: Date?
///
///     static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
///         "number": "number", "title": "title",
///         "reporterLogin": "user.login", "updatedAt": "updated_at",
///     ]
/// }
/// ```
///
/// Properties not in ``jsonKeyPathsByPropertyKey`` are neither read nor written.
/// Values convert by the property's declared type unless
/// ``jsonTransformer(forKey:)`` gives a transformer.
public protocol JSONSerializing: Model {
    /// The JSON location of each mapped property, by property key.
    static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { get }

    /// A transformer for the property `key`, or `nil` (the default) to convert
    /// by its declared type. Mantle's `+<key>JSONTransformer` methods become a
    /// `switch` here.
    static func jsonTransformer(forKey key: String) -> JSONValueTransformer?

    /// How far decoding the property `key` bends for drifted JSON
    /// (``JSONLeniency``), in place of the configuration's
    /// ``JSONAdapter/JSONAdapter/Configuration/leniency``; `nil` (the default)
    /// takes the configuration's. Return the same value for every key to set
    /// it for the whole model.
    static func jsonLeniency(forKey key: String) -> JSONLeniency?

    /// The rules the property `key`'s value must meet (``JSONConstraint``),
    /// checked while decoding and stated in the JSON Schema; none (`[]`, the
    /// default) costs nothing while decoding.
    static func jsonConstraints(forKey key: String) -> [JSONConstraint]

    /// A sentence describing the property `key` for the JSON Schema (its
    /// `description`), or `nil` (the default) for none.
    static func jsonDescription(forKey key: String) -> String?

    /// The type to decode `jsonDictionary` as: `Self` (the default), a
    /// subclass for class clusters, or `nil` when no type fits (decoding then
    /// throws ``JSONAdapterError/Code/noClassFound``). For value types, any
    /// `JSONSerializing` type may be returned through ``JSONAdapter/model(from:options:)``.
    static func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)?

    /// A JSON field naming the type to decode each object as, with its table
    /// of types (``JSONTypeDiscriminator``), or `nil` (the default). When
    /// set, it chooses the type in place of
    /// ``classForParsing(jsonDictionary:)``, reading only that field.
    static var typeDiscriminator: JSONTypeDiscriminator? { get }

    /// The property keys to write when encoding this model; the default keeps
    /// them all (Mantle's `serializablePropertyKeys:forModel:`).
    func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String>
}

extension JSONSerializing {
    /// No transformer: convert by the declared type.
    public static func jsonTransformer(forKey key: String) -> JSONValueTransformer? { nil }

    /// `nil`: the configuration's leniency.
    public static func jsonLeniency(forKey key: String) -> JSONLeniency? { nil }

    /// None.
    public static func jsonConstraints(forKey key: String) -> [JSONConstraint] { [] }

    /// None.
    public static func jsonDescription(forKey key: String) -> String? { nil }

    /// `Self`.
    public static func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        ClassForParsingProbe.noteDefaultImplementation()
        return Self.self
    }

    /// None: ``classForParsing(jsonDictionary:)`` chooses.
    public static var typeDiscriminator: JSONTypeDiscriminator? { nil }

    /// Every key.
    public func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> {
        ClassForParsingProbe.noteDefaultSerializablePropertyKeys()
        return propertyKeys
    }
}

/// Finds out, once per type, whether `classForParsing(jsonDictionary:)` is
/// the default implementation, so that decoding straight from JSON text need
/// not build a dictionary for types that are not class clusters.
enum ClassForParsingProbe {
    /// Set while probing; the default implementation marks it.
    @TaskLocal static var marker: Marker?

    /// Records calls of the default implementation.
    final class Marker: @unchecked Sendable {
        /// Set when the default implementation ran.
        var defaultImplementationRan = false
        /// Set when the default `serializablePropertyKeys(_:)` ran.
        var defaultSerializablePropertyKeysRan = false
    }

    /// Called by the default implementation.
    static func noteDefaultImplementation() {
        marker?.defaultImplementationRan = true
    }

    /// Called by the default `serializablePropertyKeys(_:)`.
    static func noteDefaultSerializablePropertyKeys() {
        marker?.defaultSerializablePropertyKeysRan = true
    }

    /// `true` when `type` is a value type whose `serializablePropertyKeys(_:)` is the default,
    /// which keeps every key whatever the model holds: then encoding need not ask. Exact for a
    /// value type, whose own implementation cannot call the default; a class's override may call
    /// `super` on some models only, so a class is always asked.
    static func keepsEveryPropertyKey(_ type: any JSONSerializing.Type) -> Bool {
        guard !(type is AnyClass) else { return false }
        func probe<M: JSONSerializing>(_: M.Type) -> Bool {
            let marker = Marker()
            $marker.withValue(marker) {
                _ = M().serializablePropertyKeys([])
            }
            return marker.defaultSerializablePropertyKeysRan
        }
        return probe(type)
    }

    /// `true` when `type` implements `classForParsing(jsonDictionary:)` itself.
    static func overridesClassForParsing(_ type: any JSONSerializing.Type) -> Bool {
        let marker = Marker()
        $marker.withValue(marker) {
            _ = type.classForParsing(jsonDictionary: [:])
        }
        return !marker.defaultImplementationRan
    }
}
