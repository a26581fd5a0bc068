import Foundation
import Testing
import TestSupport

/// Issue 25: `toggles set` records a toggle's new owner, category or description as one
/// `attributes-changed` event; `history`, `diff` and the stale report follow it, and
/// `import firebase` records a description edited in the console the same way.
@Suite struct SetCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @discardableResult
    func toggles(_ arguments: String..., stdin: String = "") -> TogglesBinary.Run {
        InProcessToggles.run(arguments, in: directory.url, stdin: stdin)
    }

    @Test func ownerAndCategoryChangeAsOneEventThatHistoryDiffAndTheReportFollow() throws {
        #expect(
            toggles(
                "create", "isStories", "--kind", "remote", "--type", "bool", "--default", "false",
                "--category", "experiment", "--owner", "mei@moments.example", "--at", "2026-01-01", "--id", "c1"
            ).status == 0)
        var report = toggles("report", "--format", "json")
        #expect(report.stdout.contains(#""over-lifetime""#), "an experiment of 40 days, created in January: \(report)")

        let set = toggles("set", "isStories", "--owner", "li@moments.example", "--category", "kill-switch", "--at", "2026-11-01", "--id", "s1")
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains("attributes-changed isStories at 2026-11-01T00:00:00Z by tester (id s1)"), "\(set)")
        let lines = try directory.eventLines()
        #expect(
            lines.last
                == #"{"schema":1,"id":"s1","at":"2026-11-01T00:00:00Z","type":"attributes-changed","toggle":"isStories","actor":"tester","category":"kill-switch","owner":"li@moments.example"}"#,
            "\(lines)")

        let history = toggles("history", "isStories")
        #expect(history.stdout.contains("attributes-changed"), "\(history)")
        #expect(history.stdout.contains("category → kill-switch, owner → li@moments.example"), "\(history)")

        // The stale report judges by the category and owner in force: a kill switch is permanent.
        report = toggles("report", "--format", "json")
        #expect(report.status == 0)
        #expect(!report.stdout.contains(#""over-lifetime""#), "\(report)")
        #expect(report.stdout.contains(#""owner": "li@moments.example""#), "\(report)")
        #expect(toggles("check").status == 0)

        let diff = toggles("diff", "--from", "2026-10-01", "--to", "2026-11-02", "--format", "json")
        #expect(diff.status == 0, "\(diff)")
        #expect(diff.stdout.contains(#""owner-changed""#) && diff.stdout.contains(#""category-changed""#), "\(diff)")

        // Only what differs is recorded; nothing at all when nothing differs.
        let before = try directory.eventLines()
        let same = toggles("set", "isStories", "--owner", "li@moments.example")
        #expect(same.status == 0 && same.stderr.contains("already has these attributes; nothing appended"), "\(same)")
        #expect(try directory.eventLines() == before)
        #expect(toggles("set", "isStories", "--description", "Stories in the feed", "--owner", "li@moments.example", "--at", "2026-11-03", "--id", "s2").status == 0)
        #expect(try directory.eventLines().last?.contains(#""description":"Stories in the feed"}"#) == true)
        #expect(try directory.eventLines().last?.contains("owner") == false)
        let described = toggles("diff", "--from", "2026-11-02", "--to", "2026-11-04")
        #expect(
            described.stdout.contains("description-changed") || described.stdout.contains("Descriptions changed") || described.stdout.contains("Stories in the feed"),
            "\(described)")
    }

    @Test func refusalsAppendNothing() throws {
        #expect(toggles("create", "isStories", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01").status == 0)
        let before = try directory.eventLines()
        let none = toggles("set", "isStories")
        #expect(none.status == 64 && none.stderr.contains("give at least one of --owner, --category, --description"), "\(none)")
        let unknown = toggles("set", "isReels", "--owner", "a@b.c")
        #expect(unknown.status == 65 && unknown.stderr.contains("no toggle named isReels exists"), "\(unknown)")
        let category = toggles("set", "isStories", "--category", "Kill Switch")
        #expect(category.status == 65 && category.stderr.contains("must be lowercase letters"), "\(category)")
        #expect(try directory.eventLines() == before)
    }

    /// The policy's `require` for the new category applies to `set --category` as it does to
    /// `create`; a field the category requires may not be cleared either.
    @Test func aNewCategoryMustHaveTheFieldsThePolicyRequires() throws {
        try directory.write(
            "events/policy.json",
            #"{"schema": 1, "categories": {"experiment": {"lifetimeDays": 40, "require": ["owner", "expires"]}, "ops": {"lifetimeDays": 90, "require": ["owner"]}}}"#)
        #expect(toggles("create", "isStories", "--kind", "local", "--type", "bool", "--default", "false", "--category", "release", "--at", "2026-01-01").status == 0)
        let before = try directory.eventLines()
        let refused = toggles("set", "isStories", "--category", "experiment")
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains(#"the policy events/policy.json requires "owner" (--owner), "expires" (--expires) for a toggle of category "experiment""#), "\(refused)")
        #expect(try directory.eventLines() == before, "nothing appended")
        let withOwner = toggles("set", "isStories", "--category", "ops", "--owner", "li@moments.example", "--at", "2026-01-02")
        #expect(withOwner.status == 0, "\(withOwner)")
        let cleared = toggles("set", "isStories", "--owner", "")
        #expect(cleared.status == 65 && cleared.stderr.contains(#"requires "owner" (--owner) for a toggle of category "ops""#), "\(cleared)")
    }

    /// Like `resolve` and `void`, `set` reads the log first: a missing log is an I/O error.
    @Test func aMissingLogIsExitTwoAsForResolveAndVoid() throws {
        let set = toggles("set", "isStories", "--owner", "a@b.c")
        let resolve = toggles("resolve", "isStories", "--keep", "x")
        #expect(resolve.status == 2)
        #expect(set.status == 2 && set.stderr == resolve.stderr, "set: \(set)\nresolve: \(resolve)")
        #expect(set.stderr.contains("log directory events does not exist"), "\(set)")
    }

    @Test func importFirebaseRecordsAChangedDescriptionAsAnAttributesChange() throws {
        func template(_ version: Int, _ description: String) -> String {
            #"{"parameters":{"isStories":{"defaultValue":{"value":"true"},"valueType":"BOOLEAN","description":"\#(description)"}},"version":{"versionNumber":"\#(version)","updateTime":"2026-0\#(version)-01T10:00:00Z","updateUser":{"email":"mei@moments.example"}}}"#
        }
        try directory.write("v1.json", template(1, "Stories"))
        try directory.write("v2.json", template(2, "Stories in the feed"))
        #expect(toggles("import", "firebase", "v1.json").status == 0)
        let second = toggles("import", "firebase", "v2.json")
        #expect(second.status == 0, "\(second)")
        let changes = try directory.eventLines().filter { $0.contains(#""type":"attributes-changed""#) }
        let lines = try directory.eventLines()
        #expect(changes.count == 1, "\(lines)")
        #expect(changes.first?.contains(#""description":"Stories in the feed""#) == true)
        #expect(toggles("history", "isStories").stdout.contains("description → Stories in the feed"))
        // The same template again changes nothing.
        let again = toggles("import", "firebase", "v2.json")
        #expect(again.status == 0 && again.stdout.contains("nothing to append"), "\(again)")
    }

    /// A description set after an import is the one in force: `export firebase` writes it
    /// (also `--at` after the change, not before), and `drift firebase` against the imported
    /// template reports the difference instead of "in step".
    @Test func aDescriptionSetAfterAnImportIsTheOneExportAndDriftUse() throws {
        try directory.write("v1.json", #"{"parameters":{"isStories":{"defaultValue":{"value":"true"},"valueType":"BOOLEAN","description":"Stories"}}}"#)
        #expect(toggles("import", "firebase", "v1.json", "--at", "2026-01-01").status == 0)
        #expect(toggles("set", "isStories", "--description", "Stories in the feed", "--at", "2026-02-01").status == 0)
        let export = toggles("export", "firebase")
        #expect(export.stdout.contains(#""description": "Stories in the feed""#), "\(export)")
        let before = toggles("export", "firebase", "--at", "2026-01-15")
        #expect(before.stdout.contains(#""description": "Stories""#), "\(before)")
        let drift = toggles("drift", "firebase", "v1.json")
        #expect(drift.status == 1 && drift.stdout.contains(#"description "Stories in the feed""#), "\(drift)")
        // Cleared: export writes none, as for a toggle created without one.
        #expect(toggles("set", "isStories", "--description", "").status == 0)
        let cleared = toggles("export", "firebase")
        #expect(cleared.status == 0 && !cleared.stdout.contains(#""description""#), "\(cleared)")
    }
}
