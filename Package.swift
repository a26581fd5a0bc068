// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ToggleLedger",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ToggleLedger", targets: ["ToggleLedger"]),
        .executable(name: "toggles", targets: ["toggles"]),
    ],
    dependencies: [],
    targets: [
        // All behaviour: events, the log, projections, reports. Never prints, never exits.
        .target(name: "ToggleLedger"),
        // The command-line front end as a library, so tests can run it in-process too.
        .target(name: "TogglesCLI", dependencies: ["ToggleLedger"]),
        // The executable: one call into TogglesCLI.
        .executableTarget(name: "toggles", dependencies: ["TogglesCLI"]),
        .testTarget(
            name: "ToggleLedgerTests",
            dependencies: ["ToggleLedger"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TogglesCLITests",
            dependencies: ["TogglesCLI", "toggles"],
            exclude: ["Snapshots", "Fixtures"]
        ),
    ]
)
