//  ModelObject: the NSObject-based model class (Mantle's MTLModel), and what a
//  direct `NSObject, Model` conformance gets instead.

import Foundation
import Testing
@testable import MantleCore

@Suite("Model: ModelObject (NSObject-based models)")
struct ModelObjectTests {
    @Test("keys, dictionaries and copies work as for any class model")
    func basics() throws {
        #expect(User.propertyKeys == ["login", "id", "manager"])
        let user = try User(dictionary: ["login": "octocat", "id": 1])
        #expect(user.dictionaryValue["login"] as? String == "octocat")
        let copied = user.copy()
        #expect(copied !== user)
        #expect(copied.login == "octocat")
        let nsCopied = try #require((user as NSObject).copy() as? User)
        #expect(nsCopied !== user && nsCopied.id == 1)
        #expect(Derived.propertyKeys == ["name", "level"])
    }

    @Test("isEqual, hash and description follow the model rules")
    func equality() throws {
        let first = try User(dictionary: ["login": "a", "id": 1])
        let second = try User(dictionary: ["login": "a", "id": 1])
        let third = try User(dictionary: ["login": "b", "id": 1])
        #expect(first == second)
        #expect(first.isEqual(second))
        #expect(first != third)
        #expect(first.hash == second.hash)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second, third]).count == 2)
        #expect(first.description == #"User(login: "a", id: 1)"#)
        // Different dynamic types are never equal.
        let base = try Base(dictionary: ["name": "x"])
        let derived = try Derived(dictionary: ["name": "x"])
        #expect(!base.isEqual(derived) && !derived.isEqual(base))
        #expect(!first.isEqual("a string"))
    }

    @Test("cycles terminate through isEqual and hash")
    func cycles() {
        let a = User(), b = User()
        a.login = "a"
        b.login = "a"
        a.manager = b
        b.manager = a
        #expect(a == b) // weak references are transitory: not compared
        _ = a.hash
    }

    @Test("a direct NSObject, Model conformance keeps NSObject's identity equality")
    func directConformance() throws {
        let first = try DirectNSObjectModel(dictionary: ["login": "a"])
        let second = try DirectNSObjectModel(dictionary: ["login": "a"])
        #expect(first != second)
        #expect(first == first)
        #expect(first.dictionaryValue["login"] as? String == "a")
        #expect(!first.description.contains("login"))
    }
}

// MARK: - Models

extension ModelObjectTests {
    final class User: ModelObject {
        var login = ""
        var id = 0
        weak var manager: User?
    }

    class Base: ModelObject {
        var name = ""
    }

    final class Derived: Base {
        var level = 0
    }

    /// Adopts Model directly: NSObject's identity equality wins.
    final class DirectNSObjectModel: NSObject, Model {
        var login = ""
        override required init() { super.init() }
    }
}
