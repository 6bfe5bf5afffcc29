//
//  ArchivingModelsTests.swift
//  ArchivingModels.md: archiving and unarchiving models (values, encoding
//  behaviors, identity, versioning, type names, the format, untrusted data) and
//  Codable models.
//

import Foundation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("ArchivingModels.md")
struct ArchivingModelsTests {
    @Test("archivedData(with:) and unarchive(_:from:) round-trip GHUser")
    func archiveRoundTrip() throws {
        let session = GitHubWalkthrough.Session()
        var user = try GitHubWalkthrough.GHUser(dictionary: ["login": "octocat", "id": 1,
                                                 "avatarURL": URL(string: "https://github.com/octocat.png")!])
        user.session = session
        let data = try ModelArchiver.archivedData(with: user)          // Data
        let restored = try ModelArchiver.unarchive(GitHubWalkthrough.GHUser.self, from: data)
        #expect(restored == user)
        #expect(restored.session == nil)   // conditional, and archived nowhere else
        withExtendedLifetime(session) {}
    }

    @Test("the values README's table lists come back with their declared types")
    func archivableValues() throws {
        var model = Archivable()
        model.text = "héllo"
        model.flag = true
        model.blob = Data([0, 1, 2])
        model.when = Date(timeIntervalSince1970: 1_500_000_000.25)
        model.small = -128
        model.big = .max
        model.ratio = 0.1
        model.precise = .pi
        model.link = URL(string: "https://github.com")
        model.relative = URL(string: "issues/1", relativeTo: URL(string: "https://api.github.com/repos/")!)
        model.amount = Decimal(string: "12.5")!
        model.color = .green
        model.point = Point(x: 1, y: 2)
        model.tags = ["a", "b"]
        model.scores = ["x": 1]
        model.history = [Point(x: 3, y: 4)]
        model.nickname = nil
        model.anything = 42

        let restored = try ModelArchiver.unarchive(Archivable.self, from: try ModelArchiver.archivedData(with: model))
        #expect(restored == model)
        #expect(restored.nickname == nil)   // nil is stored, so it wins over the non-nil default
        #expect(restored.relative?.baseURL?.absoluteString == "https://api.github.com/repos/")
        #expect(restored.relative?.absoluteString == model.relative?.absoluteString)
        #expect(restored.anything as? Int == 42)
    }

    @Test("closures, [Int: _] and a NaN date throw .unsupportedValue naming the key path")
    func unsupportedValues() {
        let dictionary = caught(ModelArchiverError.self) { _ = try ModelArchiver.archivedData(with: UnarchivableDictionary()) }
        #expect(dictionary?.code == .unsupportedValue)
        #expect(dictionary?.archivePath == "byNumber")
        let closure = caught(ModelArchiverError.self) { _ = try ModelArchiver.archivedData(with: UnarchivableClosure()) }
        #expect(closure?.code == .unsupportedValue)
        #expect(closure?.archivePath == "onTap")
        let date = caught(ModelArchiverError.self) { _ = try ModelArchiver.archivedData(with: NaNDate()) }
        #expect(date?.code == .unsupportedValue)
    }

    @Test("Profile: avatar excluded keeps its default; user archived; session conditional")
    func encodingBehaviors() throws {
        let session = GitHubWalkthrough.Session()
        var profile = Profile()
        profile.user = try GitHubWalkthrough.GHUser(dictionary: ["login": "octocat", "id": 1])
        profile.avatar = Data([1, 2, 3])
        profile.session = session
        #expect(Profile.encodingBehavior(forPropertyKey: "avatar") == .excluded)
        #expect(Profile.encodingBehavior(forPropertyKey: "session") == .conditional)
        #expect(Profile.encodingBehavior(forPropertyKey: "user") == .unconditional)

        let restored = try ModelArchiver.unarchive(Profile.self, from: try ModelArchiver.archivedData(with: profile))
        #expect(restored.user == profile.user)
        #expect(restored.avatar == nil)
        #expect(restored.session == nil)
        withExtendedLifetime(session) {}
    }

    @Test("class models keep identity and cycles; a conditional reference needs an unconditional one")
    func identityAndConditionals() throws {
        let root = Node()
        root.name = "root"
        let child = Node()
        child.name = "child"
        child.parent = root
        root.children = [child]
        root.favorite = child

        let restored = try ModelArchiver.unarchive(Node.self, from: try ModelArchiver.archivedData(with: root))
        let restoredChild = try #require(restored.children.first)
        #expect(restored.favorite === restoredChild)       // one object, referenced twice
        #expect(restoredChild.parent === restored)         // the weak parent was archived as the root

        let alone = try ModelArchiver.unarchive(Node.self, from: try ModelArchiver.archivedData(with: child))
        #expect(alone.name == "child")
        #expect(alone.parent == nil)                       // the parent was archived nowhere
    }

