import Foundation
import MantleCore

/// Thrown by the test models' `validate()`.
struct NameTooLongError: Error, Equatable {
    let name: String
}

/// A model with no properties (MTLEmptyTestModel).
struct EmptyModel: Model {}

/// The class variant of ``EmptyModel``.
final class EmptyClassModel: Model {
    required init() {}
}

/// MTLTestModel: a name validated to at most 10 characters, a count merged by
/// adding, a nested name, and a weak reference that is transitory.
struct TestModel: Model {
    var name: String?
    var count = 1
    var nestedName: String?
    weak var weakModel: EmptyClassModel?

    mutating func validate() throws {
        if let name, name.count > 10 { throw NameTooLongError(name: name) }
    }

    mutating func mergeValue(forKey key: String, from model: any Model) {
        if key == "count", let other = model.value(forKey: "count") as? Int {
            count += other
        } else {
            takeValue(forKey: key, from: model)
        }
    }
}

/// The class variant of ``TestModel``, open to subclassing.
class TestClassModel: Model {
    var name: String?
    var count = 1
    var nestedName: String?
    weak var weakModel: EmptyClassModel?

    required init() {}

    func validate() throws {
        if let name, name.count > 10 { throw NameTooLongError(name: name) }
    }

    func mergeValue(forKey key: String, from model: any Model) {
        if key == "count", let other = model.value(forKey: "count") as? Int {
            count += other
        } else {
            takeValue(forKey: key, from: model)
        }
    }
}

/// A subclass adding a property (MTLSubclassTestModel).
final class SubclassTestModel: TestClassModel {
    var generation: Int?
    required init() {}
}

/// A model whose non-stored and constant members are not part of it.
struct DynamicPropertyModel: Model {
    var name = "x"
    let identifier = 7
    lazy var expensive: Int = 42
    var computed: Int { name.count }
}

/// The class variant of ``DynamicPropertyModel``.
final class DynamicPropertyClassModel: Model {
    var name = "x"
    let identifier = 7
    lazy var expensive: Int = 42
    var computed: Int { name.count }
    required init() {}
}

/// One property of every numeric and collection type the conversions cover.
struct ScalarModel: Model {
    var int = 0
    var int8: Int8 = 0
    var uint8: UInt8 = 0
    var int64: Int64 = 0
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var bool = false
    var string = ""
    var optionalInt: Int?
    var ints: [Int] = []
    var tags: Set<String> = []
    var counts: [String: Int] = [:]
    var anything: Any = 0
    var url: URL?
}

/// The class variant of ``ScalarModel``.
final class ScalarClassModel: Model {
    var int = 0
    var int8: Int8 = 0
    var uint8: UInt8 = 0
    var int64: Int64 = 0
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var bool = false
    var string = ""
    var optionalInt: Int?
    var ints: [Int] = []
    var tags: Set<String> = []
    var counts: [String: Int] = [:]
    var anything: Any = 0
    var url: URL?
    required init() {}
}

/// A model holding values that are not `Equatable`.
struct ClosureModel: Model {
    var name = ""
    var action: @Sendable () -> Int = { 1 }
    var object: NSObject?
}

/// A model nesting other models in optionals and collections.
struct Nested: Model {
    var title = ""
    var owner: TestModel?
    var children: [TestModel] = []
    var byName: [String: TestModel] = [:]
}

/// A model that changes the storage of its properties.
struct CustomStorageModel: Model {
    var kept = 1
    var cache = 2
    var ignored = 3

    static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
        switch key {
        case "cache": return .transitory
        case "ignored": return .none
        default: return .permanent
        }
    }
}

/// A model that fixes its own values in `validate()`.
struct NormalizingModel: Model {
    var name: String?

    mutating func validate() throws {
        if name == nil { name = "anonymous" }
    }
}
