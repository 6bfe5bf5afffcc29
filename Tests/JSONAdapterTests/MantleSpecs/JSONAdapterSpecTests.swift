//
//  JSONAdapterSpecTests.swift
//  Port of Mantle's MantleTests/MTLJSONAdapterSpec.m (Mantle 2.x), plus a few tests
//  of behaviour that MTLJSONAdapter.m / NSDictionary+MTLJSONKeyPath.m implement but
//  the spec does not exercise (marked "Mantle source:").
//
//  The `describe(@"JSON transformers")` block (dictionary / array transformers) is
//  ported in PredefinedTransformerTests.swift.
//
//  Where Mantle returns an NSError we expect a thrown error:
//    MTLJSONAdapterErrorNoClassFound          -> JSONAdapterError.Code.noClassFound
//    MTLJSONAdapterErrorInvalidJSONDictionary -> JSONAdapterError.Code.invalidJSONDictionary
//    MTLTransformerErrorHandlingErrorInvalidInput raised while decoding/encoding a
//      property                              -> JSONAdapterError.Code.invalidValue
//    errors from -validate: (MTLTestModelErrorDomain) -> the model's own error, unchanged
//
//  Skipped, because they cannot apply to the Swift API:
//  - "should not invoke implicit transformers for property keys not actually backed
//    by properties" (MTLNonPropertyModel): relies on overriding +propertyKeys with a
//    method-backed key read through KVC. Swift reflection cannot read computed
//    properties, and API.md makes mapping a computed property `.invalidJSONMapping`
//    (tested in JSONMappingValidationTests.swift).
//  - "should allow subclasses to filter serialized property keys" and "should use
//    receiving class for serialization" (JSON transformers): both need a subclass of
//    the adapter (MTLTestJSONAdapter overriding -serializablePropertyKeys:forModel:
//    and -JSONDictionaryFromModel:error:). `JSONAdapter` is a final class and has no
//    serializablePropertyKeys hook.
//  - "should not be affected by a NULL error parameter": Swift errors are thrown,
//    there is no NSError ** parameter that could be NULL.
//  - "should not leak transformers": tests ARC lifetime of the transformer returned
//    by the Objective-C runtime hook +transformerForModelPropertiesOfClass: (an
//    `+NSDateJSONTransformer` class method added in a category); Swift's adapter has
//    no per-class transformer hook, and `ValueTransformer` is a value type.
//
//  Adapted:
//  - "should fail to serialize if a JSON transformer errors": Mantle forces a string
//    into the NSURL property with KVC, which Swift's type system forbids. The port
//    gives a `String?` property the URL transformer, so the reverse transformer gets
//    the same non-URL input ("totallyNotAnNSURL").
//  - "should parse a different model class": MTLSubstitutingTestModel returns the
//    unrelated MTLTestModel class; API.md requires Self or a subclass, so it returns
//    MTLSubstitutedTestModel (a subclass with MTLTestModel's properties).
//  - "should return empty array on wrong input data": Mantle returns nil (count 0)
//    plus an error; Swift throws `.invalidJSONDictionary` (the code Mantle sets when
//    an element is not a dictionary).
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("MTLJSONAdapterSpec")
struct JSONAdapterSpecTests {

    // MARK: Initialising and round trips

    // it(@"should initialize with a model class")
    @Test("should initialize with a model class")
    func initializeWithModelClass() throws {
        let values: [String: Any] = [
            "username": NSNull(),
            "count": "5",
        ]

        let adapter = try JSONAdapter(modelType: MTLTestModel.self)

        let decoded = try adapter.model(from: values)
        let model = try #require(decoded as? MTLTestModel)
        #expect(model.name == nil)
        #expect(model.count == 5)

        let jsonDictionary: [String: Any] = [
            "username": NSNull(),
            "count": "5",
            "nested": ["name": NSNull()],
        ]

        let serialized = try adapter.jsonDictionary(from: model)
        #expect(MantleSpec.jsonEqual(serialized, jsonDictionary), "\(serialized)")
    }

    // it(@"should initialize nested key paths from JSON")
    @Test("should initialize nested key paths from JSON")
    func initializeNestedKeyPaths() throws {
        let values: [String: Any] = [
            "username": "foo",
            "nested": ["name": "bar"],
            "count": "0",
        ]

        let model = try JSONAdapter.model(of: MTLTestModel.self, from: values)
        #expect(model.name == "foo")
        #expect(model.count == 0)
        #expect(model.nestedName == "bar")

        let serialized = try JSONAdapter.jsonDictionary(from: model)
        #expect(MantleSpec.jsonEqual(serialized, values), "\(serialized)")
    }

