// swift-tools-version: 6.0
import PackageDescription

// The benchmark, as its own package so that `swift test` in the library does not build it
// (as swift-collections does). Run from the repository root:
//   swift run -c release --package-path Benchmarks MantleBenchmarks
// It reads the standard corpora from ../shared/fixtures/corpora when that folder exists
// (a development checkout); the library and its tests never do.
let package = Package(
    name: "MantleBenchmarks",
    dependencies: [
        .package(name: "Mantle", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "MantleBenchmarks",
            dependencies: [
                .product(name: "JSONAdapter", package: "Mantle"),
                .product(name: "GitHubModels", package: "Mantle"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
