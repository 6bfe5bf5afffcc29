import Foundation

extension Model {
    /// `true` when both models have the same dynamic type and equal permanent
    /// properties.
    ///
    /// Properties compare with their own `==` when their type is `Equatable`
    /// (nested models, optionals and collections of them included); other
    /// values follow one rule: objects by identity,
    /// closures always equal, anything else child by child.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        let descriptor: ModelDescriptor
        if Self.self is AnyObject.Type {
            guard type(of: lhs) == type(of: rhs) else { return false }
            if (lhs as AnyObject) === (rhs as AnyObject) { return true }
            descriptor = lhs.dynamicDescriptor
        } else {
            descriptor = Self.descriptor
        }
        return lhs.withStorageAddress { left in
            rhs.withStorageAddress { right in
                for property in descriptor.permanentProperties
                where !property.accessor.isEqual(left, right) {
                    return false
                }
                return true
            }
        }
    }

    /// Hashes the permanent properties, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        let descriptor = dynamicDescriptor
        withStorageAddress { base in
            for property in descriptor.permanentProperties {
                property.accessor.hash(at: base, into: &hasher)
            }
        }
    }

    /// The type name and the permanent properties in declaration order,
    /// e.g. `GHUser(login: "octocat", id: 1, avatarURL: nil)`.
    public var description: String {
        let descriptor = dynamicDescriptor
        let fields = withStorageAddress { base in
            descriptor.permanentProperties.map { property -> String in
                let value = property.accessor.readValue(from: base)
                let shown: String
                switch value {
                case nil: shown = "nil"
                case let string as String: shown = String(reflecting: string)
                case let value?: shown = String(describing: value)
                }
                return "\(property.key): \(shown)"
            }
        }
        return "\(descriptor.typeName)(\(fields.joined(separator: ", ")))"
    }
}
