import Foundation
import GitHubModels

/// What a careful developer writes by hand to map `JSONSerialization`
/// dictionaries to ``GHIssue``: `as?` casts, `URL(string:)`, dates parsed with
/// `Date.ISO8601FormatStyle`, small init functions for the nested user and
/// labels. Missing keys and `null` leave the default; a value of the wrong
/// type throws. This is the limit for dictionaries → models.
struct HandWrittenMapper {
    /// A value of the wrong type.
    struct MappingError: Error, CustomStringConvertible {
        /// The JSON key whose value did not fit.
        var key: String
        /// Describes the failure.
        var description: String { "hand-written mapping: unexpected value for \"\(key)\"" }
    }

    /// The (fast, Foundation-native) ISO 8601 parser, made once.
    let dateStyle = Date.ISO8601FormatStyle()

    /// Maps a parsed JSON array of issues.
    func issues(from array: [Any]) throws -> [GHIssue] {
        var result: [GHIssue] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let json = element as? [String: Any] else { throw MappingError(key: "[]") }
            result.append(try issue(from: json))
        }
        return result
    }

    /// Maps one issue.
    func issue(from json: [String: Any]) throws -> GHIssue {
        var issue = GHIssue()
        issue.url = try url(json, "url")
        issue.htmlURL = try url(json, "html_url")
        if let number = try value(json, "number", as: Int.self) { issue.number = number }
        if let state = try value(json, "state", as: String.self) {
            guard let parsed = GHIssueState(rawValue: state) else { throw MappingError(key: "state") }
            issue.state = parsed
        }
        if let title = try value(json, "title", as: String.self) { issue.title = title }
        issue.body = try value(json, "body", as: String.self)
        if let locked = try value(json, "locked", as: Bool.self) { issue.locked = locked }
        if let comments = try value(json, "comments", as: Int.self) { issue.comments = comments }
        if let userJSON = try value(json, "user", as: [String: Any].self) {
            issue.user = try user(from: userJSON)
            issue.reporterLogin = try value(userJSON, "login", as: String.self)
        }
        if let assigneeJSON = try value(json, "assignee", as: [String: Any].self) {
            issue.assignee = try user(from: assigneeJSON)
        }
        if let labelsJSON = try value(json, "labels", as: [Any].self) {
            var labels: [GHLabel] = []
            labels.reserveCapacity(labelsJSON.count)
            for element in labelsJSON {
                guard let labelJSON = element as? [String: Any] else { throw MappingError(key: "labels") }
                labels.append(try label(from: labelJSON))
            }
            issue.labels = labels
        }
        issue.createdAt = try date(json, "created_at")
        issue.updatedAt = try date(json, "updated_at")
        issue.closedAt = try date(json, "closed_at")
        return issue
    }

    /// Maps a nested user.
    func user(from json: [String: Any]) throws -> GHUser {
        var user = GHUser()
        if let login = try value(json, "login", as: String.self) { user.login = login }
        if let id = try value(json, "id", as: Int.self) { user.id = id }
        user.avatarURL = try url(json, "avatar_url")
        user.htmlURL = try url(json, "html_url")
        if let type = try value(json, "type", as: String.self) {
            guard let parsed = GHAccountType(rawValue: type) else { throw MappingError(key: "type") }
            user.type = parsed
        }
        if let siteAdmin = try value(json, "site_admin", as: Bool.self) { user.siteAdmin = siteAdmin }
        return user
    }

    /// Maps a nested label.
    func label(from json: [String: Any]) throws -> GHLabel {
        var label = GHLabel()
        if let id = try value(json, "id", as: Int.self) { label.id = id }
        if let name = try value(json, "name", as: String.self) { label.name = name }
        if let color = try value(json, "color", as: String.self) { label.color = color }
        if let isDefault = try value(json, "default", as: Bool.self) { label.isDefault = isDefault }
        label.summary = try value(json, "description", as: String.self)
        label.url = try url(json, "url")
        return label
    }

    /// The value for `key` cast to `T`; `nil` when missing or `null`; throws when of another type.
    @inline(__always)
    func value<T>(_ json: [String: Any], _ key: String, as type: T.Type) throws -> T? {
        guard let raw = json[key] else { return nil }
        if let typed = raw as? T { return typed }
        if raw is NSNull { return nil }
        throw MappingError(key: key)
    }

    /// A URL from a string value.
    func url(_ json: [String: Any], _ key: String) throws -> URL? {
        guard let string = try value(json, key, as: String.self) else { return nil }
        guard let url = URL(string: string) else { throw MappingError(key: key) }
        return url
    }

    /// A date from an ISO 8601 string value.
    func date(_ json: [String: Any], _ key: String) throws -> Date? {
        guard let string = try value(json, key, as: String.self) else { return nil }
        return try dateStyle.parse(string)
    }
}

extension HandWrittenMapper {
    /// The reverse, for reference: an issue as a JSON dictionary (`nil` as `NSNull`,
    /// `user.login` inside the user object), as a developer would write it.
    func jsonDictionary(from issue: GHIssue) -> [String: Any] {
        var user = issue.user.map(jsonDictionary(from:)) ?? [:]
        if let login = issue.reporterLogin { user["login"] = login }
        return [
            "url": issue.url?.absoluteString ?? NSNull(),
            "html_url": issue.htmlURL?.absoluteString ?? NSNull(),
            "number": issue.number,
            "state": issue.state.rawValue,
            "title": issue.title,
            "body": issue.body ?? NSNull(),
            "locked": issue.locked,
            "comments": issue.comments,
            "user": issue.user == nil && issue.reporterLogin == nil ? NSNull() : user,
            "assignee": issue.assignee.map(jsonDictionary(from:)) ?? NSNull(),
            "labels": issue.labels.map(jsonDictionary(from:)),
            "created_at": issue.createdAt.map(dateStyle.format) ?? NSNull(),
            "updated_at": issue.updatedAt.map(dateStyle.format) ?? NSNull(),
            "closed_at": issue.closedAt.map(dateStyle.format) ?? NSNull(),
        ]
    }

    /// A user as a JSON dictionary.
    func jsonDictionary(from user: GHUser) -> [String: Any] {
        [
            "login": user.login, "id": user.id,
            "avatar_url": user.avatarURL?.absoluteString ?? NSNull(),
            "html_url": user.htmlURL?.absoluteString ?? NSNull(),
            "type": user.type.rawValue, "site_admin": user.siteAdmin,
        ]
    }

    /// A label as a JSON dictionary.
    func jsonDictionary(from label: GHLabel) -> [String: Any] {
        [
            "id": label.id, "name": label.name, "color": label.color, "default": label.isDefault,
            "description": label.summary ?? NSNull(), "url": label.url?.absoluteString ?? NSNull(),
        ]
    }
}
