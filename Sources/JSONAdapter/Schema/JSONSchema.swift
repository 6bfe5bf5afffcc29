import Foundation
import MantleJSON

/// A JSON Schema (draft 2020-12) document describing the JSON of a model
/// type, made by ``JSONAdapter/jsonSchema(of:options:)`` from the model's
/// mapping, its declared types, its configuration and its constraints.
///
/// ```swift
/// let schema = try JSONAdapter.jsonSchema(of: GHIssue.self)
/// try schema.jsonData(prettyPrinted: true).write(to: url)
/// ```
///
/// The schema admits every document the decoder accepts, and refuses what
/// the decoder refuses for the type or the declared rules of a value (see
/// <doc:GeneratingJSONSchemas> for what a schema cannot say, such as `validate()`).
public struct JSONSchema: @unchecked Sendable, CustomStringConvertible {
    // @unchecked Sendable: `jsonObject` holds only value types and immutable
    // Foundation objects (`NSNull`), built once and never mutated.

    /// The document as Foundation JSON: `[String: Any]` and `[Any]`,
    /// `String`, `Bool`, `Int`, `Double`, `Decimal` (bounds of declared
    /// constraints, exactly), `NSNull`, and for the range of 128-bit integer
    /// properties `Int128`/`UInt128`, which ``jsonData(prettyPrinted:)``
    /// writes exactly and `JSONSerialization` cannot write.
    public let jsonObject: [String: Any]

    /// What the generator knew of each model's properties, for the tests.
    let report: SchemaReport

    init(jsonObject: [String: Any], report: SchemaReport) {
        self.jsonObject = jsonObject
        self.report = report
    }

    /// The document as JSON text (UTF-8), with the members of every object in
    /// ascending order of their keys, so that the same schema always gives
    /// the same bytes; when `prettyPrinted`, laid out as `JSONEncoder`'s
    /// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` lays it out
    /// (``JSONAdapter/JSONAdapter/OutputFormatting/prettyPrinted``).
    ///
    /// - Throws: ``JSONAdapterError/Code/invalidValue`` if the document holds
    ///   a value JSON cannot hold (the generator makes none: a non-finite
    ///   number in a declared constraint would be one).
    public func jsonData(prettyPrinted: Bool = false) throws -> Data {
        var formatting: JSONAdapter.OutputFormatting = .withoutEscapingSlashes  // writeAny sorts the keys
        if prettyPrinted { formatting.insert(.prettyPrinted) }
        var writer = JSONWriter(formatting: formatting.writerFormatting)
        do {
            try writer.writeAny(jsonObject, sortedKeys: true)
        } catch {
            throw JSONAdapterError(code: .invalidValue, underlyingError: error,
                                   detail: "the schema cannot be written as JSON: \(error)")
        }
        return writer.takeData()
    }

    /// The document as indented JSON text, or why it cannot be written.
    public var description: String {
        do {
            return String(decoding: try jsonData(prettyPrinted: true), as: UTF8.self)
        } catch {
            return "\(error)"
        }
    }
}

extension JSONSchema {
    /// Choices for ``JSONAdapter/jsonSchema(of:options:)``.
    public struct Options: Sendable {
        /// The configuration the JSON is decoded with: its date format, data
        /// encoding, key conversion, leniency and transformers by type shape
        /// the schema as they shape decoding. The standard one by default.
        public var configuration: JSONAdapter.Configuration

        /// `true` for the subset of JSON Schema that the structured-output
        /// modes of language-model APIs accept: every property required
        /// (optionals as unions with `null`), `additionalProperties: false` on
        /// every object, `anyOf` for alternatives, and only the keywords
        /// those modes take (rules they cannot state are said in words in the
        /// `description`). Every document such a schema admits is one the decoder
        /// accepts (except for rules stated only in words); not every document
        /// the decoder accepts is admitted. `false` (the default) for the
        /// complete schema.
        public var isStrictStructuredOutput: Bool

        /// Options with the given choices.
        public init(configuration: JSONAdapter.Configuration = .standard, isStrictStructuredOutput: Bool = false) {
            self.configuration = configuration
            self.isStrictStructuredOutput = isStrictStructuredOutput
        }

        /// The subset for language-model structured output, with the standard configuration.
        public static var strictStructuredOutput: Options { Options(isStrictStructuredOutput: true) }
    }
}

/// What the generator knew of each model's properties: the schema of each
/// property's value and how closely it follows the decoder.
struct SchemaReport {
    /// By model type, by property key.
    var properties: [ObjectIdentifier: [String: ValueSchema]] = [:]
    /// `true` when a model chooses its type in `classForParsing(jsonDictionary:)`, which the schema cannot follow.
    var hasOpaqueClusters = false
    /// `true` when a declared constraint is stated as keywords.
    var statesConstraints = false
}
