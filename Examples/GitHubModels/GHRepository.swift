import Foundation
import JSONAdapter

/// A repository (`GET /repos/{owner}/{repo}`).
public struct GHRepository: JSONSerializing {
    /// The numeric id.
    public var id = 0
    /// The short name.
    public var name = ""
    /// `owner/name`.
    public var fullName = ""
    /// The owning account.
    public var owner = GHUser()
    /// The owner's login, straight from `owner.login`.
    public var ownerLogin = ""
    /// Whether it is private.
    public var isPrivate = false
    /// Whether it is a fork.
    public var isFork = false
    /// The web page.
    public var htmlURL: URL?
    /// What it is about.
    public var summary: String?
    /// The main language.
    public var language: String?
    /// The default branch.
    public var defaultBranch = "main"
    /// Stars.
    public var stargazersCount = 0
    /// Forks.
    public var forksCount = 0
    /// Open issues.
    public var openIssuesCount = 0
    /// Topics.
    public var topics: [String] = []
    /// The caller's permissions by name.
    public var permissions: [String: Bool] = [:]
    /// Creation time.
    public var createdAt: Date?
    /// Last push.
    public var pushedAt: Date?

    /// An empty repository.
    public init() {}

    /// JSON keys of the REST API.
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "name": "name", "fullName": "full_name", "owner": "owner", "ownerLogin": "owner.login",
        "isPrivate": "private", "isFork": "fork", "htmlURL": "html_url", "summary": "description",
        "language": "language", "defaultBranch": "default_branch", "stargazersCount": "stargazers_count",
        "forksCount": "forks_count", "openIssuesCount": "open_issues_count", "topics": "topics",
        "permissions": "permissions", "createdAt": "created_at", "pushedAt": "pushed_at",
    ]
}

/// An organization (`GET /orgs/{org}`).
public struct GHOrganization: JSONSerializing {
    /// The login name.
    public var login = ""
    /// The numeric id.
    public var id = 0
    /// Always `.organization`.
    public var type = GHAccountType.organization
    /// What it is about.
    public var summary: String?
    /// Public repositories.
    public var publicRepos = 0
    /// Whether the domain is verified.
    public var isVerified = false
    /// The plan's name, straight from `plan.name`.
    public var planName: String?
    /// Seats in the plan, straight from `plan.seats`.
    public var planSeats: Int?
    /// Creation time.
    public var createdAt: Date?

    /// An empty organization.
    public init() {}

    /// JSON keys of the REST API.
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "login": "login", "id": "id", "type": "type", "summary": "description", "publicRepos": "public_repos",
        "isVerified": "is_verified", "planName": "plan.name", "planSeats": "plan.seats", "createdAt": "created_at",
    ]
}
