//
//  WrappedPropertiesModelTests.swift
//  Properties read and written through declared key paths: a wrapper with
//  `@Published`'s shape (no usable wrappedValue, the enclosing instance's
//  subscript, a notification on every write), a wrapper whose setter
//  clamps, `didSet` observers, a superclass's key path used on a subclass
//  (the fact the SAFETY comment of `ObjectKeyPathAccessor` relies on), and
//  the checks of the declaration.
//

import Foundation
import Testing
@testable import MantleCore

@Suite("WrappedPropertiesModel: properties read and written through key paths")
struct WrappedPropertiesModelTests {
    @Test("a wrapper with @Published's shape: declared names, writes through the setter, reads through the getter")
    func publishedShape() throws {
        #expect(Profile.propertyKeys == ["name", "followers", "note"])
        let profile = try Profile(dictionary: ["name": "octocat", "followers": 3])
        #expect(profile.name == "octocat")
        #expect(profile.followers == 3)
        #expect(profile.announcements == 2)
        #expect(profile.dictionaryValue["name"] as? String == "octocat")
        #expect(profile.dictionaryValue["followers"] as? Int == 3)
        try profile.setValue(4, forKey: "followers")
        #expect(profile.followers == 4)
        #expect(profile.announcements == 3)
        let error = try #require(throws: ModelError.self) { try profile.setValue("many", forKey: "followers") }
        #expect(error.code == .typeMismatch)
        #expect(error.expected == "Int")
        #expect(profile.followers == 4)
        #expect(profile.description.contains(#"name: "octocat""#))
    }

    @Test("==, hash, copy and merge use the values behind the key paths")
    func equalityCopyMerge() throws {
        let one = try Profile(dictionary: ["name": "a", "followers": 1])
        let same = try Profile(dictionary: ["name": "a", "followers": 1])
        let other = try Profile(dictionary: ["name": "a", "followers": 2])
        #expect(one == same)
        #expect(one.hashValue == same.hashValue)
        #expect(one != other)
        let copy = one.copy()
        #expect(copy !== one)
        #expect(copy == one)
        let target = Profile()
        let before = target.announcements
        target.mergeValues(forKeysFrom: other)
        #expect(target.followers == 2 && target.name == "a")
        #expect(target.announcements > before)
    }

    @Test("a superclass's key path reads and writes the property of a subclass instance; the subclass adds its own")
    func subclass() throws {
        #expect(Member.propertyKeys == ["name", "followers", "note", "role"])
        let member = try Member(dictionary: ["name": "m", "followers": 9, "role": "admin"])
        #expect(member.name == "m" && member.followers == 9 && member.role == "admin")
        #expect(member.announcements == 3)
        let copy = member.copy()
        #expect(copy == member)
        #expect(copy.role == "admin")
    }

    @Test("a struct's wrapper without a usable conformance is read and written through its key path")
    func structKeyPaths() throws {
        #expect(Settings.propertyKeys == ["volume", "title"])
        var settings = try Settings(dictionary: ["volume": 42, "title": "t"])
        #expect(settings.volume == 10) // the setter clamped it
        try settings.setValue(-1, forKey: "volume")
        #expect(settings.volume == 0)
        #expect(settings.dictionaryValue["volume"] as? Int == 0)
        #expect(settings == Settings(volume: 0, title: "t"))
    }

    @Test("an ordinary stored property listed by its key path has its observers run on every write")
    func observersRun() throws {
        let model = try Observed(dictionary: ["count": 2])
        #expect(model.history == [2])
        try model.setValue(5, forKey: "count")
        #expect(model.history == [2, 5])
    }

    @Test("a wrong declaration is refused at first use, naming the entry", arguments: [
        ("NamesNothing", "missing", "neither a stored property"),
        ("WrongRoot", "name", "rooted at"),
        ("ReadOnly", "name", "cannot write"),
        ("SharedKeyPath", "other", "the same key path"),
    ])
    func wrongDeclarations(typeName: String, key: String, words: String) throws {
        let types: [String: any Model.Type] = [
            "NamesNothing": NamesNothing.self, "WrongRoot": WrongRoot.self, "ReadOnly": ReadOnly.self,
            "SharedKeyPath": SharedKeyPath.self,
        ]
        let type = try #require(types[typeName])
        let error = try #require(throws: ModelError.self) { try type.init(dictionary: [:]) }
        #expect(error.code == .unsupportedDeclaration)
        #expect(error.propertyKey == key)
        #expect(error.description.contains(words), "\(error)")
    }
}

// MARK: - Declarations under test

/// Something told of each write into a wrapped property.
protocol Announcing: AnyObject {
    func announce()
}

/// A wrapper with `@Published`'s shape: its `wrappedValue` is unavailable,
/// and the enclosing instance's subscript reads and writes the value,
/// announcing every write to the enclosing object.
@propertyWrapper
struct Announced<Value> {
    private var stored: Value

    init(wrappedValue: Value) { stored = wrappedValue }

    @available(*, unavailable, message: "@Announced is only available on properties of classes")
    var wrappedValue: Value {
        get { preconditionFailure("unavailable") }
        set { preconditionFailure("unavailable") }
    }

    static subscript<Owner: Announcing>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Announced<Value>>
    ) -> Value {
        get { owner[keyPath: storageKeyPath].stored }
        set {
            owner.announce()
            owner[keyPath: storageKeyPath].stored = newValue
        }
    }
}

extension WrappedPropertiesModelTests {
    class Profile: Announcing, WrappedPropertiesModel {
        @Announced var name = ""
        @Announced var followers = 0
        var note = ""
        private(set) var announcements = 0
        required init() {}
        func announce() { announcements += 1 }

        class var wrappedPropertyKeyPaths: [String: AnyKeyPath] {
            ["name": \Profile.name, "followers": \Profile.followers]
        }

        static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            key == "announcements" ? .none : .permanent
        }
    }

    final class Member: Profile {
        @Announced var role = ""
        override class var wrappedPropertyKeyPaths: [String: AnyKeyPath] {
            super.wrappedPropertyKeyPaths.merging(["role": \Member.role]) { $1 }
        }
    }

    @propertyWrapper
    struct Clamped: Hashable {
        private var value: Int
        var wrappedValue: Int {
            get { value }
            set { value = min(max(newValue, 0), 10) }
        }
        init(wrappedValue: Int) { value = min(max(wrappedValue, 0), 10) }
    }

    struct Settings: WrappedPropertiesModel {
        @Clamped var volume = 5
        var title = ""
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] { ["volume": \Settings.volume] }
    }

    final class Observed: WrappedPropertiesModel {
        var count = 0 { didSet { history.append(count) } }
        var history: [Int] = []
        required init() {}
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] { ["count": \Observed.count] }
        static func storageBehavior(forPropertyKey key: String) -> PropertyStorage {
            key == "history" ? .none : .permanent
        }
    }

    struct NamesNothing: WrappedPropertiesModel {
        var name = ""
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] { ["missing": \NamesNothing.name] }
    }

    struct WrongRoot: WrappedPropertiesModel {
        var name = ""
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] { ["name": \Settings.title] }
    }

    struct ReadOnly: WrappedPropertiesModel {
        var name = ""
        var shout: String { name.uppercased() }
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] { ["name": \ReadOnly.shout] }
    }

    struct SharedKeyPath: WrappedPropertiesModel {
        var name = ""
        var other = ""
        static var wrappedPropertyKeyPaths: [String: AnyKeyPath] {
            ["name": \SharedKeyPath.name, "other": \SharedKeyPath.name]
        }
    }
}
