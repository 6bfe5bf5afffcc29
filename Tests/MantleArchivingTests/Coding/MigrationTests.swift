import Foundation
import Testing
import MantleCore
@testable import MantleArchiving

/// Reading archives written by older versions of a model: the migration hook,
/// changed property types, and archived type names.
@Suite("Archiving: migration")
struct MigrationTests {
    /// Version 0 of a user, with the key `username`.
    struct UserV0: Model {
        var username = ""
        var id = 0
        var owner: Sample.Point?
    }

    /// Version 1: `username` became `login`, `owner` became `origin`.
    struct UserV1: Model {
        var login = ""
        var id = 0
        var origin: Sample.Point?

        static var modelVersion: Int { 1 }

        static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                modelVersion: Int) throws -> Any? {
            switch (key, modelVersion) {
            case ("login", 0): return archivedValues["username"]
            case ("origin", 0): return archivedValues["owner"]
            default: return archivedValues[key]
            }
        }
    }

    /// For type-change tests: archived as V0, read as V1 (registered under V0's name).
    struct ChangeV0: Model {
        var count: Any = 0
        var color = "red"
        var small = 0
        var widened = 0
    }

    struct ChangeV1: Model {
        var count = 0
        var color = Sample.Color.red
        var small: Int8 = 0
        var widened = 0.0
    }

    /// Thrown by ``HookProbe``'s migration hook.
    struct ProbeError: Error, Equatable {
        let key: String
    }

    /// Checks what the migration hook receives.
    struct HookProbe: Model {
        var point: Sample.Point?
        var note: String?
        var node: Sample.Node?
        var fail = false

        static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                modelVersion: Int) throws -> Any? {
            switch key {
            case "point": guard archivedValues[key] is Sample.Point else { throw ProbeError(key: key) }
            case "note": guard archivedValues[key] is NSNull else { throw ProbeError(key: key) }
            case "node": guard archivedValues[key] is Sample.Node else { throw ProbeError(key: key) }
            case "fail": if archivedValues[key] as? Bool == true { throw ProbeError(key: key) }
            default: break
            }
            return archivedValues[key]
        }
    }

    @Test("a version 0 archive with an old key decodes at version 1 through the hook")
    func renamedKey() throws {
        ModelArchiver.register(UserV1.self, forTypeName: ModelArchiver.archivedTypeName(of: UserV0.self))
        let old = UserV0(username: "octocat", id: 1, owner: Sample.Point(x: 3, y: 4))
        let data = try ModelArchiver.archivedData(with: old)
        let user = try ModelArchiver.unarchive(UserV1.self, from: data)
        #expect(user.login == "octocat")
        #expect(user.id == 1)
        #expect(user.origin == Sample.Point(x: 3, y: 4))

        // A current archive needs no migration.
        let current = try archiveRoundTrip(user)
        #expect(current == user)
    }

    @Test("the hook sees decoded models, objects and NSNull; its errors pass through")
    func hookInputs() throws {
        let probe = HookProbe(point: Sample.Point(x: 1, y: 1), note: nil, node: Sample.Node("n"))
        let copy = try archiveRoundTrip(probe)
        #expect(copy.point == probe.point)
        #expect(copy.node?.name == "n")

        var failing = probe
        failing.fail = true
        #expect(throws: ProbeError(key: "fail")) { try archiveRoundTrip(failing) }
    }

    @Test("values that no longer fit their property are type mismatches naming the key", arguments: [
        ("count", "string"), ("color", "purple"), ("small", "300"),
    ])
    func typeChanges(key: String, value: String) throws {
        ModelArchiver.register(ChangeV1.self, forTypeName: ModelArchiver.archivedTypeName(of: ChangeV0.self))
        var old = ChangeV0()
        switch key {
        case "count": old.count = value
        case "color": old.color = value
        default: old.small = Int(value) ?? 0
        }
        let data = try ModelArchiver.archivedData(with: old)
        let error = try #require(throws: ModelArchiverError.self) {
            try ModelArchiver.unarchive(ChangeV1.self, from: data)
        }
        #expect(error.code == .typeMismatch)
        #expect(error.propertyKey == key)
    }

    @Test("values that convert exactly to a changed type are kept")
    func exactConversions() throws {
        ModelArchiver.register(ChangeV1.self, forTypeName: ModelArchiver.archivedTypeName(of: ChangeV0.self))
        let old = ChangeV0(count: 12, color: "blue", small: -5, widened: 3)
        let new = try ModelArchiver.unarchive(ChangeV1.self, from: ModelArchiver.archivedData(with: old))
        #expect(new.count == 12)
        #expect(new.color == .blue)
        #expect(new.small == -5)
        #expect(new.widened == 3.0)
    }

    @Test("archived type names are stable for private and local types")
    func typeNames() {
        struct Local: Model { var x = 0 }
        let name = ModelArchiver.archivedTypeName(of: Local.self)
        #expect(!name.contains("$"))
        #expect(name.contains("(unknown context)"))
        #expect(name.hasSuffix(".Local"))
        #expect(ModelArchiver.archivedTypeName(of: Sample.Point.self) == String(reflecting: Sample.Point.self))
    }
}
