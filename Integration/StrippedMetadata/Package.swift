// swift-tools-version: 6.0
import PackageDescription

// Models compiled as an app does that sets Xcode's Reflection Metadata Level
// (SWIFT_REFLECTION_METADATA_LEVEL) to None or to Without Names, and tests that
// the library refuses them at first use with an error naming that build setting,
// never decoding them to their defaults. Its own package, because the flags are
// unsafeFlags, which SwiftPM allows only in a root package (or a local one):
// the library's package cannot carry them. Run by CI:
//   .ci/check-integration-package Integration/StrippedMetadata
let package = Package(
    name: "StrippedMetadata",
    platforms: [.macOS("10.15.4"), .iOS("13.4"), .tvOS("13.4"), .watchOS("6.2"), .visionOS(.v1)],
    dependencies: [
        .package(name: "Mantle", path: "../.."),
    ],
    targets: [
        // Compiled as usual: a base class the stripped subclasses inherit from, and the
        // same models as the stripped targets, as the control.
        .target(name: "ReadableModels", dependencies: [.product(name: "JSONAdapter", package: "Mantle")]),
        // Reflection Metadata Level None.
        .target(
            name: "StrippedModels",
            dependencies: ["ReadableModels", .product(name: "JSONAdapter", package: "Mantle")],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-metadata"])]),
        // Reflection Metadata Level Without Names.
        .target(
            name: "NamelessModels",
            dependencies: ["ReadableModels", .product(name: "JSONAdapter", package: "Mantle")],
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-reflection-names"])]),
        .testTarget(
            name: "StrippedMetadataTests",
            dependencies: [
                "ReadableModels", "StrippedModels", "NamelessModels",
                .product(name: "JSONAdapter", package: "Mantle"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
