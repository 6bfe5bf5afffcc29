import Foundation
import Testing
@testable import MantleCore

@Suite("Equality, hashing, description and copying")
struct ModelEqualityTests {
    @Test("equal models hash alike")
    func equalHash() throws {
        let values: [String: Any] = ["name": "foo", "count": 5]
        let a = try TestModel(dictionary: values), b = try TestModel(dictionary: values)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        let c = try TestClassModel(dictionary: values), d = try TestClassModel(dictionary: values)
        #expect(c == d)
        #expect(c.hashValue == d.hashValue)
        #expect(try TestModel(dictionary: ["name": "bar"]) != a)
        #expect(try TestClassModel(dictionary: ["count": 2]) != c)
    }

    @Test("transitory properties do not take part in equality")
    func transitory() throws {
        let target = EmptyClassModel()
        let a = try TestModel(dictionary: ["weakModel": target])
        #expect(a == TestModel())
        #expect(a.hashValue == TestModel().hashValue)
    }

    @Test("== requires the same dynamic type")
    func dynamicType() throws {
        let base: TestClassModel = TestClassModel()
        let sub: TestClassModel = SubclassTestModel()
        #expect(base != sub)
        #expect(sub != base)
        #expect(sub == SubclassTestModel())
    }

    @Test("nested models, optionals, arrays and dictionaries compare element-wise")
    func nested() throws {
        var a = Nested()
        a.owner = try TestModel(dictionary: ["name": "x"])
        a.children = [TestModel(), try TestModel(dictionary: ["count": 3])]
        a.byName = ["k": TestModel()]
        var b = a
        #expect(a == b && a.hashValue == b.hashValue)
        b.children[1].count = 4
        #expect(a != b)
        b = a
        b.byName["k"]?.name = "y"
        #expect(a != b)
        b = a
        b.owner = nil
        #expect(a != b)
    }

    /// Nested arrays of scalars, which equality compares with code compiled for them.
    struct Matrices: Model {
        var coordinates: [[[Float]]] = []
        var rows: [[Int]] = []
        var words: [[String]] = []
        var dates: [[[Date]]] = []
    }

    @Test("nested arrays of scalars compare and hash element-wise, -0.0 equal to 0.0 and hashed alike")
    func nestedArrays() {
        var a = Matrices()
        a.coordinates = [[[1.5, -2], [0, 0.25]], [], [[3]]]
        a.rows = [[1, 2], [], [3]]
        a.words = [["a"], ["b", "c"]]
        a.dates = [[[Date(timeIntervalSince1970: 0)]]]
        var b = a
        b.coordinates[0][1][0] = -0.0
        #expect(a == b && a.hashValue == b.hashValue)
        let changes: [(inout Matrices) -> Void] = [
            { $0.coordinates[0][1][1] = 0.5 }, { $0.coordinates[1].append([]) }, { $0.rows[0][1] = 5 },
            { $0.words[1] = ["c", "b"] }, { $0.dates[0][0][0] = Date(timeIntervalSince1970: 1) },
        ]
        for change in changes {
            var c = a
            change(&c)
            #expect(a != c)
            #expect(a.hashValue != c.hashValue)
        }
    }

    @Test("closures are ignored and objects compare by identity, keeping == reflexive, symmetric and hash-consistent")
    func nonEquatable() {
        var a = ClosureModel()
        var b = ClosureModel()
        b.action = { 2 }
        #expect(a == a)
        #expect(a == b && b == a)
        #expect(a.hashValue == b.hashValue)
        let object = NSObject()
        a.object = object
        b.object = object
        #expect(a == b && a.hashValue == b.hashValue)
        b.object = NSObject()
        #expect(a != b && b != a)
    }

    @Test("description lists the permanent properties")
    func description() throws {
        let model = try TestModel(dictionary: ["name": "foo", "count": 5])
        #expect(model.description == #"TestModel(name: "foo", count: 5, nestedName: nil)"#)
        let object = try SubclassTestModel(dictionary: ["generation": 2])
        #expect(object.description == "SubclassTestModel(name: nil, count: 1, nestedName: nil, generation: 2)")
    }

    @Test("copy is equal but not identical for classes")
    func copy() throws {
        let target = EmptyClassModel()
        let object = try TestClassModel(dictionary: ["name": "foo", "count": 5, "weakModel": target])
        let copy = object.copy()
        #expect(copy == object)
        #expect(copy !== object)
        #expect(copy.weakModel === target)
        let sub = try SubclassTestModel(dictionary: ["generation": 4])
        let subCopy = sub.copy()
        #expect(subCopy.generation == 4 && subCopy !== sub)
        let value = try TestModel(dictionary: ["name": "foo"])
        #expect(value.copy() == value)
    }
}
