// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ToggleLedger",
    // iOS, tvOS and watchOS for ToggleKit, which apps embed.
    platforms: [.macOS(.v13), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "ToggleLedger", targets: ["ToggleLedger"]),
        // The Swift source side on its own: `import SwiftSource` to scan, clean up or generate code.
        .library(name: "SwiftSource", targets: ["SwiftSource"]),
        .executable(name: "toggles", targets: ["toggles"]),
        // The toggle runtime apps embed: depends on nothing, not even ToggleLedger.
        .library(name: "ToggleKit", targets: ["ToggleKit"]),
        // `swift package toggles COMMAND …` in an app that depends on this package.
        .plugin(name: "TogglesCommandPlugin", targets: ["TogglesCommandPlugin"]),
    ],
    dependencies: [],
    targets: [
        // The library, one target per layer; each names only the layers below it, and the
        // compiler enforces that (docs/architecture.md). Never prints, never exits.
        // JSON values, parser and writer; events, codec, write rules; lifecycle rules, toggle
        // state, projection. No I/O: it cannot import LedgerPlatform.
        .target(name: "LedgerModel", dependencies: ["CacheHints"]),
        // System calls (own error), mapped file, atomic file, whole-file reads, hashes,
        // terminal text. Knows nothing of events.
        .target(name: "LedgerPlatform"),
        // The log on disk: segments, reader, merge, fast decoder, writer, lock, checkpoint.
        .target(name: "LedgerStore", dependencies: ["LedgerModel", "LedgerPlatform", "CacheHints"]),
        // The façade: Ledger (append pipeline, replay, history), audit, stale policy and the
        // code findings it carries (the plain values: CodeReference, CodeFinding, RemovalPlan).
        .target(name: "LedgerCore", dependencies: ["LedgerStore", "CacheHints"]),
        // The product embedders import: the top layer (the renderers and report formats,
        // import and export) and the layers below, re-exported.
        .target(name: "ToggleLedger", dependencies: ["LedgerCore"]),
        // The Swift source side, beside ToggleLedger above the core (they build in parallel):
        // the lexer, the reference scanner, cleanup, generated Swift and `sync swift`.
        .target(name: "SwiftSource", dependencies: ["LedgerCore"]),
        // One C inline function, a cache prefetch hint, which Swift cannot spell (replay).
        .target(name: "CacheHints"),
        // The command-line front end as a library, so tests can run it in-process too.
        .target(name: "TogglesCLI", dependencies: ["ToggleLedger", "SwiftSource"]),
        // The executable: one call into TogglesCLI.
        .executableTarget(name: "toggles", dependencies: ["TogglesCLI"]),
        // Builds `toggles` and runs it in the package (or Xcode project) directory. One
        // permission for every command: SwiftPM asks per plugin, not per invocation, and the
        // commands that record events or write generated code need it (CI passes
        // --allow-writing-to-package-directory, as for swift-format's plugin).
        .plugin(
            name: "TogglesCommandPlugin",
            capability: .command(
                intent: .custom(verb: "toggles", description: "Run a toggles command (check, report, create, export swift, …) on this package's events/"),
                permissions: [
                    .writeToPackageDirectory(
                        reason:
                            "toggles appends events under events/ (create, change, remove, import, …) and writes the files you name with --output (export swift, report --format html)"
                    )
                ]
            ),
            dependencies: ["toggles"]
        ),
        // The runtime for apps: toggle types, stores, an offline Remote Config provider.
        .target(name: "ToggleKit"),
        // What every test target shares (one scratch directory, one git runner, one seeded
        // generator, one `toggles()` runner, the tags for external tools): a plain target that
        // only test targets depend on, never a product.
        .target(
            name: "TestSupport",
            dependencies: ["TogglesCLI", "ToggleLedger", "LedgerCore", "LedgerStore", "LedgerModel", "LedgerPlatform"],
            path: "Tests/TestSupport"
        ),
        // One test target per layer, each next to the layer it tests.
        .testTarget(name: "LedgerModelTests", dependencies: ["LedgerModel", "TestSupport"]),
        // LedgerPlatform's tests live here, in the lowest layer that uses it.
        .testTarget(name: "LedgerStoreTests", dependencies: ["LedgerStore", "LedgerPlatform", "TestSupport"]),
        .testTarget(name: "LedgerCoreTests", dependencies: ["LedgerCore", "TestSupport"]),
        .testTarget(
            name: "ToggleLedgerTests",
            dependencies: ["ToggleLedger", "TestSupport"]
        ),
        .testTarget(
            name: "SwiftSourceTests",
            dependencies: ["SwiftSource", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TogglesCLITests",
            // ToggleKit: the generated Swift code is compiled against it in a test.
            dependencies: ["TogglesCLI", "SwiftSource", "toggles", "ToggleKit", "TestSupport"],
            exclude: ["Snapshots", "Fixtures"]
        ),
        // The example package's library (Examples/EmbeddingLedger), compiled here with its test
        // and without package access: it builds only while it uses the public API alone.
        .testTarget(
            name: "EmbeddingLedgerExampleTests",
            dependencies: ["ToggleLedger"],
            path: "Examples/EmbeddingLedger",
            exclude: ["Package.swift", "README.md", "Sources/embedding-ledger"],
            sources: ["Sources/EmbeddingLedger", "Tests/EmbeddingLedgerTests"],
            packageAccess: false
        ),
        .testTarget(
            name: "ToggleKitTests",
            dependencies: ["ToggleKit"],
            exclude: ["Fixtures"]
        ),
    ]
)
