// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Mantle",
    // Apple minimums (not built here: no Apple SDK on the Linux CI): the Swift 5.2 runtime's
    // reflection entry points (`swift_reflectionMirror_recursive*`) and FileHandle's throwing
    // reads; see CONTRIBUTING.md, "Platforms".
    platforms: [.macOS("10.15.4"), .iOS("13.4"), .tvOS("13.4"), .watchOS("6.2"), .visionOS(.v1)],
    products: [
        .library(name: "MantleCore", targets: ["MantleCore"]),
        .library(name: "MantleArchiving", targets: ["MantleArchiving"]),
        .library(name: "JSONAdapter", targets: ["JSONAdapter"]),
    ],
    targets: [
        // The model layer: reflection, values, transformers, Codable, and the extension points
        // the archiver reads (modelVersion, encodingBehavior, migration).
        .target(name: "MantleCore"),
        // Versioned archives of model graphs: ModelArchiver and its binary property-list codec.
        .target(name: "MantleArchiving", dependencies: ["MantleCore"]),
        // The JSON engine (internal, not a product): scanner, tape, document, writer, stream
        // framer. It reads numbers into MantleCore's NumberValue, the package's one exact form.
        .target(name: "MantleJSON", dependencies: ["MantleCore"]),
        // Models to and from JSON: key paths, codecs, the adapter, streaming. Re-exports MantleCore
        // and MantleArchiving, so `import JSONAdapter` brings the whole library.
        .target(name: "JSONAdapter", dependencies: ["MantleCore", "MantleArchiving", "MantleJSON"]),

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
        // MantleCoreTests also checks that archives keep what the model layer promises (class
        // hierarchies, @Observable models, Codable agreement), hence MantleArchiving.
        .testTarget(name: "MantleCoreTests", dependencies: ["MantleCore", "MantleArchiving", "MantleTestSupport"]),
        .testTarget(name: "MantleArchivingTests", dependencies: ["MantleArchiving", "MantleCore", "MantleTestSupport"]),
        .testTarget(name: "MantleJSONTests", dependencies: ["MantleJSON", "MantleTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "JSONAdapterTests",
                    dependencies: ["JSONAdapter", "GitHubModels", "ExampleCatalog", "MantleTestSupport"],
                    exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
