import Foundation
import Testing
@testable import MantleCore

@Suite("Dictionary value and init(dictionary:)")
struct ModelDictionaryTests {
    @Test("default dictionaryValue has every key, nil as NSNull")
    func defaultDictionaryValue() {
        for dictionary in [TestModel().dictionaryValue, TestClassModel().dictionaryValue] {
            #expect(Set(dictionary.keys) == ["name", "count", "nestedName", "weakModel"])
            #expect(dictionary["name"] is NSNull)
            #expect(dictionary["nestedName"] is NSNull)
            #expect(dictionary["weakModel"] is NSNull)
            #expect(dictionary["count"] as? Int == 1)
        }
    }

    @Test("init(dictionary:) round trip")
    func roundTrip() throws {
        let values: [String: Any] = ["name": "foo", "count": 5, "nestedName": "bar"]
        let model = try TestModel(dictionary: values)
        #expect(model.name == "foo")
        #expect(model.count == 5)
        #expect(model.nestedName == "bar")
        #expect(try TestModel(dictionary: model.dictionaryValue) == model)

        let object = try TestClassModel(dictionary: values)
        #expect(object.name == "foo" && object.count == 5 && object.nestedName == "bar")
        #expect(try TestClassModel(dictionary: object.dictionaryValue) == object)
    }

    @Test("a subclass sets inherited and own properties")
    func subclass() throws {
        let model = try SubclassTestModel(dictionary: ["name": "foo", "generation": 3])
        #expect(model.name == "foo")
        #expect(model.generation == 3)
        #expect(model.dictionaryValue["generation"] as? Int == 3)
    }

    @Test("NSNull and nil set an optional to nil")
    func nullIntoOptional() throws {
        var model = TestModel()
        model.name = "x"
        try model.setValue(NSNull(), forKey: "name")
        #expect(model.name == nil)
        model.name = "y"
        try model.setValue(nil, forKey: "name")
        #expect(model.name == nil)
        let object = try TestClassModel(dictionary: ["name": NSNull()])
        #expect(object.name == nil)
    }

    @Test("a weak reference is set and read without being owned")
    func weakReference() throws {
        let target = EmptyClassModel()
        let model = try TestModel(dictionary: ["weakModel": target])
        #expect(model.weakModel === target)
        #expect(model.dictionaryValue["weakModel"] as AnyObject? === target)
        let object = try TestClassModel(dictionary: ["weakModel": target])
        #expect(object.weakModel === target)
        do {
            let temporary = EmptyClassModel()
            try object.setValue(temporary, forKey: "weakModel")
            #expect(object.weakModel === temporary)
        }
        #expect(object.weakModel == nil, "the model must not keep its weak reference alive")
    }

    @Test("validate() may normalise values")
    func normalising() throws {
        #expect(try NormalizingModel(dictionary: [:]).name == "anonymous")
        #expect(try NormalizingModel(dictionary: ["name": "x"]).name == "x")
    }

    @Test("a too-long name fails validation with the model's own error")
    func validationFailure() {
        #expect(throws: NameTooLongError(name: "this is too long")) {
            try TestModel(dictionary: ["name": "this is too long"])
        }
        #expect(throws: NameTooLongError(name: "this is too long")) {
            try TestClassModel(dictionary: ["name": "this is too long"])
        }
        #expect(throws: Never.self) { try TestModel(dictionary: ["name": "short"]) }
    }

    @Test("value(forKey:) reads properties and nil for unknown keys")
    func valueForKey() {
        var model = TestModel()
        model.name = "foo"
        #expect(model.value(forKey: "name") as? String == "foo")
        #expect(model.value(forKey: "nestedName") == nil)
        #expect(model.value(forKey: "missing") == nil)
    }
}
