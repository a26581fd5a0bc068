// swift-tools-version:6.0
import PackageDescription

// An app that embeds ToggleLedger: `swift run` in this folder (README.md).
let package = Package(
    name: "EmbeddingLedger",
    platforms: [.macOS(.v13)],
    // `name:` so the product resolves whatever the checkout folder is called.
    dependencies: [.package(name: "ToggleLedger", path: "../..")],
    targets: [
        .target(name: "EmbeddingLedger", dependencies: [.product(name: "ToggleLedger", package: "ToggleLedger")]),
        .executableTarget(name: "embedding-ledger", dependencies: ["EmbeddingLedger"]),
    ]
)
