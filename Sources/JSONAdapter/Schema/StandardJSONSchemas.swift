import Foundation

/// JSON Schema fragments for values that JSON carries as text, shared by the
/// predefined transformers and JSONAdapter's schema generator so that a `URL`
/// property says the same whether its type or a transformer maps it.
package enum StandardJSONSchemas {
    /// What `URL(string:)` takes (a non-empty string; `format` is an
    /// annotation, as URL parsing is Foundation's).
    package static var url: [String: Any] { ["type": "string", "format": "uri", "minLength": 1] }

    /// What `UUID(uuidString:)` takes: 8-4-4-4-12 hexadecimal digits, either case.
    package static var uuid: [String: Any] {
        ["type": "string", "format": "uuid", "pattern": uuidPattern]
    }

    package static let uuidPattern =
        "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
}
