//
//  JSONSchemaConfigurationTests.swift
//  What a JSONAdapter.Configuration changes in a schema (date format, data
//  encoding, key conversion, leniency, transformers by type), the errors of
//  JSONAdapter.jsonSchema(of:options:), and the document's text.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("JSON Schema: configurations, errors and output")
struct JSONSchemaConfigurationTests {
    typealias Models = JSONSchemaTests

    /// A configuration changed by `change`.
    static func configuration(_ change: (inout JSONAdapter.Configuration) -> Void) -> JSONAdapter.Configuration {
        var configuration = JSONAdapter.Configuration()
        change(&configuration)
        return configuration
    }

    /// The schema of property `key` of `type` in `configuration`, as text.
    static func property(_ type: any JSONSerializing.Type, _ key: String,
                         _ configuration: JSONAdapter.Configuration) throws -> String {
        try JSONSchemaTests.property(type, key, JSONSchema.Options(configuration: configuration))
    }

    /// A model with camel-case property names and a lenient property.
    struct Camel: JSONSerializing {
        var createdAt: Date?
        var userName = ""
        var retryCount = 0
        var isActive = false
        var scores: [Int] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    static let cases: [(name: String, key: String, change: @Sendable (inout JSONAdapter.Configuration) -> Void, schema: String)] = [
        ("seconds", "date", { $0.dateFormat = .secondsSince1970 },
         #"{"description":"Seconds since 1970-01-01T00:00:00Z.","type":"number"}"#),
        ("milliseconds", "when", { $0.dateFormat = .millisecondsSince1970 },
         #"{"description":"Milliseconds since 1970-01-01T00:00:00Z.","type":["number","null"]}"#),
        ("pattern", "date", { $0.dateFormat = .pattern("EEE MMM dd HH:mm:ss Z yyyy") },
         #"{"description":"A date written as EEE MMM dd HH:mm:ss Z yyyy.","type":"string"}"#),
        ("base64url", "blob", { $0.dataEncoding = .base64URL },
         #"{"contentEncoding":"base64url","pattern":"^([A-Za-z0-9_-]{4})*([A-Za-z0-9_-]{2}(==)?|[A-Za-z0-9_-]{3}=?)?$","type":"string"}"#),
        ("hex", "blob", { $0.dataEncoding = .hex },
         #"{"contentEncoding":"base16","pattern":"^([0-9A-Fa-f]{2})*$","type":"string"}"#),
        ("byte array", "blobs", { $0.dataEncoding = .byteArray },
         #"{"items":{"items":{"maximum":255,"minimum":0,"type":"integer"},"type":"array"},"type":"array"}"#),
        ("transformer by type", "blob", { $0.setTransformer(.data(.hex), forType: Data.self) },
         #"{"contentEncoding":"base16","pattern":"^([0-9A-Fa-f]{2})*$","type":"string"}"#),
    ]

    @Test("the date format, the data encoding and transformers by type shape the schema",
          arguments: cases.indices)
    func dateAndData(index: Int) throws {
        let testCase = Self.cases[index]
        #expect(try Self.property(Models.Stamped.self, testCase.key, Self.configuration(testCase.change))
                == testCase.schema, "\(testCase.name)")
    }

    @Test("the key conversion renames the members")
    func keyConversion() throws {
        let schema = try JSONAdapter.jsonSchema(of: Camel.self,
                                                options: .init(configuration: .init(keyConversion: .snakeCase)))
        let properties = try #require(schema.jsonObject["properties"] as? [String: Any])
        #expect(properties.keys.sorted() == ["created_at", "is_active", "retry_count", "scores", "user_name"])
    }

    static let leniencyCases: [(leniency: JSONLeniency, key: String, schema: String)] = [
        (.numberStringCoercion, "retryCount",
         #"{"anyOf":[{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},{"pattern":"^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$","type":"string"}]}"#),
        (.numberStringCoercion, "userName", #"{"anyOf":[{"type":"string"},{"type":"number"}]}"#),
        (.boolCoercion, "isActive", #"{"anyOf":[{"type":"boolean"},{"enum":["true","false",0,1]}]}"#),
        (.lossyCollections, "scores",
         #"{"items":{"$comment":"Elements that fail to decode are left out (lossyCollections)."},"type":"array"}"#),
        (.defaultOnFailure, "retryCount",
         #"{"$comment":"A value that fails to decode keeps the property's default (defaultOnFailure)."}"#),
    ]

    @Test("leniency widens the schema to what the decoder then takes", arguments: leniencyCases)
    func leniency(leniency: JSONLeniency, key: String, expected: String) throws {
        #expect(try Self.property(Camel.self, key, JSONAdapter.Configuration(leniency: leniency)) == expected)
        // The strict subset describes what to produce: leniency does not widen it.
        let strict = try JSONAdapter.jsonSchema(of: Camel.self, options: .init(configuration: .init(leniency: leniency),
                                                                               isStrictStructuredOutput: true))
        #expect(JSONSchemaTests.text(JSONSchemaTests.value(strict.jsonObject, "properties", key))
                == (try JSONSchemaTests.property(Camel.self, key, .strictStructuredOutput)))
    }

    // MARK: Errors

    /// A constraint that cannot apply to its property.
    struct LengthOfNumber: JSONSerializing {
        var count = 0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["count": "count"]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] { [.length(1...)] }
    }

    /// A transformer whose stated schema is not JSON.
    struct NotJSONSchema: JSONSerializing {
        var value = 0
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["value": "value"]
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            JSONValueTransformer(forward: { (number: Int) -> Int? in number }).withJSONSchema(["const": Date()])
        }
    }

    static var invalid: [(any JSONSerializing.Type, String)] {
        [
            (AlternativeKeyPathTests.EmptyAlternatives.self, "an empty list of alternatives"),
            (KeyedDictionaryTests.ByPoint.self, "no text form"),
            (LengthOfNumber.self, "needs a String, not Int"),
            (NotJSONSchema.self, "not a JSON object"),
        ]
    }

    @Test("a mapping decoding refuses, a constraint that cannot apply, a stated schema that is not JSON: .invalidJSONMapping",
          arguments: 0..<4)
    func invalidMapping(index: Int) throws {
        let (type, detail) = Self.invalid[index]
        let error = try #require(adapterError { _ = try JSONAdapter.jsonSchema(of: type) })
        #expect(error.code == .invalidJSONMapping)
        #expect("\(error)".contains(detail), "\(error)")
    }

    // MARK: Output

    @Test("the text: keys sorted, compact or pretty printed as JSONEncoder does; description is the pretty text")
    func output() throws {
        let schema = try JSONAdapter.jsonSchema(of: Models.Step.self)
        let compact = String(decoding: try schema.jsonData(), as: UTF8.self)
        #expect(compact.hasPrefix(#"{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"#))
        #expect(compact == JSONSchemaTests.text(schema.jsonObject))
        let pretty = String(decoding: try schema.jsonData(prettyPrinted: true), as: UTF8.self)
        #expect(pretty == """
            {
              "$schema" : "https://json-schema.org/draft/2020-12/schema",
              "properties" : {
                "minutes" : {
                  "maximum" : 600,
                  "minimum" : 0,
                  "type" : [
                    "integer",
                    "null"
                  ]
                },
                "text" : {
                  "type" : "string"
                }
              },
              "type" : "object"
            }
            """)
        #expect(schema.description == pretty)
        // JSONEncoder writes the same bytes for the same document, compact and pretty.
        let tree = try EncoderOracle.Value(foundation: schema.jsonObject)
        #expect(try EncoderOracle.text(tree, [.sortedKeys, .withoutEscapingSlashes]) == compact)
        #expect(try EncoderOracle.text(tree, [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) == pretty)
        // Foundation reads the text back as the same document.
        let reread = try JSONSerialization.jsonObject(with: schema.jsonData())
        #expect(JSONSchemaTests.text(reread) == compact)
    }

    @Test("a document the writer refuses throws, rather than giving {}")
    func refusedDocument() throws {
        let schema = JSONSchema(jsonObject: ["maximum": Double.infinity], report: SchemaReport())
        let error = try #require(throws: JSONAdapterError.self) { try schema.jsonData() }
        #expect(error.code == .invalidValue)
        #expect(schema.description.contains("non-finite"))
    }
}
