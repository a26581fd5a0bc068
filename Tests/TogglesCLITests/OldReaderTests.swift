import Foundation
import Testing
import TestSupport

/// A `toggles` from before the app-version events (15fd35a, the session's starting commit)
/// reading a log that has them: it keeps every line and names each type it does not know.
/// Runs when that binary is there (`$TOGGLES_BASELINE_BINARY`, or the session's build of it);
/// skipped, and reported as skipped, elsewhere.
@Suite struct OldReaderTests {
    static let baseline: String? = {
        let candidates = [ProcessInfo.processInfo.environment["TOGGLES_BASELINE_BINARY"], "/work/baseline/toggles-15fd35a"]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test(.tags(.binary), .enabled(if: baseline != nil, "no toggles binary from before the app-version events"))
    func anOldBinaryNamesTheTypesItDoesNotKnow() throws {
        let directory = try TemporaryDirectory()
        for arguments in [
            ["create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-01-01"],
            ["publish", "isRoundedAvatar", "--value", "true", "--at", "2026-02-01"],
            ["support", "--minimum", "2.3", "--at", "2026-03-01"],
            ["remove", "isRoundedAvatar", "--app-version", "2.5.0", "--at", "2026-04-01"],
        ] {
            let run = try TogglesBinary.run(arguments, in: directory.url)
            #expect(run.status == 0, "\(run)")
        }
        let old = try #require(Self.baseline)
        func runOld(_ arguments: [String]) throws -> TogglesBinary.Run {
            try Subprocess.run(old, arguments, in: directory.url, environment: TogglesBinary.cleanEnvironment())
        }
        let audit = try runOld(["audit"])
        #expect(audit.stdout.contains(#"unknown event type "code-removed""#) || audit.stderr.contains(#"unknown event type "code-removed""#), "\(audit)")
        #expect((audit.stdout + audit.stderr).contains(#"unknown event type "minimum-version-changed""#), "\(audit)")
        // It refuses to judge a log it cannot fully read, naming the type in its first line.
        let check = try runOld(["check"])
        #expect(check.status == 2)
        #expect(check.stderr.hasPrefix("toggles: error: events/2026/03/"), "\(check)")
        #expect(check.stderr.contains("minimum-version-changed _app"), "\(check)")
        // It still serves the parameter: the safe side for old app versions.
        let export = try runOld(["export", "firebase"])
        #expect(export.status == 0 && export.stdout.contains("isRoundedAvatar"), "\(export)")
    }
}
