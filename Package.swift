// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ToggleLedger",
    // iOS, tvOS and watchOS for ToggleKit, which apps embed.
    platforms: [.macOS(.v13), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "ToggleLedger", targets: ["ToggleLedger"]),
        .executable(name: "toggles", targets: ["toggles"]),
        // The toggle runtime apps embed: depends on nothing, not even ToggleLedger.
        .library(name: "ToggleKit", targets: ["ToggleKit"]),
    ],
    dependencies: [],
    targets: [
        // All behaviour: events, the log, projections, reports. Never prints, never exits.
        .target(name: "ToggleLedger", dependencies: ["CacheHints"]),
        // One C inline function, a cache prefetch hint, which Swift cannot spell (replay).
        .target(name: "CacheHints"),
        // The command-line front end as a library, so tests can run it in-process too.
        .target(name: "TogglesCLI", dependencies: ["ToggleLedger"]),
        // The executable: one call into TogglesCLI.
        .executableTarget(name: "toggles", dependencies: ["TogglesCLI"]),
        // The runtime for apps: toggle types, stores, an offline Remote Config provider.
        .target(name: "ToggleKit"),
        .testTarget(
            name: "ToggleLedgerTests",
            dependencies: ["ToggleLedger"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TogglesCLITests",
            // ToggleKit: the generated Swift code is compiled against it in a test.
            dependencies: ["TogglesCLI", "toggles", "ToggleKit"],
            exclude: ["Snapshots", "Fixtures"]
        ),
        .testTarget(
            name: "ToggleKitTests",
            dependencies: ["ToggleKit"],
            exclude: ["Fixtures"]
        ),
    ]
)
