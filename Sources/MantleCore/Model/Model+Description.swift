import Foundation
import MantleInternals

extension Model {
    /// The type name and the permanent properties in declaration order,
    /// e.g. `GHUser(login: "octocat", id: 1, avatarURL: nil)`.
    ///
    /// An object met again while it is being described (a reference cycle),
    /// or any model once the thread's stack runs low, is shown as `GHUser(…)`.
    public var description: String {
        ModelDescription.describe(self)
    }
}

/// The model rule for `description`, shared by the protocol's default
/// implementation and by ``ModelObject``'s override: the type name and the
/// permanent properties, guarded against cycles and deep nesting as `==` is.
package enum ModelDescription {
    /// The model `description` (see ``Model/description``).
    package static func describe<M: Model>(_ model: M) -> String {
        let descriptor = model.dynamicDescriptor
        let state = RecursionGuard.current
        guard state.hasStackRoom else { return "\(descriptor.typeName)(…)" }
        var object: ObjectIdentifier?
        if let reference = model.objectReference {
            let identifier = ObjectIdentifier(reference)
            guard state.describing.insert(identifier).inserted else { return "\(descriptor.typeName)(…)" }
            object = identifier
        }
        defer { if let object { state.describing.remove(object) } }
        if descriptor.isEnum { return "\(descriptor.typeName).\(ReflectiveEquality.caseName(of: model) ?? "?")" }
        let fields = model.withStorageAddress { base in
            descriptor.permanentProperties.map { property -> String in
                let value = property.accessor.readValue(from: base)
                let shown: String
                switch value {
                case nil: shown = "nil"
                case let string as String: shown = String(reflecting: string)
                case let value? where type(of: value) is AnyObject.Type && (FoundationContainers.isContainer(value) || value is NSSet):
                    // Not Foundation's description: it recurses into (and
                    // forever through) a container that contains itself.
                    shown = "\(type(of: value))(count: \((value as? NSArray)?.count ?? (value as? NSDictionary)?.count ?? (value as? NSSet)?.count ?? 0))"
                case let value?: shown = ValueDescription.text(of: value)
                }
                return "\(property.key): \(shown)"
            }
        }
        return "\(descriptor.typeName)(\(fields.joined(separator: ", ")))"
    }
}
