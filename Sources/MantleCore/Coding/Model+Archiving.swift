import Foundation

// The defaults of the requirements that `ModelArchiver` (module
// `MantleArchiving`) reads: version, encoding behavior, migration.
extension Model {
    /// Version 0.
    public static var modelVersion: Int { 0 }

    /// `.excluded` for keys that are not part of the model, `.conditional` for
    /// `weak` references, `.unconditional` otherwise.
    public static func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
        defaultEncodingBehavior(forPropertyKey: key)
    }

    /// The archived value stored under `key`.
    public static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                   modelVersion: Int) throws -> Any? {
        defaultDecodedValue(forKey: key, from: archivedValues)
    }
}