    @Test("versioning: an older archive migrates through decodeValue(forKey:from:modelVersion:)")
    func migration() throws {
        // An archive written by the version 0 app, where the type had `username`.
        ModelArchiver.register(GHUserV1.self, forTypeName: ModelArchiver.archivedTypeName(of: GHUserV0.self))
        let old = try ModelArchiver.archivedData(with: GHUserV0(username: "octocat", id: 1))
        let user = try ModelArchiver.unarchive(GHUserV1.self, from: old)
        #expect(user.login == "octocat")
        #expect(user.id == 1)
    }

    @Test("versioning: an archive newer than the type throws .newerVersion(archived:supported:)")
    func newerVersion() throws {
        let data = try Versioned.$simulatedVersion.withValue(2) {
            try ModelArchiver.archivedData(with: Versioned(name: "future"))
        }
        let error = caught(ModelArchiverError.self) { _ = try ModelArchiver.unarchive(Versioned.self, from: data) }
        #expect(error?.code == .newerVersion(archived: 2, supported: 1))
    }

    @Test("the hook's value converts as in init(dictionary:): 3 into Double, 3.5 into Int is .typeMismatch")
    func hookConversions() throws {
        let data = try ModelArchiver.archivedData(with: ConvertingHook())
        let restored = try ModelArchiver.unarchive(ConvertingHook.self, from: data)
        #expect(restored.ratio == 3)
        #expect(restored.count == 4)
        let error = ConvertingHook.$countValue.withValue(3.5) {
            caught(ModelArchiverError.self) { _ = try ModelArchiver.unarchive(ConvertingHook.self, from: data) }
        }
        #expect(error?.code == .typeMismatch)
        #expect(error?.archivePath == "count")
    }

    @Test("type names: String(reflecting:); subclasses found by name; generic ones need register(_:)")
    func typeNamesAndSubclasses() throws {
        #expect(ModelArchiver.archivedTypeName(of: GitHubWalkthrough.GHUser.self) == "JSONAdapterTests.GitHubWalkthrough.GHUser")

        let circle = Circle()
        circle.radius = 2
        let data = try ModelArchiver.archivedData(with: Drawing(shape: circle))
        let drawing = try ModelArchiver.unarchive(Drawing.self, from: data)   // drawing.shape is a Circle
        #expect((drawing.shape as? Circle)?.radius == 2)

        let polygon = try ModelArchiver.archivedData(with: Drawing(shape: Polygon<Int>()))
        let unknown = caught(ModelArchiverError.self) { _ = try ModelArchiver.unarchive(Drawing.self, from: polygon) }
        #expect(unknown?.code == .unknownType)
        #expect(unknown?.found == "JSONAdapterTests.ArchivingModelsTests.Polygon<Swift.Int>")
        #expect(unknown?.description.contains("register it with ModelArchiver.register(_:)") == true)
        ModelArchiver.register(Polygon<Int>.self)
        #expect(try ModelArchiver.unarchive(Drawing.self, from: polygon).shape is Polygon<Int>)

        ModelArchiver.register(Unrelated.self, forTypeName: ModelArchiver.archivedTypeName(of: Triangle.self))
        let triangle = try ModelArchiver.archivedData(with: Drawing(shape: Triangle()))
        let unrelated = caught(ModelArchiverError.self) { _ = try ModelArchiver.unarchive(Drawing.self, from: triangle) }
        #expect(unrelated?.code == .typeMismatch)
    }

    @Test("archive format 1: a binary property list PropertyListSerialization reads; deterministic")
    func archiveFormat() throws {
        let user = try GitHubWalkthrough.GHUser(dictionary: ["login": "octocat", "id": 1])
        let data = try ModelArchiver.archivedData(with: user)
        #expect(data.starts(with: Array("bplist00".utf8)))
        #expect(try ModelArchiver.archivedData(with: user) == data)

        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(plist["$archiver"] as? String == "MantleModelArchive")
        #expect(plist["$format"] as? Int == 1)
        #expect(plist["$root"] as? Int == 0)
        let objects = try #require(plist["$objects"] as? [[String: Any]])
        #expect(objects.first?["$type"] as? String == "JSONAdapterTests.GitHubWalkthrough.GHUser")
        #expect(objects.first?["$version"] as? Int == 0)
        let values = try #require(objects.first?["$values"] as? [String: Any])
        #expect(values["login"] as? String == "octocat")
        #expect(values["id"] as? Int == 1)
        #expect((values["avatarURL"] as? [String: Any])?["$null"] as? Bool == true)
        #expect((values["session"] as? [String: Any])?["$null"] as? Bool == true)
    }

