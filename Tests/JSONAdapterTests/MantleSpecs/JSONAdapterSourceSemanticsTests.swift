//
//  JSONAdapterSourceSemanticsTests.swift
//  Behaviour that MTLJSONAdapter.m and NSDictionary+MTLJSONKeyPath.m implement
//  but MTLJSONAdapterSpec does not exercise (marked "Mantle source:"), with the
//  small models that pin it down.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("MTLJSONAdapter source semantics")
struct JSONAdapterSourceSemanticsTests {

    // Mantle source: -[NSDictionary mtl_valueForJSONKeyPath:success:error:] stops at a
    // nil or NSNull intermediate ("if (result == nil || result == NSNull.null) break;")
    // and returns it, and the adapter skips nil values ("if (value == nil) continue;")
    // but hands NSNull on (as nil) to the property.
    @Test("a missing key or missing intermediate leaves the property at its default")
    func missingKeysLeaveDefaults() throws {
        let missingEverything = try JSONAdapter.model(of: KeyPathDefaultsModel.self, from: [:])
        #expect(missingEverything.name == "default")
        #expect(missingEverything.nestedName == "default")

        let missingLeaf = try JSONAdapter.model(of: KeyPathDefaultsModel.self, from: ["nested": [String: Any]()])
        #expect(missingLeaf.nestedName == "default")
    }

    @Test("JSON null, as the value or as an intermediate of the key path, sets an optional property to nil")
    func nullSetsNil() throws {
        let nullValues = try JSONAdapter.model(of: KeyPathDefaultsModel.self, from: [
            "name": NSNull(),
            "nested": ["name": NSNull()],
        ])
        #expect(nullValues.name == nil)
        #expect(nullValues.nestedName == nil)

        let nullIntermediate = try JSONAdapter.model(of: KeyPathDefaultsModel.self, from: [
            "nested": NSNull(),
        ])
        #expect(nullIntermediate.name == "default")
        #expect(nullIntermediate.nestedName == nil)
    }

    @Test("an intermediate that is not a dictionary is an invalid JSON dictionary, even a number")
    func nonDictionaryIntermediate() throws {
        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: KeyPathDefaultsModel.self, from: ["nested": 5])
        })
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.propertyKey == "nestedName")
    }

    // Mantle source (-modelFromJSONDictionary:error:): "Map NSNull -> nil for the
    // transformer"; a missing value never reaches the transformer.
    @Test("a transformer receives nil (not NSNull) for JSON null, and is not called for a missing key")
    func transformerNilOnDecode() throws {
        let fromNull = try JSONAdapter.model(of: NilTransformerModel.self, from: ["name": NSNull()])
        #expect(fromNull.name == "forward got nil")

        let fromMissing = try JSONAdapter.model(of: NilTransformerModel.self, from: [:])
        #expect(fromMissing.name == "untouched")

        let fromValue = try JSONAdapter.model(of: NilTransformerModel.self, from: ["name": "x"])
        #expect(fromValue.name == "forward got x")
    }

    // Mantle source (-JSONDictionaryFromModel:error:): "Map NSNull -> nil for the
    // transformer, and then back for the dictionaryValue we're going to insert into."
    @Test("a reversible transformer receives nil for a nil property when encoding")
    func transformerNilOnEncode() throws {
        var model = NilTransformerModel()
        model.name = nil
        let json = try JSONAdapter.jsonDictionary(from: model)
        #expect(json["name"] as? String == "reverse got nil")

        model.name = "abc"
        let json2 = try JSONAdapter.jsonDictionary(from: model)
        #expect(json2["name"] as? String == "abc")
    }

    // Mantle source: "if ([transformer.class allowsReverseTransformation]) { ... }" —
    // otherwise the property value is written as is (a transformer that is not
    // reversible passes the value through unchanged); nil becomes NSNull.
    @Test("a one-way transformer is used for decoding and skipped for encoding")
    func oneWayTransformer() throws {
        let decoded = try JSONAdapter.model(of: OneWayTransformerModel.self, from: ["name": "abc"])
        #expect(decoded.name == "ABC")

        let encoded = try JSONAdapter.jsonDictionary(from: OneWayTransformerModel())
        #expect(encoded["name"] as? String == "Mantle")

        var nilName = OneWayTransformerModel()
        nilName.name = nil
        let encodedNil = try JSONAdapter.jsonDictionary(from: nilName)
        #expect(encodedNil["name"] is NSNull)
    }

    // Mantle source: for an array of key paths the adapter builds a dictionary keyed by
    // each key path, leaving out the ones that resolve to nil ("if (value != nil)
    // dictionary[keyPath] = value;"), keeping NSNull, and always passes that
    // dictionary (even empty) to the transformer.
    @Test("a composite mapping hands the transformer a dictionary keyed by the key paths present",
          arguments: [
            (["a": 1] as [String: Any], "a"),
            ([:] as [String: Any], ""),
            (["a": NSNull(), "b": ["c": 2]] as [String: Any], "a=null,b.c"),
            (["b": NSNull()] as [String: Any], "b.c=null"),
            (["b": [String: Any]()] as [String: Any], ""),
          ].map { CompositeCase(json: $0.0, expected: $0.1) })
    func compositeDictionary(_ testCase: CompositeCase) throws {
        let model = try JSONAdapter.model(of: CompositeCaptureModel.self, from: testCase.json)
        #expect(model.keys == testCase.expected)
    }

    struct CompositeCase: @unchecked Sendable, CustomTestStringConvertible {
        var json: [String: Any]
        var expected: String
        var testDescription: String { "\(json) -> \"\(expected)\"" }
    }

    @Test("a composite key path through a non-dictionary is an invalid JSON dictionary")
    func compositeThroughNonDictionary() throws {
        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: CompositeCaptureModel.self, from: ["b": "not a dictionary"])
        })
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.propertyKey == "keys")
    }

    // Mantle source (-modelFromJSONDictionary:error:): +classForParsingJSONDictionary:
    // picks the class; MTLClassClusterModel returns nil for an unknown flavor.
    @Test("a class cluster parses the subclass that classForParsing picks")
    func classClusterDecoding() throws {
        let adapter = try JSONAdapter(modelType: MTLClassClusterModel.self)

        let chocolate = try adapter.model(from: [
            "flavor": "chocolate",
            "chocolate_bitterness": "100",
        ])
        let chocolateModel = try #require(chocolate as? MTLChocolateClassClusterModel)
        #expect(chocolateModel.bitterness == 100)
        #expect(chocolateModel.flavor == "chocolate")

        let strawberry = try JSONAdapter.model(of: MTLClassClusterModel.self, from: [
            "flavor": "strawberry",
            "strawberry_freshness": 20,
        ])
        let strawberryModel = try #require(strawberry as? MTLStrawberryClassClusterModel)
        #expect(strawberryModel.freshness == 20)

        let error = try #require(caught(JSONAdapterError.self) {
            _ = try adapter.model(from: ["flavor": "vanilla"])
        })
        #expect(error.code == .noClassFound)
    }

    // HandlingErrors.md: .noClassFound when classForParsing returns nil or an unrelated type.
    @Test("classForParsing returning an unrelated type is noClassFound")
    func unrelatedClassForParsing() throws {
        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: UnrelatedSubstitutionModel.self, from: ["username": "foo"])
        })
        #expect(error.code == .noClassFound)
    }

    // Mantle source: JSONDictionaryFromModel: only serializes mapped keys
    // (serializablePropertyKeys: defaults to JSONKeyPathsByPropertyKey.allKeys), so a
    // computed property (MTLTestModel.dynamicName) never appears in the JSON.
    @Test("only mapped stored properties are encoded")
    func onlyMappedKeysEncoded() throws {
        var model = MTLTestModel()
        model.name = "foo"
        model.nestedName = "bar"
        let json = try JSONAdapter.jsonDictionary(from: model)
        #expect(Set(json.keys) == ["username", "count", "nested"])
        #expect(json["dynamicName"] == nil)
        #expect(MantleSpec.jsonEqual(json["nested"], ["name": "bar"]))
    }
}

