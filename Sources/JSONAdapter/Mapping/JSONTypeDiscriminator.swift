import Foundation
import MantleInternals
import MantleJSON

/// A JSON field whose value names the model type of the object it is in:
/// `{"type": "push", ...}` is a `PushEvent`, `{"type": "issues", ...}` an
/// `IssuesEvent` — a class cluster (Mantle's name for types chosen by the
/// content of the JSON) declared as a table instead of written as
/// `classForParsing(jsonDictionary:)`.
///
/// For a class hierarchy, the base class returns one from
/// ``JSONSerializing/typeDiscriminator``, and decoding the base class gives
/// the subclass the field names:
///
/// ```swift
/// class GHEvent: JSONSerializing {
///     class var typeDiscriminator: JSONTypeDiscriminator? {
///         JSONTypeDiscriminator(keyPath: "type", types: ["PushEvent": GHPushEvent.self,
///                                                         "IssuesEvent": GHIssuesEvent.self],
///                               fallback: GHEvent.self)
///     }
///     ...
/// }
/// let events = try JSONAdapter.models(of: GHEvent.self, fromJSONData: data)  // subclasses inside
/// ```
///
/// Or pass one in a call's options, to choose the type of each top-level
/// object there (``JSONAdapter/DecodingOptions/discriminator(_:)``):
/// `JSONAdapter.models(of: GHEvent.self, fromJSONData: data, options: .discriminator(kinds))`
/// gives `GHEvent`s and its subclasses. For a cluster of structs sharing a
/// protocol, decode with an adapter, which returns `any JSONSerializing`, and
/// cast to the protocol:
///
/// ```swift
/// let adapter = try JSONAdapter(modelType: Circle.self)  // a struct adapter takes any type chosen
/// let shapes = try adapter.models(fromJSONData: data, options: .discriminator(shapes)) as? [any Shape]
/// ```
///
/// The field may be a dotted key path; its value must be a string (numbers
/// count as their decimal text). A value the table lacks gives `fallback`;
/// without one, and for a missing or non-string field, decoding throws
/// ``JSONAdapterError/Code/noClassFound`` naming the field and what it held.
/// Encoding writes each model with its own type's mapping; map the field to a
/// property (`var type = "PushEvent"`) to write it back.
public struct JSONTypeDiscriminator: @unchecked Sendable {
    // @unchecked Sendable: immutable metatypes and strings.

    /// The field naming the type (`"type"`, `"payload.kind"`).
    public let keyPath: String
    /// The type for each value of the field.
    public let types: [String: any JSONSerializing.Type]
    /// The type for values the table lacks, or `nil` to refuse them.
    public let fallback: (any JSONSerializing.Type)?

    /// A discriminator reading `keyPath` and choosing from `types`, with
    /// `fallback` for other values (or `nil` to refuse them).
    public init(keyPath: String, types: [String: any JSONSerializing.Type],
                fallback: (any JSONSerializing.Type)? = nil) {
        self.keyPath = keyPath
        self.types = types
        self.fallback = fallback
    }

    /// The type the object `source` names.
    func type(for source: JSONObjectSource) throws -> any JSONSerializing.Type {
        guard let path = ParsedKeyPath(keyPath) else {
            throw JSONAdapterError(code: .invalidJSONMapping, jsonKeyPath: keyPath,
                                   detail: "malformed type discriminator key path \(String(reflecting: keyPath))")
        }
        let name: String?
        let found: String
        do throws(ValueFailure) {
            switch source {
            case .dictionary(let dictionary): (name, found) = try Self.name(at: path, in: dictionary, with: FoundationReader())
            case .document(let document, let object): (name, found) = try Self.name(at: path, in: object, with: document)
            }
        } catch {
            throw JSONAdapterError(error, jsonKeyPath: keyPath)
        }
        if let name, let type = types[name] { return type }
        if let fallback { return fallback }
        let known = types.keys.sorted().map { String(reflecting: $0) }.joined(separator: ", ")
        throw JSONAdapterError(code: .noClassFound, jsonKeyPath: keyPath, expected: "one of \(known)", found: found)
    }

    /// Decodes `source` as the type this discriminator chooses, with its
    /// mapping in `context`; the type must be `M` or a subclass of it.
    func decode<M: JSONSerializing>(_ type: M.Type, from source: JSONObjectSource,
                                    in context: MappingContext) throws -> M {
        let chosen = try self.type(for: source)
        guard chosen is M.Type, let model = try Self.decode(chosen, from: source, in: context) as? M else {
            throw notA(ValueDescription.typeName(M.self), chosen: chosen)
        }
        return model
    }

    /// Decodes exactly `chosen`: the discriminator has chosen, so the type's
    /// own cluster (which a subclass inherits from its base) is not asked again.
    private static func decode(_ chosen: any JSONSerializing.Type, from source: JSONObjectSource,
                               in context: MappingContext) throws -> any JSONSerializing {
        let mapping = try ModelMapping.of(chosen, in: context)
        func decodeOwnType<Chosen: JSONSerializing>(_ type: Chosen.Type) throws -> any JSONSerializing {
            try mapping.decodeOwnType(type, from: source)
        }
        return try decodeOwnType(chosen)
    }

    /// Decodes `source` as the type this discriminator chooses, with its
    /// mapping in `context`, for an adapter of `modelType`: as
    /// `classForParsing(jsonDictionary:)` is for that adapter, the type
    /// must be a subclass of a class `modelType`, and may be any model type
    /// for a struct (a cluster of structs sharing a protocol).
    func decodeAny(from source: JSONObjectSource, in context: MappingContext,
                   for modelType: any JSONSerializing.Type) throws -> any JSONSerializing {
        let chosen = try self.type(for: source)
        if modelType is AnyClass, !isSubclass(chosen, of: modelType) {
            throw notA(ValueDescription.typeName(modelType), chosen: chosen)
        }
        return try Self.decode(chosen, from: source, in: context)
    }

    /// The error for a chosen type that the call cannot return.
    private func notA(_ typeName: String, chosen: any JSONSerializing.Type) -> JSONAdapterError {
        JSONAdapterError(code: .noClassFound, jsonKeyPath: keyPath, modelTypeName: String(describing: chosen),
                         detail: "the type field \"\(keyPath)\" chose \(chosen), which is not a \(typeName)")
    }

    /// The type name at `path` in `object` (a string, or an integer's digits), or `nil`; and
    /// what is there, for the error when no type has that name.
    private static func name<Reader: JSONValueReader>(at path: ParsedKeyPath, in object: Reader.Object,
                                                      with reader: Reader) throws(ValueFailure) -> (String?, String) {
        var hint = 0
        guard let value = try KeyPathLookup.value(at: path, in: object, with: reader, hint: &hint) else {
            return (nil, "nothing")
        }
        return (reader.string(value) ?? reader.integerText(value), reader.found(value))
    }
}
