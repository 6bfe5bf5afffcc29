import Foundation
import JSONAdapter

/// The kind of a GitHub account.
public enum GHAccountType: String, CaseIterable, Sendable {
    /// A person.
    case user = "User"
    /// An organization.
    case organization = "Organization"
    /// An app's bot account.
    case bot = "Bot"
}

/// A GitHub account as embedded in issues, repositories and releases.
public struct GHUser: JSONSerializing {
    /// The login name.
    public var login = ""
    /// The numeric id.
    public var id = 0
    /// The avatar image.
    public var avatarURL: URL?
    /// The profile page.
    public var htmlURL: URL?
    /// User, organization or bot.
    public var type = GHAccountType.user
    /// Whether the account is a GitHub administrator.
    public var siteAdmin = false

    /// An empty user.
    public init() {}

    /// JSON keys of the REST API.
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "login": "login", "id": "id", "avatarURL": "avatar_url", "htmlURL": "html_url",
        "type": "type", "siteAdmin": "site_admin",
    ]
}

/// An issue label.
public struct GHLabel: JSONSerializing {
    /// The numeric id.
    public var id = 0
    /// The label's name.
    public var name = ""
    /// The colour, as six hex digits.
    public var color = ""
    /// Whether GitHub created it by default.
    public var isDefault = false
    /// What the label means.
    public var summary: String?
    /// The API URL.
    public var url: URL?

    /// An empty label.
    public init() {}

    /// JSON keys of the REST API (`description` is `summary`: models have a `description`).
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "name": "name", "color": "color", "isDefault": "default",
        "summary": "description", "url": "url",
    ]
}
