//
//  DefiningModelsTests.swift
//  DefiningModels.md (and README's "A model"): GHUser, the storage table, type
//  checks, equality of values that are not Equatable, merging, classes and
//  property wrappers. ("Reflection metadata" is Integration/StrippedMetadata's.)
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("DefiningModels.md (and README: A model)")
struct DefiningModelsTests {
    @Test("Property wrappers: an undeclared wrapper is refused, naming the fix; a declared one runs its setter")
    func propertyWrappers() throws {
        let error = try #require(throws: ModelError.self) { try Settings(dictionary: ["volume": 7]) }
        #expect(error.code == .unsupportedDeclaration)
        #expect(error.description.hasPrefix("Settings.volume: unsupported declaration: found @Clamped var volume"))
        #expect(error.description.contains("conform Clamped to ModelPropertyWrapper"))
        #expect(error.description.contains("or declare the key paths of the wrapped properties"))
        #expect(try DeclaredSettings(dictionary: ["volume": 42]).volume == 10)
    }

    @Test("GHUser: init(dictionary:), dictionaryValue and propertyKeys as README shows")
    func ghUser() throws {
        let user = try GitHubWalkthrough.GHUser(dictionary: ["login": "octocat", "id": 1])
        #expect(user.login == "octocat")
        #expect(user.id == 1)
        #expect(user.avatarURL == nil)

        let dictionary = user.dictionaryValue
        #expect(Set(dictionary.keys) == ["login", "id", "avatarURL", "session"])
        #expect(dictionary["login"] as? String == "octocat")
        #expect(dictionary["id"] as? Int == 1)
        #expect(dictionary["avatarURL"] is NSNull)
        #expect(dictionary["session"] is NSNull)

        #expect(GitHubWalkthrough.GHUser.propertyKeys == ["login", "id", "avatarURL", "session"])
    }

