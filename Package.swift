// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Mantle",
    products: [
        .library(name: "MantleCore", targets: ["MantleCore"]),
        .library(name: "JSONAdapter", targets: ["JSONAdapter"]),
    ],
    targets: [
        .target(name: "MantleCore"),
        .target(name: "JSONAdapter", dependencies: ["MantleCore"]),

        // Models of the GitHub REST API, used by the example, the tests and the benchmark.
        .target(name: "GitHubModels", dependencies: ["JSONAdapter"], path: "Examples/GitHubModels"),
        .executableTarget(name: "GitHubIssues", dependencies: ["GitHubModels", "JSONAdapter"],
                          path: "Examples/GitHubIssues"),

        // `swift run -c release MantleBenchmarks`: this library against hand-written code and Codable.
        .executableTarget(name: "MantleBenchmarks", dependencies: ["GitHubModels", "JSONAdapter"],
                          path: "Benchmarks/MantleBenchmarks"),

        .testTarget(name: "MantleCoreTests", dependencies: ["MantleCore"]),
        .testTarget(name: "JSONAdapterTests", dependencies: ["JSONAdapter", "GitHubModels"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
