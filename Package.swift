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
        .testTarget(name: "MantleCoreTests", dependencies: ["MantleCore"]),
        .testTarget(name: "JSONAdapterTests", dependencies: ["JSONAdapter"]),
    ],
    swiftLanguageModes: [.v6]
)
