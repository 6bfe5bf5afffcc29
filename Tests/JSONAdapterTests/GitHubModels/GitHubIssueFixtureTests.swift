//
//  GitHubIssueFixtureTests.swift
//  issues.json (GET /repos/{owner}/{repo}/issues), search-issues.json
//  (GET /search/issues) and labels.json (GET /repos/{owner}/{repo}/labels).
//

import Foundation
import Testing
import GitHubModels
import MantleTestSupport
@testable import JSONAdapter

@Suite("GitHub fixtures: issues, search, labels")
struct GitHubIssueFixtureTests {

    // MARK: issues.json

    @Test("issues.json decodes to 13 issues with the fixture's values")
    func issues() throws {
        let issues = try GitHubFixture.decodeBothArray(GHIssue.self, "issues")
        #expect(issues.count == 13)
        #expect(issues.map(\.number) == Array((1...13).reversed()))
        for issue in issues {
            let n = issue.number
            #expect(issue.title == "Test issue \(n)")
            #expect(issue.url == URL(string: "https://api.github.com/repos/octokit-fixture-org/paginate-issues/issues/\(n)"))
            #expect(issue.htmlURL == URL(string: "https://github.com/octokit-fixture-org/paginate-issues/issues/\(n)"))
            #expect(issue.state == .open)
            #expect(issue.body == nil)
            #expect(issue.locked == false)
            #expect(issue.comments == 42)
            #expect(issue.assignee == nil)
            #expect(issue.labels.isEmpty)
            #expect(issue.createdAt?.timeIntervalSince1970 == GitHubFixture.timestamp)
            #expect(issue.updatedAt?.timeIntervalSince1970 == GitHubFixture.timestamp)
            #expect(issue.closedAt == nil)

            let user = try #require(issue.user)
            #expect(user.login == "octokit-fixture-user-a")
            #expect(user.id == 1000)
            #expect(user.avatarURL == URL(string: "https://avatars.githubusercontent.com/u/1000?v=4"))
            #expect(user.htmlURL == URL(string: "https://github.com/octokit-fixture-user-a"))
            #expect(user.type == .user)
            #expect(user.siteAdmin == false)
            #expect(issue.reporterLogin == "octokit-fixture-user-a")
            #expect(issue.reporterLogin == user.login)
        }
    }

    @Test("each issue decodes alone the same as in the array")
    func issuesOneByOne() throws {
        let array = try GitHubFixture.array("issues")
        let all = try JSONAdapter.models(of: GHIssue.self, from: array)
        for (index, element) in array.enumerated() {
            let dictionary = try #require(element as? [String: Any])
            let single = try JSONAdapter.model(of: GHIssue.self, from: dictionary)
            #expect(single == all[index])
            let data = try JSONSerialization.data(withJSONObject: dictionary)
            #expect(try JSONAdapter.model(of: GHIssue.self, fromJSONData: data) == single)
        }
    }

    @Test("issues round-trip through dictionaries and data")
    func issuesRoundTrip() throws {
        let issues = try GitHubFixture.decodeBothArray(GHIssue.self, "issues")
        try GitHubFixture.expectRoundTrips(issues)
        for issue in issues.prefix(3) { try GitHubFixture.expectRoundTrips(issue) }
    }

    @Test("an issue encodes with the REST API's key names, nested user and NSNull for nil")
    func issueEncoding() throws {
        let fixture = try #require(try GitHubFixture.array("issues").first as? [String: Any])
        let issue = try JSONAdapter.model(of: GHIssue.self, from: fixture)
        for json in [try JSONAdapter.jsonDictionary(from: issue),
                     try #require(try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: issue)) as? [String: Any])] {
            #expect(Set(json.keys) == ["url", "html_url", "number", "state", "title", "body", "locked", "comments",
                                       "user", "assignee", "labels", "created_at", "updated_at", "closed_at"])
            GitHubFixture.expectSameJSON(json, fixture, keys: ["url", "html_url", "number", "state", "title", "body",
                                                               "locked", "comments", "assignee", "labels",
                                                               "created_at", "updated_at", "closed_at"])
            #expect(json["html_url"] as? String == "https://github.com/octokit-fixture-org/paginate-issues/issues/13")
            #expect(json["created_at"] as? String == "2017-10-10T16:00:00Z")
            #expect(json["state"] as? String == "open")
            #expect(json["body"] is NSNull)
            #expect(json["assignee"] is NSNull)
            #expect(json["closed_at"] is NSNull)

