//
//  ModelFieldsTests.swift
//  Which stored fields make up a model: shadowed superclass fields and
//  non-model superclasses (`Operation`, a plain base between a model and `NSObject`).
//  Each test covers a fact that a SAFETY comment in Sources/MantleCore/Reflection or
//  Sources/MantleInternals/Reflection relies on.
//

import Foundation
import Testing
@testable import MantleCore
@testable import MantleInternals

@Suite("Reflection: which stored fields make up a model")
struct ModelFieldsTests {
    @Test("a subclass property hides a private superclass field of the same name, on every path")
    func shadowing() throws {
        #expect(ShadowDerived.propertyKeys == ["secret", "shared"])
        let model = try ShadowDerived(dictionary: ["secret": "set", "shared": 2])
        #expect(model.secret == "set")
        #expect(model.baseSecret == 1)
        #expect(model.dictionaryValue["secret"] as? String == "set")
        #expect(model.value(forKey: "secret") as? String == "set")
        #expect(model.description == #"ShadowDerived(secret: "set", shared: 2)"#)
        let error = try #require(throws: ModelError.self) { try ShadowDerived(dictionary: ["secret": 5]) }
        #expect(error.code == .typeMismatch)
        #expect(model.copy().secret == "set")
        // The base class on its own still has its private field.
        #expect(ShadowBase.propertyKeys == ["secret", "shared"])
        #expect(try ShadowBase(dictionary: ["secret": 9]).baseSecret == 9)
    }

    @Test("fields of superclasses that are not models are not properties")
    func nonModelSuperclass() throws {
        #expect(Job.propertyKeys == ["label", "priorityLevel"])
        let job = try Job(dictionary: ["label": "build", "priorityLevel": 2])
        let copy: Job = job.copy() // NSObject's copy() -> Any is the other candidate
        #expect(copy !== job)
        // (An NSObject subclass keeps NSObject's ==, hash and description.)
        #expect(copy.label == "build" && copy.priorityLevel == 2)
        #expect(Set(job.dictionaryValue.keys) == ["label", "priorityLevel"])
        #expect(OnPlain.propertyKeys == ["mine"])
        #expect(throws: ModelError.self) { try OnPlain(dictionary: ["plain": 1]) }
        // The job still works as an operation after being copied.
        let queue = OperationQueue()
        queue.addOperation(copy)
        queue.waitUntilAllOperationsAreFinished()
        #expect(copy.isFinished)
    }

    @Test("the field descriptor agrees with the runtime on every field", arguments: [
        WeakExistentialTests.Delegating.self, WeakExistentialTests.DelegatingClass.self, UnownedReferenceTests.Unowned.self,
        ShadowDerived.self, Job.self, PropertyWrapperTests.Wrapped.self, UnownedReferenceTests.UnownedStruct.self,
    ] as [Any.Type])
    func descriptorAgreesWithRuntime(type: Any.Type) throws {
        let own = try #require(FieldDescriptorReader.ownRecords(of: type))
        let runtime = StoredField.fields(of: type).filter { $0.declaringType == type }
        #expect(own.map(\.name) == runtime.map(\.name))
        #expect(own.map(\.isVariable) == runtime.map(\.isVariable))
        #expect(own.map(\.ownership) == runtime.map(\.ownership))
    }

    @Test("the type context descriptor counts the stored properties the runtime reports, and points at their records",
          arguments: [
              ShadowBase.self, ShadowDerived.self, Job.self, OnPlain.self, PlainBase.self, Inheriting.self, Empty.self,
              ZeroSized.self, Generic<String>.self, Generic<Empty>.self, GenericClass<Int>.self,
              PropertyWrapperTests.Wrapped.self, UnownedReferenceTests.Unowned.self,
          ] as [Any.Type])
    func declaredFieldCount(type: Any.Type) throws {
        let declared = try #require(FieldDescriptorReader.declaredFields(of: type))
        let superclass: AnyClass? = (type as? AnyClass).flatMap { _getSuperclass($0) }
        let own = _runtimeRecursiveFieldCount(type) - (superclass.map { _runtimeRecursiveFieldCount($0) } ?? 0)
        #expect(declared.count == own)
        #expect(declared.hasFieldDescriptor)
        #expect(FieldDescriptorReader.ownRecords(of: type)?.count == own)
        if let model = type as? any Model.Type { #expect(ModelFields.of(model).unreadableMetadata == nil) }
    }

    @Test("enums, tuples and functions have no declared stored properties to check")
    func declaredFieldCountOfOtherKinds() {
        #expect(FieldDescriptorReader.declaredFields(of: Switch.self) == nil)
        #expect(FieldDescriptorReader.declaredFields(of: (Int, String).self) == nil)
        #expect(FieldDescriptorReader.declaredFields(of: (() -> Void).self) == nil)
    }
}

// MARK: - Declarations under test

extension ModelFieldsTests {
    class ShadowBase: Model {
        private var secret = 1
        var shared = 0
        required init() {}
        /// The base's private value, to check that it is never written through the subclass.
        var baseSecret: Int { secret }
    }

    final class ShadowDerived: ShadowBase {
        var secret = "derived"
        required init() {}
    }

    /// A model whose superclass is not a model: `Operation`'s private state stays out.
    final class Job: Operation, Model, @unchecked Sendable {
        var label = ""
        var priorityLevel = 0
        override required init() { super.init() }
    }

    /// A non-model class between a model and `NSObject`.
    class PlainBase: NSObject {
        var plain = 7
    }

    final class OnPlain: PlainBase, Model {
        var mine = ""
        override required init() { super.init() }
    }

    /// A class whose stored properties are all its superclass's.
    final class Inheriting: ShadowBase {}

    struct Empty: Model {}

    /// Stored properties that take no bytes.
    struct ZeroSized: Model {
        var nothing: Void = ()
        var empty = Empty()
    }

    struct Generic<T: Hashable>: Model {
        var value: T?
        var count = 0
    }

    final class GenericClass<T: Hashable>: Model {
        var value: T?
        required init() {}
    }

    enum Switch { case on, off }
}
