//
//  SharedModels.swift
//  Small models that several suites of this target use, grouped by what they
//  are: models of plain values (`ValueModels`), models whose `validate()`
//  normalises and rejects (`ValidatedModels`) and a class cluster
//  (`MessageCluster`). A model that one suite uses is nested in that suite.
//

import Foundation
import MantleTestSupport
@testable import JSONAdapter

/// Models of plain values: one property of every type the declared type converts
/// (`EveryType`), a small nested model (`Leaf`), `Any` properties, scalars behind
/// dotted paths and distinctive defaults.
enum ValueModels {
    /// An item with an id and a name (streamed, or picked from a sub-path).
    struct Item: JSONSerializing {
        var id = 0
        var name = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    enum Shade: String, Sendable, CaseIterable {
        case red, green, blue
    }

    enum Level: Int, Sendable {
        case low = 1
        case high = 2
    }

    /// A small nested model.
    struct Leaf: JSONSerializing {
        var name = ""
        var size = 0

        init() {}
        init(name: String, size: Int = 0) {
            self.name = name
            self.size = size
        }

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "size": "size"]
    }

    /// One property of every type README's "JSON" lists as converted without a transformer.
    /// JSON keys are the property keys.
    struct EveryType: JSONSerializing {
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
        var shade = Shade.red
        var level = Level.low
        var leaf = Leaf()
        var optionalLeaf: Leaf? = Leaf(name: "default")
        var optionalInt: Int? = 99
        var optionalShade: Shade? = .blue
        var strings: [String] = []
        var urls: [URL] = []
        var dates: [Date]? = []
        var tagSet: Set<String> = []
        var levelSet: Set<Level> = []
        var scores: [String: Int] = [:]
        var leaves: [Leaf] = []
        var leafMap: [String: Leaf] = [:]
        var shades: [Shade] = []
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
    struct AnyHolder: JSONSerializing {
        var value: Any = "unset"
        var maybe: Any? = "unset"

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["value": "value", "maybe": "maybe"]
    }

    /// Scalars behind dotted paths, for the exactness errors.
    struct Strict: JSONSerializing {
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

    /// Properties with distinctive defaults, some behind dotted paths.
    struct Defaults: JSONSerializing {
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
}

/// A model whose `validate()` normalises and rejects, and a model holding such models.
enum ValidatedModels {
    /// The error `Validated.validate()` throws.
    enum ValidationError: Error, Equatable {
        case emptyName
        case tooLong(Int)
    }

    /// A model whose `validate()` normalises and rejects.
    struct Validated: JSONSerializing {
        var name = ""
        var age = 0

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "age": "age"]

        mutating func validate() throws {
            name = name.trimmingCharacters(in: .whitespaces)
            if name.isEmpty { throw ValidationError.emptyName }
            if name.count > 10 { throw ValidationError.tooLong(name.count) }
        }
    }

    /// A model holding validated models.
    struct ValidatedHolder: JSONSerializing {
        var title = ""
        var owner: Validated?
        var members: [Validated] = []

        init() {}

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "title": "title", "owner": "owner", "members": "members",
        ]
    }
}

/// A class cluster: `Message.classForParsing` picks a subclass by "type" (or an
/// unrelated type, which decoding refuses).
enum MessageCluster {
    /// The base of a class cluster: `classForParsing` picks a subclass by "type".
    class Message: JSONSerializing {
        var id = 0
        var sender = ""
        var kind = "base"

        required init() {}

        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["id": "id", "sender": "from", "kind": "type"]
        }

        class func jsonTransformer(forKey key: String) -> JSONValueTransformer? { nil }

        class func classForParsing(jsonDictionary: [String: Any]) -> (any JSONSerializing.Type)? {
            switch jsonDictionary["type"] as? String {
            case "text": return TextMessage.self
            case "picture": return PictureMessage.self
            case "base": return Message.self
            case "alien": return Unrelated.self
            case "alienClass": return UnrelatedClass.self
            default: return nil
            }
        }
    }

    final class TextMessage: Message {
        var text = ""

        required init() {
            super.init()
            kind = "text"
        }

        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.merging(["text": "body.text"]) { $1 }
        }
    }

    final class PictureMessage: Message {
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

    /// A type unrelated to `Message`.
    struct Unrelated: JSONSerializing {
        var id = 0
        init() {}
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id"]
    }

    /// A class unrelated to `Message`.
    final class UnrelatedClass: JSONSerializing {
        var id = 0
        required init() {}
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["id": "id"]
    }
}
