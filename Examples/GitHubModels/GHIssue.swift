import Foundation
import JSONAdapter

/// Whether an issue is open.
public enum GHIssueState: String, CaseIterable, Sendable {
    /// Open.
    case open
    /// Closed.
    case closed
}

/// A GitHub issue (`GET /repos/{owner}/{repo}/issues`), as in Mantle's README.
public struct GHIssue: JSONSerializing {
    /// The API URL.
    public var url: URL?
    /// The web page.
    public var htmlURL: URL?
    /// The issue number in its repository.
    public var number = 0
    /// Open or closed.
    public var state = GHIssueState.open
    /// The title.
    public var title = ""
    /// The text, if any.
    public var body: String?
    /// Whether conversation is locked.
    public var locked = false
    /// The number of comments.
    public var comments = 0
    /// Who opened it.
    public var user: GHUser?
    /// The login of who opened it, straight from `user.login`.
    public var reporterLogin: String?
    /// Who it is assigned to.
    public var assignee: GHUser?
    /// Its labels.
    public var labels: [GHLabel] = []
    /// When it was opened.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?
    /// When it was closed.
    public var closedAt: Date?

    /// An empty issue.
    public init() {}

    /// JSON keys of the REST API.
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "url": "url", "htmlURL": "html_url", "number": "number", "state": "state", "title": "title",
        "body": "body", "locked": "locked", "comments": "comments", "user": "user",
        "reporterLogin": "user.login", "assignee": "assignee", "labels": "labels",
        "createdAt": "created_at", "updatedAt": "updated_at", "closedAt": "closed_at",
    ]
}

/// The result of `GET /search/issues`.
public struct GHSearchResult: JSONSerializing {
    /// How many issues match in all.
    public var totalCount = 0
    /// Whether the search timed out before finishing.
    public var incompleteResults = false
    /// This page of matches.
    public var items: [GHIssue] = []

    /// An empty result.
    public init() {}

    /// JSON keys of the REST API.
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "totalCount": "total_count", "incompleteResults": "incomplete_results", "items": "items",
    ]
}
