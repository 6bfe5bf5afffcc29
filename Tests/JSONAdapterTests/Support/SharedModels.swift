//
//  SemModels.swift
//  Small models for the API.md semantics tests. Every name starts with `Sem`.
//

import Foundation
import MantleTestSupport
@testable import JSONAdapter

// MARK: - Type-driven conversion

enum SemShade: String, Sendable, CaseIterable {
    case red, green, blue
}

enum SemLevel: Int, Sendable {
    case low = 1
    case high = 2
}

/// A small nested model.
struct SemLeaf: JSONSerializing {
    var name = ""
    var size = 0

    init() {}
    init(name: String, size: Int = 0) {
        self.name = name
        self.size = size
    }

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "size": "size"]
}

/// One property of every type API.md lists as converted without a transformer.
/// JSON keys are the property keys.
struct SemTypes: JSONSerializing {
    var string = ""
    var bool = false
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    #if os(Linux) || os(Windows) || os(Android)
    // Int128/UInt128 need macOS 15 / iOS 18 and Float16 is not on macOS x86_64:
    // tested where the platform has them unconditionally (see CONTRIBUTING.md).
    var int128: Int128 = 0
    var uint128: UInt128 = 0
    var float16: Float16 = 0
    #endif
    var double = 0.0
    var float: Float = 0
    var url: URL?
    var uuid: UUID?
    var date: Date?
    var plainDate = Date(timeIntervalSince1970: 0)
    var shade = SemShade.red
    var level = SemLevel.low
    var leaf = SemLeaf()
    var optionalLeaf: SemLeaf? = SemLeaf(name: "default")
    var optionalInt: Int? = 99
    var optionalShade: SemShade? = .blue
    var strings: [String] = []
    var urls: [URL] = []
    var dates: [Date]? = []
    var tagSet: Set<String> = []
    var levelSet: Set<SemLevel> = []
    var scores: [String: Int] = [:]
    var leaves: [SemLeaf] = []
    var leafMap: [String: SemLeaf] = [:]
    var shades: [SemShade] = []
    var nestedInts: [[Int]] = []
    var optionalStrings: [String?] = []
    var uuidsByName: [String: UUID]? = [:]

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] =
        Dictionary(uniqueKeysWithValues: [
            "string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32",
            "uint64", "double", "float", "url", "uuid", "date", "plainDate",
            "shade", "level", "leaf", "optionalLeaf", "optionalInt", "optionalShade", "strings", "urls",
            "dates", "tagSet", "levelSet", "scores", "leaves", "leafMap", "shades", "nestedInts",
            "optionalStrings", "uuidsByName",
        ].map { ($0, JSONKeyPath.path($0)) }).merging(wideKeyPaths) { first, _ in first }

    #if os(Linux) || os(Windows) || os(Android)
    /// The keys of the 128-bit and half-precision properties.
    static let wideKeyPaths: [String: JSONKeyPath] = ["int128": "int128", "uint128": "uint128", "float16": "float16"]
    #else
    static let wideKeyPaths: [String: JSONKeyPath] = [:]
    #endif
}

/// `Any` and `Any?` properties.
struct SemAnyHolder: JSONSerializing {
    var value: Any = "unset"
    var maybe: Any? = "unset"

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["value": "value", "maybe": "maybe"]
}

/// Scalars behind dotted paths, for the exactness errors.
struct SemStrict: JSONSerializing {
    var count = 0
    var small: Int8 = 0
    var name = ""
    var flag = false
    var ratio = 0.0
    var unsigned: UInt8 = 0

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "count": "stats.count", "small": "stats.small", "name": "info.name",
        "flag": "flag", "ratio": "ratio", "unsigned": "u",
    ]
}

/// 64-bit extremes.
struct SemExtremes: JSONSerializing {
    var big: UInt64 = 0
    var small: Int64 = 0
    var bigs: [UInt64] = []

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["big": "big", "small": "small", "bigs": "bigs"]
}

// MARK: - Missing keys, null, validation

/// Properties with distinctive defaults, some behind dotted paths.
struct SemDefaults: JSONSerializing {
    var name = "default-name"
    var count = 7
    var nickname: String? = "nick"
    var city: String? = "Paris"
    var street: String? = "Main Street"
    var zip = "75001"
    var unmapped = "keep"

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "name": "name", "count": "count", "nickname": "nickname",
        "city": "address.city", "street": "address.street", "zip": "postal.code",
    ]
}