    // it(@"it should initialize properties with multiple key paths from JSON")
    @Test("it should initialize properties with multiple key paths from JSON")
    func initializeMultipleKeyPaths() throws {
        let values: [String: Any] = [
            "location": 20,
            "length": 12,
            "nested": [
                "location": 12,
                "length": 34,
            ],
        ]

        let model = try JSONAdapter.model(of: MTLMultiKeypathModel.self, from: values)
        #expect(model.range.location == 20)
        #expect(model.range.length == 12)

        #expect(model.nestedRange.location == 12)
        #expect(model.nestedRange.length == 34)

        let serialized = try JSONAdapter.jsonDictionary(from: model)
        #expect(MantleSpec.jsonEqual(serialized, values), "\(serialized)")
    }

    // it(@"should return nil and error with an invalid key path from JSON")
    @Test("should return nil and error with an invalid key path from JSON")
    func invalidKeyPathFromJSON() throws {
        let values: [String: Any] = [
            "username": "foo",
            "nested": "bar",
            "count": "0",
        ]

        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: MTLTestModel.self, from: values)
        })
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.propertyKey == "nestedName")
        // "where in the JSON it went wrong": the mapped path, or the non-dictionary part of it
        #expect(error.jsonKeyPath == "nested.name" || error.jsonKeyPath == "nested")
    }

    // it(@"should support key paths across arrays")
    // (Mantle does not support them: a key path through an array is an invalid JSON dictionary.)
    @Test("should support key paths across arrays")
    func keyPathsAcrossArrays() throws {
        let values: [String: Any] = [
            "users": [
                ["name": "foo"],
                ["name": "bar"],
                ["name": "baz"],
            ],
        ]

        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: MTLArrayTestModel.self, from: values)
        })
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.propertyKey == "names")
        #expect(error.jsonKeyPath == "users.name" || error.jsonKeyPath == "users")
    }

    // it(@"should initialize without returning any error when using a JSON dictionary which Null.null as value")
    @Test("should initialize without returning any error when using a JSON dictionary which Null.null as value")
    func nullIntermediateValue() throws {
        let values: [String: Any] = [
            "username": "foo",
            "nested": NSNull(),
            "count": "0",
        ]

        let model = try JSONAdapter.model(of: MTLTestModel.self, from: values)
        #expect(model.name == "foo")
        #expect(model.count == 0)
        #expect(model.nestedName == nil)
    }

    // it(@"should ignore unrecognized JSON keys")
    @Test("should ignore unrecognized JSON keys")
    func ignoreUnrecognizedKeys() throws {
        let values: [String: Any] = [
            "foobar": "foo",
            "count": "2",
            "_": NSNull(),
            "username": "buzz",
            "nested": ["name": "bar", "stuffToIgnore": 5, "moreNonsense": NSNull()],
        ]

        let model = try JSONAdapter.model(of: MTLTestModel.self, from: values)
        #expect(model.name == "buzz")
        #expect(model.count == 2)
        #expect(model.nestedName == "bar")
    }

    // it(@"should fail to initialize if JSON dictionary validation fails")
    @Test("should fail to initialize if JSON dictionary validation fails")
    func validationFailure() {
        let values: [String: Any] = [
            "username": "this is too long a name",
        ]

        // validate() errors propagate unchanged (MTLTestModelErrorDomain / MTLTestModelNameTooLong)
        #expect(throws: MTLTestModelError.nameTooLong) {
            _ = try JSONAdapter.model(of: MTLTestModel.self, from: values)
        }
    }

    // MARK: Implicit transformers

    // it(@"should implicitly transform NSStrings to URLs")
    @Test("should implicitly transform NSStrings to URLs")
    func implicitStringToURL() throws {
        let values: [String: Any] = [
            "URL": "http://github.com/1",
            "otherURL": "http://github.com/2",
        ]

        let model = try JSONAdapter.model(of: MTLURLSubclassModel.self, from: values)
        #expect(model.url == URL(string: "http://github.com/1"))
        #expect(model.otherURL == URL(string: "http://github.com/2"))
    }

    // it(@"should implicitly transform URLs")
    @Test("should implicitly transform URLs")
    func implicitURLToString() throws {
        let model = MTLURLModel()

        let jsonDictionary = try JSONAdapter.jsonDictionary(from: model)
        #expect(jsonDictionary["URL"] as? String == "http://github.com")
    }

    // it(@"should implicitly transform NSStrings to UUIDs")
    @Test("should implicitly transform NSStrings to UUIDs")
    func implicitStringToUUID() throws {
        let values: [String: Any] = [
            "UUID": "D278C472-6DC3-4EE1-A947-861E6AF311C3",
            "otherUUID": "24E1E56A-3F37-4ECE-8310-931F6ACD401A",
        ]

        let model = try JSONAdapter.model(of: MTLUUIDSubclassModel.self, from: values)
        #expect(model.uuid == UUID(uuidString: "D278C472-6DC3-4EE1-A947-861E6AF311C3"))
        #expect(model.otherUUID == UUID(uuidString: "24E1E56A-3F37-4ECE-8310-931F6ACD401A"))
    }

    // it(@"should implicitly transform UUIDs")
    @Test("should implicitly transform UUIDs")
    func implicitUUIDToString() throws {
        let model = MTLUUIDModel()

        let jsonDictionary = try JSONAdapter.jsonDictionary(from: model)
        #expect(jsonDictionary["UUID"] as? String == "4A275FBD-8217-4397-964B-403F4C2B8545")
    }

    // it(@"should implicitly transform BOOLs")
    @Test("should implicitly transform BOOLs")
    func implicitBool() throws {
        let model = MTLBoolModel()

        let jsonDictionary = try JSONAdapter.jsonDictionary(from: model)
        // expect(JSONDictionary[@"flag"]).to(beIdenticalTo((id)kCFBooleanFalse));
        let flag = try #require(jsonDictionary["flag"])
        #expect(flag is Bool)
        #expect(flag as? Bool == false)

        // kCFBooleanFalse serialises as the JSON literal false, not 0.
        let data = try JSONAdapter.jsonData(from: model)
        let text = String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace }
        #expect(text.contains("\"flag\":false"), "\(text)")
    }

    // MARK: Transformer and type errors

    // it(@"should fail to initialize if JSON transformer fails")
    @Test("should fail to initialize if JSON transformer fails")
    func transformerFailure() throws {
        let values: [String: Any] = [
            "URL": 666,
        ]

        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: MTLURLModel.self, from: values)
        })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "url")
        #expect(error.jsonKeyPath == "URL")
        if let underlying = error.underlyingError as? TransformerError {
            // MTLTransformerErrorHandlingInputValueErrorKey == @666
            #expect(underlying.code == .invalidInput)
            #expect(MantleSpec.jsonEqual(underlying.inputValue, 666))
        }
    }

    // it(@"should fail to deserialize if the JSON types don't match the primitive properties")
    @Test("should fail to deserialize if the JSON types don't match the primitive properties")
    func primitiveTypeMismatch() throws {
        let values: [String: Any] = [
            "flag": "Potentially",
        ]

        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: MTLBoolModel.self, from: values)
        })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "flag")
        #expect(error.jsonKeyPath == "flag")
        if let underlying = error.underlyingError as? TransformerError {
            #expect(underlying.code == .invalidInput)
            #expect(MantleSpec.jsonEqual(underlying.inputValue, "Potentially"))
        }
    }

    // it(@"should fail to deserialize if the JSON types don't match the properties")
    @Test("should fail to deserialize if the JSON types don't match the properties")
    func objectTypeMismatch() throws {
        let values: [String: Any] = [
            "string": 666,
        ]

        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: MTLStringModel.self, from: values)
        })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "string")
        #expect(error.jsonKeyPath == "string")
        if let underlying = error.underlyingError as? TransformerError {
            #expect(underlying.code == .invalidInput)
            #expect(MantleSpec.jsonEqual(underlying.inputValue, 666))
        }
    }

    // it(@"should accept any object for id properties")
    @Test("should accept any object for id properties")
    func anyObjectProperty() throws {
        let values: [String: Any] = [
            "anyObject": "Not an NSValue",
        ]

        let model = try JSONAdapter.model(of: MTLIDModel.self, from: values)
        #expect(model.anyObject as? String == "Not an NSValue")
    }

    // it(@"should fail to serialize if a JSON transformer errors")
    @Test("should fail to serialize if a JSON transformer errors")
    func serializationTransformerFailure() throws {
        struct StringBackedURLModel: JSONSerializing {
            // [model setValue:@"totallyNotAnNSURL" forKey:@"URL"];
            var url: String? = "totallyNotAnNSURL"

            static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["url": "URL"] }

            static func jsonTransformer(forKey key: String) -> ValueTransformer? {
                key == "url" ? ValueTransformer.named(.url) : nil
            }
        }

        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.jsonDictionary(from: StringBackedURLModel())
        })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "url")
        let underlying = try #require(error.underlyingError as? TransformerError)
        #expect(underlying.code == .invalidInput)
        #expect(MantleSpec.jsonEqual(underlying.inputValue, "totallyNotAnNSURL"))
    }

    // MARK: Substituting classes and class clusters

    // it(@"should parse a different model class")
    @Test("should parse a different model class")
    func parseDifferentModelClass() throws {
        let values: [String: Any] = [
            "username": "foo",
            "nested": ["name": "bar"],
            "count": "0",
        ]

        let parsed = try JSONAdapter.model(of: MTLSubstitutingTestModel.self, from: values)
        // expect(model).to(beAnInstanceOf(MTLTestModel.class));
        #expect(type(of: parsed) == MTLSubstitutedTestModel.self)
        let model = try #require(parsed as? MTLSubstitutedTestModel)

        #expect(model.name == "foo")
        #expect(model.count == 0)
        #expect(model.nestedName == "bar")

        let serialized = try JSONAdapter.jsonDictionary(from: model)
        #expect(MantleSpec.jsonEqual(serialized, values), "\(serialized)")
    }

    // it(@"should serialize different model classes")
    @Test("should serialize different model classes")
    func serializeDifferentModelClasses() throws {
        let adapter = try JSONAdapter(modelType: MTLClassClusterModel.self)

        let chocolate = try MTLChocolateClassClusterModel(dictionary: [
            "bitterness": 100,
        ])

        let chocolateValues = try adapter.jsonDictionary(from: chocolate)
        let expectedChocolate: [String: Any] = [
            "flavor": "chocolate",
            "chocolate_bitterness": "100",
        ]
        #expect(MantleSpec.jsonEqual(chocolateValues, expectedChocolate), "\(chocolateValues)")

        let strawberry = try MTLStrawberryClassClusterModel(dictionary: [
            "freshness": 20,
        ])

        let strawberryValues = try adapter.jsonDictionary(from: strawberry)
        let expectedStrawberry: [String: Any] = [
            "flavor": "strawberry",
            "strawberry_freshness": 20,
        ]
        #expect(MantleSpec.jsonEqual(strawberryValues, expectedStrawberry), "\(strawberryValues)")
    }

    // it(@"should parse model classes not inheriting from MTLModel")
    @Test("should parse model classes not inheriting from MTLModel")
    func parseModelWithCustomModelRequirements() throws {
        let values: [String: Any] = [
            "name": "foo",
        ]

        let model = try JSONAdapter.model(of: MTLConformingModel.self, from: values)
        #expect(model.name == "foo")
    }

    // it(@"should return an error when no suitable model class is found")
    @Test("should return an error when no suitable model class is found")
    func noSuitableModelClass() throws {
        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: MTLSubstitutingTestModel.self, from: [:])
        })
        #expect(error.code == .noClassFound)
    }

    // it(@"should validate models")
    @Test("should validate models")
    func validateModels() {
        #expect(throws: MTLTestModelError.nameMissing) {
            _ = try JSONAdapter.model(of: MTLValidationModel.self, from: [:])
        }
    }

    // MARK: Deserializing multiple models (describe(@"Deserializing multiple models"))

    static var value1: [String: Any] { ["username": "foo"] }
    static var value2: [String: Any] { ["username": "bar"] }

    // it(@"should initialize models from an array of JSON dictionaries")
    @Test("should initialize models from an array of JSON dictionaries")
    func modelsFromArray() throws {
        let jsonModels: [Any] = [Self.value1, Self.value2]

        let mantleModels = try JSONAdapter.models(of: MTLTestModel.self, from: jsonModels)
        #expect(mantleModels.count == 2)
        #expect(mantleModels.first?.name == "foo")
        #expect(mantleModels.last?.name == "bar")
    }

    // it(@"should return empty array on wrong input data")
    @Test("should return empty array on wrong input data")
    func modelsFromWrongInput() throws {
        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.models(of: MTLTestModel.self, from: ["foo", "bar"])
        })
        #expect(error.code == .invalidJSONDictionary)
    }

    // it(@"should return nil and an error if it fails to initialize any model from an array")
    @Test("should return nil and an error if it fails to initialize any model from an array")
    func modelsFailOnAnyElement() throws {
        let value1: [String: Any] = [
            "username": "foo",
            "count": "1",
        ]
        let value2: [String: Any] = [
            "count": ["This won't parse"],
        ]

        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.models(of: MTLSubstitutingTestModel.self, from: [value1, value2])
        })
        #expect(error.code == .noClassFound)
    }

    // it(@"should return an array of dictionaries from models")
    @Test("should return an array of dictionaries from models")
    func jsonArrayFromModels() throws {
        var model1 = MTLTestModel()
        model1.name = "foo"

        var model2 = MTLTestModel()
        model2.name = "bar"

        let jsonArray = try JSONAdapter.jsonArray(from: [model1, model2])
        #expect(jsonArray.count == 2)
        #expect(jsonArray.first?["username"] as? String == "foo")
        #expect(jsonArray.last?["username"] as? String == "bar")
    }

    // MARK: Nested models

    // it(@"should support recursive models")
    @Test("should support recursive models")
    func recursiveModels() throws {
        let dictionary: [String: Any] = [
            "owner": ["name": "Cameron"],
            "users": [
                ["name": "Dimitri"],
                ["name": "John"],
            ],
        ]

        let group = try JSONAdapter.model(of: MTLRecursiveGroupModel.self, from: dictionary)
        #expect(group.users?.count == 2)
        #expect(group.users?.map(\.name) == ["Dimitri", "John"])
        #expect(group.owner?.name == "Cameron")
    }

    // it(@"should automatically transform a property that conforms to MTLJSONSerializing")
    @Test("should automatically transform a property that conforms to MTLJSONSerializing")
    func implicitNestedModel() throws {
        let jsonDictionary: [String: Any] = [
            "property": "property",
            "conformingMTLJSONSerializingProperty": [
                "username": "testName",
                "count": "5",
            ],
            "nonConformingMTLJSONSerializingProperty": NSNull(),
        ]

        _ = try JSONAdapter(modelType: MTLPropertyDefaultAdapterModel.self)

        let model = try JSONAdapter.model(of: MTLPropertyDefaultAdapterModel.self, from: jsonDictionary)
        let conforming = try #require(model.conformingMTLJSONSerializingProperty)
        #expect(conforming.name == "testName")
        #expect(conforming.count == 5)
        #expect(model.nonConformingMTLJSONSerializingProperty == nil)
        #expect(model.property == "property")
    }

    // it(@"should not automatically transform a property that conforms to MTLModel but not MTLJSONSerializing")
    @Test("should not automatically transform a property that conforms to MTLModel but not MTLJSONSerializing")
    func noImplicitTransformForPlainModel() throws {
        let jsonDictionary: [String: Any] = [
            "property": "property",
            "conformingMTLJSONSerializingProperty": [
                "username": "testName",
                "count": "5",
            ],
            // Triggers an error since the dictionary is not automatically parsed
            // and no transformer is supplied.
            "nonConformingMTLJSONSerializingProperty": [String: Any](),
        ]

        let adapter = try JSONAdapter(modelType: MTLPropertyDefaultAdapterModel.self)

        let error = try #require(caught(JSONAdapterError.self) {
            _ = try adapter.model(from: jsonDictionary)
        })
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "nonConformingMTLJSONSerializingProperty")
        #expect(error.jsonKeyPath == "nonConformingMTLJSONSerializingProperty")
    }
}

