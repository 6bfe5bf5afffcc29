import Foundation

/// The real GitHub REST API responses copied into `Examples/Fixtures`
/// (recorded by the octokit/fixtures project), found relative to this source file.
public enum GitHubFixtures {
    /// The folder holding the fixtures. Symbolic links in the source path are
    /// resolved first: the benchmark package compiles these files through the
    /// link `Benchmarks/Sources/GitHubModels`.
    public static let directory = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The bytes of a fixture, e.g. `data("issues")`.
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
    }
}
