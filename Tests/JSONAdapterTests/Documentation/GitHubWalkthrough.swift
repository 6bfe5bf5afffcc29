//
//  GitHubWalkthrough.swift
//  The models of README's walkthrough (Mantle's README, in Swift), which the
//  README, DefiningModels.md, TransformingValues.md and ArchivingModels.md
//  share, as written there.
//

import Foundation
import Testing
@testable import JSONAdapter

/// README's walkthrough models: `GHUser` (a `Model`, made `JSONSerializing` by the JSON
/// section), `GHIssue`, `GHIssueState`, and the `Session` a user refers to weakly.
enum GitHubWalkthrough {
    /// What `GHUser.session` points at (the README leaves it undefined).
    final class Session {}

    /// README's `GHUser`, as written in "Models".
    struct GHUser: Model {
        var login = ""
        var id = 0
        var avatarURL: URL?
        weak var session: Session?     // weak: transitory, not part of ==
        var displayName: String { login.capitalized }   // computed: not part of the model
    }

    enum GHIssueState: String { case open, closed }

    /// README's `GHIssue`.
    struct GHIssue: JSONSerializing {
        var url: URL?
        var htmlURL: URL?
        var number = 0
        var state = GHIssueState.open
        var reporterLogin: String?
        var assignee: GHUser?
        var assignees: [GHUser] = []
        var updatedAt: Date?
        var title = ""
        var body: String?
        var retrievedAt = Date()   // not mapped: neither read nor written

        static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "url": "url", "htmlURL": "html_url", "number": "number", "state": "state",
            "reporterLogin": "user.login", "assignee": "assignee", "assignees": "assignees",
            "updatedAt": "updated_at", "title": "title", "body": "body",
        ]

        mutating func validate() throws {
            if title.isEmpty { title = "Untitled" }
        }
    }

    /// An ISO 8601 date.
    static func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }
}

/// The JSON walkthrough nests `GHUser` in `GHIssue`, which needs `GHUser` to be
/// `JSONSerializing` (a `Model` alone cannot be decoded from a JSON object).
extension GitHubWalkthrough.GHUser: JSONSerializing {
    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "login": "login", "id": "id", "avatarURL": "avatar_url",
    ]
}