            let user = try #require(json["user"] as? [String: Any])
            let fixtureUser = try #require(fixture["user"] as? [String: Any])
            #expect(Set(user.keys) == ["login", "id", "avatar_url", "html_url", "type", "site_admin"])
            GitHubFixture.expectSameJSON(user, fixtureUser, keys: ["login", "id", "avatar_url", "html_url", "type", "site_admin"])
            #expect(user["login"] as? String == "octokit-fixture-user-a")
            #expect(user["type"] as? String == "User")
        }
    }

    @Test(".omitNilValues leaves out the nil fields of an issue")
    func issueEncodingOmittingNils() throws {
        let issue = try #require(try GitHubFixture.decodeBothArray(GHIssue.self, "issues").first)
        let fromDictionary = try JSONAdapter.jsonDictionary(from: issue, options: .omitsNilValues)
        let fromData = try #require(try JSONSerialization.jsonObject(
            with: JSONAdapter.jsonData(from: issue, options: .omitsNilValues)) as? [String: Any])
        for json in [fromDictionary, fromData] {
            #expect(json["body"] == nil)
            #expect(json["assignee"] == nil)
            #expect(json["closed_at"] == nil)
            #expect(json["title"] as? String == "Test issue 13")
            #expect((json["user"] as? [String: Any])?["login"] as? String == "octokit-fixture-user-a")
            #expect(json["labels"] as? [Any] != nil)
        }
    }

    @Test("reporterLogin and user.login write the same JSON key; both encodings agree on it")
    func reporterLoginEncoding() throws {
        var issue = GHIssue()
        var user = GHUser()
        user.login = "from-user"
        issue.user = user
        issue.reporterLogin = "from-user"
        let json = try JSONAdapter.jsonDictionary(from: issue)
        #expect((json["user"] as? [String: Any])?["login"] as? String == "from-user")
        #expect(try JSONAdapter.model(of: GHIssue.self, from: json) == issue)

        // Without a user, reporterLogin alone still builds "user": {"login": …}.
        var reporterOnly = GHIssue()
        reporterOnly.reporterLogin = "only-reporter"
        let dictionary = try JSONAdapter.jsonDictionary(from: reporterOnly)
        let data = try #require(try JSONSerialization.jsonObject(with: JSONAdapter.jsonData(from: reporterOnly)) as? [String: Any])
        #expect(FoundationJSON.canonical(dictionary) == FoundationJSON.canonical(data))
        #expect(((dictionary["user"] as? [String: Any])?["login"] as? String) == "only-reporter")
    }

    @Test("an issue with an assignee and labels (edited fixture)")
    func issueWithAssigneeAndLabels() throws {
        var fixture = try #require(try GitHubFixture.array("issues").first as? [String: Any])
        fixture["assignee"] = ["login": "octokit-fixture-user-b", "id": 1001, "type": "Bot", "site_admin": true,
                               "avatar_url": "https://avatars.githubusercontent.com/u/1001?v=4"]
        fixture["labels"] = try GitHubFixture.array("labels").prefix(2).map { $0 }
        fixture["state"] = "closed"
        fixture["closed_at"] = "2017-10-11T16:00:00.5Z"
        let data = try JSONSerialization.data(withJSONObject: fixture)
        let issue = try JSONAdapter.model(of: GHIssue.self, fromJSONData: data)
        #expect(issue == (try JSONAdapter.model(of: GHIssue.self, from: fixture)))
        #expect(issue.assignee?.login == "octokit-fixture-user-b")
        #expect(issue.assignee?.type == .bot)
        #expect(issue.assignee?.siteAdmin == true)
        #expect(issue.labels.map(\.name) == ["bug", "documentation"])
        #expect(issue.state == .closed)
        #expect(issue.closedAt?.timeIntervalSince1970 == GitHubFixture.timestamp + 86_400.5)
        try GitHubFixture.expectRoundTrips(issue)
    }

    // MARK: search-issues.json

    @Test("search-issues.json decodes totals and both items")
    func searchIssues() throws {
        let result = try GitHubFixture.decodeBoth(GHSearchResult.self, "search-issues")
        #expect(result.totalCount == 2)
        #expect(result.incompleteResults == false)
        #expect(result.items.count == 2)
        #expect(result.items.map(\.number) == [2, 1])
        #expect(result.items.map(\.title) == ["Sesame seeds split without a pop!", "The doors don’t open"])
        #expect(result.items.map(\.body) == ["I’ve waited all year long, but there was no pop 😭",
                                             "I tried \"open sesame\" as seen on Wikipedia but no luck!"])
        #expect(result.items.map(\.reporterLogin) == ["octokit-fixture-user-b", "octokit-fixture-user-a"])
        #expect(result.items.map { $0.user?.id } == [1000, 1001])
        #expect(result.items.map { $0.user?.avatarURL } == [URL(string: "https://avatars.githubusercontent.com/u/1000?v=4"),
                                                           URL(string: "https://avatars.githubusercontent.com/u/1001?v=4")])
        #expect(result.items.allSatisfy { $0.state == .open && $0.comments == 42 && $0.labels.isEmpty })
        #expect(result.items.allSatisfy { $0.createdAt?.timeIntervalSince1970 == GitHubFixture.timestamp })
        #expect(result.items[0].url == URL(string: "https://api.github.com/repos/octokit-fixture-org/search-issues/issues/2"))
        try GitHubFixture.expectRoundTrips(result)
    }

    @Test("search results encode items as an array of issue objects")
    func searchEncoding() throws {
        let result = try GitHubFixture.decodeBoth(GHSearchResult.self, "search-issues")
        let fixture = try GitHubFixture.object("search-issues")
        let json = try JSONAdapter.jsonDictionary(from: result)
        GitHubFixture.expectSameJSON(json, fixture, keys: ["total_count", "incomplete_results"])
        let items = try #require(json["items"] as? [[String: Any]])
        let fixtureItems = try #require(fixture["items"] as? [[String: Any]])
        #expect(items.count == 2)
        for (item, fixtureItem) in zip(items, fixtureItems) {
            GitHubFixture.expectSameJSON(item, fixtureItem, keys: ["title", "body", "number", "html_url", "created_at"])
            #expect((item["user"] as? [String: Any])?["login"] as? String == (fixtureItem["user"] as? [String: Any])?["login"] as? String)
        }
    }

    // MARK: labels.json

    @Test("labels.json decodes names, colours, isDefault and summaries")
    func labels() throws {
        let labels = try GitHubFixture.decodeBothArray(GHLabel.self, "labels")
        #expect(labels.count == 9)
        #expect(labels.map(\.name) == ["bug", "documentation", "duplicate", "enhancement", "good first issue",
                                       "help wanted", "invalid", "question", "wontfix"])
        #expect(labels.map(\.color) == ["d73a4a", "0075ca", "cfd3d7", "a2eeef", "7057ff", "008672", "e4e669",
                                        "d876e3", "ffffff"])
        #expect(labels.map(\.id) == Array(1000...1008))
        #expect(labels.allSatisfy { $0.isDefault })
        #expect(labels.first?.summary == "Something isn't working")
        #expect(labels.last?.summary == "This will not be worked on")
        #expect(labels[4].url == URL(string: "https://api.github.com/repos/octokit-fixture-org/labels/labels/good%20first%20issue"))
        try GitHubFixture.expectRoundTrips(labels)
    }

    @Test("labels encode back to the fixture's fields")
    func labelsEncoding() throws {
        let labels = try GitHubFixture.decodeBothArray(GHLabel.self, "labels")
        let fixture = try GitHubFixture.array("labels")
        let encoded = try JSONAdapter.jsonArray(from: labels)
        #expect(encoded.count == fixture.count)
        for (json, original) in zip(encoded, fixture) {
            let original = try #require(original as? [String: Any])
            #expect(Set(json.keys) == ["id", "name", "color", "default", "description", "url"])
            GitHubFixture.expectSameJSON(json, original, keys: ["id", "name", "color", "default", "description", "url"])
        }
    }
}
