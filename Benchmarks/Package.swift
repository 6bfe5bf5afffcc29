// swift-tools-version: 6.0
import PackageDescription

// The benchmark, as its own package so that `swift test` in the library does not build it
// (as swift-collections does). Run from the repository root:
//   swift run -c release --package-path Benchmarks MantleBenchmarks
// It reads the standard corpora from ../shared/fixtures/corpora when that folder exists
// (a development checkout); the library and its tests never do.
let package = Package(
    name: "MantleBenchmarks",
    // Apple minimums: the OS releases of the Swift 5.5 runtime. The runtime's reflection entry
    // points have the arguments this package binds from the 5.4 runtime on (macOS 11.3, iOS 14.5);
    // the Linux CI builds none of these platforms (.github/workflows/apple.yml is written to, on a
    // macOS runner, and has not run yet); see CONTRIBUTING.md, "Platforms".
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
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
