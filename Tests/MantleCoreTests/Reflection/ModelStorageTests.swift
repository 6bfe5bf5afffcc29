//  The facts `Model.objectReference` and `withStorageAddress` rely on: a class
//  model's value is exactly one object reference (the same size and bits as
//  `AnyObject`), and a struct has none.

import Foundation
import Testing
@testable import MantleCore

@Suite("Model storage addresses")
struct ModelStorageTests {
    /// Checks: a class model's value has the size of `AnyObject` and the reference is the instance itself.
    @Test("a class model's objectReference is the instance")
    func classReference() {
        #expect(MemoryLayout<TestClassModel>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<SubclassTestModel>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<ModelObjectTests.User>.size == MemoryLayout<AnyObject>.size)
        let model = SubclassTestModel()
        #expect(model.objectReference === model)
        // Seen through the superclass, a subclass instance is still the same object.
        let base: TestClassModel = model
        #expect(base.objectReference === model)
        let object = ModelObjectTests.User()
        #expect(object.objectReference === object)
    }

    /// Checks: structs have no object reference; their storage address is the value's own.
    @Test("a struct model has no objectReference")
    func structHasNone() {
        #expect(TestModel().objectReference == nil)
        #expect(ScalarModel().objectReference == nil)
    }

    /// Checks: the storage address of a class model is the object's address, not a copy's.
    @Test("withStorageAddress of a class model is the object's address")
    func classAddress() {
        let model = ScalarClassModel()
        let address = model.withStorageAddress { $0 }
        #expect(address == UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque()))
        var copy = model
        let mutableAddress = copy.withMutableStorageAddress { UnsafeRawPointer($0) }
        #expect(mutableAddress == address)
    }
}
