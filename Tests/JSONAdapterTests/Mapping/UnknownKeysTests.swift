//  `JSONUnknownKeys`: the members a mapping does not read are kept and written
//  back, so a model round-trips a server's object without losing fields.

import Foundation
import GitHubModels
import Testing
@testable import JSONAdapter

@Suite("Unknown keys")
struct UnknownKeysTests {
    /// The real GitHub issues, each as a dictionary.
    static func issues() throws -> (data: Data, objects: [[String: Any]]) {
        let data = try GitHubFixtures.data("issues")
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return (data, objects)
    }

    /// Checks: every real issue round-trips through a model that maps four of its fields, on both paths.
    @Test("a real GitHub issue round-trips with every field it did not map")
    func roundTrip() throws {
        let (data, objects) = try Self.issues()
        let models = try JSONAdapter.models(of: KeepingIssue.self, fromJSONData: data)
        let fromDictionaries = try JSONAdapter.models(of: KeepingIssue.self, from: objects)
        #expect(models == fromDictionaries)
        #expect(models.count == objects.count && !objects.isEmpty)
        for (model, object) in zip(models, objects) {
            #expect(!model.unknownKeys.isEmpty)
            #expect(!model.unknownKeys.keys.contains("number") && !model.unknownKeys.keys.contains("title"))
            #expect(model.unknownKeys.keys.contains("user"))  // read only in part: kept whole
            // Both encoders give back the server's object exactly.
            let written = try JSONAdapter.jsonData(from: model)
            let reread = try #require(try JSONSerialization.jsonObject(with: written) as? NSDictionary)
            #expect(reread == object as NSDictionary)
            let dictionary = try JSONAdapter.jsonDictionary(from: model)
            #expect(NSDictionary(dictionary: dictionary) == object as NSDictionary)
        }
        // Without the property the same fields are lost, as before.
        let forgetful = try JSONAdapter.jsonDictionary(from: JSONAdapter.models(of: ForgetfulIssue.self, fromJSONData: data)[0])
        #expect(forgetful.count == 2)
    }

    /// Checks: mapped values win over kept ones, inside partly read objects too.
    @Test("mapped values win where both have a key")
    func mappedWins() throws {
        var issue = try JSONAdapter.models(of: KeepingIssue.self, fromJSONData: Self.issues().data)[0]
        issue.title = "Renamed"
        issue.login = "someone-else"
        let written = try #require(try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: issue)) as? [String: Any])
        #expect(written["title"] as? String == "Renamed")
        let user = try #require(written["user"] as? [String: Any])
        #expect(user["login"] as? String == "someone-else")
        #expect(user["id"] != nil)  // the rest of the user is kept
        #expect(issue.unknownKeys["user"] is [String: Any])
        #expect(issue.unknownKeys.jsonText(forKey: "state")?.hasPrefix("\"") == true)
        issue.unknownKeys.removeValue(forKey: "state")
        let trimmed = try #require(try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: issue)) as? [String: Any])
        #expect(trimmed["state"] == nil)
    }

    /// Checks: a small object, by hand: kinds of values, equality and description.
    @Test("values of every kind are kept exactly")
    func kinds() throws {
        let json = #"{"number": 1, "title": "t", "user": {"login": "a"}, "n": 12345678901234567890, "f": 1.5, "b": false, "z": null, "a": [1, "x", {"k": []}]}"#
        let issue = try JSONAdapter.model(of: KeepingIssue.self, fromJSONData: Data(json.utf8))
        #expect(issue.unknownKeys.keys == ["a", "b", "f", "n", "user", "z"])
        #expect(issue.unknownKeys.jsonText(forKey: "n") == "12345678901234567890")
        #expect(issue.unknownKeys.jsonText(forKey: "a") == #"[1,"x",{"k":[]}]"#)
        #expect(issue.unknownKeys.description.contains(#""z":null"#))
        let again = try JSONAdapter.model(of: KeepingIssue.self, fromJSONData: JSONAdapter.jsonData(from: issue))
        #expect(again == issue)
        var other = issue
        other.unknownKeys.removeValue(forKey: "b")
        #expect(other != issue)
    }
}

// MARK: - Models

extension UnknownKeysTests {
    /// A GitHub issue that knows four fields and keeps the rest.
    struct KeepingIssue: JSONSerializing {
        var number = 0
        var title = ""
        var login = ""
        var unknownKeys = JSONUnknownKeys()
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] {
            ["number": "number", "title": "title", "login": "user.login"]
        }
    }

    /// The same without a place for unknown keys.
    struct ForgetfulIssue: JSONSerializing {
        var number = 0
        var title = ""
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { ["number": "number", "title": "title"] }
    }
}
