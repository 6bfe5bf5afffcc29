import Foundation
import GitHubModels
import JSONAdapter

/// The quick start (`swift run GitHubIssues`): decodes real GitHub API
/// responses into models, shows an error, and writes JSON back.
public enum GitHubIssuesExample {
    /// The lines the example prints, for `issues.json` or the given JSON text.
    public static func run(issuesJSON: Data? = nil) throws -> [String] {
        var lines: [String] = []
        let data = try issuesJSON ?? GitHubFixtures.data("issues")

        // 1. JSON text → models, with the package's own parser.
        let issues = try JSONAdapter.models(of: GHIssue.self, fromJSONData: data)
        lines.append("Decoded \(issues.count) issues from \(data.count) bytes of JSON")
        for issue in issues.prefix(3) {
            let updated = issue.updatedAt.map { ISO8601DateFormatter().string(from: $0) } ?? "never"
            lines.append("  #\(issue.number) [\(issue.state.rawValue)] \(issue.title) — by \(issue.reporterLogin ?? "?"), updated \(updated)")
        }

        // 2. The same through Foundation's JSONSerialization gives equal models.
        if let array = try JSONSerialization.jsonObject(with: data) as? [Any] {
            let viaFoundation = try JSONAdapter.models(of: GHIssue.self, from: array)
            lines.append("JSONSerialization path gives equal models: \(viaFoundation == issues)")
        }

        // 3. Other endpoints.
        let repository = try JSONAdapter.model(of: GHRepository.self, fromJSONData: GitHubFixtures.data("repository"))
        lines.append("Repository \(repository.fullName) owned by \(repository.ownerLogin), \(repository.stargazersCount) stars")
        let status = try JSONAdapter.model(of: GHCombinedStatus.self, fromJSONData: GitHubFixtures.data("combined-status"))
        lines.append("Commit \(status.sha.prefix(7)) is \(status.state.rawValue): \(status.statuses.map(\.context).joined(separator: ", "))")

        // 4. Errors say which property and which JSON path failed, and why.
        var broken = try JSONSerialization.jsonObject(with: GitHubFixtures.data("issues")) as? [[String: Any]] ?? []
        if broken.count > 3, var user = broken[3]["user"] as? [String: Any] {
            user["login"] = 42
            broken[3]["user"] = user
            do {
                _ = try JSONAdapter.models(of: GHIssue.self, from: broken)
            } catch {
                // Every failure at once, a line each: here `user` and
                // `reporterLogin`, which both read `user.login`.
                lines.append("Errors:")
                lines += "\(error)".split(separator: "\n").map { "  \($0)" }
            }
        }

        // 5. Models → JSON text, nil values left out.
        if let first = issues.first {
            let json = try JSONAdapter.jsonData(from: first, options: .omitsNilValues)
            lines.append("First issue back as JSON: \(json.count) bytes")
        }
        return lines
    }
}
