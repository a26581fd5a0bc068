import Foundation
import Testing
@testable import TogglesCLI

/// Issue 27: the scan finds toggles the cleanup cannot rewrite (properties, key constants,
/// member chains, string keys); `toggles cleanup` refuses those with the reason, writing nothing.
@Suite struct CleanupConventionRefusalTests {
    @Test func aNamespaceMemberIsRefusedNotRewritten() throws {
        let directory = try TemporaryDirectory("cleanup-convention")
        let flags = "enum FeatureFlags {\n    static let allowOfflineMode = true\n}\n"
        let sync = "func sync() {\n    if FeatureFlags.allowOfflineMode { cache() }\n}\n"
        try directory.write("App/Flags.swift", flags)
        try directory.write("App/Sync.swift", sync)
        try directory.write("events/2026/07/seed.jsonl", CleanupCommandTests.created("allowOfflineMode") + "\n")
        _ = try Subprocess.run("/usr/bin/env", ["git", "init", "-q", "."], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        let run = CleanupCorpusTests.cleanup(["allowOfflineMode", "App", "--value", "true"], in: directory.url)
        #expect(run.status != 0)
        #expect((run.stdout + run.stderr).contains("FeatureFlags.allowOfflineMode is a toggle's member, which the cleanup cannot rewrite"), "\(run.stdout)\(run.stderr)")
        #expect(try directory.read("App/Sync.swift") == sync)
        #expect(try directory.read("App/Flags.swift") == flags)
    }
}
