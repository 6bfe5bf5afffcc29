// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Mantle",
    // Apple minimums: the OS releases of the Swift 5.5 runtime. The runtime's reflection entry
    // points have the arguments this package binds from the 5.4 runtime on (macOS 11.3, iOS 14.5);
    // the Linux CI builds none of these platforms (.github/workflows/apple.yml is written to, on a
    // macOS runner, and has not run yet); see CONTRIBUTING.md, "Platforms".
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "MantleCore", targets: ["MantleCore"]),
        .library(name: "MantleArchiving", targets: ["MantleArchiving"]),
        .library(name: "JSONAdapter", targets: ["JSONAdapter"]),
    ],
    targets: [
        // Layer 0, internal (not a product; its modules share it through `package` access, none
        // re-exports it): numbers (NumberValue, the package's one exact form), Foundation values
        // and containers, runtime field reflection, and utilities (locks, type caches, calendar
        // arithmetic, the wording of errors). Knows nothing of models or JSON.
        .target(name: "MantleInternals"),
        // Layer 1, the model layer: the Model protocol, model reflection, value kinds and
        // conversion, ==/hash/description, Codable, and the extension points the archiver reads.
        .target(name: "MantleCore", dependencies: ["MantleInternals"]),
        // Layer 1 beside it, the JSON engine (internal, not a product): scanner, tape, document,
        // writer, stream framer. It knows no models: it reads numbers into NumberValue.
        .target(name: "MantleJSON", dependencies: ["MantleInternals"]),
        // Layer 2, versioned archives of model graphs: ModelArchiver and its binary property lists.
        .target(name: "MantleArchiving", dependencies: ["MantleCore", "MantleInternals"]),
        // Layer 3, models to and from JSON: key paths, codecs, the adapter, streaming, schemas.
        // Re-exports MantleCore and MantleArchiving, so `import JSONAdapter` brings the library.
        .target(name: "JSONAdapter", dependencies: ["MantleCore", "MantleArchiving", "MantleJSON", "MantleInternals"]),

        // Models of the GitHub REST API, used by the examples and the tests; not a product (the
        // benchmark package compiles the same folder through the link Benchmarks/Sources/GitHubModels).
        .target(name: "GitHubModels", dependencies: ["JSONAdapter"], path: "Examples/GitHubModels"),
        // The examples: their code in one library, run by the tests; one small executable each.
        .target(name: "ExampleCatalog", dependencies: ["GitHubModels", "JSONAdapter", "MantleArchiving"], path: "Examples/ExampleCatalog"),
        .executableTarget(name: "GitHubIssues", dependencies: ["ExampleCatalog"], path: "Examples/GitHubIssues"),
        .executableTarget(name: "ClassClusters", dependencies: ["ExampleCatalog"], path: "Examples/ClassClusters"),
        .executableTarget(name: "Transformers", dependencies: ["ExampleCatalog"], path: "Examples/Transformers"),
        .executableTarget(name: "Archiving", dependencies: ["ExampleCatalog"], path: "Examples/Archiving"),
        .executableTarget(name: "Errors", dependencies: ["ExampleCatalog"], path: "Examples/Errors"),
        .executableTarget(name: "JSONSchema", dependencies: ["ExampleCatalog"], path: "Examples/JSONSchema"),
        .executableTarget(name: "MergePatch", dependencies: ["ExampleCatalog"], path: "Examples/MergePatch"),

        // What the test targets share: deterministic random numbers, comparable JSON trees and the
        // helpers of the ported Mantle specs.
        .target(name: "MantleTestSupport", dependencies: ["MantleCore"], path: "Tests/MantleTestSupport"),
        .testTarget(name: "MantleInternalsTests", dependencies: ["MantleInternals", "MantleTestSupport"]),
        // MantleCoreTests also checks that archives keep what the model layer promises (class
        // hierarchies, @Observable models, Codable agreement), hence MantleArchiving.
        .testTarget(name: "MantleCoreTests", dependencies: ["MantleCore", "MantleArchiving", "MantleInternals", "MantleTestSupport"]),
        .testTarget(name: "MantleArchivingTests", dependencies: ["MantleArchiving", "MantleCore", "MantleTestSupport"]),
        .testTarget(name: "MantleJSONTests", dependencies: ["MantleJSON", "MantleInternals", "MantleTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "JSONAdapterTests",
                    dependencies: ["JSONAdapter", "GitHubModels", "ExampleCatalog", "MantleInternals", "MantleTestSupport"],
                    exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
