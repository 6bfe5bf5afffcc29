import Foundation
import MantleArchiving
import MantleCore

/// Archiving with migration: version 0 of a model archived `username`;
/// version 1 calls it `login` and migrates old archives.
public enum ArchivingExample {
    /// The model as version 0 wrote it.
    struct UserV0: Model {
        var username = ""
        var id = 0
    }

    /// The model today: `username` became `login` in version 1.
    struct User: Model {
        var login = ""
        var id = 0

        static var modelVersion: Int { 1 }

        static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                modelVersion: Int) throws -> Any? {
            if key == "login", modelVersion == 0 { return archivedValues["username"] }
            return defaultDecodedValue(forKey: key, from: archivedValues)
        }
    }

    /// The lines the example prints.
    public static func run() throws -> [String] {
        // An archive written by version 0 of the app (the type was then named UserV0).
        let old = try ModelArchiver.archivedData(with: UserV0(username: "octocat", id: 1))
        ModelArchiver.register(User.self, forTypeName: ModelArchiver.archivedTypeName(of: UserV0.self))
        let migrated = try ModelArchiver.unarchive(User.self, from: old)
        // Today's archives round-trip directly.
        let current = try ModelArchiver.unarchive(User.self, from: ModelArchiver.archivedData(with: migrated))
        return [
            "version 0 archive: \(old.count) bytes",
            "migrated: \(migrated)",
            "round trip equal: \(current == migrated)",
        ]
    }
}
