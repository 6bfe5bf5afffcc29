//
//  JSONAdapterSpecTests+Classes.swift
//  MTLJSONAdapterSpec, continued: substituting classes and class clusters,
//  deserializing multiple models, nested models (the port's conventions are at
//  the top of JSONAdapterSpecTests.swift).
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

extension JSONAdapterSpecTests {
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