    @Test("GHUser(dictionary: [\"id\": 3.5]) throws the README's ModelError")
    func ghUserTypeMismatch() throws {
        let error = try #require(throws: ModelError.self) {
            try GitHubWalkthrough.GHUser(dictionary: ["id": 3.5])
        }
        #expect(error.code == .typeMismatch)
        #expect(error.propertyKey == "id")
        #expect(error.description == "GHUser.id: expected Int, found number 3.5")
    }

    @Test("weak is transitory and outside ==, hash and description; computed is not part of the model")
    func ghUserStorage() throws {
        #expect(GitHubWalkthrough.GHUser.storageBehavior(forPropertyKey: "login") == .permanent)
        #expect(GitHubWalkthrough.GHUser.storageBehavior(forPropertyKey: "session") == .transitory)
        #expect(GitHubWalkthrough.GHUser.storageBehavior(forPropertyKey: "displayName") == .none)

        let session = GitHubWalkthrough.Session()
        var withSession = try GitHubWalkthrough.GHUser(dictionary: ["login": "octocat", "id": 1])
        withSession.session = session
        let without = try GitHubWalkthrough.GHUser(dictionary: ["login": "octocat", "id": 1])
        #expect(withSession == without)
        #expect(withSession.hashValue == without.hashValue)
        #expect((withSession.dictionaryValue["session"] as? GitHubWalkthrough.Session) === session)
        #expect(withSession.description == #"GHUser(login: "octocat", id: 1, avatarURL: nil)"#)
        #expect(withSession.displayName == "Octocat")
        withExtendedLifetime(session) {}
    }

    @Test("storage table: var permanent, weak transitory, let / lazy / computed .none")
    func storageTable() {
        #expect(StorageKinds.propertyKeys == ["name", "owner"])
        #expect(StorageKinds.storageBehavior(forPropertyKey: "name") == .permanent)
        #expect(StorageKinds.storageBehavior(forPropertyKey: "owner") == .transitory)
        #expect(StorageKinds.storageBehavior(forPropertyKey: "kind") == .none)
        #expect(StorageKinds.storageBehavior(forPropertyKey: "expensive") == .none)
        #expect(StorageKinds.storageBehavior(forPropertyKey: "shout") == .none)
    }

    @Test("value(forKey:) and setValue(_:forKey:) with the type checks of init(dictionary:)")
    func keyValueAccess() throws {
        var user = GitHubWalkthrough.GHUser()
        try user.setValue("hubot", forKey: "login")
        #expect(user.value(forKey: "login") as? String == "hubot")
        #expect(user.value(forKey: "avatarURL") == nil)
        #expect(throws: ModelError.self) { try user.setValue("two", forKey: "id") }
        #expect(user.id == 0)
    }

    @Test("Type checks: exact numbers, no Bool/number/String mixing", arguments: [
        ("count", 3.5), ("small", 300), ("count", true),
        ("name", 1), ("flag", 1), ("ratio", 1e300),
    ] as [(String, any Sendable)])
    func typeMismatch(key: String, value: any Sendable) {
        let error = #expect(throws: ModelError.self) {
            try TypeChecks(dictionary: [key: value])
        }
        #expect(error?.code == .typeMismatch)
        #expect(error?.propertyKey == key)
    }

    @Test("Type checks: values that fit convert, floats round, collections element by element")
    func typeConversions() throws {
        let model = try TypeChecks(dictionary: [
            "count": 3.0, "small": Int64(-128), "ratio": 0.1, "tags": [1, 2.0, UInt8(3)] as [Any],
            "ids": [1, 2] as [Int], "scores": ["a": 1, "b": 2.5] as [String: Any],
        ])
        #expect(model.count == 3)
        #expect(model.small == -128)
        #expect(model.ratio == Float(0.1))
        #expect(model.tags == [1, 2, 3])
        #expect(model.ids == [1, 2])
        #expect(model.scores == ["a": 1, "b": 2.5])
        #expect(throws: ModelError.self) { try TypeChecks(dictionary: ["tags": [1, 2.5]]) }
    }

    @Test("Type checks: nil / NSNull for optionals, nilForNonOptional, unknownPropertyKey")
    func nilsAndUnknownKeys() throws {
        #expect(try TypeChecks(dictionary: ["nickname": NSNull()]).nickname == nil)
        let nilError = #expect(throws: ModelError.self) { try TypeChecks(dictionary: ["name": NSNull()]) }
        #expect(nilError?.code == .nilForNonOptional)
        let unknown = #expect(throws: ModelError.self) { try TypeChecks(dictionary: ["nmae": "x"]) }
        #expect(unknown?.code == .unknownPropertyKey)
        #expect(unknown?.propertyKey == "nmae")
    }

    @Test("Equality rule: non-Equatable structs child by child, objects by identity, closures equal")
    func equalityRule() {
        let object = GitHubWalkthrough.Session()
        var a = EqualityRule()
        var b = EqualityRule()
        a.object = object
        b.object = object
        b.handler = { 1 }
        #expect(a == b)                         // closures always compare equal
        #expect(a.hashValue == b.hashValue)
        b.point.y = 1
        #expect(a != b)                         // child by child
        b.point.y = 0
        b.object = GitHubWalkthrough.Session()
        #expect(a != b)                         // identity
    }

    @Test("merging: a custom mergeValue(forKey:from:) plus takeValue for the rest")
    func merging() {
        var draft = Draft(title: "Draft", tags: ["a"], body: "text")
        let update = Draft(title: "Final", tags: ["b"], body: nil)
        draft.mergeValues(forKeysFrom: update)
        #expect(draft.title == "Final")
        #expect(draft.tags == ["a", "b"])
        #expect(draft.body == "text")           // nil is not taken
    }

    @Test("classes: inherited properties, == needs the same dynamic type, copy() is new and equal")
    func classes() {
        #expect(AdminAccount.propertyKeys == ["login", "followers", "permissions"])
        let admin = AdminAccount()
        admin.login = "root"
        admin.permissions = ["all"]
        let copy = admin.copy()
        #expect(copy !== admin)
        #expect(copy == admin)
        #expect(type(of: copy) == AdminAccount.self)

        let plain = Account()
        plain.login = "root"
        let base: Account = AdminAccount()
        base.login = "root"
        #expect(plain != base)
    }

    @Test("hooks in class hierarchies: the root declares them, the subclass's overrides run")
    func classHooks() throws {
        #expect(throws: InvoiceError.negativeTotal) { _ = try Invoice(dictionary: ["total": -1]) }
        #expect(Invoice.modelVersion == 2 && (Invoice.self as any Model.Type).modelVersion == 2)
        #expect(Invoice.propertyKeys == ["id", "total"])
        let invoice = try Invoice(dictionary: ["id": 1, "total": 5])
        let restored = try ModelArchiver.unarchive(Invoice.self, from: ModelArchiver.archivedData(with: invoice))
        #expect(restored == invoice)
    }
}

