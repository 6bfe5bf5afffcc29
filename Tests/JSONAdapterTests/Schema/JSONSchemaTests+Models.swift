//
//  JSONSchemaTests+Models.swift
//  The models of the schema tests: every kind of declared type, key path,
//  constraint and cluster the generator handles. The corpus
//  (SchemaCorpusTests) checks them against the validator too.
//

import Foundation
@testable import JSONAdapter

extension JSONSchemaTests {
    /// A CaseIterable raw-value enum.
    enum Difficulty: String, CaseIterable, Sendable {
        case easy, medium, hard
    }

    /// An integer raw-value enum, CaseIterable.
    enum Level: Int, CaseIterable, Sendable {
        case low = 1, high = 2
    }

    /// A raw-value enum that is not CaseIterable.
    enum Mood: String, Sendable {
        case calm, busy
    }

    /// A step of a recipe.
    struct Step: JSONSerializing {
        var text = ""
        var minutes: Int?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["text": "text", "minutes": "minutes"]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            key == "minutes" ? [.range(0...600)] : []
        }
    }

    /// A model with constraints and descriptions on most kinds of property.
    struct Recipe: JSONSerializing {
        var id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
        var name = ""
        var servings = 1
        var rating: Double?
        var tags: [String] = []
        var difficulty = Difficulty.easy
        var mood = Mood.calm
        var steps: [Step] = []
        var source: URL?
        var createdAt: Date?
        var photo: Data?
        var notes: [String: String] = [:]
        var course = "main"
        var calories: Int?
        var code = ""

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "id": "id", "name": "name", "servings": "servings", "rating": "rating", "tags": "tags",
            "difficulty": "difficulty", "mood": "mood", "steps": "steps", "source": "source",
            "createdAt": "created_at", "photo": "photo", "notes": "notes", "course": "course",
            "calories": "nutrition.calories", "code": "code",
        ]

        static func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            switch key {
            case "name": [.length(1...100)]
            case "servings": [.range(1...20)]
            case "rating": [.range(0.0...5.0)]
            case "tags": [.count(...10)]
            case "course": [.allowedValues(["main", "dessert"])]
            case "calories": [.exclusiveMinimum(0)]
            case "code": [.pattern("^[A-Z]{3}$"), .satisfying("not \"XXX\"") { (code: String) in code != "XXX" }]
            case "difficulty": [.allowedValues([Difficulty.easy, .medium])]
            default: []
            }
        }

        static func jsonDescription(forKey key: String) -> String? {
            switch key {
            case "name": "The recipe's title."
            case "servings": "How many people it feeds."
            default: nil
            }
        }
    }

    /// A recursive model.
    struct TreeNode: JSONSerializing {
        var value = 0
        var children: [TreeNode] = []
        var next: [String: TreeNode]?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "value": "value", "children": "children", "next": "next",
        ]
    }

    /// Every width of number.
    struct Widths: JSONSerializing {
        var int8: Int8 = 0
        var uint16: UInt16 = 0
        var int32: Int32 = 0
        var uint64: UInt64 = 0
        var float: Float = 0
        var double = 0.0
        var decimal = Decimal(0)
        var level = Level.low
        #if os(Linux) || os(Windows) || os(Android)
        var int128: Int128 = 0
        var uint128: UInt128 = 0
        var float16: Float16 = 0
        #endif
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A date and data, whose JSON forms the configuration chooses.
    struct Stamped: JSONSerializing {
        var date = Date(timeIntervalSince1970: 0)
        var when: Date?
        var blob = Data()
        var blobs: [Data] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Key paths of every shape: dotted, with array indexes, alternatives, a
    /// literal dot, a composite.
    struct Paths: JSONSerializing {
        var city = ""
        var zip: String?
        var secondDog: String?
        var firstScore = 0
        var fullName: String?
        var age = 0
        var dotted = ""
        var location: [String: Double] = [:]
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "city": "address.city", "zip": "address.zip", "secondDog": "data.1.dog.name",
            "firstScore": "scores.0", "fullName": .firstOf("fullName", "full_name", "profile.name"),
            "age": .firstOf("age", "profile.age"), "dotted": .key("a.b"), "location": ["lat", "geo.lng"],
        ]
    }

    /// A class hierarchy chosen by a type discriminator, with a fallback.
    class Animal: JSONSerializing {
        var name = ""
        var kind = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["name": "name", "kind": "kind"] }
        class func jsonConstraints(forKey key: String) -> [JSONConstraint] { [] }
        class var typeDiscriminator: JSONTypeDiscriminator? {
            JSONTypeDiscriminator(keyPath: "kind", types: ["dog": Dog.self, "cat": Cat.self, "hound": Dog.self],
                                  fallback: Animal.self)
        }
    }

    /// A dog.
    final class Dog: Animal {
        var barks = false
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(["barks": "barks"])
        }
    }

    /// A cat.
    final class Cat: Animal {
        var lives = 9
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(["lives": "details.lives"])
        }
        override class func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            key == "lives" ? [.range(0...9)] : []
        }
    }

    /// A model holding animals, the hierarchy's root and a member.
    struct Zoo: JSONSerializing {
        var animals: [Animal] = []
        var star: Cat?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["animals": "animals", "star": "star"]
    }

    /// A discriminator on a dotted path, without a fallback.
    class Message: JSONSerializing {
        var id = 0
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["id": "id"] }
        class var typeDiscriminator: JSONTypeDiscriminator? {
            JSONTypeDiscriminator(keyPath: "meta.kind", types: ["text": TextMessage.self, "1": TextMessage.self])
        }
    }

    /// A text message.
    final class TextMessage: Message {
        var body = ""
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(["body": "body"])
        }
    }

    /// A `Codable` value, mapped through its conformance.
    struct Geo: Codable, Hashable, Sendable {
        var lat = 0.0
        var lng = 0.0
    }

    /// Values the generator cannot describe, and one a transformer describes.
    struct Opaque: JSONSerializing {
        var geo = Geo()
        var color = 0
        var secret = ""
        var anything: Any = NSNull()
        var unknownKeys = JSONUnknownKeys()
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "geo": "geo", "color": "color", "secret": "secret", "anything": "anything",
        ]
        static func jsonTransformer(forKey key: String) -> JSONValueTransformer? {
            switch key {
            case "color":
                JSONValueTransformer(forward: { (text: String) -> Int? in Int(text.dropFirst(), radix: 16) },
                                 reverse: { (color: Int) -> String? in "#" + String(color, radix: 16) })
                    .withJSONSchema(["type": "string", "pattern": "^#[0-9a-fA-F]{1,6}$"])
            case "secret":
                JSONValueTransformer(forward: { (text: String) -> String? in String(text.reversed()) },
                                 reverse: { (text: String) -> String? in String(text.reversed()) })
            default: nil
            }
        }
    }

    /// Dictionaries keyed by other types than `String`.
    struct Keyed: JSONSerializing {
        var byID: [Int: String] = [:]
        var byUUID: [UUID: Int] = [:]
        var byLevel: [Level: Bool] = [:]
        var nested: [String: [Int]] = [:]
        var unique: Set<Int> = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }
}
