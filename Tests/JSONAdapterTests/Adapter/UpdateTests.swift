//  Partial updates: JSONAdapter.update(_:fromJSONData:) / update(_:from:)
//  change only the properties whose JSON is present, with Mantle's merge.

import Foundation
import GitHubModels
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("Partial updates")
struct UpdateTests {
    @Test("a real issue patched with a few keys keeps the rest", arguments: DecodingPath.allCases)
    func patchIssue(path: DecodingPath) throws {
        let issues = try JSONAdapter.models(of: GHIssue.self, fromJSONData: GitHubFixtures.data("issues"))
        var issue = try #require(issues.first)
        issue.body = "Steps to reproduce"
        let original = issue
        let patch = #"{"title": "Renamed", "state": "closed", "user": {"login": "someone"}, "body": null}"#
        switch path {
        case .data: try JSONAdapter.update(&issue, fromJSONData: Data(patch.utf8))
        case .dictionary, .foundationObjects: try JSONAdapter.update(&issue, from: path.jsonObject(patch))
        }
        #expect(issue.title == "Renamed")
        #expect(issue.state == .closed)
        #expect(issue.reporterLogin == "someone")
        #expect(issue.body == nil) // null clears an optional
        #expect(issue.number == original.number)
        #expect(issue.labels == original.labels)
        #expect(issue.createdAt == original.createdAt)
    }

    @Test("a class keeps its identity; null clears whatever the custom merge does", arguments: DecodingPath.allCases)
    func classIdentity(path: DecodingPath) throws {
        let account = try path.decode(Account.self, #"{"name": "ann", "email": "a@example.com", "visits": 3}"#)
        var updated = account
        switch path {
        case .data: try JSONAdapter.update(&updated, fromJSONData: Data(#"{"visits": 4, "email": null}"#.utf8))
        case .dictionary, .foundationObjects: try JSONAdapter.update(&updated, from: path.jsonObject(#"{"visits": 4, "email": null}"#))
        }
        #expect(updated === account)
        #expect(account.visits == 4)
        #expect(account.email == nil)
        #expect(account.name == "ann")
    }

    @Test("nothing changes when the patch fails or the result is invalid", arguments: DecodingPath.allCases)
    func atomic(path: DecodingPath) throws {
        let account = try path.decode(Account.self, #"{"name": "ann", "visits": 3}"#)
        var target = account
        #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.update(&target, fromJSONData: Data(#"{"visits": "many", "name": "bob"}"#.utf8))
        }
        #expect(throws: AccountInvalid.self) {
            try JSONAdapter.update(&target, from: ["name": "", "visits": 9])
        }
        #expect(account.name == "ann" && account.visits == 3)
        var value = try JSONAdapter.models(of: GHIssue.self, fromJSONData: GitHubFixtures.data("issues"))[0]
        let before = value
        #expect(throws: JSONAdapterError.self) { try JSONAdapter.update(&value, fromJSONData: Data("[1]".utf8)) }
        #expect(value == before)
    }
}

// MARK: - Models

extension UpdateTests {
    final class Account: JSONSerializing {
        var name = ""
        var email: String?
        var visits = 0
        required init() {}
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        func validate() throws {
            guard !name.isEmpty else { throw AccountInvalid() }
        }
        /// `email` keeps its value unless the JSON has a new one; other keys merge as Mantle does.
        func mergeValue(forKey key: String, from model: any Model) {
            if key == "email" {
                if let email = model.value(forKey: key) as? String { self.email = email }
            } else {
                takeValue(forKey: key, from: model)
            }
        }
    }

    struct AccountInvalid: Error {}
}