/// The error `SemValidated.validate()` throws.
enum SemValidationError: Error, Equatable {
    case emptyName
    case tooLong(Int)
}

/// A model whose `validate()` normalises and rejects.
struct SemValidated: JSONSerializing {
    var name = ""
    var age = 0

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "age": "age"]

    mutating func validate() throws {
        name = name.trimmingCharacters(in: .whitespaces)
        if name.isEmpty { throw SemValidationError.emptyName }
        if name.count > 10 { throw SemValidationError.tooLong(name.count) }
    }
}

/// A model holding validated models.
struct SemValidatedHolder: JSONSerializing {
    var title = ""
    var owner: SemValidated?
    var members: [SemValidated] = []

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "title": "title", "owner": "owner", "members": "members",
    ]
}

// MARK: - Encoding

/// A point built from a composite key path.
struct SemPoint: Hashable, Sendable {
    var latitude = 0.0
    var longitude = 0.0
}

/// Dotted paths, a composite path, a one-way transformer and a selective
/// `serializablePropertyKeys`.
struct SemEncoded: JSONSerializing {
    var name = ""
    var nickname: String?
    var city: String?
    var street: String?
    var zip = ""
    var location = SemPoint()
    var shout = ""
    var secret = ""
    var hideSecret = true

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "name": "name", "nickname": "nickname", "city": "address.city", "street": "address.street",
        "zip": "postal.code", "location": ["geo.lat", "geo.lng"], "shout": "shout", "secret": "secret",
    ]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        switch key {
        case "location":
            return ValueTransformer(
                forward: { value in
                    guard let parts = value as? [String: Any] else { return SemPoint() }
                    return SemPoint(latitude: FoundationJSON.number(parts["geo.lat"]) ?? 0,
                                    longitude: FoundationJSON.number(parts["geo.lng"]) ?? 0)
                },
                reverse: { value in
                    guard let point = value as? SemPoint else { return nil }
                    return ["geo.lat": point.latitude, "geo.lng": point.longitude]
                })
        case "shout":
            // One way: upper-cases on decoding; encoding passes the value through.
            return ValueTransformer(forward: { value in (value as? String)?.uppercased() })
        default:
            return nil
        }
    }

    func serializablePropertyKeys(_ propertyKeys: Set<String>) -> Set<String> {
        hideSecret ? propertyKeys.subtracting(["secret"]) : propertyKeys
    }
}

/// Only optionals below "address" and "contact.phone", for `.omitNilValues`.
struct SemSparse: JSONSerializing {
    var id = 0
    var city: String?
    var street: String?
    var phone: String?
    var note: String?
    var leaf: SemLeaf?

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "city": "address.city", "street": "address.street", "phone": "contact.phone.number",
        "note": "note", "leaf": "leaf",
    ]
}

// MARK: - Class cluster

/// The base of a class cluster: `classForParsing` picks a subclass by "type".
class SemMessage: JSONSerializing {
    var id = 0
    var sender = ""
    var kind = "base"

    required init() {}

    class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        ["id": "id", "sender": "from", "kind": "type"]
    }

    class func jsonTransformer(forKey key: String) -> ValueTransformer? { nil }

    class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        switch jsonDictionary["type"] as? String {
        case "text": return SemTextMessage.self
        case "picture": return SemPictureMessage.self
        case "base": return SemMessage.self
        case "alien": return SemUnrelated.self
        case "alienClass": return SemUnrelatedClass.self
        default: return nil
        }
    }
}

final class SemTextMessage: SemMessage {
    var text = ""

    required init() {
        super.init()
        kind = "text"
    }

    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["text": "body.text"]) { $1 }
    }
}

final class SemPictureMessage: SemMessage {
    var imageURL: URL?
    var width = 0

    required init() {
        super.init()
        kind = "picture"
    }

    override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
        super.jsonKeyPathsByPropertyKey.merging(["imageURL": "image.url", "width": "image.width"]) { $1 }
    }
}

/// A type unrelated to `SemMessage`.
struct SemUnrelated: JSONSerializing {
    var id = 0
    init() {}
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id"]
}

/// A class unrelated to `SemMessage`.
final class SemUnrelatedClass: JSONSerializing {
    var id = 0
    required init() {}
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id"]
}

