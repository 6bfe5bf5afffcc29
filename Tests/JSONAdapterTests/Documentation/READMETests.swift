//
//  READMETests.swift
//  README.md: the JSON walkthrough (Mantle's README, in Swift: `GHIssue`,
//  `GHUser`), the "Errors" section (the error text, NSError bridging) and the
//  `@Observable` model of "A model", as real types checked against what the
//  README says they do. (The "Real-world JSON" lines are the tests of
//  KeyConversionTests, SubPathTests, UpdateTests and StreamingTests; the
//  `ObservableObject` model of "A model", which needs Combine, is
//  `CombineModels.Profile` of Integration/OpenCombineModels, tested there.)
//

import Foundation
import Observation
import Testing
import MantleTestSupport
@testable import JSONAdapter

@Suite("README: JSON and Errors")
struct WalkthroughTests {
    /// The issue the walkthrough decodes.
    static let issueJSON = """
        {
          "url": "https://api.github.com/repos/octocat/Hello-World/issues/1347",
          "html_url": "https://github.com/octocat/Hello-World/issues/1347",
          "number": 1347,
          "state": "closed",
          "title": "Found a bug",
          "body": "I'm having a problem with this.",
          "user": {"login": "octocat", "id": 1},
          "assignee": {"login": "hubot", "id": 2, "avatar_url": "https://github.com/images/hubot.gif"},
          "assignees": [{"login": "hubot", "id": 2}],
          "updated_at": "2011-04-22T13:33:48Z",
          "comments": 0,
          "retrievedAt": "ignored"
        }
        """

    /// A Foundation JSON array parsed from text.
    static func array(_ data: Data) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test("GHIssue decodes as the walkthrough describes")
    func decodeIssue() throws {
        let jsonDictionary = try FoundationJSON.object(Self.issueJSON)
        let issue = try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, from: jsonDictionary)
        #expect(issue.url == URL(string: "https://api.github.com/repos/octocat/Hello-World/issues/1347"))
        #expect(issue.htmlURL == URL(string: "https://github.com/octocat/Hello-World/issues/1347"))
        #expect(issue.number == 1347)
        #expect(issue.state == .closed)
        #expect(issue.reporterLogin == "octocat")
        #expect(issue.assignee?.login == "hubot")
        #expect(issue.assignee?.avatarURL == URL(string: "https://github.com/images/hubot.gif"))
        #expect(issue.assignees.map(\.login) == ["hubot"])
        #expect(issue.updatedAt == (try GitHubWalkthrough.date("2011-04-22T13:33:48Z")))
        #expect(issue.title == "Found a bug")
        #expect(issue.body == "I'm having a problem with this.")

