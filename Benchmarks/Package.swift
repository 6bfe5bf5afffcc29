// swift-tools-version: 6.0
import PackageDescription

// The benchmark, as its own package so that `swift test` in the library does not build it
// (as swift-collections does). Run from the repository root:
//   swift run -c release --package-path Benchmarks MantleBenchmarks
// It reads the standard corpora from ../shared/fixtures/corpora when that folder exists
// (a development checkout); the library and its tests never do.
let package = Package(
    name: "MantleBenchmarks",
    // Apple minimums (not built here: no Apple SDK on the Linux CI): the Swift 5.2 runtime's
    // reflection entry points (`swift_reflectionMirror_recursive*`) and FileHandle's throwing
    // reads; see CONTRIBUTING.md, "Platforms".
    platforms: [.macOS("10.15.4"), .iOS("13.4"), .tvOS("13.4"), .watchOS("6.2"), .visionOS(.v1)],
    dependencies: [
        .package(name: "Mantle", path: ".."),
    ],
    targets: [
        // The example's models of the GitHub REST API: Sources/GitHubModels is a link to
        // ../Examples/GitHubModels, which the library's package does not export as a product.
        .target(name: "GitHubModels", dependencies: [.product(name: "JSONAdapter", package: "Mantle")]),
        .executableTarget(
            name: "MantleBenchmarks",
            dependencies: [
                .product(name: "JSONAdapter", package: "Mantle"),
                "GitHubModels",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
