// swift-tools-version: 6.0
import PackageDescription

// SwiftUI's model of iOS 13–16 apps, `ObservableObject` classes with `@Published`
// properties, as models: decoded, encoded and updated through the properties'
// own accessors (so that `objectWillChange` fires), and refused at first use
// when the key paths are not declared. Apple's Combine is not on Linux;
// OpenCombine has the same shape (`Published` reads and writes through the
// enclosing instance's subscript), so this package depends on it. Its own
// package, because the library itself has no dependencies. Run by CI:
//   .ci/check-integration-package Integration/OpenCombineModels
let package = Package(
    name: "OpenCombineModels",
    platforms: [.macOS("10.15.4"), .iOS("13.4"), .tvOS("13.4"), .watchOS("6.2"), .visionOS(.v1)],
    dependencies: [
        .package(name: "Mantle", path: "../.."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "CombineModels",
            dependencies: [
                .product(name: "JSONAdapter", package: "Mantle"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]),
        .testTarget(
            name: "OpenCombineModelsTests",
            dependencies: [
                "CombineModels",
                .product(name: "JSONAdapter", package: "Mantle"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
