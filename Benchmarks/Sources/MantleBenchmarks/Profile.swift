import Foundation
import GitHubModels

/// `--profile-decode N`: one warm Data → models decode of N issues by the
/// library and nothing else timed, for profilers. The decode runs inside
/// ``decodeForProfiling(_:)``, so with callgrind:
///
///     valgrind --tool=callgrind --toggle-collect='*decodeForProfiling*' \
///         .build-bench/release/MantleBenchmarks --profile-decode 2000
enum ProfileRun {
    /// Builds the input, warms up (the mapping is compiled on first use), then decodes once.
    static func run(count: Int) throws {
        let templates = try IssueTemplates.load()
        let data = templates.data(count: count)
        blackHole(try LibraryContender.issues(from: templates.data(count: 2 * templates.baseCount)))
        let issues = try decodeForProfiling(data)
        progress("decoded \(issues.count) issues")
        blackHole(issues)
    }

    /// The profiled call: `JSONAdapter.models(of:fromJSONData:)`.
    @inline(never)
    static func decodeForProfiling(_ data: Data) throws -> [GHIssue] {
        try LibraryContender.issues(from: data)
    }
}