// MARK: - Struct family

/// A struct whose `classForParsing` returns other struct types.
struct SemShape: JSONSerializing {
    var kind = ""

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["kind": "kind"]

    static func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
        switch jsonDictionary["kind"] as? String {
        case "circle": return SemCircle.self
        case "square": return SemSquare.self
        case "shape": return SemShape.self
        default: return nil
        }
    }
}

struct SemCircle: JSONSerializing {
    var kind = "circle"
    var radius = 0.0
    init() {}
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["kind": "kind", "radius": "radius"]
}

struct SemSquare: JSONSerializing {
    var kind = "square"
    var side = 0
    init() {}
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["kind": "kind", "side": "size.side"]
}

// MARK: - Per-type transformers

/// A colour written as "#rrggbb"; JSON has no such type, so it needs a
/// transformer registered for the type. Only `SemTransformerTests` uses it.
struct SemColor: Hashable, Sendable, CustomStringConvertible {
    var red: UInt8 = 0
    var green: UInt8 = 0
    var blue: UInt8 = 0

    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init?(hex: String) {
        guard hex.count == 7, hex.hasPrefix("#"), let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    var hex: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    var description: String { hex }

    /// "#rrggbb" ↔ `SemColor`.
    static let hexTransformer = ValueTransformer(
        forward: { (string: String) in SemColor(hex: string) },
        reverse: { (color: SemColor) in color.hex })
}

/// Properties of `SemColor`, `[SemColor]` and `SemColor?`, and one with its own transformer.
struct SemPalette: JSONSerializing {
    var primary = SemColor(red: 0, green: 0, blue: 0)
    var accents: [SemColor] = []
    var highlight: SemColor?
    var named = SemColor(red: 0, green: 0, blue: 0)

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "primary": "primary", "accents": "accents", "highlight": "highlight", "named": "named",
    ]

    /// `named` takes colour names: a property's own transformer wins over the per-type one.
    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        guard key == "named" else { return nil }
        return ValueTransformer(
            forward: { (name: String) -> SemColor? in
                switch name {
                case "red": return SemColor(red: 255, green: 0, blue: 0)
                case "white": return SemColor(red: 255, green: 255, blue: 255)
                default: return nil
                }
            },
            reverse: { (color: SemColor) -> String? in
                switch color {
                case SemColor(red: 255, green: 0, blue: 0): return "red"
                case SemColor(red: 255, green: 255, blue: 255): return "white"
                default: return nil
                }
            })
    }
}

/// A typed transformer (String ↔ URL) used through the adapter.
struct SemLink: JSONSerializing {
    var title = ""
    var target: URL?

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "title", "target": "href"]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        guard key == "target" else { return nil }
        return ValueTransformer(
            forward: { (string: String) in string.hasPrefix("http") ? URL(string: string) : nil },
            reverse: { (url: URL) in url.scheme == "https" ? url.absoluteString : nil })
    }
}

// MARK: - Mapping errors

struct SemBadMappingUnknownKey: JSONSerializing {
    var name = ""
    init() {}
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "nope": "nope"]
}

struct SemBadMappingPath: JSONSerializing {
    var name = ""
    init() {}
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "a..b"]
}

// MARK: - Nesting

/// Class-cluster values inside another model.
struct SemInbox: JSONSerializing {
    var owner = ""
    var latest: SemMessage?
    var all: [SemMessage] = []

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["owner": "owner", "latest": "latest", "all": "all"]
}

/// A recursive model.
struct SemNode: JSONSerializing {
    var name = ""
    var children: [SemNode] = []
    var parentName: String?

    init() {}
    init(_ name: String, _ children: [SemNode] = []) {
        self.name = name
        self.children = children
    }

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "name": "name", "children": "children", "parentName": "parent.name",
    ]
}

/// A transformer whose output does not fit the property's type.
struct SemWrongOutput: JSONSerializing {
    var title = ""

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "title"]

    static func jsonTransformer(forKey key: String) -> ValueTransformer? {
        ValueTransformer(forward: { _ in 42 })
    }
}

/// A model holding a model whose mapping is malformed.
struct SemBadMappingHolder: JSONSerializing {
    var name = ""
    var child: SemBadMappingPath?

    init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "child": "child"]
}