    @Test("untrusted data: every prefix, another format, a newer format throw their ModelArchiverError codes")
    func untrustedData() throws {
        let user = try GitHubWalkthrough.GHUser(dictionary: ["login": "octocat", "id": 1])
        let data = try ModelArchiver.archivedData(with: user)
        for length in 0..<data.count {
            let error = caught(ModelArchiverError.self) { _ = try ModelArchiver.unarchive(GitHubWalkthrough.GHUser.self, from: data.prefix(length)) }
            #expect(error?.code == .truncatedData || error?.code == .corruptData, "prefix of \(length) bytes")
        }
        let json = caught(ModelArchiverError.self) { _ = try ModelArchiver.unarchive(GitHubWalkthrough.GHUser.self, from: Data("{}".utf8)) }
        #expect(json?.code == .notAnArchive)

        var plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        plist["$format"] = 2
        let newer = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let format = caught(ModelArchiverError.self) { _ = try ModelArchiver.unarchive(GitHubWalkthrough.GHUser.self, from: newer) }
        #expect(format?.code == .unsupportedFormatVersion(archived: 2, supported: 1))
    }

    @Test("Codable: JSONEncoder / JSONDecoder; weak and closure properties skipped; nil is explicit")
    func codableUser() throws {
        let session = GitHubWalkthrough.Session()
        var user = CodableUser()
        user.login = "octocat"
        user.id = 1
        user.session = session
        let json = try JSONEncoder().encode(user)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == ["login", "id", "avatarURL"])
        #expect(object["avatarURL"] is NSNull)

        let decoded = try JSONDecoder().decode(CodableUser.self, from: json)
        #expect(decoded == user)
        #expect(decoded.session == nil)
        #expect(try JSONDecoder().decode(CodableUser.self, from: Data(#"{"id": 7, "extra": 1}"#.utf8)).login == "")
        withExtendedLifetime(session) {}
    }

    @Test("Codable: a wrong type throws DecodingError with the value's coding path")
    func codableErrors() throws {
        let text = #"{"points": [{"x": 1, "y": "no"}]}"#
        do {
            _ = try JSONDecoder().decode(CodablePoints.self, from: Data(text.utf8))
            Issue.record("expected a DecodingError")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["points", "Index 0", "y"])
        }
    }

    @Test("Codable: subclasses inherit it; customizing with encodeProperties / decodeProperties")
    func codableClassesAndCustomizing() throws {
        let dog = CodableDog()
        dog.name = "Rex"
        dog.breed = "collie"
        let dogJSON = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(dog)) as? [String: Any])
        #expect(dogJSON["breed"] as? String == "collie" && dogJSON["name"] as? String == "Rex")
        let decodedDog = try JSONDecoder().decode(CodableDog.self, from: try JSONEncoder().encode(dog))
        #expect(decodedDog == dog)

        let extra = try #require(try JSONSerialization.jsonObject(
            with: try JSONEncoder().encode(CodableExtra(name: "x"))) as? [String: Any])
        #expect(extra["schema"] as? Int == 2 && extra["name"] as? String == "x")

        let custom = try JSONDecoder().decode(CodableCustom.self, from: Data(#"{"name": "c"}"#.utf8))
        #expect(custom.name == "c")
    }

    @Test("Codable encodes values, not objects: a shared instance comes back as two")
    func codableValuesNotObjects() throws {
        let animal = CodableAnimal()
        animal.name = "shared"
        let decoded = try JSONDecoder().decode(CodableTwice.self,
                                               from: try JSONEncoder().encode(CodableTwice(first: animal, second: animal)))
        #expect(decoded.first?.name == "shared")
        #expect(decoded.first !== decoded.second)
    }
}

// MARK: - Models

extension ArchivingModelsTests {
    /// README's `Profile` (encoding behaviors).
    struct Profile: Model {
        var user: GitHubWalkthrough.GHUser?
        var avatar: Data?                     // a cache, rebuilt on demand
        weak var session: GitHubWalkthrough.Session?      // .conditional by default

