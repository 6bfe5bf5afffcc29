//
//  StructuredOutputSubsetTests.swift
//  The strict subset for language-model structured output
//  (JSONSchema.Options.strictStructuredOutput): every property required,
//  optionals as unions with null, every object closed, only the keywords
//  those modes take, rules they cannot state said in words.
//

import Foundation
import Testing
@testable import JSONAdapter

@Suite("JSON Schema: strict structured-output subset")
struct StructuredOutputSubsetTests {
    typealias Models = JSONSchemaTests

    /// The strict schema of `type`.
    static func strict(_ type: any JSONSerializing.Type) throws -> [String: Any] {
        try JSONAdapter.jsonSchema(of: type, options: .strictStructuredOutput).jsonObject
    }

    /// Every keyword used anywhere in a schema, and every object schema in it.
    static func walk(_ schema: Any, keywords: inout Set<String>, objects: inout [[String: Any]]) {
        if let array = schema as? [Any] {
            for element in array { walk(element, keywords: &keywords, objects: &objects) }
            return
        }
        guard let object = schema as? [String: Any] else { return }
        if object["type"] as? String == "object" { objects.append(object) }
        for (key, value) in object {
            keywords.insert(key)
            if key == "properties" || key == "$defs", let members = value as? [String: Any] {
                for member in members.values { walk(member, keywords: &keywords, objects: &objects) }
            } else if key != "enum", key != "const", key != "required" {
                walk(value, keywords: &keywords, objects: &objects)
            }
        }
    }

    static var models: [any JSONSerializing.Type] {
        [Models.Recipe.self, Models.Zoo.self, Models.Paths.self, Models.TreeNode.self, Models.Keyed.self,
         Models.Opaque.self, Models.Widths.self, Models.Stamped.self]
    }

    @Test("only the modes' keywords; every object closed, with every member required",
          arguments: 0..<8)
    func subset(index: Int) throws {
        var keywords: Set<String> = []
        var objects: [[String: Any]] = []
        Self.walk(try Self.strict(Self.models[index]), keywords: &keywords, objects: &objects)
        #expect(keywords.subtracting(StructuredOutputSubset.keywords).isEmpty,
                "\(keywords.subtracting(StructuredOutputSubset.keywords).sorted())")
        #expect(!objects.isEmpty)
        for object in objects {
            let properties = (object["properties"] as? [String: Any] ?? [:]).keys.sorted()
            #expect(object["additionalProperties"] as? Bool == false)
            #expect(object["required"] as? [String] == properties)
        }
    }

    static let recipeCases: [(key: String, schema: String)] = [
        ("rating", #"{"maximum":5,"minimum":0,"type":["number","null"]}"#),
        ("name", #"{"description":"The recipe's title. Must be from 1 to 100 characters.","type":"string"}"#),
        ("source", #"{"description":"A URL. At least 1 character.","type":["string","null"]}"#),
        ("photo", #"{"description":"Text in base64 encoding.","pattern":"^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$","type":["string","null"]}"#),
        ("notes", #"{"additionalProperties":false,"description":"Always empty here: structured output cannot state members with free keys.","properties":{},"required":[],"type":"object"}"#),
        ("mood", #"{"type":"string"}"#),
        ("nutrition", #"{"additionalProperties":false,"properties":{"calories":{"exclusiveMinimum":0,"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":["integer","null"]}},"required":["calories"],"type":"object"}"#),
    ]

    @Test("optionals are unions with null; rules without a keyword in the modes are said in words",
          arguments: recipeCases)
    func recipe(key: String, expected: String) throws {
        #expect(JSONSchemaTests.text(JSONSchemaTests.value(try Self.strict(Models.Recipe.self), "properties", key))
                == expected)
    }

    @Test("a type discriminator is an anyOf of closed objects naming their type; no fallback branch")
    func discriminator() throws {
        let zoo = try Self.strict(Models.Zoo.self)
        let choices = try #require(JSONSchemaTests.value(zoo, "$defs", "Animal", "anyOf") as? [Any])
        #expect(choices.count == 2)
        #expect(JSONSchemaTests.text(JSONSchemaTests.value(choices, "0", "properties", "kind"))
                == #"{"enum":["cat"],"type":"string"}"#)
        #expect(JSONSchemaTests.text(JSONSchemaTests.value(choices, "1", "properties", "kind"))
                == #"{"enum":["dog","hound"],"type":"string"}"#)
        #expect(JSONSchemaTests.value(choices, "1", "properties", "barks") != nil)
    }

    @Test("alternatives keep the path encoding writes; array indexes are object keys")
    func paths() throws {
        let paths = try Self.strict(Models.Paths.self)
        let properties = try #require(paths["properties"] as? [String: Any])
        #expect(properties.keys.sorted() == ["a.b", "address", "age", "data", "fullName", "geo", "lat", "scores"])
        #expect(JSONSchemaTests.text(properties["scores"])
                == #"{"additionalProperties":false,"properties":{"0":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"}},"required":["0"],"type":"object"}"#)
        #expect(paths["allOf"] == nil)
    }
}