        // The same bytes through the package's parser give the same model.
        var fromData = try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, fromJSONData: Data(Self.issueJSON.utf8))
        fromData.retrievedAt = issue.retrievedAt
        #expect(fromData == issue)
    }

    @Test("validate() normalises a missing title; missing keys keep defaults")
    func validateNormalises() throws {
        let issue = try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, from: ["number": 7])
        #expect(issue.title == "Untitled")
        #expect(issue.number == 7)
        #expect(issue.state == .open)
        #expect(issue.reporterLogin == nil)
        #expect(issue.assignees.isEmpty)
    }

    @Test("retrievedAt is not mapped: neither read nor written")
    func unmappedProperty() throws {
        let before = Date()
        let issue = try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, from: try FoundationJSON.object(Self.issueJSON))
        #expect(issue.retrievedAt >= before)
        let json = try JSONAdapter.jsonDictionary(from: issue)
        #expect(json["retrievedAt"] == nil)
        #expect(Set(json.keys) == ["url", "html_url", "number", "state", "user", "assignee", "assignees",
                                   "updated_at", "title", "body"])
    }

    @Test("models(of:fromJSONData:), jsonDictionary(from:) and jsonData(from:options:) of the walkthrough")
    func walkthroughCalls() throws {
        let data = Data("[\(Self.issueJSON), {\"number\": 2, \"title\": \"Second\"}]".utf8)
        let issues = try JSONAdapter.models(of: GitHubWalkthrough.GHIssue.self, fromJSONData: data)
        #expect(issues.map(\.number) == [1347, 2])
        let issue = issues[0]

        let json = try JSONAdapter.jsonDictionary(from: issue)
        #expect(json["html_url"] as? String == "https://github.com/octocat/Hello-World/issues/1347")
        #expect(json["state"] as? String == "closed")
        #expect((json["user"] as? [String: Any])?["login"] as? String == "octocat")
        #expect(json["updated_at"] as? String == "2011-04-22T13:33:48Z")
        let assignee = try #require(json["assignee"] as? [String: Any])
        #expect(assignee["login"] as? String == "hubot")
        #expect(assignee["avatar_url"] as? String == "https://github.com/images/hubot.gif")
        #expect((json["assignees"] as? [[String: Any]])?.count == 1)

        // Encoded JSON decodes back to an equal issue (retrievedAt is not in the JSON).
        var decoded = try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, from: json)
        decoded.retrievedAt = issue.retrievedAt
        #expect(decoded == issue)

        // Without options nil is written as null; omitsNilValues leaves it out.
        let withNulls = try Self.array(try JSONAdapter.jsonData(from: issues))
        #expect(withNulls[1]["body"] is NSNull)
        #expect((withNulls[1]["user"] as? [String: Any])?["login"] is NSNull)
        let text = try JSONAdapter.jsonData(from: issues, options: .omitsNilValues)
        let omitted = try Self.array(text)
        #expect(omitted.count == 2)
        #expect(omitted[1]["body"] == nil)
        #expect(omitted[1]["url"] == nil)
        #expect(omitted[1]["user"] == nil)       // a nested object left empty is left out too
        #expect(omitted[1]["title"] as? String == "Second")
        #expect(omitted[0]["body"] as? String == "I'm having a problem with this.")

        let array = try JSONAdapter.jsonArray(from: issues, options: .omitsNilValues)
        #expect(array[1]["body"] == nil)

        // Pretty printed with sorted keys: JSONEncoder's layout, slashes escaped as it escapes them.
        let pretty = String(decoding: try JSONAdapter.jsonData(from: issue, options: .outputFormatting([.prettyPrinted, .sortedKeys])),
                            as: UTF8.self)
        #expect(pretty.hasPrefix("{\n  \"assignee\" : {\n    \"avatar_url\" : \"https:\\/\\/github.com\\/images\\/hubot.gif\""))
        #expect(pretty == String(decoding: try EncoderOracle.data(EncoderOracle.Value(foundation: json), [.prettyPrinted, .sortedKeys]),
                                 as: UTF8.self))
    }

    @Test("key paths: missing, null and null intermediates, non-object intermediates")
    func keyPathRules() throws {
        var issue = try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, from: ["body": NSNull(), "user": NSNull()])
        #expect(issue.body == nil)
        #expect(issue.reporterLogin == nil)
        issue = try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, from: ["user": ["id": 1]])
        #expect(issue.reporterLogin == nil)

        let nonOptional = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, from: ["title": NSNull()])
        }
        #expect(nonOptional?.code == .invalidValue)
        #expect(nonOptional?.propertyKey == "title")

        let intermediate = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, from: ["user": "octocat"])
        }
        #expect(intermediate?.code == .invalidJSONDictionary)
        #expect(intermediate?.propertyKey == "reporterLogin")
    }

    @Test("an unknown enum raw value and an inexact number are .invalidValue")
    func typeDrivenFailures() throws {
        let state = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, from: ["state": "reopened"])
        }
        #expect(state?.code == .invalidValue)
        #expect(state?.jsonKeyPath == "state")
        let number = #expect(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, from: ["number": 3.5])
        }
        #expect(number?.code == .invalidValue)
    }

    @Test("the README's error: GHIssue.assignee → \"[3].assignee.login\"", arguments: [false, true])
    func errorDescription(fromData: Bool) throws {
        let elements = (1...3).map { "{\"number\": \($0)}" } + ["{\"number\": 4, \"assignee\": {\"login\": 42}}"]
        let text = "[" + elements.joined(separator: ",") + "]"
        let error = try #require(throws: JSONAdapterError.self) {
            if fromData {
                _ = try JSONAdapter.models(of: GitHubWalkthrough.GHIssue.self, fromJSONData: Data(text.utf8))
            } else {
                let array = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
                _ = try JSONAdapter.models(of: GitHubWalkthrough.GHIssue.self, from: array)
            }
        }
        #expect(error.description == #"GHIssue.assignee → "[3].assignee.login": expected String, found number 42"#)
        #expect(error.code == .invalidValue)
        #expect(error.propertyKey == "assignee")
        #expect(error.jsonKeyPath == "[3].assignee.login")
        #expect(error.expected == "String" && error.found == "number 42")
    }

    /// The README's "model as an API contract" constraints, on the walkthrough's issue.
    struct ContractIssue: JSONSerializing, Equatable {
        var number = 1
        var title = "a"
        var state = "open"
        var assignee: GitHubWalkthrough.GHUser?
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "number": "number", "title": "title", "state": "state", "assignee": "assignee",
        ]
        static func jsonConstraints(forKey key: String) -> [JSONConstraint] {
            switch key {
            case "title": [.length(1...256)]
            case "number": [.range(1...)]
            case "state": [.allowedValues(["open", "closed"])]
            default: []
            }
        }
    }

    @Test("the README's API contract: every error at once, constraints, schema, merge patch", arguments: DecodingPath.allCases)
    func contract(path: DecodingPath) throws {
        let error = try #require(adapterError {
            _ = try path.decode(ContractIssue.self, #"{"number": 0, "title": "", "state": "merged"}"#)
        })
        #expect(error.description.split(separator: "\n") == [
            #"ContractIssue.number → "number": expected at least 1, found number 0"#,
            #"ContractIssue.title → "title": expected from 1 to 256 characters, found string """#,
            #"ContractIssue.state → "state": expected one of "open", "closed", found string "merged""#,
        ])
        let schema = try JSONAdapter.jsonSchema(of: ContractIssue.self).jsonObject
        let properties = schema["properties"] as? [String: Any]
        #expect((properties?["state"] as? [String: Any])?["enum"] as? [String] == ["open", "closed"])
        let strict = try JSONAdapter.jsonSchema(of: ContractIssue.self, options: .strictStructuredOutput).jsonObject
        #expect(strict["additionalProperties"] as? Bool == false)
        let issue = ContractIssue(assignee: .init(login: "kim", id: 1))
        var edited = issue
        edited.title = "b"
        edited.assignee?.id = 2
        let body = try JSONAdapter.mergePatchData(from: issue, to: edited)
        #expect(String(decoding: body, as: UTF8.self) == #"{"assignee":{"id":2},"title":"b"}"#)
        var stored = issue
        try JSONAdapter.update(&stored, fromJSONData: body, options: .mergePatch)
        #expect(stored == edited)
    }

    @Test("errors thrown by validate() pass through unchanged")
    func validateErrorsPassThrough() {
        #expect(throws: ValidationError(message: "an issue needs a title")) {
            try JSONAdapter.model(of: StrictIssue.self, from: ["title": ""])
        }
        #expect(throws: ValidationError(message: "an issue needs a title")) {
            try JSONAdapter.models(of: StrictIssue.self, fromJSONData: Data(#"[{"title": "a"}, {}]"#.utf8))
        }
    }

    @Test("JSONAdapterError bridges to NSError with Mantle's domain and codes 2/3/4")
    func adapterErrorBridging() throws {
        let noClass = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: MappingJSONToModelsTests.XYMessage.self, from: ["type": "video"])
        }
        let notDictionary = try #require(throws: JSONAdapterError.self) {
            try JSONAdapter.model(of: GitHubWalkthrough.GHIssue.self, fromJSONData: Data("[1]".utf8))
        }
        let mapping = try #require(throws: JSONAdapterError.self) { try JSONAdapter(modelType: MappingJSONToModelsTests.MistypedMapping.self) }
        for (error, code) in [(noClass, 2), (notDictionary, 3), (mapping, 4)] {
            let nsError = error as NSError
            #expect(nsError.domain == "MTLJSONAdapterErrorDomain")
            #expect(nsError.code == code)
            #expect(nsError.localizedDescription == error.description)
        }
        #expect(noClass.code == .noClassFound)
        #expect(notDictionary.code == .invalidJSONDictionary)
        #expect(mapping.code == .invalidJSONMapping)
    }

    @Test("TransformerError bridges to NSError with MTLTransformerErrorHandlingErrorDomain 1")
    func transformerErrorBridging() throws {
        let error = try #require(throws: TransformerError.self) {
            try JSONValueTransformer.url.transformedValue(42)
        }
        let nsError = error as NSError
        #expect(nsError.domain == "MTLTransformerErrorHandlingErrorDomain")
        #expect(nsError.code == 1)
    }
}

