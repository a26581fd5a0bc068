import Foundation
import SwiftSource
import Testing
import ToggleLedger
@testable import TogglesCLI
import TestSupport

/// `toggles cleanup` as a command: the value the log decides, the dry run against the real
/// run, all or nothing, the JSON report, `--record`, and files that changed since the plan.
@Suite struct CleanupCommandTests {
    static let flags = """
        enum RemoteToggle: String, ToggleType {
            case isStoriesEnabled
            case isRoundedAvatar
        }

        protocol ToggleType {}
        protocol TogglesDataStoreType { func isToggleOn(_ toggle: ToggleType) -> Bool }

        """
    static let view = """
        struct FeedView {
            let toggles: TogglesDataStoreType

            func avatarRadius() -> Int {
                if toggles.isToggleOn(RemoteToggle.isRoundedAvatar) {
                    return 20
                } else {
                    return 0
                }
            }

            var showsStories: Bool { !toggles.isToggleOn(RemoteToggle.isRoundedAvatar) && toggles.isToggleOn(RemoteToggle.isStoriesEnabled) }
        }

        """
    static func created(_ toggle: String, default value: Bool = false, at: String = "2026-06-15T09:30:00Z") -> String {
        #"{"schema":1,"id":"c-\#(toggle)","at":"\#(at)","type":"created","toggle":"\#(toggle)","actor":"a@example.com","kind":"remote","valueType":"bool","default":\#(value),"category":"release"}"#
    }
    static func published(_ toggle: String, _ value: Bool, conditions: String = "") -> String {
        #"{"schema":1,"id":"p-\#(toggle)","at":"2026-07-01T07:45:00Z","type":"published","toggle":"\#(toggle)","actor":"a@example.com","value":\#(value)\#(conditions)}"#
    }

