import Foundation
import JSONAdapter

// In a target whose default isolation is the main actor, a model declared as `struct Issue:
// JSONSerializing` is main-actor-isolated, and so is its conformance; decoding it where network
// responses are decoded, off the main actor, then fails to compile ("main actor-isolated
// conformance of 'Issue' to 'JSONSerializing' cannot be used in nonisolated context"), as it does
// for `Codable`. Declared `nonisolated`, a model is a plain value again, usable on every actor.

/// An issue of a GitHub repository, as the app lists it.
nonisolated struct Issue: JSONSerializing, Equatable {
    var number = 0
    var title = ""
    var state = IssueState.open
    var labels: [Label] = []
    var authorLogin = ""
    var createdAt = Date(timeIntervalSince1970: 0)

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "number": "number", "title": "title", "state": "state", "labels": "labels",
        "authorLogin": "user.login", "createdAt": "created_at",
    ]
}

/// Whether an issue is open.
nonisolated enum IssueState: String, Sendable {
    case open, closed
}

/// A label on an issue.
nonisolated struct Label: JSONSerializing, Equatable {
    var name = ""
    var color = ""

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["name": "name", "color": "color"]
}

/// A GitHub account: a class model, `nonisolated final class`.
nonisolated final class User: JSONSerializing {
    var login = ""
    var id = 0

    required init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login", "id": "id"]
}
