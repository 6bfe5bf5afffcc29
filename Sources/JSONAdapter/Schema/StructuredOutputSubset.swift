import Foundation

/// Reduces a schema to the subset that the structured-output modes of
/// language-model APIs accept (``JSONSchema/Options/isStrictStructuredOutput``):
/// only their keywords, `anyOf` for `oneOf`, and every object closed
/// (`additionalProperties: false`) with every member required. A rule whose
/// keyword goes is said in words in the `description`, so the model still
/// reads it.
///
/// The generator already builds model objects this way (required members,
/// optionals as unions with `null`, no conditions); this pass covers what
/// comes from elsewhere (a transformer's stated schema, a format the modes
/// do not know).
enum StructuredOutputSubset {
    /// The keywords kept.
    static let keywords: Set<String> = [
        "$schema", "$defs", "$ref", "type", "properties", "required", "additionalProperties", "items", "enum",
        "const", "anyOf", "description", "title", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
    ]

    /// The `format` values kept.
    static let formats: Set<String> = [
        "date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid",
    ]

    /// `schema` (a document or a part of one) reduced to the subset.
    static func applied(to schema: [String: Any]) -> [String: Any] {
        var result: [String: Any] = [:]
        var words: [String] = []
        // In order, so that the words come out the same every time.
        for (keyword, value) in schema.sorted(by: { $0.key < $1.key }) {
            switch keyword {
            case "oneOf":
                result["anyOf"] = subschemas(value)
            case "anyOf":
                result["anyOf"] = subschemas(value)
            case "properties", "$defs":
                result[keyword] = (value as? [String: Any])?.mapValues { ($0 as? [String: Any]).map(applied) ?? $0 }
            case "items":
                result["items"] = (value as? [String: Any]).map(applied) ?? value
            case "format":
                if let format = value as? String, formats.contains(format) {
                    result["format"] = format
                } else if value as? String == "uri" {
                    words.append("A URL.")
                }
            case "uniqueItems":
                if value as? Bool == true { words.append("Elements must be unique.") }
            case "contentEncoding":
                words.append("Text in \(value) encoding.")
            case "minLength":
                words.append("At least \(counted(value, "character")).")
            case "maxLength":
                words.append("At most \(counted(value, "character")).")
            case "minProperties":
                words.append("At least \(counted(value, "member")).")
            case "maxProperties":
                words.append("At most \(counted(value, "member")).")
            case _ where keywords.contains(keyword):
                result[keyword] = value
            default:
                break  // annotations (`$comment`) and keywords the modes refuse (`allOf`, `prefixItems`, …)
            }
        }
        closeObject(&result)
        if !words.isEmpty {
            result["description"] = ([result["description"] as? String].compactMap { $0 } + words).joined(separator: " ")
        }
        return result
    }

    /// `1 character`, `3 characters`.
    private static func counted(_ value: Any, _ noun: String) -> String {
        "\(value) \(noun)" + ((value as? Int) == 1 ? "" : "s")
    }

    /// The subschemas of a combination, each reduced.
    private static func subschemas(_ value: Any) -> [Any] {
        (value as? [Any] ?? []).map { ($0 as? [String: Any]).map(applied) ?? $0 }
    }

    /// Closes an object schema: every member required, no other members.
    private static func closeObject(_ schema: inout [String: Any]) {
        let types = (schema["type"] as? String).map { [$0] } ?? schema["type"] as? [String] ?? []
        guard types.contains("object") || schema["properties"] != nil else { return }
        let properties = schema["properties"] as? [String: Any] ?? [:]
        schema["properties"] = properties
        schema["required"] = properties.keys.sorted()
        schema["additionalProperties"] = false
    }
}
