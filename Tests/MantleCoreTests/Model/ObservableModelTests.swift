import Foundation
import Observation
import Testing
import MantleArchiving
@testable import MantleCore
import MantleTestSupport

/// `@Observable` classes as models: the declared names are the keys, the
/// registrar is never a property, and every in-place write notifies the
/// observers of each property it changes (`withObservationTracking`).
@Suite("@Observable models")
struct ObservableModelTests {
    /// One wrong table and what its error must say (a metatype and strings:
    /// immutable, so safe to share).
    struct WrongTable: @unchecked Sendable, CustomTestStringConvertible {
        let type: any Model.Type
        let key: String
        let message: String
        var testDescription: String { String(describing: type) }
    }

    static var wrongTables: [WrongTable] {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return [] }
        return [
            WrongTable(type: MissingEntry.self, key: "b",
                       message: #"no key path for the tracked property "b"; add "b": \MissingEntry.b"#),
            WrongTable(type: WrongValueType.self, key: "a",
                       message: #"not a KeyPath<WrongValueType, Int>: give \WrongValueType.a"#),
            WrongTable(type: NotAProperty.self, key: "zzz", message: #""zzz", which is not a property of NotAProperty"#),
            WrongTable(type: UntrackedEntry.self, key: "cache", message: #""cache" is not tracked"#),
            WrongTable(type: SharedPath.self, key: "b", message: #""b" and "a" have the same key path: give \SharedPath.b"#),
            WrongTable(type: WrongRoot.self, key: "a", message: #"not a KeyPath<WrongRoot, Int>: give \WrongRoot.a"#),
        ]
    }

    // MARK: Reflection

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the property keys are the declared names; the registrar, let and lazy storage are not properties")
    func propertyKeys() throws {
        #expect(Profile.propertyKeys == ["name", "age", "tags", "nickname", "visits"])
        #expect(Draft.propertyKeys == ["title", "words"])
        #expect(Settings.propertyKeys == ["theme"])
        #expect(Employee.propertyKeys == ["name", "role"])
        #expect(Intern.propertyKeys == ["name", "school"])
        #expect(Profile.storageBehavior(forPropertyKey: "name") == .permanent)
        #expect(Profile.storageBehavior(forPropertyKey: "_name") == .none)
        #expect(Profile.storageBehavior(forPropertyKey: "_$observationRegistrar") == .none)
        #expect(Profile.encodingBehavior(forPropertyKey: "name") == .unconditional)
        #expect(Profile().value(forKey: "_$observationRegistrar") == nil)
        let error = try #require(throws: ModelError.self) { try Profile(dictionary: ["_name": "x"]) }
        #expect(error.code == .unknownPropertyKey)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("==, hash, description, dictionaryValue and copy() use the declared properties only")
    func valueSemantics() throws {
        let profile = try Profile(dictionary: ["name": "Ada", "age": 36, "tags": ["math"], "visits": 2])
        let same = try Profile(dictionary: ["name": "Ada", "age": 36, "tags": ["math"], "visits": 2])
        #expect(profile == same)
        #expect(profile.hashValue == same.hashValue)
        let older = try Profile(dictionary: ["name": "Ada", "age": 37, "tags": ["math"], "visits": 2])
        #expect(profile != older)
        #expect(profile.description == #"Profile(name: "Ada", age: 36, tags: ["math"], nickname: nil, visits: 2)"#)
        #expect(Set(profile.dictionaryValue.keys) == ["name", "age", "tags", "nickname", "visits"])
        #expect(profile.dictionaryValue["name"] as? String == "Ada")
        let copy = profile.copy()
        #expect(copy !== profile)
        #expect(copy == profile)
        #expect(copy.name == "Ada" && copy.age == 36 && copy.visits == 2)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("archiving and Codable round-trip an @Observable model")
    func archivingAndCodable() throws {
        let profile = try Profile(dictionary: ["name": "Ada", "age": 36, "nickname": "A", "visits": 3])
        let unarchived = try ModelArchiver.unarchive(Profile.self, from: ModelArchiver.archivedData(with: profile))
        #expect(unarchived == profile)
        let json = try JSONEncoder().encode(profile)
        let keys = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any]).keys
        #expect(Set(keys) == ["name", "age", "tags", "nickname", "visits"])
        #expect(try JSONDecoder().decode(Profile.self, from: json) == profile)
        // Decoding a new instance needs no declaration.
        let draft = try JSONDecoder().decode(Draft.self, from: Data(#"{"title": "T", "words": 3}"#.utf8))
        #expect(draft.title == "T" && draft.words == 3)
    }

    // MARK: Notification

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("setValue(_:forKey:) notifies the observers of the property it changes, and only when it changes")
    func setValueNotifies() throws {
        let profile = try Profile(dictionary: ["name": "Ada", "age": 36])
        #expect(try changedKeys(of: profile) { try profile.setValue("Grace", forKey: "name") } == ["name"])
        #expect(profile.name == "Grace")
        #expect(try changedKeys(of: profile) { try profile.setValue(37, forKey: "age") } == ["age"])
        #expect(try changedKeys(of: profile) { try profile.setValue(["x"], forKey: "tags") } == ["tags"])
        #expect(try changedKeys(of: profile) { try profile.setValue(["x"], forKey: "tags") } == [])
        #expect(try changedKeys(of: profile) { try profile.setValue("G", forKey: "nickname") } == ["nickname"])
        #expect(try changedKeys(of: profile) { try profile.setValue(NSNull(), forKey: "nickname") } == ["nickname"])
        #expect(profile.nickname == nil)
        // The same value again: no change, as the class's own setter decides.
        #expect(try changedKeys(of: profile) { try profile.setValue("Grace", forKey: "name") } == [])
        // An untracked property has nothing to notify.
        #expect(try changedKeys(of: profile) { try profile.setValue(9, forKey: "visits") } == [])
        #expect(profile.visits == 9)
        // The mutating variant (generic code) notifies too.
        #expect(try changedKeys(of: profile) { try Self.set(profile, 40, forKey: "age") } == ["age"])
        #expect(profile.age == 40)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a tracked weak reference is transitory, notifies when written, and stays weak")
    func trackedWeak() throws {
        #expect(Team.storageBehavior(forPropertyKey: "captain") == .transitory)
        let team = Team()
        let reads: [String: (Team) -> Any] = ["name": { $0.name }, "captain": { $0.captain as Any }]
        var member: Team.Member? = Team.Member()
        #expect(try changedKeys(of: team, reading: reads) { try team.setValue(member, forKey: "captain") } == ["captain"])
        #expect(team.captain === member)
        let other = Team()
        #expect(changedKeys(of: other, reading: reads) { other.mergeValues(forKeysFrom: team) } == ["captain"])
        #expect(other.captain === member)
        #expect(team == Team())   // transitory: not part of ==
        member = nil
        #expect(team.captain == nil && other.captain == nil)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a write that fails notifies nothing and changes nothing")
    func failedWrite() throws {
        let profile = try Profile(dictionary: ["name": "Ada", "age": 36])
        let keys = changedKeys(of: profile) {
            #expect(throws: ModelError.self) { try profile.setValue("many", forKey: "age") }
            #expect(throws: ModelError.self) { try profile.setValue(1, forKey: "nope") }
        }
        #expect(keys == [])
        #expect(profile.age == 36)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("merging notifies the observers of every property it changes")
    func mergeNotifies() throws {
        let profile = try Profile(dictionary: ["name": "Ada", "age": 36, "nickname": "A"])
        let other = try Profile(dictionary: ["name": "Grace", "age": 36, "tags": ["navy"]])
        #expect(changedKeys(of: profile) { profile.mergeValues(forKeysFrom: other) } == ["name", "tags"])
        #expect(profile.name == "Grace" && profile.tags == ["navy"] && profile.nickname == "A")
        let younger = try Profile(dictionary: ["age": 1])
        #expect(changedKeys(of: profile) { profile.takeValue(forKey: "age", from: younger) } == ["age"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("decodeProperties(from:) into an existing instance notifies the properties it changes")
    func decodePropertiesNotifies() throws {
        let profile = try Profile(dictionary: ["name": "Ada", "age": 36])
        let json = #"{"name": "Ada", "age": 41, "tags": ["x"]}"#
        #expect(try changedKeys(of: profile) { try DecodeInto.decode(json, into: profile) } == ["age", "tags"])
        #expect(profile.age == 41 && profile.tags == ["x"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("reads notify nothing: value(forKey:), dictionaryValue, ==, hash, description, copy, archiving, Codable")
    func readsDoNotNotify() throws {
        let profile = try Profile(dictionary: ["name": "Ada", "age": 36])
        let keys = try changedKeys(of: profile) {
            _ = profile.value(forKey: "name")
            _ = profile.dictionaryValue
            _ = profile == profile.copy()
            _ = profile.hashValue
            _ = profile.description
            _ = try ModelArchiver.archivedData(with: profile)
            _ = try JSONEncoder().encode(profile)
        }
        #expect(keys == [])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("in a hierarchy, each property notifies through the registrar of the class that declares it")
    func hierarchyNotifies() throws {
        let employee = try Employee(dictionary: ["name": "Ada", "role": "lead"])
        let reads: [String: (Employee) -> Any] = ["name": { $0.name }, "role": { $0.role }]
        #expect(try changedKeys(of: employee, reading: reads) { try employee.setValue("Grace", forKey: "name") }
                    == ["name"])
        #expect(try changedKeys(of: employee, reading: reads) { try employee.setValue("cto", forKey: "role") }
                    == ["role"])
        let intern = try Intern(dictionary: ["name": "Lin", "school": "MIT"])
        let internReads: [String: (Intern) -> Any] = ["name": { $0.name }]
        #expect(try changedKeys(of: intern, reading: internReads) { try intern.setValue("Kim", forKey: "name") }
                    == ["name"])
        #expect(try changedKeys(of: intern, reading: internReads) { try intern.setValue("CMU", forKey: "school") }
                    == [])
        #expect(intern.school == "CMU")
    }

    // MARK: Refusals

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("without ObservableModel, an in-place write throws and says what to declare; building needs nothing")
    func undeclaredThrows() throws {
        let draft = try Draft(dictionary: ["title": "T", "words": 3])
        #expect(draft.copy() == draft)
        let error = try #require(throws: ModelError.self) { try draft.setValue("U", forKey: "title") }
        #expect(error.code == .unsupportedDeclaration)
        #expect(error.description.contains(
            #"declare `extension Draft: ObservableModel { static var observationKeyPaths: [String: AnyKeyPath] "#
                + #"{ ["title": \Draft.title, "words": \Draft.words] } }`"#))
        #expect(throws: ModelError.self) { try DecodeInto.decode(#"{"title": "U"}"#, into: draft) }
        #expect(draft.title == "T")
        // A model with no tracked property writes in place without a declaration.
        let settings = Settings()
        try settings.setValue("dark", forKey: "theme")
        #expect(settings.theme == "dark")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a wrong observationKeyPaths is refused by every throwing use, naming the property", arguments: wrongTables)
    func wrongTable(_ table: WrongTable) throws {
        let error = try #require(throws: ModelError.self) { _ = try table.type.init(dictionary: [:]) }
        #expect(error.code == .unsupportedDeclaration)
        #expect(error.propertyKey == table.key)
        #expect(error.description.contains(table.message), "\(error)")
        let instance = table.type.init()
        #expect(throws: ModelError.self) { try Self.set(instance, nil, forKey: table.key) }
    }

    /// The mutating `setValue(_:forKey:)`, as generic code calls it.
    private static func set(_ model: any Model, _ value: Any?, forKey key: String) throws {
        var model = model
        try model.setValue(value, forKey: key)
    }

    #if os(macOS) || os(Linux) || os(Windows)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("merging into an @Observable model without ObservableModel stops the program with the same message")
    func undeclaredMergeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                let draft = ObservableModelTests.Draft()
                let other = ObservableModelTests.Draft()
                other.title = "new"
                draft.mergeValues(forKeysFrom: other)
            }
        }
        #if DEBUG
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("extension Draft: ObservableModel"))
        #else
        _ = result
        #endif
    }
    #endif
}

// MARK: - Models

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ObservableModelTests {
    @Observable final class Profile: Model, ObservableModel, Codable {
        var name = ""
        var age = 0
        var tags: [String] = []
        var nickname: String?
        @ObservationIgnored var visits = 0
        let id = 7
        required init() {}

        static var observationKeyPaths: [String: AnyKeyPath] {
            ["name": \Profile.name, "age": \Profile.age, "tags": \Profile.tags, "nickname": \Profile.nickname]
        }
    }

    /// A tracked weak reference: transitory, written through the runtime's weak functions.
    @Observable final class Team: Model, ObservableModel {
        final class Member {}

        var name = ""
        weak var captain: Member?
        required init() {}
        static var observationKeyPaths: [String: AnyKeyPath] { ["name": \Team.name, "captain": \Team.captain] }
    }

    /// `@Observable`, without the declaration.
    @Observable final class Draft: Model, Codable {
        var title = ""
        var words = 0
        required init() {}
    }

    /// `@Observable` with no tracked property: nothing to declare.
    @Observable final class Settings: Model {
        @ObservationIgnored var theme = "light"
        required init() {}
    }

    /// A hierarchy of `@Observable` classes: each has its own registrar.
    @Observable class Person: Model, ObservableModel {
        var name = ""
        required init() {}
        class var observationKeyPaths: [String: AnyKeyPath] { ["name": \Person.name] }
    }

    @Observable final class Employee: Person {
        var role = ""
        override class var observationKeyPaths: [String: AnyKeyPath] {
            super.observationKeyPaths.merging(["role": \Employee.role]) { $1 }
        }
    }

    /// A plain subclass of an `@Observable` class: its own field is not tracked.
    final class Intern: Person {
        var school = ""
    }

    // Wrong tables: each is refused at first use, naming the property.
    @Observable final class MissingEntry: Model, ObservableModel {
        var a = 0
        var b = ""
        required init() {}
        static var observationKeyPaths: [String: AnyKeyPath] { ["a": \MissingEntry.a] }
    }

    @Observable final class WrongValueType: Model, ObservableModel {
        var a = 0
        var b = ""
        required init() {}
        static var observationKeyPaths: [String: AnyKeyPath] { ["a": \WrongValueType.b, "b": \WrongValueType.b] }
    }

    @Observable final class NotAProperty: Model, ObservableModel {
        var a = 0
        required init() {}
        static var observationKeyPaths: [String: AnyKeyPath] { ["a": \NotAProperty.a, "zzz": \NotAProperty.a] }
    }

    @Observable final class UntrackedEntry: Model, ObservableModel {
        var a = 0
        @ObservationIgnored var cache = 0
        required init() {}
        static var observationKeyPaths: [String: AnyKeyPath] {
            ["a": \UntrackedEntry.a, "cache": \UntrackedEntry.cache]
        }
    }

    @Observable final class SharedPath: Model, ObservableModel {
        var a = ""
        var b = ""
        required init() {}
        static var observationKeyPaths: [String: AnyKeyPath] { ["a": \SharedPath.a, "b": \SharedPath.a] }
    }

    @Observable class WrongRoot: Model, ObservableModel {
        var a = 0
        required init() {}
        class var observationKeyPaths: [String: AnyKeyPath] { ["a": \WrongRootChild.a] }
    }

    final class WrongRootChild: WrongRoot {}

}

// MARK: - Support

/// ``changedKeys(of:reading:during:)`` for every tracked property of a `Profile`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private func changedKeys(of profile: ObservableModelTests.Profile,
                         during body: () throws -> Void) rethrows -> Set<String> {
    try changedKeys(of: profile, reading: [
        "name": { $0.name }, "age": { $0.age }, "tags": { $0.tags }, "nickname": { $0.nickname as Any },
    ], during: body)
}

// MARK: - Models

extension ObservableModelTests {
    /// Runs `decodeProperties(from:)` on an instance that already exists, with
    /// the decoder `JSONDecoder` gives for some JSON.
    final class DecodeInto: @unchecked Sendable {
        /// The user-info key under which the decoding finds this object.
        static let key = CodingUserInfoKey(rawValue: "DecodeInto")!
        /// Decodes into the instance.
        private let body: (any Decoder) throws -> Void

        private init(_ body: @escaping (any Decoder) throws -> Void) { self.body = body }

        /// What `JSONDecoder` decodes: it hands the decoder to the instance.
        private struct Refresh: Decodable {
            init(from decoder: any Decoder) throws {
                guard let target = decoder.userInfo[DecodeInto.key] as? DecodeInto else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no target"))
                }
                try target.body(decoder)
            }
        }

        /// Decodes `json` into `model` through `decodeProperties(from:)`.
        static func decode<M: Model & Decodable & AnyObject>(_ json: String, into model: M) throws {
            let decoder = JSONDecoder()
            decoder.userInfo[key] = DecodeInto { try model.decodeProperties(from: $0) }
            _ = try decoder.decode(Refresh.self, from: Data(json.utf8))
        }
    }
}
