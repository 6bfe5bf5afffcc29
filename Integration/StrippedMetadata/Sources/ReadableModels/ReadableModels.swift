import JSONAdapter

/// A repository, compiled with full reflection metadata: the control.
public struct ReadableRepo: JSONSerializing {
    public var name = ""
    public var stars = 0
    public init() {}
    public static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

/// A base class compiled with full reflection metadata, which the stripped
/// targets subclass.
open class Entity: JSONSerializing {
    public var id = 0
    public required init() {}
    open class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}
