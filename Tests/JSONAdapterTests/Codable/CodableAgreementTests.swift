//
//  CodableAgreementTests.swift
//  On real data — the GitHub fixtures and the Twitter corpus — plain
//  `Codable` structs inside models decode, field by field, to what
//  `JSONDecoder` gives for the same subtree with the matching strategies
//  (snake_case keys, ISO 8601 and pattern dates), on both paths, and encode
//  to what `JSONEncoder` writes.
//

import Foundation
import Testing
import GitHubModels
@testable import JSONAdapter
import MantleTestSupport

@Suite("Codable property values: agreement with JSONDecoder and JSONEncoder on real data")
struct CodableAgreementTests {
    // MARK: GitHub

    /// A GitHub user as an app would declare it, camelCase throughout.
    struct User: Codable, Equatable {
        var login: String
        var id: Int
        var nodeId: String
        var avatarUrl: URL
        var gravatarId: String
        var url: URL
        var htmlUrl: URL
        var followingUrl: String
        var type: String
        var siteAdmin: Bool
    }

    /// The reactions of an issue: keys that no conversion touches (`+1`).
    struct Reactions: Codable, Equatable {
        var url: URL
        var totalCount: Int
        var plusOne: Int
        var minusOne: Int
        var laugh: Int
        var heart: Int

        enum CodingKeys: String, CodingKey {
            case url, totalCount, laugh, heart
            case plusOne = "+1"
            case minusOne = "-1"
        }
    }

    /// A label, with a Swift keyword as a key.
    struct Label: Codable, Equatable {
        var id: Int
        var nodeId: String
        var url: URL
        var name: String
        var color: String
        var isDefault: Bool
        var description: String?

        enum CodingKeys: String, CodingKey {
            case id, nodeId, url, name, color, description
            case isDefault = "default"
        }
    }

    /// An issue as a plain `Codable` struct, dates included.
    struct Issue: Codable, Equatable {
        var number: Int
        var title: String
        var htmlUrl: URL
        var user: User
        var labels: [Label]
        var state: String
        var locked: Bool
        var assignee: User?
        var comments: Int
        var createdAt: Date
        var updatedAt: Date
        var closedAt: Date?
        var authorAssociation: String
        var body: String?
        var reactions: Reactions
    }

    /// A model holding issues (an array of `Codable` values).
    struct IssuePage: JSONSerializing, Equatable {
        var issues: [Issue] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A model holding one issue's user and reactions next to mapped properties.
    struct IssueSummary: JSONSerializing, Equatable {
        var number = 0
        var user: User?
        var reactions: Reactions?
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// A model holding labels.
    struct LabelPage: JSONSerializing, Equatable {
        var labels: [Label] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// snake_case keys and ISO 8601 dates.
    static let gitHub = JSONAdapter.Configuration(dateFormat: .iso8601, keyConversion: .snakeCase)

    /// `JSONDecoder` with the strategies matching ``gitHub``.
    static func gitHubDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// The issues with every other one given the real labels and its user as assignee, as the benchmark does.
    static func issuesJSON() throws -> Data {
        var issues = try #require(try JSONSerialization.jsonObject(with: GitHubFixtures.data("issues")) as? [[String: Any]])
        let labels = try JSONSerialization.jsonObject(with: GitHubFixtures.data("labels"))
        for index in issues.indices where index % 2 == 1 {
            issues[index]["labels"] = labels
            issues[index]["assignee"] = issues[index]["user"]
        }
        return try JSONSerialization.data(withJSONObject: issues)
    }

    /// `{"key": <data>}` as text.
    static func wrapped(_ key: String, _ data: Data) -> String {
        #"{"\#(key)": "# + String(decoding: data, as: UTF8.self) + "}"
    }

