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
        // The library, one target per layer; each names only the layers below it, and the
        // compiler enforces that (docs/architecture.md). Never prints, never exits.
        // JSON: parser, writer, output buffer, escaping.
        .target(name: "LedgerJSON"),
        // System calls (own error), mapped file, lock, atomic file, hashes, the prefetch hint.
        .target(name: "LedgerPlatform", dependencies: ["LedgerJSON", "CacheHints"]),
        // Events, codec, write rules; lifecycle rules, toggle state, projection. No I/O.
        .target(name: "LedgerModel", dependencies: ["LedgerJSON", "LedgerPlatform", "CacheHints"]),
        // The log on disk: segments, reader, merge, fast decoder, writer, checkpoint.
        .target(name: "LedgerStore", dependencies: ["LedgerModel", "CacheHints"]),
        // The façade: Ledger (append pipeline, replay, history), audit, stale policy and the
        // code findings it carries (the plain values: CodeReference, CodeFinding, RemovalPlan).
        .target(name: "LedgerCore", dependencies: ["LedgerStore"]),
        // The Swift source scanner, which fills in those values.
        .target(name: "LedgerCodeReferences", dependencies: ["LedgerCore"]),
        // Renderers: state, history, stale report, audit text; report formats.
        .target(name: "LedgerReports", dependencies: ["LedgerCore"]),
        // Import and export: Firebase Remote Config, plists, flagd, Swift code generation.
        .target(name: "LedgerInterop", dependencies: ["LedgerReports", "LedgerCodeReferences"]),
        // The product embedders import: re-exports the layers' public API, nothing else.
        .target(name: "ToggleLedger", dependencies: ["LedgerInterop"]),
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
            // Every layer: the tests reach into each (`@testable import` per layer).
            dependencies: [
                "ToggleLedger", "LedgerJSON", "LedgerPlatform", "LedgerModel", "LedgerStore",
                "LedgerCore", "LedgerCodeReferences", "LedgerReports", "LedgerInterop",
            ],
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
