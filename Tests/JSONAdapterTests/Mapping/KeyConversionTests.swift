//  Generated mappings: `jsonKeyPaths(converting:overriding:)` with identity,
//  snake_case, kebab-case and custom conversions, and `adding(_:)` for
//  subclasses extending their superclass's mapping.

import Foundation
import GitHubModels
import Testing
@testable import JSONAdapter

@Suite("Generated key mappings")
struct KeyConversionTests {
    static let camelCaseKeys = [
        "htmlURL", "avatarURL", "myURLProperty", "userID", "id", "a", "", "ABC", "URL", "aB", "aBC",
        "property2Name", "a1B2", "snake_case", "_private", "iOSVersion", "éCole", "naïveÉtat", "HTML",
        "siteAdmin", "createdAt", "x509Certificate", "isHTTPSOnly",
    ]

    @Test("snake_case splits words exactly as JSONEncoder.convertToSnakeCase", arguments: camelCaseKeys)
    func snakeCaseMatchesFoundation(key: String) throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let object = try JSONSerialization.jsonObject(with: encoder.encode(OneKey(key: key))) as? [String: Any]
        let foundation = try #require(object?.keys.first)
        #expect(JSONKeyConversion.snakeCase.jsonKey(forPropertyKey: key) == foundation)
        #expect(JSONKeyConversion.kebabCase.jsonKey(forPropertyKey: key)
                == foundation.replacingOccurrences(of: "_", with: "-")
                || key.contains("_"))
    }

    @Test("a few conversions by name", arguments: [
        ("htmlURL", "html_url", "html-url"), ("avatarURL", "avatar_url", "avatar-url"),
        ("myURLProperty", "my_url_property", "my-url-property"), ("siteAdmin", "site_admin", "site-admin"),
    ])
    func named(key: String, snake: String, kebab: String) {
        #expect(JSONKeyConversion.snakeCase.jsonKey(forPropertyKey: key) == snake)
        #expect(JSONKeyConversion.kebabCase.jsonKey(forPropertyKey: key) == kebab)
        #expect(JSONKeyConversion.identity.jsonKey(forPropertyKey: key) == key)
        #expect(JSONKeyConversion.custom { $0.uppercased() }.jsonKey(forPropertyKey: key) == key.uppercased())
    }

    @Test("identity maps every property key to itself; constants are not properties")
    func identity() {
        #expect(IdentityModel.jsonKeyPathsByPropertyKey == ["name": "name", "count": "count"])
    }

    @Test("a real GitHub user decodes with a generated snake_case mapping", arguments: DecodingPath.allCases)
    func githubUser(path: DecodingPath) throws {
        let issues = try #require(JSONSerialization.jsonObject(with: GitHubFixtures.data("issues")) as? [[String: Any]])
        let userObject = try #require(issues.first?["user"] as? [String: Any])
        let text = String(decoding: try JSONSerialization.data(withJSONObject: userObject), as: UTF8.self)
        let user = try path.decode(SnakeUser.self, text)
        #expect(user.login == userObject["login"] as? String)
        #expect(user.nodeID == userObject["node_id"] as? String)
        #expect(user.avatarURL?.absoluteString == userObject["avatar_url"] as? String)
        #expect(user.htmlURL?.absoluteString == userObject["html_url"] as? String)
        #expect(user.reposURL?.absoluteString == userObject["repos_url"] as? String)
        #expect(user.siteAdmin == (userObject["site_admin"] as? Bool))
        let json = try path.encode(user)
        #expect(Set(json.keys) == ["login", "id", "node_id", "avatar_url", "html_url", "site_admin", "repos_url"])
    }

    @Test("a subclass adds to its superclass's mapping", arguments: DecodingPath.allCases)
    func subclassAdding(path: DecodingPath) throws {
        #expect(PushEvent.jsonKeyPathsByPropertyKey == [
            "id": "id", "createdAt": "created_at", "headCommit": "payload.head", "size": "payload.size",
        ])
        let event = try path.decode(PushEvent.self,
                                    #"{"id": 7, "created_at": "2024", "payload": {"head": "abc", "size": 2}}"#)
        #expect(event.id == 7 && event.createdAt == "2024" && event.headCommit == "abc" && event.size == 2)
        #expect(["a": "a"].adding(["a": "b", "c": "c"]) == ["a": "b", "c": "c"] as [String: JSONKeyPath])
    }
}

// MARK: - Models

extension KeyConversionTests {
    /// A GitHub account with its whole mapping generated from snake_case.
    struct SnakeUser: JSONSerializing {
        var login = ""
        var id = 0
        var nodeID = ""
        var avatarURL: URL?
        var htmlURL: URL?
        var siteAdmin = false
        var reposURL: URL?

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            // `nodeID` would be `node_id` anyway; the override shows the syntax.
            jsonKeyPaths(converting: .snakeCase, overriding: ["nodeID": "node_id"])
        }
    }

    struct IdentityModel: JSONSerializing {
        var name = ""
        var count = 0
        let constant = 1
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    class BaseEvent: JSONSerializing {
        var id = 0
        var createdAt = ""
        required init() {}
        class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths(converting: .snakeCase) }
    }

    final class PushEvent: BaseEvent {
        var headCommit = ""
        var size = 0
        override class var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            super.jsonKeyPathsByPropertyKey.adding(["headCommit": "payload.head", "size": "payload.size"])
        }
    }

    /// Encodes one key through a keyed container, so that JSONEncoder's key strategy applies.
    private struct OneKey: Encodable {
        struct Key: CodingKey {
            var stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        let key: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(0, forKey: Key(stringValue: key))
        }
    }
}
