import Foundation
import JSONAdapter
import Observation

/// The app's state, which its views observe: on the main actor, where the app's code is by
/// default. It decodes responses off the main actor and publishes the result on it.
@MainActor @Observable
final class IssueStore {
    private(set) var issues: [Issue] = []

    init() {}

    /// Decodes a response off the main actor (as a networking layer does), then publishes it.
    func load(_ response: Data) async throws {
        issues = try await Task.detached(priority: .userInitiated) {
            try JSONAdapter.models(of: Issue.self, fromJSONData: response)
        }.value
    }

    /// The same, for code that decodes on the main actor (small responses, previews, tests).
    func loadOnMainActor(_ response: Data) throws {
        issues = try JSONAdapter.models(of: Issue.self, fromJSONData: response)
    }
}

/// Decodes users on the generic executor, off the caller's actor: `@concurrent`, since a
/// `nonisolated async` function runs on its caller's actor under `NonisolatedNonsendingByDefault`.
@concurrent
nonisolated func decodeUsers(_ response: Data) async throws -> sending [User] {
    try JSONAdapter.models(of: User.self, fromJSONData: response)
}

/// The signed-in account: a main-actor `@Observable` model that the app updates in place from
/// JSON, on the main actor; its views see each change. Its conformances are main-actor-isolated
/// (inferred here; `@MainActor JSONSerializing` says so where they are not inferred).
@MainActor @Observable
final class Account: JSONSerializing, ObservableModel {
    var login = ""
    var followers = 0

    required init() {}

    static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = ["login": "login", "followers": "followers"]
    static let observationKeyPaths: [String: AnyKeyPath] = ["login": \Account.login, "followers": \Account.followers]
}
