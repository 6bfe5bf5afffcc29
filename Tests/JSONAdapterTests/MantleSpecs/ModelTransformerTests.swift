//
//  ModelTransformerTests.swift
//  Port of the `describe(@"JSON transformers")` block of MTLJSONAdapterSpec.m:
//  the dictionary and array transformers for models (the port's conventions and
//  name mapping are at the top of PredefinedTransformerTests.swift).
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

// MARK: - MTLJSONAdapterSpec: describe(@"JSON transformers")

// describe(@"dictionary transformer")
@Suite("dictionary transformer")
struct DictionaryTransformerTests {
    let transformer: JSONValueTransformer
    let model: MTLTestModel
    let jsonDictionary: [String: Any]

    // beforeEach
    init() throws {
        model = MTLTestModel()
        jsonDictionary = try JSONAdapter.jsonDictionary(from: model)
        transformer = JSONAdapter.dictionaryTransformer(modelType: MTLTestModel.self)
    }

    // it(@"should transform a JSON dictionary into a model")
    @Test("should transform a JSON dictionary into a model")
    func forward() throws {
        let transformed = try transformer.transformedValue(jsonDictionary)
        #expect(transformed as? MTLTestModel == model)
    }

    // it(@"should transform a model into a JSON dictionary")
    @Test("should transform a model into a JSON dictionary")
    func reverse() throws {
        #expect(transformer.allowsReverseTransformation)
        let transformed = try transformer.reverseTransformedValue(model)
        #expect(MantleSpec.jsonEqual(transformed, jsonDictionary), "\(String(describing: transformed))")
    }

    // itBehavesLike(MTLTransformerErrorExamples, ...)
    @Test("MTLTransformerErrorExamples")
    func errors() {
        MantleSpec.expectTransformerErrors(transformer, invalidInput: NSNull(), invalidReverseInput: NSNull())
    }

    // Mantle source: "if (JSONDictionary == nil) return nil;" / "if (model == nil) return nil;"
    @Test("nil maps to nil")
    func nilInput() throws {
        #expect(try transformer.transformedValue(nil) == nil)
        #expect(try transformer.reverseTransformedValue(nil) == nil)
    }

    // Mantle source: a failing adapter makes the transformer fail.
    @Test("a JSON dictionary that does not decode makes the transformer throw")
    func decodingFailure() {
        #expect(throws: (any Error).self) {
            _ = try transformer.transformedValue(["username": "this is too long a name"])
        }
    }
}

// describe(@"external representation array transformer")
@Suite("external representation array transformer")
struct ModelArrayTransformerTests {
    let transformer: JSONValueTransformer
    let models: [Any]
    let jsonDictionaries: [Any]

    // beforeEach
    init() throws {
        var uniqueModels: [Any] = []
        var mutableDictionaries: [Any] = []

        for i in 0..<10 {
            var model = MTLTestModel()
            model.count = i

            uniqueModels.append(model)

            let dict = try JSONAdapter.jsonDictionary(from: model)
            mutableDictionaries.append(dict)
        }

        uniqueModels[2] = NSNull()
        mutableDictionaries[2] = NSNull()

        models = uniqueModels
        jsonDictionaries = mutableDictionaries

        transformer = JSONAdapter.arrayTransformer(modelType: MTLTestModel.self)
    }

    // it(@"should transform JSON dictionaries into models")
    @Test("should transform JSON dictionaries into models")
    func forward() throws {
        let transformed = try #require(try transformer.transformedValue(jsonDictionaries) as? [Any])
        #expect(transformed.count == models.count)
        for (index, element) in transformed.enumerated() {
            if index == 2 {
                #expect(element is NSNull)
            } else {
                #expect(element as? MTLTestModel == models[index] as? MTLTestModel, "index \(index)")
            }
        }
    }

    // it(@"should transform models into JSON dictionaries")
    @Test("should transform models into JSON dictionaries")
    func reverse() throws {
        #expect(transformer.allowsReverseTransformation)
        let transformed = try transformer.reverseTransformedValue(models)
        #expect(MantleSpec.jsonEqual(transformed, jsonDictionaries), "\(String(describing: transformed))")
    }

    // itBehavesLike(MTLTransformerErrorExamples, ...)
    @Test("MTLTransformerErrorExamples")
    func errors() {
        MantleSpec.expectTransformerErrors(transformer, invalidInput: NSNull(), invalidReverseInput: NSNull())
    }

    // Mantle source: "if (dictionaries == nil) return nil;" / "if (models == nil) return nil;"
    @Test("nil maps to nil")
    func nilInput() throws {
        #expect(try transformer.transformedValue(nil) == nil)
        #expect(try transformer.reverseTransformedValue(nil) == nil)
    }

    // Mantle source: "Expected an NSDictionary or an NSNull, got: %@." with the element
    // as MTLTransformerErrorHandlingInputValueErrorKey.
    @Test("an element that is neither a dictionary nor NSNull is invalid input")
    func nonDictionaryElement() throws {
        let error = try #require(caught(TransformerError.self) {
            _ = try transformer.transformedValue([["username": "foo"], "not a dictionary"] as [Any])
        })
        #expect(error.code == .invalidInput)
        #expect(MantleSpec.jsonEqual(error.inputValue, "not a dictionary"))
    }
}
