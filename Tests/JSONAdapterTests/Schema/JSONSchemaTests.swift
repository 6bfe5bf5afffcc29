//
//  JSONSchemaTests.swift
//  The structure of the schemas JSONAdapter.jsonSchema(of:options:) makes:
//  each kind of value, constraints and descriptions, key paths, nested and
//  recursive models, type discriminators, configurations, transformers, the
//  errors, and the output. (Whether a real validator agrees with the decoder
//  is the corpus's job: SchemaCorpusTests and .ci/check-json-schemas.)
//

import Foundation
import Testing
import MantleJSON
@testable import JSONAdapter

@Suite("JSON Schema")
struct JSONSchemaTests {
    /// The schema document of `type` as Foundation JSON.
    static func schema(_ type: any JSONSerializing.Type,
                       _ options: JSONSchema.Options = JSONSchema.Options()) throws -> [String: Any] {
        try JSONAdapter.jsonSchema(of: type, options: options).jsonObject
    }

    /// A value as compact JSON text with sorted keys, to compare schemas.
    static func text(_ value: Any?) -> String {
        var writer = JSONWriter()
        do {
            try writer.writeAny(value, sortedKeys: true)
        } catch {
            return "<not JSON: \(error)>"
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The value at `path` (object keys, array positions) in a schema.
    static func value(_ schema: Any, _ path: String...) -> Any? {
        var current: Any? = schema
        for step in path {
            if let object = current as? [String: Any] {
                current = object[step]
            } else if let array = current as? [Any], let index = Int(step), array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// A property's schema, as text.
    static func property(_ type: any JSONSerializing.Type, _ key: String,
                         _ options: JSONSchema.Options = JSONSchema.Options()) throws -> String {
        text(value(try schema(type, options), "properties", key))
    }

    // MARK: Values

    static let numberCases: [(key: String, schema: String)] = {
        var cases = [
            ("int8", ##"{"maximum":127,"minimum":-128,"type":"integer"}"##),
            ("uint16", ##"{"maximum":65535,"minimum":0,"type":"integer"}"##),
            ("int32", ##"{"maximum":2147483647,"minimum":-2147483648,"type":"integer"}"##),
            ("uint64", ##"{"maximum":18446744073709551615,"minimum":0,"type":"integer"}"##),
            ("double", ##"{"maximum":1.7976931348623157e+308,"minimum":-1.7976931348623157e+308,"type":"number"}"##),
            ("float", ##"{"exclusiveMaximum":3.4028235677973366e+38,"exclusiveMinimum":-3.4028235677973366e+38,"type":"number"}"##),
            ("decimal", ##"{"type":"number"}"##),
            ("level", ##"{"enum":[1,2],"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}"##),
        ]
        #if os(Linux) || os(Windows) || os(Android)
        cases += [
            ("int128", ##"{"maximum":170141183460469231731687303715884105727,"minimum":-170141183460469231731687303715884105728,"type":"integer"}"##),
            ("uint128", ##"{"maximum":340282366920938463463374607431768211455,"minimum":0,"type":"integer"}"##),
            ("float16", ##"{"exclusiveMaximum":65520,"exclusiveMinimum":-65520,"type":"number"}"##),
        ]
        #endif
        return cases
    }()

    @Test("numbers: each type's exact range; raw values of CaseIterable enums", arguments: numberCases)
    func numbers(key: String, expected: String) throws {
        #expect(try Self.property(Widths.self, key) == expected)
    }

    static let recipeCases: [(key: String, schema: String)] = [
        ("id", ##"{"format":"uuid","pattern":"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$","type":"string"}"##),
        ("name", ##"{"description":"The recipe's title.","maxLength":100,"minLength":1,"type":"string"}"##),
        ("servings", ##"{"description":"How many people it feeds.","maximum":20,"minimum":1,"type":"integer"}"##),
        ("rating", ##"{"maximum":5,"minimum":0,"type":["number","null"]}"##),
        ("tags", ##"{"items":{"type":"string"},"maxItems":10,"type":"array"}"##),
        ("difficulty", ##"{"allOf":[{"enum":["easy","medium"]}],"enum":["easy","medium","hard"],"type":"string"}"##),
        ("mood", ##"{"$comment":"A raw value of Mood (not CaseIterable, so its values are not listed).","type":"string"}"##),
        ("steps", ##"{"items":{"$ref":"#/$defs/Step"},"type":"array"}"##),
        ("source", ##"{"format":"uri","minLength":1,"type":["string","null"]}"##),
        ("photo", ##"{"contentEncoding":"base64","pattern":"^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$","type":["string","null"]}"##),
        ("notes", ##"{"additionalProperties":{"type":"string"},"type":"object"}"##),
        ("course", ##"{"enum":["main","dessert"],"type":"string"}"##),
        ("code", ##"{"description":"Must be not \"XXX\".","pattern":"^[A-Z]{3}$","type":"string"}"##),
        ("nutrition", ##"{"properties":{"calories":{"exclusiveMinimum":0,"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":["integer","null"]}},"type":["object","null"]}"##),
    ]

    @Test("declared types, constraints (as keywords, or in words) and descriptions", arguments: recipeCases)
    func recipe(key: String, expected: String) throws {
        #expect(try Self.property(Recipe.self, key) == expected)
    }

    @Test("nothing is required, extra members are allowed, and the document says its dialect")
    func defaults() throws {
        let schema = try Self.schema(Recipe.self)
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["type"] as? String == "object")
        #expect(schema["required"] == nil)
        #expect(schema["additionalProperties"] == nil)
        #expect(Self.text(Self.value(schema, "$defs", "Step", "properties", "minutes"))
                == ##"{"maximum":600,"minimum":0,"type":["integer","null"]}"##)
    }

    @Test("a JSONOptional is its value or null, never required but in the strict subset")
    func jsonOptional() throws {
        let complete = try Self.schema(JSONConstraintTests.Profile.self)
        #expect(Self.text(Self.value(complete, "properties", "bio")) == ##"{"maxLength":3,"type":["string","null"]}"##)
        #expect(complete["required"] == nil)
        let strict = try Self.schema(JSONConstraintTests.Profile.self, .strictStructuredOutput)
        #expect((strict["required"] as? [String])?.contains("bio") == true)
        #expect((Self.value(strict, "properties", "bio", "type") as? [String]) == ["string", "null"])
    }

    // MARK: Key paths

    static let pathCases: [(key: String, schema: String)] = [
        // `city` takes no null, so neither does `address` (a null intermediate gives null to both).
        ("address", ##"{"properties":{"city":{"type":"string"},"zip":{"type":["string","null"]}},"type":"object"}"##),
        ("data", ##"{"prefixItems":[{},{"properties":{"dog":{"properties":{"name":{"type":["string","null"]}},"type":["object","null"]}},"type":["object","null"]}],"properties":{"1":{"properties":{"dog":{"properties":{"name":{"type":["string","null"]}},"type":["object","null"]}},"type":["object","null"]}},"type":["object","array","null"]}"##),
        ("scores", ##"{"prefixItems":[{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}],"properties":{"0":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}},"type":["object","array"]}"##),
        ("a.b", ##"{"type":"string"}"##),
        ("lat", ##"{"maximum":1.7976931348623157e+308,"minimum":-1.7976931348623157e+308,"type":"number"}"##),
    ]

    @Test("dotted paths nest, array indexes are positions, a literal dot is one key, composites are members",
          arguments: pathCases)
    func paths(key: String, expected: String) throws {
        #expect(try Self.property(Paths.self, key) == expected)
    }

    @Test("alternatives: the first present is checked, as the decoder reads it")
    func alternatives() throws {
        let schema = try Self.schema(Paths.self)
        let conditions = try #require(schema["allOf"] as? [Any])
        #expect(conditions.count == 2)
        // fullName: if "fullName" is present it must be a string or null, else if "full_name" is, …
        let chain = Self.text(conditions.first { Self.text($0).contains("full_name") })
        #expect(chain.hasPrefix(##"{"else":{"else":{"else":{"allOf":["##))
        #expect(chain.contains(#""if":{"required":["fullName"]},"then":{"properties":{"fullName":{"type":["string","null"]}}}"#))
        // The listed members constrain nothing by themselves.
        #expect(Self.text(Self.value(schema, "properties", "full_name", "type")) == "null")
    }

    // MARK: Models

    @Test("a recursive model refers to the document's root; nested models are defined once")
    func recursion() throws {
        let tree = try Self.schema(TreeNode.self)
        #expect(Self.text(Self.value(tree, "properties", "children")) == ##"{"items":{"$ref":"#"},"type":"array"}"##)
        #expect(Self.text(Self.value(tree, "properties", "next"))
                == ##"{"additionalProperties":{"$ref":"#"},"type":["object","null"]}"##)
        #expect(tree["$defs"] == nil)
        let zoo = try Self.schema(Zoo.self)
        let definitions = try #require(zoo["$defs"] as? [String: Any])
        #expect(definitions.keys.sorted() == ["Animal", "Animal.fields", "Cat", "Cat.fields", "Dog.fields"])
    }

    @Test("a type discriminator is a oneOf of the types it chooses, each with the field's values")
    func discriminator() throws {
        let zoo = try Self.schema(Zoo.self)
        let animal = try #require(Self.value(zoo, "$defs", "Animal") as? [String: Any])
        let choices = try #require(animal["oneOf"] as? [Any]).map { Self.text($0) }
        #expect(choices == [
            ##"{"$ref":"#/$defs/Cat.fields","properties":{"kind":{"enum":["cat"]}},"required":["kind"]}"##,
            ##"{"$ref":"#/$defs/Dog.fields","properties":{"kind":{"enum":["dog","hound"]}},"required":["kind"]}"##,
            ##"{"$ref":"#/$defs/Animal.fields","not":{"properties":{"kind":{"enum":["cat","dog","hound"]}},"required":["kind"]}}"##,
        ])
        // Decoding `Cat` accepts only what names a cat (no fallback: Animal is no Cat).
        #expect(Self.text(Self.value(zoo, "$defs", "Cat", "oneOf"))
                == ##"[{"$ref":"#/$defs/Cat.fields","properties":{"kind":{"enum":["cat"]}},"required":["kind"]}]"##)
        // A dotted field, an integer name (numbers count as their digits), no fallback.
        let message = try Self.schema(Message.self)
        #expect(Self.text(message["oneOf"]) == ##"[{"$ref":"#/$defs/TextMessage.fields","properties":{"meta":{"properties":{"kind":{"enum":["1","text",1]}},"required":["kind"],"type":"object"}},"required":["meta"]}]"##)
    }

    // MARK: Transformers, Codable, Any, unknown keys

    static let opaqueCases: [(key: String, schema: String)] = [
        ("color", ##"{"pattern":"^#[0-9a-fA-F]{1,6}$","type":"string"}"##),
        ("secret", ##"{"$comment":"Mapped by a transformer that states no JSON Schema (JSONValueTransformer.withJSONSchema(_:)): any value."}"##),
        ("geo", ##"{"$comment":"Geo maps through its own Codable conformance, which a schema cannot follow: any value."}"##),
        ("anything", ##"{"$comment":"Any JSON value; a number beyond Double's range (1e400) is refused."}"##),
    ]

    @Test("a transformer's stated schema, or any value with a note; Codable values and Any", arguments: opaqueCases)
    func opaque(key: String, expected: String) throws {
        #expect(try Self.property(Opaque.self, key) == expected)
    }

    @Test("unknown-key capture allows extra members explicitly")
    func unknownKeys() throws {
        let schema = try Self.schema(Opaque.self)
        #expect(schema["additionalProperties"] as? Bool == true)
        #expect((schema["$comment"] as? String)?.contains("unknownKeys") == true)
    }

    static let keyedCases: [(key: String, schema: String)] = [
        ("byID", ##"{"additionalProperties":{"type":"string"},"propertyNames":{"pattern":"^[+-]?[0-9]+$"},"type":"object"}"##),
        // Keys that JSONEncoder writes in a flat array of keys and values: that form too.
        ("byLevel", ##"{"anyOf":[{"additionalProperties":{"type":"boolean"},"propertyNames":{"enum":["1","2"]},"type":"object"},"##
            + ##"{"description":"Keys and values in turn: [key, value, key, value, …].","items":{"anyOf":[{"enum":[1,2],"##
            + ##""maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},{"type":"boolean"}]},"##
            + ##""type":"array"}]}"##),
        ("unique", ##"{"items":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"type":"array","uniqueItems":true}"##),
    ]

    @Test("keyed dictionaries name their keys; sets have unique items", arguments: keyedCases)
    func keyed(key: String, expected: String) throws {
        #expect(try Self.property(Keyed.self, key) == expected)
    }
}