        static func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
            key == "avatar" ? .excluded : defaultEncodingBehavior(forPropertyKey: key)
        }
    }

    /// The version 0 `GHUser` of README's migration example (`var username`).
    struct GHUserV0: Model {
        var username = ""
        var id = 0
    }

    /// README's version 1 `GHUser`, which renamed `username` to `login`.
    struct GHUserV1: Model {
        var login = ""
        var id = 0

        static var modelVersion: Int { 1 }

        static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                modelVersion: Int) throws -> Any? {
            if key == "login", modelVersion < 1 { return archivedValues["username"] }
            return defaultDecodedValue(forKey: key, from: archivedValues)
        }
    }

    /// A model whose version is chosen per task, to archive "newer" data.
    struct Versioned: Model {
        @TaskLocal static var simulatedVersion = 1
        var name = ""
        static var modelVersion: Int { simulatedVersion }
    }

    /// A migration hook that returns values of other types.
    struct ConvertingHook: Model {
        var ratio = 0.0
        var count = 0
        @TaskLocal static var countValue: Double = 4

        static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                modelVersion: Int) throws -> Any? {
            switch key {
            case "ratio": return 3           // converts to a Double
            case "count": return countValue  // 3.5 does not convert to an Int
            default: return defaultDecodedValue(forKey: key, from: archivedValues)
            }
        }
    }

    /// The article's class hierarchy: a property declared `Shape?`.
    class Shape: Model {
        var name = ""
        required init() {}
    }

    final class Circle: Shape {
        var radius = 0.0
    }

    /// Generic: registered before it is unarchived.
    final class Polygon<Corners>: Shape {
        var side = 0.0
    }

    /// Its archived name is registered to an unrelated class.
    final class Triangle: Shape {}

    final class Unrelated: Model {
        var name = ""
        required init() {}
    }

    struct Drawing: Model {
        var shape: Shape?
    }

    /// Class models: shared references, cycles, a conditional (weak) parent.
    final class Node: Model {
        var name = ""
        var children: [Node] = []
        var favorite: Node?
        weak var parent: Node?
        required init() {}
    }

    enum Color: String { case red, green }

    struct Point: Model {
        var x = 0
        var y = 0
    }

    /// One property of each kind in README's table of archivable values.
    struct Archivable: Model {
        var text = ""
        var flag = false
        var blob = Data()
        var when = Date(timeIntervalSince1970: 0)
        var small: Int8 = 0
        var big: UInt64 = 0
        var ratio: Float = 0
        var precise = 0.0
        var link: URL?
        var relative: URL?
        var id = UUID()
        var amount = Decimal(0)
        var color = Color.red
        var point = Point()
        var tags: Set<String> = []
        var scores: [String: Int] = [:]
        var history: [Point] = []
        var nickname: String? = "default"
        var anything: Any = 0
    }

    struct UnarchivableDictionary: Model {
        var byNumber: [Int: String] = [1: "one"]
    }

    struct UnarchivableClosure: Model {
        var onTap: @Sendable () -> Void = {}
    }

    struct NaNDate: Model {
        var when = Date(timeIntervalSinceReferenceDate: .nan)
    }

    /// README's `Codable` `GHUser`.
    struct CodableUser: Model, Codable {
        var login = ""
        var id = 0
        var avatarURL: URL?
        weak var session: GitHubWalkthrough.Session?    // skipped
        var onTap: () -> Void = {}          // skipped: not Codable
    }

    struct CodablePoint: Model, Codable {
        var x = 0.0
        var y = 0.0
    }

    struct CodablePoints: Model, Codable {
        var points: [CodablePoint] = []
    }

    /// "Declaring `Codable` on a non-final base class is enough."
    class CodableAnimal: Model, Codable {
        var name = ""
        required init() {}
    }

    final class CodableDog: CodableAnimal {
        var breed = ""
    }

    /// README's customizing example, for a struct.
    struct CodableExtra: Model, Codable {
        var name = ""

        enum ExtraKeys: String, CodingKey { case schema }

        func encode(to encoder: any Encoder) throws {
            try encodeProperties(to: encoder)
            var extra = encoder.container(keyedBy: ExtraKeys.self)
            try extra.encode(2, forKey: .schema)
        }
    }

    /// README's customizing example, for a class.
    final class CodableCustom: Model, Codable {
        var name = ""
        required init() {}

        required convenience init(from decoder: any Decoder) throws {
            self.init()
            try decodeProperties(from: decoder)
        }
    }

    /// "A class instance referenced twice is encoded twice."
    struct CodableTwice: Model, Codable {
        var first: CodableAnimal?
        var second: CodableAnimal?
    }
}
