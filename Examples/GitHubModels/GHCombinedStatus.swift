import Foundation
import JSONAdapter

/// The state of a commit status.
public enum GHStatusState: String, CaseIterable, Sendable {
    /// Waiting for a result.
    case pending
    /// Succeeded.
    case success
    /// Failed.
    case failure
    /// Could not run.
    case error
}

/// One commit status.
public struct GHStatus: JSONSerializing {
    /// The numeric id.
    public var id = 0
    /// The state.
    public var state = GHStatusState.pending
    /// What it says.
    public var summary: String?
    /// Where details are.
    public var targetURL: URL?
    /// The check's name.
    public var context = ""
    /// Creation time.
    public var createdAt: Date?

    /// An empty status.
    public init() {}

    /// JSON keys of the REST API.
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "id": "id", "state": "state", "summary": "description", "targetURL": "target_url",
        "context": "context", "createdAt": "created_at",
    ]
}

/// The combined status of a commit (`GET /repos/{owner}/{repo}/commits/{ref}/status`).
public struct GHCombinedStatus: JSONSerializing {
    /// The overall state.
    public var state = GHStatusState.pending
    /// The commit.
    public var sha = ""
    /// How many statuses there are.
    public var totalCount = 0
    /// The statuses.
    public var statuses: [GHStatus] = []
    /// The repository's full name, straight from `repository.full_name`.
    public var repositoryName = ""

    /// An empty combined status.
    public init() {}

    /// JSON keys of the REST API.
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "state": "state", "sha": "sha", "totalCount": "total_count", "statuses": "statuses",
        "repositoryName": "repository.full_name",
    ]
}

/// The body of a 422 response.
public struct GHValidationError: JSONSerializing {
    /// One problem with the request.
    public struct Detail: JSONSerializing {
        /// The resource concerned.
        public var resource = ""
        /// The field concerned.
        public var field = ""
        /// What is wrong (`invalid`, `missing`, …).
        public var code = ""

        /// An empty detail.
        public init() {}

        /// JSON keys of the REST API.
        public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
            "resource": "resource", "field": "field", "code": "code",
        ]
    }

    /// The summary.
    public var message = ""
    /// The problems.
    public var errors: [Detail] = []
    /// Where the documentation is.
    public var documentationURL: URL?

    /// An empty error.
    public init() {}

    /// JSON keys of the REST API.
    public static let jsonKeyPathsByPropertyKey: [String: JSONKeyPath] = [
        "message": "message", "errors": "errors", "documentationURL": "documentation_url",
    ]
}
