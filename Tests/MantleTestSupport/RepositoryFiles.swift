import Foundation

/// The files of this repository that tests read (fixtures, the README), found from this file's
/// own path, so that a test file can move to another folder without its paths breaking. Tests
/// read only files inside the repository.
package enum RepositoryFiles {
    /// The package root: this file is `<root>/Tests/MantleTestSupport/RepositoryFiles.swift`.
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MantleTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .standardizedFileURL

    /// The file or folder at `relativePath` (`"Examples/Fixtures"`) from the package root.
    package static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