// MARK: - Behaviour of Mantle's sources not covered by MTLJSONAdapterSpec

@Suite("MTLJSONAdapter source semantics")
struct JSONAdapterSourceSemanticsTests {

    // Mantle source: -[NSDictionary mtl_valueForJSONKeyPath:success:error:] stops at a
    // nil or NSNull intermediate ("if (result == nil || result == NSNull.null) break;")
    // and returns it, and the adapter skips nil values ("if (value == nil) continue;")
    // but hands NSNull on (as nil) to the property.
    @Test("a missing key or missing intermediate leaves the property at its default")
    func missingKeysLeaveDefaults() throws {
        let missingEverything = try JSONAdapter.model(of: SpecKeyPathDefaultsModel.self, from: [:])
        #expect(missingEverything.name == "default")
        #expect(missingEverything.nestedName == "default")

        let missingLeaf = try JSONAdapter.model(of: SpecKeyPathDefaultsModel.self, from: ["nested": [String: Any]()])
        #expect(missingLeaf.nestedName == "default")
    }

    @Test("JSON null, as the value or as an intermediate of the key path, sets an optional property to nil")
    func nullSetsNil() throws {
        let nullValues = try JSONAdapter.model(of: SpecKeyPathDefaultsModel.self, from: [
            "name": NSNull(),
            "nested": ["name": NSNull()],
        ])
        #expect(nullValues.name == nil)
        #expect(nullValues.nestedName == nil)

        let nullIntermediate = try JSONAdapter.model(of: SpecKeyPathDefaultsModel.self, from: [
            "nested": NSNull(),
        ])
        #expect(nullIntermediate.name == "default")
        #expect(nullIntermediate.nestedName == nil)
    }

