import JSONAdapter
import ReadableModels

/// A repository mapped by the identity mapping (the case that decoded to
/// every default with no error before the library checked the metadata).
public struct StrippedRepo: JSONSerializing {
    public var name = ""
    public var stars = 0
    public init() {}
    public static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

/// The same with an explicit mapping (which named a property the library
/// could not find).
public struct StrippedMappedRepo: JSONSerializing {
    public var name = ""
    public var stars = 0
    public init() {}
    public static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "full_name", "stars": "stargazers_count"] }
}

/// A class model.
public final class StrippedOwner: JSONSerializing {
    public var login = ""
    public required init() {}
    public static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

/// A subclass of a base compiled with reflection metadata: the base's
/// fields can be read, the subclass's cannot.
public final class StrippedFork: Entity {
    public var parent = ""
}

/// A generic model.
public struct StrippedPage<Item: Hashable & Sendable>: JSONSerializing {
    public var items: [Item] = []
    public var next: String?
    public init() {}
    public static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
}

/// A model with no stored property: nothing to lose, so nothing is refused.
public struct StrippedMarker: JSONSerializing {
    public init() {}
    public static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { [:] }
}
