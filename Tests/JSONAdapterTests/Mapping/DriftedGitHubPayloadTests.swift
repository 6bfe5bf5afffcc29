//  A real GitHub issues response (issues.json), drifted the way servers
//  drift — numbers as strings, booleans as 0 and "false", an unknown state,
//  nulls, a user that became a string, a broken label, an element that is no
//  object — decoded leniently, with the expected report, on both paths.

import Foundation
import Testing
import GitHubModels
@testable import JSONAdapter

@Suite("Lenient decoding of a drifted GitHub payload")
struct DriftedGitHubPayloadTests {
    /// issues.json with one drift per issue; issues 8–13 are left as they are.
    static func driftedIssues() throws -> [Any] {
        var issues = try GitHubFixture.array("issues").compactMap { $0 as? [String: Any] }
        let labels = try GitHubFixture.array("labels")
        issues[0]["number"] = "13"                                   // a number as a string
        issues[1]["locked"] = "false"                                // a Bool as a string
        issues[1]["comments"] = "42"
        issues[2]["state"] = "reopened"                              // an unknown enum raw value
        issues[3]["title"] = NSNull()                                // null for a non-optional
        var user = try #require(issues[4]["user"] as? [String: Any])
        user["site_admin"] = 0                                       // a Bool as 0, inside a nested model
        user["id"] = "1000"
        issues[4]["user"] = user
        issues[5]["labels"] = [labels[0], ["id": 7, "name": NSNull()], "bug", labels[1]]  // broken labels
        issues[6]["user"] = "octokit-fixture-user-a"                 // an object became a string
        var assignee = try #require(issues[7]["user"] as? [String: Any])
        assignee["login"] = 5                                        // a String as a number
        issues[7]["assignee"] = assignee
        issues[8]["created_at"] = "yesterday"                        // not a date
        var result: [Any] = issues
        result.insert("gone", at: 9)                                 // an element that is no object
        return result
    }

    /// The report the drift must give, in reading order.
    static let expectedEntries: [JSONLeniencyReport.Entry] = [
        .init(modelTypeName: "GHIssue", propertyKey: "number", jsonKeyPath: "[0].number",
              found: "string \"13\"", action: .coerced(toType: "Int")),
        .init(modelTypeName: "GHIssue", propertyKey: "locked", jsonKeyPath: "[1].locked",
              found: "string \"false\"", action: .coerced(toType: "Bool")),
        .init(modelTypeName: "GHIssue", propertyKey: "comments", jsonKeyPath: "[1].comments",
              found: "string \"42\"", action: .coerced(toType: "Int")),
        .init(modelTypeName: "GHIssue", propertyKey: "state", jsonKeyPath: "[2].state",
              found: "string \"reopened\"", action: .usedDefault,
              reason: "expected a raw value of GHIssueState, found string \"reopened\""),
        .init(modelTypeName: "GHIssue", propertyKey: "title", jsonKeyPath: "[3].title",
              found: "null", action: .usedDefault, reason: "expected String, found null"),
        .init(modelTypeName: "GHUser", propertyKey: "id", jsonKeyPath: "[4].user.id",
              found: "string \"1000\"", action: .coerced(toType: "Int")),
        .init(modelTypeName: "GHUser", propertyKey: "siteAdmin", jsonKeyPath: "[4].user.site_admin",
              found: "number 0", action: .coerced(toType: "Bool")),
        .init(modelTypeName: "GHLabel", propertyKey: "name", jsonKeyPath: "[5].labels[1].name",
              found: "null", action: .usedDefault, reason: "expected String, found null"),
        .init(modelTypeName: "GHIssue", propertyKey: "labels", jsonKeyPath: "[5].labels[2]",
              found: "string \"bug\"", action: .skipped,
              reason: "expected an object for GHLabel, found string \"bug\""),
        .init(modelTypeName: "GHIssue", propertyKey: "user", jsonKeyPath: "[6].user",
              found: "string \"octokit-fixture-user-a\"", action: .usedDefault,
              reason: "expected an object for GHUser, found string \"octokit-fixture-user-a\""),
        .init(modelTypeName: "GHIssue", propertyKey: "reporterLogin", jsonKeyPath: "[6].user.login",
              found: "string \"octokit-fixture-user-a\" at \"user\"", action: .usedDefault,
              reason: "expected an object, found string \"octokit-fixture-user-a\" at \"user\""),
        .init(modelTypeName: "GHUser", propertyKey: "login", jsonKeyPath: "[7].assignee.login",
              found: "number 5", action: .coerced(toType: "String")),
        .init(modelTypeName: "GHIssue", propertyKey: "createdAt", jsonKeyPath: "[8].created_at",
              found: "string \"yesterday\"", action: .usedDefault,
              reason: "expected an ISO 8601 date string, found string \"yesterday\""),
        .init(modelTypeName: nil, propertyKey: nil, jsonKeyPath: "[9]",
              found: "string \"gone\"", action: .skipped, reason: "expected a JSON object, found string \"gone\""),
    ]

    @Test("the drifted payload decodes leniently, with the expected report, the same on both paths")
    func driftedPayload() throws {
        let drifted = try Self.driftedIssues()
        let data = try JSONSerialization.data(withJSONObject: drifted)
        let lenient = JSONAdapter.Configuration(leniency: .all)
        let (issues, report) = try recordingLeniency { try JSONAdapter.models(of: GHIssue.self, fromJSONData: data,
                                                                 options: .init(configuration: lenient, leniencyRecorder: $0)) }
        let (fromArray, arrayReport) = try recordingLeniency { try JSONAdapter.models(of: GHIssue.self, from: drifted,
                                                                         options: .init(configuration: lenient, leniencyRecorder: $0)) }
        #expect(issues == fromArray)
        #expect(report == arrayReport)
        #expect(report.entries == Self.expectedEntries)

        // What the leniency made of the drift.
        #expect(issues.count == 13)  // 13 issues and "gone", which was skipped
        #expect(issues[0].number == 13)
        #expect(issues[1].locked == false && issues[1].comments == 42)
        #expect(issues[2].state == .open && issues[2].number == 11)
        #expect(issues[3].title == "")
        #expect(issues[4].user?.id == 1000 && issues[4].user?.siteAdmin == false)
        #expect(issues[5].labels.map(\.name) == ["bug", "", "documentation"])
        #expect(issues[6].user == nil && issues[6].reporterLogin == nil)
        #expect(issues[7].assignee?.login == "5")
        #expect(issues[8].createdAt == nil)
        #expect(issues[9].number == 4)  // after the skipped element

        // Strict decoding, the default, still refuses the drift, naming the first.
        #expect {
            try JSONAdapter.models(of: GHIssue.self, fromJSONData: data)
        } throws: { error in
            (error as? JSONAdapterError)?.jsonKeyPath == "[0].number"
        }
    }

    @Test("the undrifted payload needs no leniency: empty report, same models as strict decoding")
    func undriftedPayload() throws {
        let data = try GitHubFixture.data("issues")
        let (issues, report) = try recordingLeniency { try JSONAdapter.models(of: GHIssue.self, fromJSONData: data,
                                                                 options: .init(configuration: JSONAdapter.Configuration(leniency: .all), leniencyRecorder: $0)) }
        #expect(report.isEmpty)
        #expect(report.description == "no leniency applied")
        #expect(issues == (try JSONAdapter.models(of: GHIssue.self, fromJSONData: data)))
    }
}
