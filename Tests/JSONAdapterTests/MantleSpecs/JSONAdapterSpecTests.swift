//
//  JSONAdapterSpecTests.swift
//  Port of Mantle's MantleTests/MTLJSONAdapterSpec.m (Mantle 2.x), continued in
//  JSONAdapterSpecTests+Classes.swift. The `describe(@"JSON transformers")` block
//  (dictionary / array transformers) is ported in ModelTransformerTests.swift;
//  behaviour that MTLJSONAdapter.m / NSDictionary+MTLJSONKeyPath.m implement but
//  the spec does not exercise is in JSONAdapterSourceSemanticsTests.swift.
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
//    properties, and mapping a computed property is `.invalidJSONMapping`
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
//    no per-class transformer hook, and `JSONValueTransformer` is a value type.
//
//  Adapted:
//  - "should fail to serialize if a JSON transformer errors": Mantle forces a string
//    into the NSURL property with KVC, which Swift's type system forbids. The port
//    gives a `String?` property the URL transformer, so the reverse transformer gets
//    the same non-URL input ("totallyNotAnNSURL").
//  - "should parse a different model class": MTLSubstitutingTestModel returns the
//    unrelated MTLTestModel class; Swift requires Self or a subclass, so it returns
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

            static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
                key == "url" ? JSONValueTransformer.named(.url) : nil
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
}
