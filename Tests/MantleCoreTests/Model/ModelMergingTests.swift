import Foundation
import Testing
@testable import MantleCore

@Suite("Merging")
struct ModelMergingTests {
    @Test("merging {foo, 5} with {bar, 3} gives {bar, 8} with the custom count merge")
    func mergeStruct() throws {
        var target = try TestModel(dictionary: ["name": "foo", "count": 5])
        let source = try TestModel(dictionary: ["name": "bar", "count": 3])
        target.mergeValues(forKeysFrom: source)
        #expect(target.name == "bar")
        #expect(target.count == 8)

        let object = try TestClassModel(dictionary: ["name": "foo", "count": 5])
        object.mergeValues(forKeysFrom: try TestClassModel(dictionary: ["name": "bar", "count": 3]))
        #expect(object.name == "bar")
        #expect(object.count == 8)
    }

    @Test("nil values do not overwrite")
    func nilKeepsValue() throws {
        var target = try TestModel(dictionary: ["name": "foo", "nestedName": "keep"])
        target.mergeValue(forKey: "nestedName", from: TestModel())
        #expect(target.nestedName == "keep")
    }

    @Test("merging from a subclass instance takes the shared keys")
    func fromSubclass() throws {
        let base = try TestClassModel(dictionary: ["name": "foo", "count": 5])
        let sub = try SubclassTestModel(dictionary: ["name": "bar", "count": 3, "generation": 1])
        base.mergeValues(forKeysFrom: sub)
        #expect(base.name == "bar")
        #expect(base.count == 8)
    }

    @Test("merging from a superclass instance leaves the subclass's own keys")
    func fromSuperclass() throws {
        let sub = try SubclassTestModel(dictionary: ["name": "foo", "count": 5, "generation": 1])
        sub.mergeValues(forKeysFrom: try TestClassModel(dictionary: ["name": "bar", "count": 3]))
        #expect(sub.name == "bar")
        #expect(sub.count == 8)
        #expect(sub.generation == 1)
    }

    @Test("merging between unrelated models takes only common keys")
    func unrelated() throws {
        var model = try TestModel(dictionary: ["name": "foo"])
        var other = CustomStorageModel()
        other.kept = 10
        model.mergeValues(forKeysFrom: other)
        #expect(model.name == "foo" && model.count == 1)
    }
}
