//
//  ValueKindConsumerTests.swift
//  Every kind of value (`ValueKindSample`, one per `ValueKind` case) asked of
//  each consumer of the kinds in the JSON layer: the codecs (encode, decode,
//  encode again) and the JSON Schema generator. A new kind fails to compile
//  in the tables below until each consumer's answer is written down.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("ValueKind: one answer per kind in the JSON codecs and schemas")
struct ValueKindConsumerTests {
    /// A model with one optional property of type `Value`.
    struct Holder<Value>: JSONSerializing {
        var value: Value?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["value": "value"] }
    }

    /// What the codecs do with a property holding `value`: its JSON when
    /// decoding that JSON and encoding the model again gives the same bytes,
    /// or the error code.
    private static func codecOutcome<T>(_: T.Type, _ value: Any) -> String {
        var holder = Holder<T>()
        holder.value = value as? T
        do {
            let data = try JSONAdapter.jsonData(from: holder)
            let back = try JSONAdapter.model(of: Holder<T>.self, fromJSONData: data)
            let again = try JSONAdapter.jsonData(from: back)
            let json = String(decoding: data, as: UTF8.self)
            return again == data ? json : "\(json), then \(String(decoding: again, as: UTF8.self))"
        } catch let error as JSONAdapterError {
            return "\(error.code)"
        } catch {
            return "\(type(of: error))"
        }
    }

    /// What the schema generator does with a property of type `T`.
    private static func schemaOutcome<T>(_: T.Type) -> String {
        do {
            let schema = try JSONAdapter.jsonSchema(of: Holder<T>.self)
            let properties = schema.jsonObject["properties"] as? [String: Any]
            guard let value = properties?["value"] as? [String: Any] else { return "no value property" }
            return value.isEmpty ? "{}" : value.keys.sorted().joined(separator: " ")
        } catch let error as JSONAdapterError {
            return "\(error.code)"
        } catch {
            return "\(type(of: error))"
        }
    }

    /// Checks: each kind is written, read back and written again alike, or refused with a mapping error.
    @Test("codecs", arguments: ValueKindSample.allCases)
    func codecs(kind: ValueKindSample) {
        let expected = switch kind {
        case .any: #"{"value":"text"}"#
        case .string: #"{"value":"text"}"#
        case .substring: #"{"value":"sub"}"#
        case .character: #"{"value":"c"}"#
        case .bool: #"{"value":true}"#
        case .integer: #"{"value":-7}"#
        case .floating: #"{"value":1.5}"#
        case .decimal: #"{"value":1.25}"#
        case .url: #"{"value":"file:///tmp/sample"}"#
        case .uuid: #"{"value":"01020304-0506-0708-090A-0B0C0D0E0F10"}"#
        case .date: #"{"value":"1970-01-12T13:46:40Z"}"#
        case .data: #"{"value":"AQID"}"#
        case .optional: #"{"value":3}"#
        case .jsonOptional: "invalidJSONMapping"  // `JSONOptional<Int>?` has two nulls
        case .array: #"{"value":[1,2]}"#
        case .set: #"{"value":["a"]}"#
        case .stringKeyedDictionary: #"{"value":{"a":1}}"#
        case .keyedDictionary: #"{"value":{"1":"a"}}"#
        case .model: "invalidValue"  // a `Model` that is neither `JSONSerializing` nor `Codable`
        case .rawRepresentable: #"{"value":"high"}"#
        case .null: #"{"value":null}"#
        case .foundationNumber: #"{"value":3}"#
        case .foundationString: #"{"value":"ns"}"#
        case .foundationArray: #"{"value":[1]}"#
        case .foundationDictionary: #"{"value":{"k":1}}"#
        case .codable: #"{"value":{"x":1,"y":2}}"#
        case .other: "invalidValue"  // no JSON form
        }
        let (type, value) = kind.sample
        let outcome = Self.codecOutcome(type, value)
        #expect(outcome == expected)
    }

    /// Checks: each kind has a schema (the keywords of the property's), or is refused with a mapping error.
    @Test("JSON Schema", arguments: ValueKindSample.allCases)
    func schemas(kind: ValueKindSample) {
        let expected = switch kind {
        case .any: "$comment"
        case .string: "type"
        case .substring: "type"
        case .character: "$comment minLength type"
        case .bool: "type"
        case .integer: "maximum minimum type"
        case .floating: "exclusiveMaximum exclusiveMinimum type"
        case .decimal: "type"
        case .url: "format minLength type"
        case .uuid: "format pattern type"
        case .date: "format pattern type"
        case .data: "contentEncoding pattern type"
        case .optional: "maximum minimum type"
        case .jsonOptional: "invalidJSONMapping"
        case .array: "items type"
        case .set: "items type uniqueItems"
        case .stringKeyedDictionary: "additionalProperties type"
        case .keyedDictionary: "additionalProperties propertyNames type"
        case .model: "$comment"
        case .rawRepresentable: "$comment type"
        case .null: "$comment"
        case .foundationNumber: "$comment"
        case .foundationString: "$comment"
        case .foundationArray: "$comment"
        case .foundationDictionary: "$comment"
        case .codable: "$comment"
        case .other: "$comment"
        }
        let outcome = Self.schemaOutcome(kind.sample.type)
        #expect(outcome == expected)
    }
}
