import Foundation
import MantleInternals

/// The kinds of JSON value a schema admits, as far as the generator knows them.
struct JSONKinds: OptionSet, Hashable, Sendable {
    let rawValue: Int

    static let null = JSONKinds(rawValue: 1 << 0)
    static let boolean = JSONKinds(rawValue: 1 << 1)
    static let number = JSONKinds(rawValue: 1 << 2)
    static let string = JSONKinds(rawValue: 1 << 3)
    static let array = JSONKinds(rawValue: 1 << 4)
    static let object = JSONKinds(rawValue: 1 << 5)
    static let all: JSONKinds = [.null, .boolean, .number, .string, .array, .object]
}

/// The schema of one value (a property's, an element's), with what the
/// generator knows of how closely it follows the decoder.
///
/// The schema always admits every JSON value the decoder takes for the value
/// (see the article "JSON Schema" for the documented exceptions). Beyond that:
/// - ``isTypeExact``: it refuses every value of a kind the decoder refuses
///   (a string for an `Int`, `null` for a non-optional), so the two agree on kinds;
/// - ``isValueExact``: it also refuses the values of the right kind that the
///   decoder refuses (out of range, not a raw value, breaking a stated rule).
///
/// The corpus check mutates only what a schema claims to follow exactly.
struct ValueSchema {
    /// The schema, as Foundation JSON (``SchemaReference`` values stand for `$ref`s until the end).
    var schema: [String: Any]
    /// The kinds of JSON value it admits.
    var kinds: JSONKinds
    /// `true` when it refuses exactly the kinds the decoder refuses.
    var isTypeExact: Bool
    /// `true` when it refuses exactly the values the decoder refuses.
    var isValueExact: Bool
    /// The schema of a collection's elements (a dictionary's values), when it is one.
    var elements: [ValueSchema] = []

    var acceptsNull: Bool { kinds.contains(.null) }

    /// Any JSON value, as the decoder takes for `Any` (exactly).
    static var anything: ValueSchema {
        ValueSchema(schema: [:], kinds: .all, isTypeExact: true, isValueExact: true)
    }

    /// Any JSON value, because the generator cannot say which: `{}` with a
    /// `$comment` saying why.
    static func unknown(_ comment: String) -> ValueSchema {
        ValueSchema(schema: ["$comment": comment], kinds: .all, isTypeExact: false, isValueExact: false)
    }

    /// A schema of one JSON type (`"string"`, `"integer"`, ...).
    static func typed(_ type: String, _ kinds: JSONKinds, exactValues: Bool = true) -> ValueSchema {
        ValueSchema(schema: ["type": type], kinds: kinds, isTypeExact: true, isValueExact: exactValues)
    }

    /// The schema admitting `null` as well: `null` added to `type` (and to
    /// `enum`), or an `anyOf` with null where the schema is a reference or a
    /// combination that `type` cannot widen.
    func nullable() -> ValueSchema {
        guard !acceptsNull else { return self }
        var result = self
        result.kinds.insert(.null)
        let combining = ["$ref", "anyOf", "oneOf", "allOf", "not", "if", "const"]
        if combining.contains(where: { schema[$0] != nil }) || schema["type"] == nil && schema["enum"] == nil {
            result.schema = ["anyOf": [schema, ["type": "null"]]]
            return result
        }
        if let type = schema["type"] as? String {
            result.schema["type"] = [type, "null"]
        } else if let types = schema["type"] as? [String] {
            result.schema["type"] = types + ["null"]
        }
        if let values = schema["enum"] as? [Any] {
            result.schema["enum"] = values + [NSNull()]
        }
        return result
    }

    /// Adds `text` to the schema's `$comment` (a note for people, which validators ignore).
    mutating func addComment(_ text: String) {
        schema["$comment"] = (schema["$comment"] as? String).map { $0 + " " + text } ?? text
    }

    mutating func addDescription(_ text: String) {
        schema["description"] = (schema["description"] as? String).map { $0 + " " + text } ?? text
    }

    /// Sets `keyword` to `value`, or, when the schema has it already, adds
    /// `{keyword: value}` to its `allOf` so that both hold.
    mutating func require(_ keyword: String, _ value: Any) {
        guard schema[keyword] != nil else {
            schema[keyword] = value
            return
        }
        schema["allOf"] = (schema["allOf"] as? [Any] ?? []) + [[keyword: value]]
    }
}

/// Whether a schema that the generator did not build (a transformer's)
/// admits `null`, read from its `type`, `enum`, `const` and combinations;
/// `true` when it cannot tell, so that a schema is never made stricter than the decoder.
func schemaMayAcceptNull(_ schema: [String: Any]) -> Bool {
    if let type = schema["type"] as? String, type != "null" { return false }
    if let types = schema["type"] as? [String], !types.contains("null") { return false }
    if let values = schema["enum"] as? [Any], !values.contains(where: ValueConversion.isNull) { return false }
    if let value = schema["const"], !ValueConversion.isNull(value) { return false }
    if let choices = schema["anyOf"] as? [Any] ?? schema["oneOf"] as? [Any] {
        return choices.contains { ($0 as? [String: Any]).map(schemaMayAcceptNull) ?? true }
    }
    return true
}

/// The kinds a schema that the generator did not build admits, read from its
/// `type` (every kind when it has none).
func schemaKinds(_ schema: [String: Any]) -> JSONKinds {
    let types = (schema["type"] as? String).map { [$0] } ?? schema["type"] as? [String]
    guard let types else { return .all }
    var kinds: JSONKinds = []
    for type in types {
        switch type {
        case "null": kinds.insert(.null)
        case "boolean": kinds.insert(.boolean)
        case "number", "integer": kinds.insert(.number)
        case "string": kinds.insert(.string)
        case "array": kinds.insert(.array)
        case "object": kinds.insert(.object)
        default: return .all
        }
    }
    return kinds
}
