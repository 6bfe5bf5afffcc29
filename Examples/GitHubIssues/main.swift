// The quick start: decodes real GitHub API responses into models, shows an
// error, and writes JSON back (the code is in Examples/ExampleCatalog).
//
//     swift run GitHubIssues [path/to/issues.json]
import ExampleCatalog
import Foundation

let path = CommandLine.arguments.dropFirst().first
let data = try path.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
for line in try GitHubIssuesExample.run(issuesJSON: data) { print(line) }