    static func repository(events: [String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("cleanup-command")
        try directory.write("App/Flags.swift", flags)
        try directory.write("App/FeedView.swift", view)
        try directory.write("events/2026/07/seed.jsonl", events.joined(separator: "\n") + "\n")
        _ = try Git.process(["init", "-q", "."], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        return directory
    }

    @Test func theLogDecidesTheValueOrTheCommandRefuses() throws {
        // Published true to everyone: keep true.
        let launched = try Self.repository(events: [Self.created("isRoundedAvatar"), Self.created("isStoriesEnabled"), Self.published("isRoundedAvatar", true)])
        let run = CleanupCorpusTests.cleanup(["isRoundedAvatar", "App"], in: launched.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("keep true (remote default)"))
        let view = try launched.read("App/FeedView.swift")
        #expect(view.contains("        return 20\n    }\n"))
        #expect(view.contains("var showsStories: Bool { false }"))
        #expect(!(try launched.read("App/Flags.swift")).contains("isRoundedAvatar"))

        // A conditional value the kept one would lose: 65, nothing written, unless --value.
        let partial = try Self.repository(events: [
            Self.created("isRoundedAvatar"), Self.created("isStoriesEnabled"),
            Self.published("isRoundedAvatar", false, conditions: #","conditions":[{"name":"Chinese users","expression":"device.language in ['zh']","value":true}]"#),
        ])
        let refused = CleanupCorpusTests.cleanup(["isRoundedAvatar", "App"], in: partial.url)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("the log cannot decide the value to keep: keep false (in-app default); lost: Chinese users → true; give --value"))
        #expect(try partial.read("App/FeedView.swift") == Self.view)
        #expect(CleanupCorpusTests.cleanup(["isRoundedAvatar", "App", "--value", "true"], in: partial.url).status == 0)

        // Not in the log at all: the log cannot say; --value is needed.
        let unknown = CleanupCorpusTests.cleanup(["isGone", "App"], in: partial.url)
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("give --value true or --value false"))
    }

    @Test(.tags(.git)) func theDryRunIsTheRealRunsChangeAsAGitDiff() throws {
        let directory = try Self.repository(events: [Self.created("isRoundedAvatar"), Self.created("isStoriesEnabled")])
        _ = try Git.process(["add", "-A"], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        _ = try Git.process(["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "seed"], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        // From a subfolder: the diff's paths are relative to the repository's root.
        let app = directory.file("App")
        let dry = CleanupCorpusTests.cleanup(["isRoundedAvatar", "--dry-run", "--log", "../events"], in: app)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.hasPrefix("diff --git a/App/FeedView.swift b/App/FeedView.swift\n--- a/App/FeedView.swift\n+++ b/App/FeedView.swift\n@@ "))
        #expect(try directory.read("App/FeedView.swift") == Self.view)
        try Data(dry.stdout.utf8).write(to: directory.file("change.diff"))
        let check = try Git.process(["apply", "--check", "change.diff"], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        #expect(check.status == 0, "\(check.stderr)")

        // The real run keeps the permissions and makes exactly the diff's change.
        chmod(directory.file("App/FeedView.swift").path, 0o640)
        #expect(CleanupCorpusTests.cleanup(["isRoundedAvatar", "--log", "../events"], in: app).status == 0)
        var info = stat()
        stat(directory.file("App/FeedView.swift").path, &info)
        #expect(info.st_mode & 0o777 == 0o640)
        let reverse = try Git.process(["apply", "--check", "-R", "change.diff"], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        #expect(reverse.status == 0, "the written files are not the dry run's change: \(reverse.stderr)")
        let gitDiff = try Git.process(["diff", "--no-color", "--no-prefix", "--stat"], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        #expect(gitDiff.stdout.contains("2 files changed"))
    }

    @Test func oneRefusedSiteWritesNothingAnywhereAndListsEveryRefusal() throws {
        let directory = try Self.repository(events: [Self.created("isRoundedAvatar"), Self.created("isStoriesEnabled")])
        try directory.write(
            "App/Loop.swift",
            """
            func spin(toggles: TogglesDataStoreType) {
                while toggles.isToggleOn(RemoteToggle.isRoundedAvatar) {
                    print("spin")
                }
                let stored = RemoteToggle.isRoundedAvatar
                print(stored)
            }

            """)
        let run = CleanupCorpusTests.cleanup(["isRoundedAvatar", "App", "--format", "json"], in: directory.url)
        #expect(run.status == 65)
        #expect(try directory.read("App/FeedView.swift") == Self.view)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["complete"] as? Bool == false)
        #expect(document["written"] as? Bool == false)
        let files = try #require(document["files"] as? [[String: Any]])
        let loop = try #require(files.first { $0["file"] as? String == "App/Loop.swift" })
        let refused = try #require(loop["refused"] as? [[String: Any]])
        #expect(refused.map { $0["line"] as? Int } == [2, 5])
        #expect((refused[0]["reason"] as? String)?.contains("while condition") == true)
        let feed = try #require(files.first { $0["file"] as? String == "App/FeedView.swift" })
        let rewritten = try #require(feed["rewritten"] as? [[String: Any]])
        #expect(rewritten.count == 2)
        #expect(rewritten.allSatisfy { ($0["rule"] as? String)?.isEmpty == false })
    }

    @Test func recordAppendsTheRemovalOnceTheFilesAreWritten() throws {
        let directory = try Self.repository(events: [Self.created("isRoundedAvatar"), Self.created("isStoriesEnabled"), Self.published("isRoundedAvatar", true)])
        let run = CleanupCorpusTests.cleanup(["isRoundedAvatar", "App", "--record", "--app-version", "2.5.0", "--reason", "rounded for everyone"], in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try directory.eventLines()
        let last = try #require(lines.last)
        #expect(last.contains(#""type":"code-removed""#) && last.contains(#""appVersion":"2.5.0""#) && last.contains(#""toggle":"isRoundedAvatar""#))
        // Recorded already: a second --record is refused before anything is written.
        try directory.write("App/More.swift", "func more(t: TogglesDataStoreType) -> Bool { t.isToggleOn(RemoteToggle.isRoundedAvatar) }\n")
        let again = CleanupCorpusTests.cleanup(["isRoundedAvatar", "App", "--value", "true", "--record"], in: directory.url)
        #expect(again.status == 65)
        #expect(again.stderr.contains("already recorded as removed"))
        #expect(try directory.eventLines().count == lines.count)
        #expect(try directory.read("App/More.swift").contains("RemoteToggle.isRoundedAvatar"))
    }

    @Test func aFileChangedSinceThePlanIsNotOverwritten() throws {
        let directory = try Self.repository(events: [])
        let plan = try ToggleCleanup(toggle: "isRoundedAvatar", keep: true).plan(paths: ["App"], currentDirectory: directory.path)
        #expect(plan.isComplete)
        try directory.write("App/FeedView.swift", Self.view + "// edited meanwhile\n")
        #expect(throws: CleanupWriteError.self) { try plan.write() }
        #expect(try directory.read("App/FeedView.swift") == Self.view + "// edited meanwhile\n")
        #expect(try directory.read("App/Flags.swift") == Self.flags)
    }
}

/// `check --scan` and the HTML report name the command that removes each toggle they find in the code.
@Suite struct CleanupSuggestionTests {
    @Test func checkAndTheHTMLReportNameTheCleanupCommand() throws {
        let removed = #"{"schema":1,"id":"r-isRoundedAvatar","at":"2026-08-01T00:00:00Z","type":"removed","toggle":"isRoundedAvatar","actor":"a@example.com"}"#
        let directory = try CleanupCommandTests.repository(events: [
            CleanupCommandTests.created("isRoundedAvatar"), CleanupCommandTests.created("isStoriesEnabled"),
            CleanupCommandTests.published("isRoundedAvatar", true), removed,
        ])
        let check = toggles(["check", "--scan", "App", "--now", "2026-11-28T00:00:00Z"], in: directory.url)
        #expect(
            check.stdout.contains(
                "isRoundedAvatar was removed at 2026-08-01T00:00:00Z but is still referenced at App/FeedView.swift:5, App/FeedView.swift:12, App/Flags.swift:3; remove it with `toggles cleanup isRoundedAvatar`"
            ), "\(check)")
        let html = toggles(["report", "--scan", "App", "--format", "html", "--now", "2026-11-28T00:00:00Z"], in: directory.url)
        #expect(html.stdout.contains("Remove it with <code>toggles cleanup isRoundedAvatar --dry-run</code>"), "\(html.stderr)")
    }
}
