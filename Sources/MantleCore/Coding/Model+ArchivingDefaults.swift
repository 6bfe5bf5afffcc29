import Foundation

extension Model {
    /// The default encoding behavior of the property `key`: `.excluded` for
    /// keys that are not part of the model, `.conditional` for `weak`
    /// references, `.unconditional` otherwise.
    ///
    /// Call it from a custom ``encodingBehavior(forPropertyKey:)`` for the
    /// keys you do not treat specially (as Mantle's overrides call `super`):
    ///
    /// ```swift
    /// static func encodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
    ///     key == "cachedAvatar" ? .excluded : defaultEncodingBehavior(forPropertyKey: key)
    /// }
    /// ```
    public static func defaultEncodingBehavior(forPropertyKey key: String) -> EncodingBehavior {
        guard propertyKeys.contains(key),
              let field = ModelFields.of(self).fieldsByKey[key]?.stored else { return .excluded }
        return field.ownership == .weak ? .conditional : .unconditional
    }

    /// The default migration hook's answer: the value archived under `key`
    /// itself. Call it from a custom
    /// ``decodeValue(forKey:from:modelVersion:)`` for the keys that need no
    /// migration.
    public static func defaultDecodedValue(forKey key: String, from archivedValues: [String: Any]) -> Any? {
        archivedValues[key]
    }
}
