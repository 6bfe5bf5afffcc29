import Foundation

/// The `Codable` twin of `GHIssueState`.
enum CodableIssueState: String, Codable {
    /// Open.
    case open
    /// Closed.
    case closed
}

/// The `Codable` twin of `GHAccountType`.
enum CodableAccountType: String, Codable {
    /// A person.
    case user = "User"
    /// An organization.
    case organization = "Organization"
    /// An app's bot account.
    case bot = "Bot"
}

/// The `Codable` twin of `GHUser`: the same fields and types, for `JSONDecoder`/`JSONEncoder`.
struct CodableUser: Codable {
    /// The login name.
    var login = ""
    /// The numeric id.
    var id = 0
    /// The avatar image.
    var avatarURL: URL?
    /// The profile page.
    var htmlURL: URL?
    /// User, organization or bot.
    var type = CodableAccountType.user
    /// Whether the account is a GitHub administrator.
    var siteAdmin = false

    /// JSON keys of the REST API.
    enum CodingKeys: String, CodingKey {
        /// `login`.
        case login
        /// `id`.
        case id
        /// `avatar_url`.
        case avatarURL = "avatar_url"
        /// `html_url`.
        case htmlURL = "html_url"
        /// `type`.
        case type
        /// `site_admin`.
        case siteAdmin = "site_admin"
    }
}

/// The `Codable` twin of `GHLabel`.
struct CodableLabel: Codable {
    /// The numeric id.
    var id = 0
    /// The label's name.
    var name = ""
    /// The colour, as six hex digits.
    var color = ""
    /// Whether GitHub created it by default.
    var isDefault = false
    /// What the label means.
    var summary: String?
    /// The API URL.
    var url: URL?

    /// JSON keys of the REST API.
    enum CodingKeys: String, CodingKey {
        /// `id`.
        case id
        /// `name`.
        case name
        /// `color`.
        case color
        /// `default`.
        case isDefault = "default"
        /// `description`.
        case summary = "description"
        /// `url`.
        case url
    }
}

/// The `Codable` twin of `GHIssue`, with `reporterLogin` read from `user.login`
/// through a nested container. Decoding, like the library, leaves missing keys
/// at their defaults (`decodeIfPresent`); dates use the `.iso8601` strategy.
struct CodableIssue: Codable {
    /// The API URL.
    var url: URL?
    /// The web page.
    var htmlURL: URL?
    /// The issue number in its repository.
    var number = 0
    /// Open or closed.
    var state = CodableIssueState.open
    /// The title.
    var title = ""
    /// The text, if any.
    var body: String?
    /// Whether conversation is locked.
    var locked = false
    /// The number of comments.
    var comments = 0
    /// Who opened it.
    var user: CodableUser?
    /// The login of who opened it, from `user.login`.
    var reporterLogin: String?
    /// Who it is assigned to.
    var assignee: CodableUser?
    /// Its labels.
    var labels: [CodableLabel] = []
    /// When it was opened.
    var createdAt: Date?
    /// When it last changed.
    var updatedAt: Date?
    /// When it was closed.
    var closedAt: Date?

    /// JSON keys of the REST API.
    enum CodingKeys: String, CodingKey {
        /// `url`.
        case url
        /// `html_url`.
        case htmlURL = "html_url"
        /// `number`.
        case number
        /// `state`.
        case state
        /// `title`.
        case title
        /// `body`.
        case body
        /// `locked`.
        case locked
        /// `comments`.
        case comments
        /// `user`.
        case user
        /// `assignee`.
        case assignee
        /// `labels`.
        case labels
        /// `created_at`.
        case createdAt = "created_at"
        /// `updated_at`.
        case updatedAt = "updated_at"
        /// `closed_at`.
        case closedAt = "closed_at"
    }

    /// Keys inside `user`, for the `user.login` path.
    enum UserKeys: String, CodingKey {
        /// `login`.
        case login
    }

    /// Decodes every field; `reporterLogin` through a nested container on `user`.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decodeIfPresent(URL.self, forKey: .url)
        htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
        number = try container.decodeIfPresent(Int.self, forKey: .number) ?? 0
        state = try container.decodeIfPresent(CodableIssueState.self, forKey: .state) ?? .open
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
        body = try container.decodeIfPresent(String.self, forKey: .body)
        locked = try container.decodeIfPresent(Bool.self, forKey: .locked) ?? false
        comments = try container.decodeIfPresent(Int.self, forKey: .comments) ?? 0
        user = try container.decodeIfPresent(CodableUser.self, forKey: .user)
        if user != nil {
            let userContainer = try container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
            reporterLogin = try userContainer.decodeIfPresent(String.self, forKey: .login)
        }
        assignee = try container.decodeIfPresent(CodableUser.self, forKey: .assignee)
        labels = try container.decodeIfPresent([CodableLabel].self, forKey: .labels) ?? []
        createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
        closedAt = try container.decodeIfPresent(Date.self, forKey: .closedAt)
    }

    /// Encodes every field, `nil` as `null` (as the library does). `reporterLogin`
    /// is the `login` inside `user`; only without a user is it written on its own
    /// (as `{"login": …}`), since one key cannot hold both.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(htmlURL, forKey: .htmlURL)
        try container.encode(number, forKey: .number)
        try container.encode(state, forKey: .state)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(locked, forKey: .locked)
        try container.encode(comments, forKey: .comments)
        if let user {
            try container.encode(user, forKey: .user)
        } else if let reporterLogin {
            var userContainer = container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
            try userContainer.encode(reporterLogin, forKey: .login)
        } else {
            try container.encodeNil(forKey: .user)
        }
        try container.encode(assignee, forKey: .assignee)
        try container.encode(labels, forKey: .labels)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(closedAt, forKey: .closedAt)
    }
}

/// `JSONDecoder`/`JSONEncoder` set up once for the twin (`.iso8601` dates).
struct CodableContender {
    /// The decoder.
    let decoder: JSONDecoder
    /// The encoder.
    let encoder: JSONEncoder

    /// Sets up both with the `.iso8601` date strategy.
    init() {
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
    }

    /// Data → models.
    func issues(from data: Data) throws -> [CodableIssue] {
        try decoder.decode([CodableIssue].self, from: data)
    }

    /// Models → Data.
    func data(from issues: [CodableIssue]) throws -> Data {
        try encoder.encode(issues)
    }
}
