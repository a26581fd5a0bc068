import Foundation
import Testing
import TestSupport

/// The minimum supported version raised on two branches, merged with plain git: a
/// `minimum-version` conflict (the highest stands), shown and gated on, settled by
/// `toggles resolve _app` (issue 25).
extension GitMergeTests {
    /// The ids of the log-wide events, in replay order.
    func logWideEventIDs(in repository: URL) throws -> [String] {
        let history = try run(["history", "--app", "--format", "json"], in: repository).stdout
        let document = try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [String: Any]
        return (document?["events"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func minimumVersionsRaisedOnTwoBranchesAreAConflictTheHighestStands() throws {
        let root = try TemporaryDirectory()
        let repository = try repositoryWithBase(root)
        try Git.run(["checkout", "-q", "main"], in: repository, environment: Self.environment)
        try toggles(["create", "isStories", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-03-01"], in: repository)
        try toggles(["support", "--minimum", "2.5", "--at", "2026-03-01T01:00:00Z", "--id", "base"], in: repository)
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "base"], in: repository, environment: Self.environment)
        // The higher raise is the earlier one in replay order: the rule, not the order, decides.
        try branch("a", in: repository, [["support", "--minimum", "2.7", "--at", "2026-03-02", "--id", "raise-a"]])
        try branch("b", in: repository, [["support", "--minimum", "2.6", "--at", "2026-03-03", "--id", "raise-b"]])

        try Git.run(["checkout", "-qb", "a-then-b", "main"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "a"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)
        let stateAB = try run(["state", "--at", "2026-03-04", "--format", "json"], in: repository)
        try Git.run(["checkout", "-qb", "b-then-a", "main"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "a"], in: repository, environment: Self.environment)
        let stateBA = try run(["state", "--at", "2026-03-04", "--format", "json"], in: repository)
        #expect(stateAB.status == 0 && stateAB.stdout == stateBA.stdout, "the same state whichever merge came first: \(stateAB)")
        #expect(stateAB.stdout.contains(#""minimumSupportedVersion": "2.7""#), "the highest version stands: \(stateAB)")
        #expect(stateAB.stdout.contains(#""kind": "minimum-version""#), "\(stateAB)")

        let text = try run(["state"], in: repository)
        #expect(text.stdout.contains("conflict _app: minimum-version: raise-a stands, raise-b overruled; settle it with `toggles resolve _app`"), "\(text)")
        let check = try run(["check", "--now", "2026-03-04"], in: repository)
        #expect(check.status == 1 && check.stdout.contains("conflict") && check.stdout.contains("minimum-version"), "the gate fails on the conflict: \(check)")
        #expect(try run(["check", "--now", "2026-03-04", "--fail-on", "expired"], in: repository).status == 0)
        let audit = try run(["audit"], in: repository)
        #expect(audit.status == 0 && audit.stdout.contains("conflict: minimum-version-changed _app") && audit.stdout.contains("the higher version stands"), "\(audit)")
        let report = try run(["report", "--now", "2026-03-04", "--format", "json"], in: repository)
        #expect(report.stdout.contains(#""kind": "minimum-version""#) && report.stdout.contains("raise-b"), "\(report)")
        let html = try run(["report", "--now", "2026-03-04", "--format", "html"], in: repository)
        #expect(html.stdout.contains("minimum-version") && html.stdout.contains("raise-a"), "HTML names the conflict and its events")
        let history = try run(["history", "--app", "--format", "json"], in: repository)
        #expect(history.stdout.contains(#""replay": "overruled: minimum-version conflict with raise-a; open""#), "\(history)")

        let resolve = try run(["resolve", "_app", "--keep", "raise-b", "--reason", "2.7 is not out yet", "--at", "2026-03-03T12:00:00Z", "--id", "settled"], in: repository)
        #expect(resolve.status == 0, "\(resolve)")
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "resolve"], in: repository, environment: Self.environment)
        let after = try run(["check", "--now", "2026-03-04"], in: repository)
        #expect(after.status == 0, "after the resolution the minimum is normal: \(after)")
        let state = try run(["state", "--format", "json"], in: repository)
        #expect(state.stdout.contains(#""minimumSupportedVersion": "2.6""#) && !state.stdout.contains(#""conflicts""#), "\(state)")
        let settled = try run(["history", "--app", "--format", "json"], in: repository)
        #expect(settled.stdout.contains("resolved by settled") && settled.stdout.contains(#""previous": "2.7""#), "\(settled)")
        #expect(try logWideEventIDs(in: repository) == ["base", "raise-a", "raise-b", "settled"], "nothing deleted")
        let gitAudit = try run(["audit", "--git"], in: repository)
        #expect(gitAudit.status == 0, "nothing was deleted: \(gitAudit)")
        let again = try run(["resolve", "_app", "--minimum", "3"], in: repository)
        #expect(again.status == 65 && again.stderr.contains("no open conflict"), "\(again)")
    }

    /// A minimum-version conflict alone: the gate fails on it, but `_app` is no toggle, so the
    /// verdict names it apart from the stale toggles and their divisor, the health figure leaves
    /// it out, and JUnit gives it a suite of its own (before: "1 stale toggle of 1 live" beside
    /// "0 stale, health 100%", and `tests="2"` with 1 in use).
    @Test func aMinimumVersionConflictAloneIsNoStaleToggle() throws {
        let root = try TemporaryDirectory()
        let repository = try repositoryWithBase(root)
        try Git.run(["checkout", "-q", "main"], in: repository, environment: Self.environment)
        try toggles(["create", "isStories", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-03-01"], in: repository)
        try toggles(["support", "--minimum", "2.5", "--at", "2026-03-01T01:00:00Z"], in: repository)
        try Git.run(["add", "-A"], in: repository, environment: Self.environment)
        try Git.run(["commit", "-qm", "base"], in: repository, environment: Self.environment)
        try branch("a", in: repository, [["support", "--minimum", "2.7", "--at", "2026-03-02", "--id", "raise-a"]])
        try branch("b", in: repository, [["support", "--minimum", "2.6", "--at", "2026-03-03", "--id", "raise-b"]])
        try Git.run(["checkout", "-q", "a"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)

        let check = try run(["check", "--now", "2026-03-04"], in: repository)
        #expect(check.status == 1, "the conflict fails the gate: \(check)")
        #expect(check.stdout.contains("_app (log-wide: the minimum supported app version)"), "\(check)")
        #expect(check.stdout.contains("check failed: 0 stale toggles of 1 live + the minimum supported version's conflict (_app), more than --max-stale 0"), "\(check)")
        let report = try run(["report", "--now", "2026-03-04"], in: repository)
        #expect(report.stdout.contains("1 live, 0 stale, 0 launched, health 100%"), "\(report)")
        // The log-wide entry has no lifecycle stage: no "in-development since" for `_app`.
        let appRow = report.stdout.split(separator: "\n").first { $0.hasPrefix("_app ") }.map(String.init) ?? ""
        #expect(appRow.contains("—  ") && !appRow.contains("in-development") && !appRow.contains("2026-03-01"), "\(report)")
        let markdown = try run(["check", "--now", "2026-03-04", "--format", "markdown"], in: repository)
        #expect(
            markdown.stdout.contains("**0 of 1 live toggles are stale**") && markdown.stdout.contains("0 stale toggles of 1 live + the minimum supported version's conflict"),
            "\(markdown)")
        #expect(markdown.stdout.contains("| `_app` | — | "), "\(markdown)")
        let html = try run(["report", "--now", "2026-03-04", "--format", "html"], in: repository)
        let appRowHTML = html.stdout.split(separator: "\n").first { $0.contains("<td class=\"name-cell\">_app<br>") }.map(String.init) ?? ""
        #expect(html.status == 0 && appRowHTML.contains("<td>log-wide</td><td>—</td>"), "the log-wide row has no stage: \(appRowHTML)")
        #expect(appRowHTML.contains("toggles resolve _app") && !appRowHTML.contains("toggles remove _app"), "a conflict is resolved, not removed: \(appRowHTML)")
        let junit = try run(["check", "--now", "2026-03-04", "--format", "junit"], in: repository)
        #expect(junit.stdout.contains(#"<testsuite name="toggles: live toggles" tests="1" failures="0""#), "the live suite counts the toggles in use: \(junit)")
        #expect(junit.stdout.contains(#"<testsuite name="toggles: log-wide" tests="1" failures="1""#) && junit.stdout.contains(#"name="inUse" value="1""#), "\(junit)")
        let github = try run(["check", "--now", "2026-03-04", "--format", "github"], in: repository)
        #expect(github.stdout.contains("title=Conflict of the minimum supported version (_app)") && !github.stdout.contains("Stale toggle _app"), "\(github)")
        let tolerated = try run(["check", "--now", "2026-03-04", "--max-stale", "1"], in: repository)
        #expect(
            tolerated.status == 0 && tolerated.stdout.contains("check passed: 0 stale toggles + the minimum supported version's conflict (_app), within --max-stale 1"),
            "\(tolerated)")
    }

    /// The same version raised on both branches is one fact; a sequential raise after the
    /// merge (its writer saw the merged minimum) is none either; an event written before
    /// `previous` existed replays as it always did.
    @Test func theSameMinimumOnTwoBranchesAndOldEventsAreNoConflict() throws {
        let root = try TemporaryDirectory()
        let repository = try repositoryWithBase(root)
        try branch("a", in: repository, [["support", "--minimum", "2.6", "--at", "2026-03-02"]])
        try branch("b", in: repository, [["support", "--minimum", "2.6.0", "--at", "2026-03-03"]])
        try Git.run(["checkout", "-q", "a"], in: repository, environment: Self.environment)
        try Git.run(["merge", "-q", "--no-edit", "b"], in: repository, environment: Self.environment)
        let old = #"{"schema":1,"id":"old-lower","at":"2026-03-04T00:00:00Z","type":"minimum-version-changed","toggle":"_app","actor":"a@example.com","minimumVersion":"2.4"}"#
        let append = try TogglesBinary.run(["append"], in: repository, stdin: old + "\n", environment: Self.environment)
        #expect(append.status == 0, "\(append)")
        try toggles(["support", "--minimum", "2.8"], in: repository)
        let audit = try run(["audit"], in: repository)
        #expect(audit.status == 0 && !audit.stdout.contains("conflict"), "\(audit)")
        let state = try run(["state", "--at", "2026-03-05", "--format", "json"], in: repository)
        #expect(state.stdout.contains(#""minimumSupportedVersion": "2.4""#), "an event without previous: the later stands, as before: \(state)")
        #expect(try run(["state", "--format", "json"], in: repository).stdout.contains(#""minimumSupportedVersion": "2.8""#))
    }
}
