//  ModelObject against NSObject's methods of the same names: value(forKey:),
//  setValue(_:forKey:) and copy() at a call typed as a subclass reach the
//  model's, and in-place writes send Key-Value Observing notifications.
//  On Linux, NSObject's Key-Value Coding and Observing methods are stand-ins
//  (Support/DarwinKeyValueCoding.swift, MantleTestSupport's
//  KeyValueChanges.swift); on Apple platforms the last suite uses the real ones.

import Foundation
import MantleTestSupport
import Testing
@testable import MantleCore

@Suite("Model: ModelObject against NSObject's Key-Value Coding")
struct ModelObjectKeyValueCodingTests {
    #if !canImport(ObjectiveC)
    @Test("value(forKey:) on a subclass reads the model property, not NSObject's Key-Value Coding")
    func valueForKey() throws {
        let user = try User(dictionary: ["login": "octocat", "id": 1])
        #expect(user.value(forKey: "login") as? String == "octocat")
        #expect(user.value(forKey: "id") as? Int == 1)
        #expect(user.value(forKey: "nickname") == nil)   // nil property
        #expect(user.value(forKey: "unknown") == nil)    // no such property
        let admin = try Admin(dictionary: ["login": "root", "level": 3])
        #expect(admin.value(forKey: "level") as? Int == 3)
        #expect(admin.value(forKey: "login") as? String == "root")
        let object: ModelObject = admin
        #expect(object.value(forKey: "level") as? Int == 3)
        // The stand-in answers where no ModelObject is involved.
        #expect(NSObject().value(forKey: "login") as? String == DarwinKeyValueCoding.marker)
    }

    @Test("try setValue(_:forKey:) on a subclass is the model's throwing setter")
    func setValueForKey() throws {
        let calls = DarwinKeyValueCoding.SetterCalls()
        let user = User()
        try DarwinKeyValueCoding.$setterCalls.withValue(calls) {
            try user.setValue("octocat", forKey: "login")
            let mismatch = try #require(caught(ModelError.self) { try user.setValue("one", forKey: "id") })
            #expect(mismatch.code == .typeMismatch && mismatch.propertyKey == "id")
            let unknown = try #require(caught(ModelError.self) { try user.setValue(1, forKey: "unknown") })
            #expect(unknown.code == .unknownPropertyKey)
            let admin = Admin()
            try admin.setValue(2, forKey: "level")
            #expect(admin.level == 2)
        }
        #expect(user.login == "octocat" && user.id == 0)
        #expect(calls.count == 0)
        // The stand-in is reachable, so a count of 0 says something.
        DarwinKeyValueCoding.$setterCalls.withValue(calls) { NSObject().setValue(1, forKey: "x") }
        #expect(calls.count == 1)
    }
    #endif

    @Test("copy() on a subclass is typed; NSObject's and NSCopying's copies are model copies too")
    func typedCopy() throws {
        let user = try User(dictionary: ["login": "octocat", "id": 1])
        let copy = user.copy()                 // a User: `.login` compiles
        #expect(copy.login == "octocat" && copy !== user && copy == user)
        let admin: User = try Admin(dictionary: ["login": "root", "level": 3])   // typed as its superclass
        let adminCopy = admin.copy()
        #expect(adminCopy is Admin && adminCopy == admin && adminCopy !== admin)
        let untyped = try #require((user as NSObject).copy() as? User)
        #expect(untyped == user && untyped !== user)
        let copying = try #require((user as NSCopying).copy(with: nil) as? User)
        #expect(copying == user && copying !== user)
        let any: Any = user.copy()
        #expect((any as? User) == user)
        func generic<M: Model>(_ model: M) -> M { model.copy() }
        #expect(generic(user) == user && generic(user) !== user)
    }
}

#if !canImport(ObjectiveC)
@Suite("Model: in-place writes into NSObject models send Key-Value Observing notifications")
struct ModelObjectKeyValueObservingTests {
    typealias User = ModelObjectKeyValueCodingTests.User

    @Test("setValue(_:forKey:) sends will/did around the store, and nothing when the value is unchanged")
    func setValue() throws {
        let user = try User(dictionary: ["login": "a"])
        #expect(try simulatedKeyValueChanges(of: user) { try user.setValue("b", forKey: "login") }
                == ["will login: a", "did login: b"])
        #expect(try simulatedKeyValueChanges(of: user) { try user.setValue("b", forKey: "login") } == [])
        // A failed write sends nothing.
        #expect(simulatedKeyValueChanges(of: user) { _ = try? user.setValue("x", forKey: "id") } == [])
    }

    @Test("merging sends a pair per changed property")
    func merging() throws {
        let user = try User(dictionary: ["login": "a", "id": 1])
        let other = try User(dictionary: ["login": "b", "id": 1, "nickname": "bee"])
        #expect(simulatedKeyValueChanges(of: user) { user.mergeValues(forKeysFrom: other) }
                == ["will login: a", "did login: b", "will nickname: nil", "did nickname: bee"])
    }

    @Test("a direct NSObject, Model class notifies too")
    func directConformance() throws {
        let model = ModelObjectTests.DirectNSObjectModel()
        #expect(try simulatedKeyValueChanges(of: model) { try model.setValue("x", forKey: "login") }
                == ["will login: ", "did login: x"])
    }

    @Test("building a new instance notifies nothing")
    func newInstances() throws {
        let user = try User(dictionary: ["login": "a"])
        #expect(try simulatedKeyValueChanges(of: user) {
            _ = try User(dictionary: ["login": "b"])
            _ = user.copy()
        } == [])
    }
}
#endif

#if canImport(ObjectiveC)
@Suite("Model: ModelObject with Apple's Key-Value Coding and Observing")
struct ModelObjectDarwinKeyValueTests {
    typealias User = ModelObjectKeyValueCodingTests.User

    @Test("Objective-C Key-Value Coding reaches the model: plain Swift properties, type checks")
    func keyValueCoding() throws {
        let user = try User(dictionary: ["login": "octocat", "id": 1])
        let object: NSObject = user
        #expect(object.value(forKey: "login") as? String == "octocat")   // not @objc
        #expect(object.value(forKey: "unknown") == nil)
        #expect(object.value(forKey: "description") as? String == user.description)
        object.setValue("hubot", forKey: "login")
        #expect(user.login == "hubot")
        try user.setValue("mona", forKey: "login")
        #expect(user.login == "mona")
    }

    @Test("observers of an @objc dynamic property hear of in-place writes")
    func keyValueObserving() throws {
        let model = Observed()
        let changes = Changes()
        let observation = model.observe(\.title, options: [.old, .new]) { _, change in
            changes.record("\(change.oldValue ?? "nil") -> \(change.newValue ?? "nil")")
        }
        try model.setValue("a", forKey: "title")
        model.mergeValues(forKeysFrom: try Observed(dictionary: ["title": "b"]))
        observation.invalidate()
        #expect(changes.entries == [" -> a", "a -> b"])
    }

    /// A model with an `@objc dynamic` property.
    final class Observed: ModelObject {
        @objc dynamic var title = ""
    }

    /// Changes reported by an observer.
    final class Changes: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [String] = []
        func record(_ entry: String) { lock.withLock { recorded.append(entry) } }
        var entries: [String] { lock.withLock { recorded } }
    }
}
#endif

// MARK: - Models

extension ModelObjectKeyValueCodingTests {
    class User: ModelObject {
        var login = ""
        var id = 0
        var nickname: String?
    }

    final class Admin: User {
        var level = 0
    }
}
