import Foundation
import Testing
@testable import MantleCore

@Suite("Property keys and storage")
struct ModelPropertyKeysTests {
    @Test("an empty model has no property keys")
    func emptyModel() {
        #expect(EmptyModel.propertyKeys.isEmpty)
        #expect(EmptyClassModel.propertyKeys.isEmpty)
    }

    @Test("stored vars are keys, weak references included; computed, lazy and let are not")
    func keys() {
        let expected: Set = ["name", "count", "nestedName", "weakModel"]
        #expect(TestModel.propertyKeys == expected)
        #expect(TestClassModel.propertyKeys == expected)
        #expect(DynamicPropertyModel.propertyKeys == ["name"])
        #expect(DynamicPropertyClassModel.propertyKeys == ["name"])
    }

    @Test("a subclass has its superclass's keys")
    func inheritedKeys() {
        #expect(SubclassTestModel.propertyKeys == ["name", "count", "nestedName", "weakModel", "generation"])
    }

    @Test("default storage behaviour", arguments: [
        ("name", PropertyStorage.permanent),
        ("count", .permanent),
        ("weakModel", .transitory),
        ("identifier", .none),
        ("expensive", .none),
        ("$__lazy_storage_$_expensive", .none),
        ("computed", .none),
        ("missing", .none),
    ])
    func storage(key: String, expected: PropertyStorage) {
        let model: any Model.Type = key == "name" || key == "count" || key == "weakModel"
            ? TestModel.self : DynamicPropertyModel.self
        #expect(model.storageBehavior(forPropertyKey: key) == expected)
        let classModel: any Model.Type = model == TestModel.self ? TestClassModel.self : DynamicPropertyClassModel.self
        #expect(classModel.storageBehavior(forPropertyKey: key) == expected)
    }

    @Test("a storage override decides keys, dictionaryValue and equality")
    func storageOverride() {
        #expect(CustomStorageModel.propertyKeys == ["kept", "cache"])
        let model = CustomStorageModel()
        #expect(Set(model.dictionaryValue.keys) == ["kept", "cache"])
        var other = CustomStorageModel()
        other.cache = 99
        other.ignored = 99
        #expect(model == other, "transitory and none storage do not take part in ==")
        #expect(model.hashValue == other.hashValue)
        other.kept = 5
        #expect(model != other)
        #expect(!model.description.contains("cache"))
    }

    @Test("property keys are computed once and agree across threads")
    func concurrentKeys() async {
        let results = await withTaskGroup(of: Set<String>.self) { group in
            for _ in 0..<64 { group.addTask { SubclassTestModel.propertyKeys } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 == SubclassTestModel.propertyKeys })
    }
}