    /// Checks: every issue decoded through the bridge equals, field by field, JSONDecoder's.
    @Test("GitHub issues as Codable structs: field by field", arguments: DecodingPath.allCases)
    func issues(path: DecodingPath) throws {
        let data = try Self.issuesJSON()
        let page = try path.decode(IssuePage.self, Self.wrapped("issues", data), configuration: Self.gitHub)
        let reference = try Self.gitHubDecoder().decode([Issue].self, from: data)
        #expect(page.issues.count == 13)
        #expect(page.issues.contains { !$0.labels.isEmpty && $0.assignee != nil })
        #expect(page.issues.count == reference.count)
        for (ours, theirs) in zip(page.issues, reference) {
            Self.expectSameFields(ours, theirs, at: "issue \(ours.number)")
        }
        #expect(page.issues == reference)
    }

    /// Checks: user and reactions as Codable properties of a model read from the issues array.
    @Test("GitHub user and reactions inside a model", arguments: DecodingPath.allCases)
    func summaries(path: DecodingPath) throws {
        let data = try Self.issuesJSON()
        let summaries: [IssueSummary]
        switch path {
        case .dictionary, .foundationObjects:
            summaries = try JSONAdapter.models(of: IssueSummary.self, from: path.jsonArray(String(decoding: data, as: UTF8.self)),
                                               options: .configuration(Self.gitHub))
        case .data:
            summaries = try JSONAdapter.models(of: IssueSummary.self, fromJSONData: data, options: .configuration(Self.gitHub))
        }
        struct Twin: Decodable {
            var number: Int
            var user: User
            var reactions: Reactions
        }
        let reference = try Self.gitHubDecoder().decode([Twin].self, from: data)
        #expect(summaries.count == reference.count)
        for (ours, theirs) in zip(summaries, reference) {
            #expect(ours.number == theirs.number)
            Self.expectSameFields(try #require(ours.user), theirs.user, at: "user of \(ours.number)")
            Self.expectSameFields(try #require(ours.reactions), theirs.reactions, at: "reactions of \(ours.number)")
        }
    }

    /// Checks: the labels fixture through the bridge equals JSONDecoder's.
    @Test("GitHub labels: field by field", arguments: DecodingPath.allCases)
    func labels(path: DecodingPath) throws {
        let data = try GitHubFixtures.data("labels")
        let page = try path.decode(LabelPage.self, Self.wrapped("labels", data), configuration: Self.gitHub)
        let reference = try Self.gitHubDecoder().decode([Label].self, from: data)
        #expect(page.labels.count == 9)
        for (ours, theirs) in zip(page.labels, reference) { Self.expectSameFields(ours, theirs, at: ours.name) }
        #expect(page.labels == reference)
    }

    /// Checks: the issues encode to what JSONEncoder writes with the matching strategies.
    @Test("GitHub issues encode as JSONEncoder encodes them", arguments: DecodingPath.allCases)
    func encoding(path: DecodingPath) throws {
        let data = try Self.issuesJSON()
        let page = try JSONAdapter.model(of: IssuePage.self, fromJSONData: Data(Self.wrapped("issues", data).utf8),
                                         options: .configuration(Self.gitHub))
        let encoded = try #require(try path.encode(page, configuration: Self.gitHub)["issues"] as? [Any])
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        let reference = try #require(try JSONSerialization.jsonObject(with: encoder.encode(page.issues)) as? [Any])
        #expect(encoded.count == reference.count)
        for (ours, theirs) in zip(encoded, reference) {
            #expect(CanonicalNumbers.text(ours) == CanonicalNumbers.text(theirs))
        }
    }

    // MARK: Twitter

    /// A Twitter user as a plain Codable struct, with a date in Twitter's format.
    struct TwitterUser: Codable, Equatable {
        var id: Int
        var idStr: String
        var name: String
        var screenName: String
        var location: String
        var description: String
        var url: String?
        var followersCount: Int
        var createdAt: Date
        var utcOffset: Int?
        var geoEnabled: Bool
        var verified: Bool
        var profileImageUrlHttps: URL
        var entities: Entities
    }

    /// Nested Codable in Codable: the user's entities.
    struct Entities: Codable, Equatable {
        var description: URLs
    }

    /// A list of URL entities.
    struct URLs: Codable, Equatable {
        var urls: [URLEntity]
    }

    /// One URL entity, with an array of integers.
    struct URLEntity: Codable, Equatable {
        var url: String
        var expandedUrl: String?
        var indices: [Int]
    }

    /// A status as a model, its user and metadata as Codable values.
    struct Status: JSONSerializing, Equatable {
        var id = 0
        var user: TwitterUser?
        var metadata: [String: String] = [:]
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// The search response.
    struct Search: JSONSerializing, Equatable {
        var statuses: [Status] = []
        static var jsonKeyPathsByPropertyKey: [String: JSONKeyPath] { jsonKeyPaths() }
    }

    /// Twitter's date format.
    static let twitterFormat = "EEE MMM dd HH:mm:ss Z yyyy"

    /// Checks: the Twitter users decode through the bridge, with the configuration's date pattern, as JSONDecoder decodes them.
    @Test("Twitter users with a date pattern: field by field", arguments: DecodingPath.allCases)
    func twitter(path: DecodingPath) throws {
        let url = RepositoryFiles.url("Tests/JSONAdapterTests/Fixtures/corpora/twitter.json")
        let data = try Data(contentsOf: url)
        let configuration = JSONAdapter.Configuration(dateFormat: .pattern(Self.twitterFormat), keyConversion: .snakeCase)
        let search = try path.decode(Search.self, String(decoding: data, as: UTF8.self), configuration: configuration)

        struct StatusTwin: Decodable {
            var id: Int
            var user: TwitterUser
        }
        struct SearchTwin: Decodable {
            var statuses: [StatusTwin]
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let formatter = DateFormatter()
        formatter.dateFormat = Self.twitterFormat
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        decoder.dateDecodingStrategy = .formatted(formatter)
        let reference = try decoder.decode(SearchTwin.self, from: data)

        #expect(search.statuses.count == 100)
        #expect(search.statuses.count == reference.statuses.count)
        for (ours, theirs) in zip(search.statuses, reference.statuses) {
            #expect(ours.id == theirs.id)
            Self.expectSameFields(try #require(ours.user), theirs.user, at: "user of \(ours.id)")
        }
        #expect(search.statuses.first?.metadata == ["result_type": "recent", "iso_language_code": "ja"])
        // Back through the writer, dates in the pattern.
        let written = try JSONAdapter.jsonData(from: search, options: .configuration(configuration))
        #expect(String(decoding: written, as: UTF8.self).contains(#""created_at":"Sat Feb 16 13:40:25 +0000 2013""#))
        #expect(try JSONAdapter.model(of: Search.self, fromJSONData: written, options: .configuration(configuration)) == search)
    }

    // MARK: Comparing

    /// Expects `ours` and `theirs` to be equal field by field (recursively
    /// through structs, optionals and arrays; leaves compared as `AnyHashable`),
    /// naming the first field that differs.
    static func expectSameFields(_ ours: Any, _ theirs: Any, at path: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        if let left = ours as? AnyHashable, let right = theirs as? AnyHashable {
            #expect(left == right, "\(path)", sourceLocation: sourceLocation)
            return
        }
        let left = Mirror(reflecting: ours), right = Mirror(reflecting: theirs)
        let leftChildren = Array(left.children), rightChildren = Array(right.children)
        guard leftChildren.count == rightChildren.count, !leftChildren.isEmpty else {
            #expect(String(describing: ours) == String(describing: theirs), "\(path)", sourceLocation: sourceLocation)
            return
        }
        for (index, (l, r)) in zip(leftChildren, rightChildren).enumerated() {
            expectSameFields(l.value, r.value, at: "\(path).\(l.label ?? "[\(index)]")", sourceLocation: sourceLocation)
        }
    }
}
