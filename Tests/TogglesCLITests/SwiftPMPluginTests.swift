import Foundation
import Testing
import TestSupport

/// The command plugin as an app uses it: a package that depends on ToggleLedger by path runs
/// `swift package toggles …`. SwiftPM builds `toggles` for that package first, so this is the
/// slowest test of the suite (a cold build of the package, minutes on two cores; seconds when
/// its build directory is kept). The consumer package lives at `.build/plugin-consumer/` of
/// this checkout, so a second run reuses that build; its sources and log are rewritten every
/// run. `TOGGLES_SKIP_PLUGIN_TEST=1` skips it.
@Suite(.serialized)
struct SwiftPMPluginTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let swift: String? = {
        if ProcessInfo.processInfo.environment["TOGGLES_SKIP_PLUGIN_TEST"] == "1" { return nil }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Writes the consumer package: an app library and an empty log directory.
    static func consumer() throws -> URL {
        let directory = packageRoot.appendingPathComponent(".build/plugin-consumer")
        let manager = FileManager.default
        for stale in ["events", "Sources"] { try? manager.removeItem(at: directory.appendingPathComponent(stale)) }
        try manager.createDirectory(at: directory.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try manager.createDirectory(at: directory.appendingPathComponent("events"), withIntermediateDirectories: true)
        // An app is its own repository. Without this the consumer sits inside this checkout,
        // and the log lookup (as git finds its repository) would reach this repository's events/.
        try #require(try Git.process(["init", "-q", "."], in: directory, environment: TogglesBinary.cleanEnvironment()).status == 0)
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "MomentsApp",
                dependencies: [.package(name: "ToggleLedger", path: \(String(reflecting: packageRoot.path)))],
                targets: [.target(name: "App", path: "Sources/App")]
            )

            """
        try Data(manifest.utf8).write(to: directory.appendingPathComponent("Package.swift"))
        try Data("public enum App {}\n".utf8).write(to: directory.appendingPathComponent("Sources/App/App.swift"))
        return directory
    }

    static func package(_ arguments: [String], in directory: URL) throws -> TogglesBinary.Run {
        var environment = ProcessInfo.processInfo.environment
        // A predictable actor, and no CI provenance from the machine running the tests.
        for variable in ["GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "CIRCLECI", "BITRISE_IO", "JENKINS_URL"] { environment[variable] = nil }
        environment["USER"] = "plugin-tester"
        return try Subprocess.run(try #require(swift), ["package"] + arguments, in: directory, environment: environment, timeout: 1800)
    }

    @Test(.tags(.swiftToolchain), .enabled(if: swift != nil, "swift is not on PATH (or TOGGLES_SKIP_PLUGIN_TEST=1): the SwiftPM plugin test is skipped"))
    func appPackageRecordsExportsAndChecksThroughThePlugin() throws {
        let directory = try Self.consumer()
        let started = Date()
        let create = try Self.package(
            [
                "--allow-writing-to-package-directory", "toggles", "create", "isRoundedAvatar", "--kind", "remote", "--type", "bool",
                "--default", "false", "--category", "experiment", "--owner", "mei@moments.example", "--expires", "2027-01-31",
                "--at", "2026-11-01T10:00:00Z", "--actor", "mei@moments.example",
            ], in: directory)
        let firstRun = Date().timeIntervalSince(started)
        #expect(create.status == 0, "\(create)")
        let segments = (FileManager.default.enumerator(atPath: directory.appendingPathComponent("events").path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".jsonl") }
        #expect(segments.count == 1, "the plugin's create wrote no segment under the package's events/: \(segments)")

        let export = try Self.package(
            [
                "--allow-writing-to-package-directory", "toggles", "export", "swift",
                "--output", "Sources/App/Toggles.generated.swift", "--now", "2026-11-02",
            ], in: directory)
        #expect(export.status == 0, "\(export)")
        let generated = (try? String(contentsOf: directory.appendingPathComponent("Sources/App/Toggles.generated.swift"), encoding: .utf8)) ?? ""
        #expect(generated.contains("isRoundedAvatar"), "export swift through the plugin did not write the enum: \(generated.prefix(300))")

        // toggles' own failure reaches the caller: SwiftPM exits 1 naming the tool's status, and
        // passes on toggles' message (it forwards a plugin's standard error to its own output).
        let typo = try Self.package(["--allow-writing-to-package-directory", "toggles", "stat"], in: directory)
        #expect(typo.status == 1, "\(typo)")
        #expect((typo.stdout + typo.stderr).contains("toggles: error: unknown command 'stat'; did you mean 'state'?"), "\(typo)")
        #expect(typo.stderr.contains("Plugin ended with exit code 64"), "\(typo)")
        print("SwiftPMPluginTests: first `swift package toggles` (build included) took \(Int(firstRun)) s; all three \(Int(Date().timeIntervalSince(started))) s")
    }
}
