import Foundation
import GitHubModels

/// A plain `Hashable` twin of `GHUser` (not a `Model`): the compiler synthesises `==` and `hash(into:)`.
struct PlainUser: Hashable {
    /// The login name.
    var login: String
    /// The numeric id.
    var id: Int
    /// The avatar image.
    var avatarURL: URL?
    /// The profile page.
    var htmlURL: URL?
    /// User, organization or bot.
    var type: GHAccountType
    /// Whether the account is a GitHub administrator.
    var siteAdmin: Bool

    /// Copies a decoded user.
    init(_ user: GHUser) {
        login = user.login
        id = user.id
        avatarURL = user.avatarURL
        htmlURL = user.htmlURL
        type = user.type
        siteAdmin = user.siteAdmin
    }
}

/// A plain `Hashable` twin of `GHLabel`.
struct PlainLabel: Hashable {
    /// The numeric id.
    var id: Int
    /// The label's name.
    var name: String
    /// The colour, as six hex digits.
    var color: String
    /// Whether GitHub created it by default.
    var isDefault: Bool
    /// What the label means.
    var summary: String?
    /// The API URL.
    var url: URL?

    /// Copies a decoded label.
    init(_ label: GHLabel) {
        id = label.id
        name = label.name
        color = label.color
        isDefault = label.isDefault
        summary = label.summary
        url = label.url
    }
}

/// A plain `Hashable` twin of `GHIssue`: the same stored properties, with
/// compiler-synthesised `==` and `hash(into:)` — the reference for the models' own.
struct PlainIssue: Hashable {
    /// The API URL.
    var url: URL?
    /// The web page.
    var htmlURL: URL?
    /// The issue number in its repository.
    var number: Int
    /// Open or closed.
    var state: GHIssueState
    /// The title.
    var title: String
    /// The text, if any.
    var body: String?
    /// Whether conversation is locked.
    var locked: Bool
    /// The number of comments.
    var comments: Int
    /// Who opened it.
    var user: PlainUser?
    /// The login of who opened it.
    var reporterLogin: String?
    /// Who it is assigned to.
    var assignee: PlainUser?
    /// Its labels.
    var labels: [PlainLabel]
    /// When it was opened.
    var createdAt: Date?
    /// When it last changed.
    var updatedAt: Date?
    /// When it was closed.
    var closedAt: Date?

    /// Copies a decoded issue.
    init(_ issue: GHIssue) {
        url = issue.url
        htmlURL = issue.htmlURL
        number = issue.number
        state = issue.state
        title = issue.title
        body = issue.body
        locked = issue.locked
        comments = issue.comments
        user = issue.user.map(PlainUser.init)
        reporterLogin = issue.reporterLogin
        assignee = issue.assignee.map(PlainUser.init)
        labels = issue.labels.map(PlainLabel.init)
        createdAt = issue.createdAt
        updatedAt = issue.updatedAt
        closedAt = issue.closedAt
    }
}

/// The synthesised `==` and `hash(into:)` on twin arrays.
enum SynthesizedContender {
    /// `==` on two arrays of twins.
    static func equal(_ lhs: [PlainIssue], _ rhs: [PlainIssue]) -> Bool {
        lhs == rhs
    }

    /// `hash(into:)` of every twin, through one `Hasher`.
    static func hash(_ issues: [PlainIssue]) -> Int {
        var hasher = Hasher()
        hasher.combine(issues)
        return hasher.finalize()
    }
}
