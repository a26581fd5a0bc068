import Foundation
import Testing
import ToggleLedger
import TestSupport

/// `report`, `check` and `history` show every toggle's extensions; a policy caps them.
@Suite struct ExtensionAccountingCommandTests {
    /// The real binary on the real clock: the extensions are appended back to back, each
    /// dated by its own process (the in-process runner's clock is fixed).
    @discardableResult
    func toggles(_ arguments: [String], _ directory: TemporaryDirectory) throws -> TogglesBinary.Run {
        try togglesBinary(arguments, in: directory.url)
    }

    @Test func backToBackExtensionsAreCountedAndTheCapFailsTheCheck() throws {
        let directory = try TemporaryDirectory()
        let create = try toggles(
            [
                "create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--category", "experiment", "--owner", "mei@moments.example", "--expires",
                "2027-01-31",
            ], directory)
        #expect(create.status == 0, "\(create)")
        try directory.write("events/policy.json", #"{"schema": 1, "categories": {"experiment": {"maxExtensions": 1}}}"#)
        #expect(try toggles(["check"], directory).status == 0)
        #expect(try toggles(["extend", "isRoundedAvatar", "--expires", "2027-02-28", "--reason", "waiting for 2.5"], directory).status == 0)
        let once = try toggles(["check"], directory)
        #expect(once.status == 0, "one extension is within maxExtensions 1: \(once)")
        #expect(try toggles(["extend", "isRoundedAvatar", "--expires", "2027-04-30", "--reason", "the readout slipped"], directory).status == 0)

        let check = try toggles(["check"], directory)
        #expect(check.status == 1, "\(check)")
        #expect(
            check.stdout.contains("  over-extended: extended 2 times, +89 days, more than the 1 allowed for experiment toggles; remove it rather than extend it again\n"),
            "\(check.stdout)")
        #expect(try toggles(["check", "--fail-on", "expired,launched"], directory).status == 0)
        #expect(try toggles(["check", "--fail-on", "over-extended"], directory).status == 1)

        let report = try toggles(["report"], directory)
        #expect(report.status == 0)
        let header = try #require(report.stdout.split(separator: "\n").first)
        #expect(header.contains("EXTENDED"))
        let row = try #require(report.stdout.split(separator: "\n").first { $0.hasPrefix("isRoundedAvatar") })
        #expect(row.contains("2× +89d") && row.contains("over-extended (2 extensions)"), "\(row)")

        let history = try toggles(["history", "isRoundedAvatar"], directory)
        #expect(history.stdout.contains("\n3 events for isRoundedAvatar\nextended 2 times, +89 days (the last at "), "\(history.stdout)")
        let json = try toggles(["history", "isRoundedAvatar", "--format", "json"], directory)
        let extensions = try JSONParser.parse(json.stdout).objectValue?["extensions"]?.objectValue
        #expect(extensions?["count"] == .number("2"))
        #expect(extensions?["days"] == .number("89"))
    }

    @Test func theLifetimeCapIgnoresTheExpiryDateAndNowMovesIt() throws {
        let directory = try directoryWithFixtureLog()
        // extendedRelease: created 2026-06-01 expiring 2026-07-01, extended on 06-30 to 12-31.
        try directory.write("events/policy.json", #"{"schema": 1, "categories": {"release": {"maxLifetimeDays": 100}}}"#)
        // Created 2026-06-01T10:00:00Z: the cap ends 100 days later, at 2026-09-09T10:00:00Z.
        let before = try toggles(["check", "--now", "2026-09-09T10:00:00Z", "--fail-on", "over-extended"], directory)
        #expect(before.status == 0, "\(before)")
        let after = try toggles(["check", "--now", "2026-09-10T10:00:00Z", "--fail-on", "over-extended"], directory)
        #expect(after.status == 1, "\(after)")
        #expect(after.stdout.contains("over-extended: extended once, +183 days; release toggles live at most 100 days with extensions, 1 day over"), "\(after.stdout)")
        // Before the extension the toggle was not extended at all; the cap still applies (it has a date).
        let early = try toggles(["report", "--now", "2026-06-29", "--format", "json"], directory)
        #expect(early.stdout.contains("\"count\": 0"))
    }

    @Test(arguments: ["text", "json", "markdown", "csv", "sarif"])
    func everyFormatMatchesItsGoldenFile(format: String) throws {
        let directory = try directoryWithFixtureLog()
        try directory.write(
            "events/policy.json",
            """
            {
              "schema": 1,
              "categories": {
                "release": {"maxExtensions": 0, "maxLifetimeDays": 100},
                "beta": {"lifetimeDays": 30}
              }
            }
            """)
        let run = try toggles(["check", "--now", fixtureNow, "--format", format, "--fail-on", "over-extended"], directory)
        #expect(run.status == 1, "\(run)")
        let ext = ["text": "txt", "json": "json", "markdown": "md", "csv": "csv", "sarif": "sarif"][format]!
        try assertSnapshot(run.stdout, named: "check-over-extended.\(ext)")
        #expect(run.stderr.isEmpty)
    }

    @Test func anInvalidLimitIsExit2NamingFileLineAndFieldAndChangesNothing() throws {
        let directory = try directoryWithFixtureLog()
        try directory.write(
            "events/policy.json",
            """
            {
              "schema": 1,
              "categories": {
                "kill-switch": {"maxLifetimeDays": 365}
              }
            }
            """)
        for command in [["report"], ["check"]] {
            let run = try toggles(command, directory)
            #expect(run.status == 2)
            #expect(run.stdout.isEmpty)
            #expect(
                run.stderr
                    == "toggles: error: invalid policy: events/policy.json:4: categories.kill-switch.maxLifetimeDays: a permanent category (lifetimeDays null) has no lifetime to extend; remove maxLifetimeDays or give the category a lifetimeDays\n",
                "\(run.stderr)")
        }
    }
}
