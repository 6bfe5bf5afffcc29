//
//  ValueTransformerJSONSchemaTests.swift
//  A transformer may state the JSON Schema of its JSON side
//  (withJSONSchema(_:)); the predefined ones state theirs.
//

import Foundation
import Testing
@testable import JSONAdapter

@Suite("JSONValueTransformer JSON Schema")
struct ValueTransformerJSONSchemaTests {
    /// A schema as sorted JSON text, to compare.
    static func text(_ schema: [String: Any]?) -> String? {
        guard let schema, let data = try? JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys]) else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    static let hex = JSONValueTransformer(forward: { (text: String) -> Int? in Int(text, radix: 16) },
                                      reverse: { (number: Int) -> String? in String(number, radix: 16) })

    @Test("withJSONSchema states a copy of the schema and leaves the transformation alone")
    func states() throws {
        #expect(Self.hex.jsonSchema == nil)
        let stated = Self.hex.withJSONSchema(["type": "string", "pattern": "^[0-9a-f]+$", "maxLength": 16])
        #expect(Self.text(stated.jsonSchema) == #"{"maxLength":16,"pattern":"^[0-9a-f]+$","type":"string"}"#)
        #expect(try stated.transformedValue("ff") as? Int == 255)
        #expect(try stated.reverseTransformedValue(255) as? String == "ff")
        #expect(Self.hex.jsonSchema == nil)
        // The inverse's JSON side is the other one: it states nothing.
        #expect(stated.inverted.jsonSchema == nil)
    }

    @Test("a schema that is not JSON is kept as a problem, never guessed")
    func notJSON() {
        let stated = Self.hex.withJSONSchema(["const": Date()])
        #expect(stated.jsonSchema == nil)
        #expect(stated.statedJSONSchema?.text == nil)
        #expect(stated.statedJSONSchema?.problem?.contains("not a JSON object") == true)
    }

    static var predefined: [(name: String, transformer: JSONValueTransformer, schema: String?)] {
        [
            ("url", .url, #"{"format":"uri","minLength":1,"type":"string"}"#),
            ("uuid", .uuid, #"{"format":"uuid","pattern":"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$","type":"string"}"#),
            ("bool", .bool, #"{"type":["boolean","number"]}"#),
            ("date", .date(format: "yyyy-MM-dd"), #"{"description":"A date written as yyyy-MM-dd.","type":"string"}"#),
            ("number", .number(style: .decimal), #"{"type":"string"}"#),
            ("valueMapping", .valueMapping(["a": 1], defaultValue: 0), "{}"),
            ("arrayMapping of url", .arrayMapping(.url), #"{"items":{"anyOf":[{"format":"uri","minLength":1,"type":"string"},{"type":"null"}]},"type":"array"}"#),
            ("arrayMapping of a silent one", .arrayMapping(hex), nil),
            ("validating", .validating(String.self), nil),
        ]
    }

    @Test("the predefined transformers state the schema of their JSON side", arguments: 0..<9)
    func predefinedSchemas(index: Int) {
        let (name, transformer, schema) = Self.predefined[index]
        #expect(Self.text(transformer.jsonSchema) == schema, "\(name)")
    }
}
