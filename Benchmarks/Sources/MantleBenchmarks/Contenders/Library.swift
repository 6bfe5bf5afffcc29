import Foundation
import GitHubModels
import JSONAdapter

/// This library's calls, exactly as app code writes them.
enum LibraryContender {
    /// Dictionaries → models: `JSONAdapter.models(of:from:)`.
    static func issues(from dictionaries: [Any]) throws -> [GHIssue] {
        try JSONAdapter.models(of: GHIssue.self, from: dictionaries)
    }

    /// Data → models: `JSONAdapter.models(of:fromJSONData:)`.
    static func issues(from data: Data) throws -> [GHIssue] {
        try JSONAdapter.models(of: GHIssue.self, fromJSONData: data)
    }

    /// Models → Data: `JSONAdapter.jsonData(from:)`, the array overload (the
    /// conversion to `[any JSONSerializing]` is part of the call, as in app code).
    static func data(from issues: [GHIssue]) throws -> Data {
        try JSONAdapter.jsonData(from: issues)
    }

    /// Models → dictionaries: `JSONAdapter.jsonArray(from:)`.
    static func dictionaries(from issues: [GHIssue]) throws -> [[String: Any]] {
        try JSONAdapter.jsonArray(from: issues)
    }

    /// `==` on two arrays of models (the models' `==`, via `Array`'s).
    static func equal(_ lhs: [GHIssue], _ rhs: [GHIssue]) -> Bool {
        lhs == rhs
    }

    /// `hash(into:)` of every model, through one `Hasher`.
    static func hash(_ issues: [GHIssue]) -> Int {
        var hasher = Hasher()
        hasher.combine(issues)
        return hasher.finalize()
    }
}