// MARK: - Models

extension DefiningModelsTests {
    /// The storage rules of the README's table: `var` permanent, `weak`
    /// transitory, `let` / `lazy` / computed not part of the model.
    struct StorageKinds: Model {
        var name = ""
        weak var owner: GitHubWalkthrough.Session?
        let kind = "fixed"
        lazy var expensive = 42
        var shout: String { name.uppercased() }
    }

    /// The "Type checks" paragraph.
    struct TypeChecks: Model {
        var count = 0
        var small: Int8 = 0
        var ratio: Float = 0
        var name = ""
        var flag = false
        var nickname: String? = "none"
        var tags: [Int] = []
        var ids: Set<Int64> = []
        var scores: [String: Double] = [:]
    }

    /// A value that is not `Equatable`, for the equality rule.
    struct Point {
        var x = 0
        var y = 0
    }

    /// The "Equality of values that are not `Equatable`" paragraph.
    struct EqualityRule: Model {
        var point = Point()
        var object: GitHubWalkthrough.Session?
        var handler: @Sendable () -> Int = { 0 }
    }

    /// The merge row of the table: switch on the key, `takeValue` for the rest.
    struct Draft: Model {
        var title = ""
        var tags: [String] = []
        var body: String?

        mutating func mergeValue(forKey key: String, from model: any Model) {
            switch key {
            case "tags":
                tags += model.value(forKey: "tags") as? [String] ?? []
            default:
                takeValue(forKey: key, from: model)
            }
        }
    }

    /// "Classes work the same way (mark `init()` `required`)".
    class Account: Model {
        var login = ""
        var followers = 0
        required init() {}
    }

    /// A subclass sees its superclass's stored properties.
    final class AdminAccount: Account {
        var permissions: [String] = []
    }

    /// "Property wrappers": a wrapper that does not conform.
    @propertyWrapper struct Clamped {
        private var value: Int
        var wrappedValue: Int {
            get { value }
            set { value = min(max(newValue, 0), 10) }
        }
        init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
    }

    struct Settings: Model {
        @Clamped var volume = 5
    }

    struct DeclaredSettings: WrappedPropertiesModel {
        @Clamped var volume = 5
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] { ["volume": \DeclaredSettings.volume] }
    }

    enum InvoiceError: Error { case negativeTotal }

    /// "Hooks in class hierarchies": the root declares the hooks.
    class Record: Model {
        var id = 0
        required init() {}

        func validate() throws {}
        class var modelVersion: Int { 0 }
        class func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            defaultStorageBehavior(forPropertyKey: key)
        }
    }

    /// A subclass overrides them.
    final class Invoice: Record {
        var total = 0
        var cachedSummary = ""

        override func validate() throws {
            try super.validate()
            if total < 0 { throw InvoiceError.negativeTotal }
        }
        override class var modelVersion: Int { 2 }
        override class func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            key == "cachedSummary" ? .none : super.storageBehavior(forPropertyKey: key)
        }
    }
}

// DefiningModels.md, "Apps whose code is on the main actor": `nonisolated` models made and used
// in a detached task. (Integration/MainActorApp checks them under default main-actor isolation.)
#if compiler(>=6.1)
@Suite("DefiningModels.md: apps whose code is on the main actor")
struct DefiningModelsMainActorTests {
    nonisolated struct GHUser: Model {
        var login = ""
        var id = 0
    }

    nonisolated final class Account: Model {
        var login = ""
        required init() {}
    }

    @Test("nonisolated models are made and compared off the main actor")
    @MainActor
    func offTheMainActor() async throws {
        let user = try await Task.detached { try GHUser(dictionary: ["login": "octocat", "id": 1]) }.value
        #expect(user == (try GHUser(dictionary: ["login": "octocat", "id": 1])))
        let login = try await Task.detached { try Account(dictionary: ["login": "hubot"]).login }.value
        #expect(login == "hubot")
    }
}
#endif
