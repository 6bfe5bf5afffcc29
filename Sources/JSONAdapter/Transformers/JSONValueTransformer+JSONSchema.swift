import Foundation
import MantleInternals

extension JSONValueTransformer {
    /// The JSON Schema of the JSON values the forward direction takes, as
    /// ``withJSONSchema(_:)`` stated it, or `nil` when none was stated (or
    /// the one given was not JSON).
    ///
    /// JSONAdapter's schema generator uses it for the properties this
    /// transformer maps; a transformer without one gives the schema `{}`
    /// (any value) with a note saying so.
    public var jsonSchema: [String: Any]? {
        guard let text = statedJSONSchema?.text,
              let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return nil }
        return FoundationContainers.stringKeyedMembers(of: object)
    }

    /// This transformer, stating that its forward direction takes JSON values
    /// described by `schema` (a JSON Schema, draft 2020-12, as a Foundation
    /// JSON object: dictionaries, arrays, strings, numbers, booleans, `NSNull`).
    ///
    /// ```swift
    /// static let hexColor = JSONValueTransformer(forward: { (text: String) in Color(hex: text) },
    ///                                        reverse: { (color: Color) in color.hex })
    ///     .withJSONSchema(["type": "string", "pattern": "^#[0-9a-f]{6}$"])
    /// ```
    ///
    /// Describe the values the forward direction turns into a value without
    /// throwing, null left out: a property of an optional type adds null
    /// itself. The schema is copied; one that is not JSON is kept as a
    /// problem, which makes the schema of a model using the transformer fail
    /// with `JSONAdapterError.Code.invalidJSONMapping` rather than be guessed.
    /// ``inverted`` states none (its JSON side is the other one).
    public func withJSONSchema(_ schema: [String: Any]) -> JSONValueTransformer {
        var copy = self
        copy.statedJSONSchema = StatedJSONSchema(schema)
        return copy
    }
}

/// A JSON Schema stated for a transformer's JSON side, kept as compact JSON
/// text (immutable, so transformers stay `Sendable`), or the reason it is not JSON.
package struct StatedJSONSchema: Sendable {
    /// The schema's JSON text, keys sorted; `nil` when it is not JSON.
    package let text: String?
    /// Why the schema given is not JSON; `nil` when it is.
    package let problem: String?

    init(_ schema: [String: Any]) {
        // `isValidJSONObject` first: on Apple platforms, `data(withJSONObject:)`
        // raises an Objective-C exception for a value that is not JSON.
        guard JSONSerialization.isValidJSONObject(schema),
              let data = try? JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys]) else {
            text = nil
            problem = "the JSON Schema stated for the transformer is not a JSON object "
                + "(\(ValueDescription.describe(schema)))"
            return
        }
        text = String(decoding: data, as: UTF8.self)
        problem = nil
    }
}
