import Foundation
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
/// For a cluster of structs (or any model types) sharing a protocol, pass the
/// discriminator itself, and get the protocol's existential:
/// `JSONAdapter.models(of: (any Shape).self, in: shapes, fromJSONData: data)`.
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
            case .dictionary(let dictionary):
                let value = try KeyPathLookup.value(at: path, in: dictionary)
                name = value.flatMap(Self.name(of:))
                found = value.map(ValueDescription.describe) ?? "nothing"
            case .document(let document, let object):
                var hint = 0
                let node = try KeyPathLookup.node(at: path, in: document, object: object, hint: &hint)
                name = node.flatMap { node in
                    switch document.kind(at: node) {
                    case .string: return document.string(at: node)
                    case .number: return document.integerDigits(at: node)
                    case .null, .bool, .array, .object: return nil
                    }
                }
                found = node.map { describe(document, $0) } ?? "nothing"
            }
        } catch {
            throw JSONAdapterError(error, jsonKeyPath: keyPath)
        }
        if let name, let type = types[name] { return type }
        if let fallback { return fallback }
        let known = types.keys.sorted().map { String(reflecting: $0) }.joined(separator: ", ")
        throw JSONAdapterError(code: .noClassFound, jsonKeyPath: keyPath, expected: "one of \(known)", found: found)
    }

    /// The table key a Foundation value stands for: a string, or an integer's digits.
    private static func name(of value: Any) -> String? {
        if let string = value as? String { return string }
        guard ValueConversion.exactBool(from: value) == nil, let number = NumberValue(value), number.isInteger else {
            return nil
        }
        return number.description
    }
}
