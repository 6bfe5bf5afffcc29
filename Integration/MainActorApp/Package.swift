// swift-tools-version: 6.2
import PackageDescription

// An app package as Xcode 26 starts one: every declaration on the main actor unless it says
// otherwise (`.defaultIsolation(MainActor.self)`), with the "approachable concurrency" features the
// new app template turns on. Its models are `nonisolated`, so that they decode on and off the main
// actor; `.ci/check-integration-package Integration/MainActorApp` builds it (zero warnings) and runs
// its check, which CI does (.ci/run).
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "MainActorApp",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(name: "Mantle", path: "../..")],
    targets: [
        // The app's models and its main-actor store, and a check (main.swift) that decodes on and
        // off the main actor and exits non-zero on a failure.
        .executableTarget(name: "MainActorApp", dependencies: [.product(name: "JSONAdapter", package: "Mantle")],
                          swiftSettings: appSettings),
    ],
    swiftLanguageModes: [.v6]
)
