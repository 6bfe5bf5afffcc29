import Foundation

extension Model {
    /// Version 0.
    public static var modelVersion: Int { 0 }

    /// `.excluded` for keys that are not part of the model, `.conditional` for
    /// `weak` references, `.unconditional` otherwise.
    public static func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
        guard propertyKeys.contains(key),
              let field = StoredField.table(of: Self.self).fieldsByName[key] else { return .excluded }
        return field.ownership == .weak ? .conditional : .unconditional
    }

    /// The archived value stored under `key`.
    public static func decodeValue(forKey key: String, from archivedValues: [String: Any],
                                   modelVersion: Int) throws -> Any? {
        archivedValues[key]
    }
}
