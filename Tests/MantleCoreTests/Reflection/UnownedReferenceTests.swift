//
//  UnownedReferenceTests.swift
//  Unowned references of every kind: not part of the model, and refused
//  when a model asks for one to take part.
//  Each test covers a fact that a SAFETY comment in Sources/MantleCore/Reflection or
//  Sources/MantleInternals/Reflection relies on.
//

import Foundation
import Testing
import MantleArchiving
@testable import MantleCore
@testable import MantleInternals

@Suite("Reflection: unowned references")
struct UnownedReferenceTests {
    @Test("the field descriptor tells weak, unowned and unowned(unsafe) apart", arguments: [
        ("owner", ReferenceOwnership.unowned),
        ("rawOwner", .unownedUnsafe),
        ("maybeOwner", .unowned),
        ("name", .strong),
    ])
    func classification(key: String, ownership: ReferenceOwnership) throws {
        let field = try #require(StoredField.fields(of: Unowned.self).first { $0.name == key })
        #expect(field.ownership == ownership)
    }

    @Test("weak fields of structs and classes are classified as weak")
    func weakClassification() {
        for type in [WeakExistentialTests.Delegating.self, WeakExistentialTests.DelegatingClass.self] as [Any.Type] {
            let weak = StoredField.fields(of: type).filter { $0.ownership == .weak }.map(\.name)
            #expect(weak.contains("delegate") && weak.contains("both"))
        }
    }

    @Test("unowned references are not part of the model, on every path")
    func notPartOfTheModel() throws {
        #expect(Unowned.propertyKeys == ["name"])
        #expect(UnownedStruct.propertyKeys == ["name"])
        let model = try Unowned(dictionary: ["name": "n"])
        #expect(Set(model.dictionaryValue.keys) == ["name"])
        #expect(model.description == #"Unowned(name: "n")"#)
        #expect(model == model.copy())
        #expect(model.copy().owner === UnownedReferenceTests.sharedOwner)
        let error = try #require(throws: ModelError.self) { try Unowned(dictionary: ["owner": Owner()]) }
        #expect(error.code == .unknownPropertyKey)
        var value = UnownedStruct()
        value.name = "v"
        #expect(value.dictionaryValue.count == 1)
        #expect(value.hashValue == UnownedStruct(name: "v").hashValue)
    }

    @Test("asking for an unowned reference to take part is refused at first use")
    func optInRefused() throws {
        #expect(UnownedOptIn.propertyKeys == ["name", "owner"])
        let error = try #require(throws: ModelError.self) { try UnownedOptIn(dictionary: ["name": "n"]) }
        #expect(error.code == .unsupportedDeclaration)
        #expect(error.propertyKey == "owner")
        #expect(error.description.contains("unowned"))
        let model = UnownedOptIn()
        #expect(throws: ModelError.self) { try model.setValue("x", forKey: "name") }
        // Non-throwing operations never read the refused field.
        #expect(model.dictionaryValue.keys.sorted() == ["name"])
        #expect(model == model.copy())
        #expect((error as NSError).code == 4)
        #expect(throws: ModelArchiverError.self) { try ModelArchiver.archivedData(with: model) }
    }
}

// MARK: - Declarations under test

extension UnownedReferenceTests {
    final class Owner: Sendable {}

    /// A long-lived owner for unowned references in tests.
    static let sharedOwner = Owner()

    /// Unowned references of every kind: not part of the model.
    final class Unowned: Model {
        var name = ""
        unowned var owner: Owner = UnownedReferenceTests.sharedOwner
        unowned(unsafe) var rawOwner: Owner = UnownedReferenceTests.sharedOwner
        unowned var maybeOwner: Owner? = UnownedReferenceTests.sharedOwner
        required init() {}
    }

    /// The same, asking for an unowned reference to take part: refused.
    final class UnownedOptIn: Model {
        var name = ""
        unowned var owner: Owner = UnownedReferenceTests.sharedOwner
        required init() {}
        static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            key == "owner" ? .permanent : key == "name" ? .permanent : .none
        }
    }

    struct UnownedStruct: Model {
        var name = ""
        unowned(unsafe) var rawOwner: Owner = UnownedReferenceTests.sharedOwner
        unowned var owner: Owner = UnownedReferenceTests.sharedOwner
    }
}
