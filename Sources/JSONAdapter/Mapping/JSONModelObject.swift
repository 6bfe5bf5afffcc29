import Foundation

/// A `ModelObject` that maps to and from JSON: Mantle's
/// `MTLModel <MTLJSONSerializing>`, with every ``JSONSerializing`` hook
/// overridable at any depth.
///
/// ```swift
/// class GHUserObject: JSONModelObject {
///     var login = ""
///     var avatarURL: URL?
///
///     override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
///         jsonKeyPaths(converting: .snakeCase)
///     }
/// }
///
/// final class GHAdminObject: GHUserObject {
///     var permissions: [String] = []
///
///     override class func jsonLeniency(forKey key: String) -> JSONLeniency? {
///         key == "permissions" ? .lossyCollections : super.jsonLeniency(forKey: key)
///     }
/// }
/// ```
///
/// A `ModelObject` subclass that adopts `JSONSerializing` itself binds the
/// protocol's default hooks at that class: a hook its subclasses declare
/// would be a new method that decoding never calls. This class declares each
/// hook as an `open class` member (``serializablePropertyKeys(_:)`` as an
/// `open` method) forwarding to the default, so a subclass writes `override`,
/// calls `super` for the default, and a declaration without `override` does
/// not compile. (A plain Swift class root that adopts `JSONSerializing` does
/// the same by declaring, in its body, each hook its subclasses customise:
/// see <doc:MappingJSONToModels>.)
///
/// ``jsonKeyPathsByPropertyKey`` defaults to every property under its own
/// name (``JSONSerializing/jsonKeyPaths(converting:overriding:)``), the
/// other hooks to the protocol's defaults. An override of
/// ``classForParsing(jsonDictionary:)`` returns `self` (not `super`'s
/// answer) for the objects its class decodes itself: the adapter learns
/// whether a class chooses types by calling it once with an empty
/// dictionary, and an answer that comes from the default says it does not.
open class JSONModelObject: ModelObject, JSONSerializing {
    /// Every property under its own name; override to map others.
    open class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }

    /// `nil`: the property converts by its declared type.
    open class func jsonTransformer(forKey key: String) -> JSONValueTransformer? { nil }

    /// `nil`: the configuration's leniency.
    open class func jsonLeniency(forKey key: String) -> JSONLeniency? { nil }

    /// None.
    open class func jsonConstraints(forKey key: String) -> [JSONConstraint] { [] }

    /// None.
    open class func jsonDescription(forKey key: String) -> String? { nil }

    /// This class: the default, which marks the class as choosing no other
    /// type (see the class's discussion).
    open class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        ClassForParsingProbe.noteDefaultImplementation()
        return self
    }

    /// None: ``classForParsing(jsonDictionary:)`` chooses.
    open class var typeDiscriminator: JSONTypeDiscriminator? { nil }

    /// Every key.
    open func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> { propertyKeys }
}