@Suite("README: an @Observable model")
struct ObservableExampleTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Observable final class Profile: JSONSerializing, ObservableModel {
        var name = ""
        var followers = 0
        required init() {}

        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
        static var observationKeyPaths: [String: AnyKeyPath] { ["name": \Profile.name, "followers": \Profile.followers] }
    }

    @Test("decodes under its declared names, and JSONAdapter.update notifies the changed properties only",
          arguments: DecodingPath.allCases)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func profile(path: DecodingPath) throws {
        #expect(Profile.propertyKeys == ["name", "followers"])
        let profile = try path.decode(Profile.self, #"{"name": "octocat", "followers": 3}"#)
        #expect(profile.name == "octocat" && profile.followers == 3)
        let changed = try changedKeys(of: profile, reading: ["name": { $0.name }, "followers": { $0.followers }]) {
            var reference = profile   // the same object: update keeps its identity
            try JSONAdapter.update(&reference, fromJSONData: Data(#"{"followers": 4}"#.utf8))
            #expect(reference === profile)
        }
        #expect(changed == ["followers"])
        #expect(profile.followers == 4)
        #expect(try path.encode(profile)["followers"] as? Int == 4)
    }
}

// MARK: - Models

extension WalkthroughTests {
    /// An error a model's `validate()` throws.
    struct ValidationError: Error, Equatable {
        var message: String
    }

    /// "Errors thrown by `validate()` pass through unchanged."
    struct StrictIssue: JSONSerializing {
        var title = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["title": "title"]

        mutating func validate() throws {
            if title.isEmpty { throw ValidationError(message: "an issue needs a title") }
        }
    }
}

// README, "Apps whose code is on the main actor": the `nonisolated` models, decoded in a detached
// task and on the main actor. What makes them necessary (default main-actor isolation) is a
// setting of the app's target; Integration/MainActorApp is built with it (.ci/check-main-actor-app).
#if compiler(>=6.1)
@Suite("README: apps whose code is on the main actor")
struct MainActorAppREADMETests {
    nonisolated struct GHLabel: JSONSerializing {
        var name = ""
        var color = ""
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "color": "color"]
    }

    nonisolated final class GHAccount: JSONSerializing {
        var login = ""
        required init() {}
        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login"]
    }

    @Test("nonisolated models decode in a detached task and on the main actor alike")
    @MainActor
    func decodeOnAndOffTheMainActor() async throws {
        let data = Data(#"[{"name": "bug", "color": "f29513"}, {"name": "docs", "color": "0075ca"}]"#.utf8)
        let labels = try await Task.detached {
            try JSONAdapter.models(of: GHLabel.self, fromJSONData: data)   // off the main actor
        }.value
        #expect(labels.map(\.name) == ["bug", "docs"])
        let onMainActor = try JSONAdapter.models(of: GHLabel.self, fromJSONData: data)
        #expect(onMainActor.map(\.color) == labels.map(\.color))
        let account = try JSONAdapter.model(of: GHAccount.self, fromJSONData: Data(#"{"login": "octocat"}"#.utf8))
        #expect(account.login == "octocat")
    }
}
#endif