    @Test("an intermediate that is not a dictionary is an invalid JSON dictionary, even a number")
    func nonDictionaryIntermediate() throws {
        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: SpecKeyPathDefaultsModel.self, from: ["nested": 5])
        })
        #expect(error.code == .invalidJSONDictionary)
        #expect(error.propertyKey == "nestedName")
    }

    // Mantle source (-modelFromJSONDictionary:error:): "Map NSNull -> nil for the
    // transformer"; a missing value never reaches the transformer.
    @Test("a transformer receives nil (not NSNull) for JSON null, and is not called for a missing key")
    func transformerNilOnDecode() throws {
        let fromNull = try JSONAdapter.model(of: SpecNilTransformerModel.self, from: ["name": NSNull()])
        #expect(fromNull.name == "forward got nil")

        let fromMissing = try JSONAdapter.model(of: SpecNilTransformerModel.self, from: [:])
        #expect(fromMissing.name == "untouched")

        let fromValue = try JSONAdapter.model(of: SpecNilTransformerModel.self, from: ["name": "x"])
        #expect(fromValue.name == "forward got x")
    }

    // Mantle source (-JSONDictionaryFromModel:error:): "Map NSNull -> nil for the
    // transformer, and then back for the dictionaryValue we're going to insert into."
    @Test("a reversible transformer receives nil for a nil property when encoding")
    func transformerNilOnEncode() throws {
        var model = SpecNilTransformerModel()
        model.name = nil
        let json = try JSONAdapter.jsonDictionary(from: model)
        #expect(json["name"] as? String == "reverse got nil")

        model.name = "abc"
        let json2 = try JSONAdapter.jsonDictionary(from: model)
        #expect(json2["name"] as? String == "abc")
    }

    // Mantle source: "if ([transformer.class allowsReverseTransformation]) { ... }" —
    // otherwise the property value is written as is (API.md: "a transformer that is
    // not reversible passes the value through unchanged"); nil becomes NSNull.
    @Test("a one-way transformer is used for decoding and skipped for encoding")
    func oneWayTransformer() throws {
        let decoded = try JSONAdapter.model(of: SpecOneWayTransformerModel.self, from: ["name": "abc"])
        #expect(decoded.name == "ABC")

        let encoded = try JSONAdapter.jsonDictionary(from: SpecOneWayTransformerModel())
        #expect(encoded["name"] as? String == "Mantle")

        var nilName = SpecOneWayTransformerModel()
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
        let model = try JSONAdapter.model(of: SpecCompositeCaptureModel.self, from: testCase.json)
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
            _ = try JSONAdapter.model(of: SpecCompositeCaptureModel.self, from: ["b": "not a dictionary"])
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

    // API.md: ".noClassFound — classForParsing returned nil or an unrelated type"
    @Test("classForParsing returning an unrelated type is noClassFound")
    func unrelatedClassForParsing() throws {
        let error = try #require(caught(JSONAdapterError.self) {
            _ = try JSONAdapter.model(of: SpecUnrelatedSubstitutionModel.self, from: ["username": "foo"])
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
