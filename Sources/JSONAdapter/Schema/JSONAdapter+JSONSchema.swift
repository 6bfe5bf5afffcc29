import Foundation

extension JSONAdapter {
    /// The JSON Schema (draft 2020-12) of the JSON that decoding `modelType`
    /// accepts, made from what the library knows of it: the mapping (dotted
    /// key paths as nested objects), the declared types, the configuration in
    /// `options`, the constraints (``JSONSerializing/jsonConstraints(forKey:)``)
    /// and descriptions (``JSONSerializing/jsonDescription(forKey:)``),
    /// nested models as `$defs`, type discriminators as `oneOf`.
    ///
    /// ```swift
    /// let schema = try JSONAdapter.jsonSchema(of: GHIssue.self)
    /// print(schema)                                   // indented JSON text
    /// let forLLM = try JSONAdapter.jsonSchema(of: Recipe.self, options: .strictStructuredOutput)
    /// ```
    ///
    /// The schema admits every document the decoder accepts, and refuses what
    /// the decoder refuses for the type of a value or a declared rule; what
    /// code decides (`validate()`, a transformer that states no schema,
    /// `classForParsing(jsonDictionary:)`) is left open and noted in
    /// `$comment`s. See <doc:GeneratingJSONSchemas>.
    ///
    /// - Throws: ``JSONAdapterError/Code/invalidJSONMapping`` for a mapping
    ///   that decoding would refuse, a constraint that cannot apply to its
    ///   property, or a transformer's stated schema that is not JSON.
    public static func jsonSchema(of modelType: any JSONSerializing.Type,
                                  options: JSONSchema.Options = JSONSchema.Options()) throws -> JSONSchema {
        try SchemaGenerator.schema(of: modelType, options: options)
    }
}