// MARK: - Models

extension JSONAdapterSourceSemanticsTests {
    /// Optional properties with non-nil defaults, to tell "left alone" (missing key or
    /// missing intermediate) from "set to nil" (JSON null, or a null intermediate).
    struct KeyPathDefaultsModel: JSONSerializing {
        var name: String? = "default"
        var nestedName: String? = "default"

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": "name", "nestedName": "nested.name"]
        }
    }

    /// A reversible transformer that reports whether it was handed nil.
    struct NilTransformerModel: JSONSerializing {
        var name: String? = "untouched"

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": "name"]
        }

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            guard key == "name" else { return nil }
            return JSONValueTransformer(
                forward: { value in
                    guard let value = MantleSpec.flattened(value) else { return "forward got nil" }
                    if value is NSNull { return "forward got NSNull" }
                    return (value as? String).map { "forward got " + $0 }
                },
                reverse: { value in
                    guard let value = MantleSpec.flattened(value) else { return "reverse got nil" }
                    if value is NSNull { return "reverse got NSNull" }
                    return value
                })
        }
    }

    /// A forward-only transformer: encoding passes the property value through unchanged.
    struct OneWayTransformerModel: JSONSerializing {
        var name: String? = "Mantle"

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": "name"]
        }

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            guard key == "name" else { return nil }
            return JSONValueTransformer(forward: { value in
                (MantleSpec.flattened(value) as? String)?.uppercased()
            })
        }
    }

    /// Records which key paths of a composite mapping reached the transformer.
    struct CompositeCaptureModel: JSONSerializing {
        var keys: String?

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["keys": ["a", "b.c"]]
        }

        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            guard key == "keys" else { return nil }
            return JSONValueTransformer(forward: { value in
                guard let dictionary = MantleSpec.flattened(value) as? [String: Any] else {
                    return "not a dictionary"
                }
                return dictionary.keys.sorted().map { path in
                    MantleSpec.flattened(dictionary[path]) is NSNull ? path + "=null" : path
                }.joined(separator: ",")
            })
        }
    }

    /// `classForParsing` returning a type that is neither Self nor a subclass.
    struct UnrelatedSubstitutionModel: JSONSerializing {
        var name: String?

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["name": "username"]
        }

        static func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            MTLTestModel.self
        }
    }
}
