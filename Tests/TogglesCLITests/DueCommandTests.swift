import Foundation
import Testing
import ToggleLedger
import TestSupport

/// `toggles due` run as a user would: the built binary, real files, stdout, stderr, status.
@Suite struct DueCommandTests {
    static let betaWarning = "toggles: warning: category \"beta\" of betaThing is not in the policy; treated as release (30 days)\n"

    @Test(arguments: ["text", "json", "markdown", "slack"])
    func everyFormatMatchesItsGoldenFile(format: String) throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["due", "--within", "6w", "--now", fixtureNow, "--format", format], in: directory.url)
        #expect(run.status == 0, "\(run)")
        let ext = ["text": "txt", "json": "json", "markdown": "md", "slack": "slack.json"][format]!
        try assertSnapshot(run.stdout, named: "due.\(ext)")
        #expect(run.stderr == Self.betaWarning)
        #expect(!run.stdout.contains("\u{1B}"), "a raw ESC in \(format)")
        if format == "json" || format == "slack" {
            #expect(throws: Never.self) { try JSONParser.parse(run.stdout) }
        }
    }

    @Test func theJSONFollowsTheDocumentedSchema() throws {
        let directory = try directoryWithFixtureLog()
        let run = TestSupport.toggles(["due", "--within", "6w", "--now", fixtureNow, "--format", "json"], in: directory.url)
        let document = try #require(try JSONParser.parse(run.stdout).objectValue)
        #expect(document.keys == ["schema", "asOf", "within", "summary", "owners"])
        #expect(document["within"] == .object(JSONObject([.init("days", .number("42")), .init("until", .string("2027-01-03T00:00:00Z"))])))
        #expect(document["summary"] == .object(JSONObject([.init("due", .number("5")), .init("overdue", .number("3")), .init("owners", .number("5"))])))
        let owners = try #require(document["owners"]?.arrayValue).compactMap(\.objectValue)
        #expect(
            owners.map { $0["owner"]?.stringValue } == [
                "=HYPERLINK(\"http://evil.example\",\"x\")", "@org/team", "ops@example.com", "growth|team@example.com\u{1B}[2J", "mei@example.com",
            ])
        for owner in owners { #expect(owner.keys == ["owner", "ownerSource", "codeOwners", "toggles"]) }
        let toggles = owners.flatMap { $0["toggles"]?.arrayValue ?? [] }.compactMap(\.objectValue)
        #expect(toggles.map { $0["name"]?.stringValue } == ["launchedRelease", "betaThing", "expiredKillSwitch", "partialExperiment", "extendedRelease"])
        let keys = ["name", "kind", "category", "stage", "reason", "dueDate", "dueAt", "overdue", "daysLeft", "daysOverdue", "expires", "lifetimeDays", "createdAt", "declaredAt"]
        for toggle in toggles { #expect(toggle.keys == keys) }
        let partial = try #require(toggles.first { $0["name"] == .string("partialExperiment") })
        #expect(partial["reason"] == .string("over-lifetime") && partial["dueAt"] == .string("2026-12-11T08:00:00Z"))
        #expect(partial["daysLeft"] == .number("19") && partial["daysOverdue"] == .null && partial["overdue"] == .bool(false))
        let killSwitch = try #require(toggles.first { $0["name"] == .string("expiredKillSwitch") })
        #expect(killSwitch["reason"] == .string("expired") && killSwitch["daysOverdue"] == .number("21") && killSwitch["daysLeft"] == .null)
    }

    @Test func removedTogglesAndEventsAfterNowAreLeftOut() throws {
        let directory = try directoryWithFixtureLog()
        // removedOne was removed in March; futureEvent is created after --now.
        let run = toggles(["due", "--within", "36500d", "--now", fixtureNow, "--format", "json"], in: directory.url)
        #expect(run.status == 0)
        #expect(!run.stdout.contains("removedOne") && !run.stdout.contains("futureEvent"))
        let later = toggles(["due", "--within", "0d", "--now", "2027-02-01", "--format", "json"], in: directory.url)
        #expect(later.stdout.contains("\"futureEvent\""))
    }

    @Test(arguments: ["14", "2x", "-3d", "+3d", "1.5w", "14 d", "", "14D", "d", "٣d", "99999999999999999999999999999d", "5215w", "36501d"])
    func aBadDurationIsAUsageErrorNamingTheArgument(duration: String) throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["due", "--within", duration, "--now", fixtureNow], in: directory.url)
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("toggles: error: --within: "), "\(run.stderr)")
        #expect(run.stderr.contains("expected a whole number of days or weeks such as 14d or 6w (0d to 36500d)"))
        #expect(run.stderr.contains("usage: toggles due [--within DURATION]"))
    }

    @Test func theLongestWindowAndMissingOnesAreHandled() throws {
        let directory = try directoryWithFixtureLog()
        #expect(toggles(["due", "--within", "5214w", "--now", fixtureNow], in: directory.url).status == 0)
        #expect(toggles(["due", "--within", "36500d", "--now", "2262-04-01"], in: directory.url).status == 0)
        // No --within: two weeks, a sprint.
        let missing = toggles(["due", "--now", fixtureNow], in: directory.url)
        let fortnight = toggles(["due", "--within", "14d", "--now", fixtureNow], in: directory.url)
        #expect(missing.status == 0 && missing.stdout == fortnight.stdout && !missing.stdout.isEmpty, "\(missing)")
        let format = toggles(["due", "--within", "1d", "--format", "csv"], in: directory.url)
        #expect(format.status == 64 && format.stderr.contains("--format must be one of text, json, markdown, slack, not 'csv'"))
    }

    /// Commands back to back on the clock: create, see it due, extend it, see it gone.
    @Test func aToggleCreatedNowComesDueAndAnExtensionSnoozesIt() throws {
        let directory = try TemporaryDirectory()
        let today = Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970)).date
        func create(_ name: String, _ extra: [String]) throws {
            let run = try togglesBinary(["create", name, "--kind", "local", "--type", "bool", "--default", "false", "--category", "release"] + extra, in: directory.url)
            #expect(run.status == 0, "\(run)")
        }
        try create("soon", ["--owner", "a@example.com", "--expires", today.adding(days: 7).description])
        try create("later", ["--owner", "a@example.com", "--expires", today.adding(days: 60).description])
        try create("noDate", [])
        var run = try togglesBinary(["due", "--within", "14d"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("1 toggle due within 14 days"), "\(run.stdout)")
        #expect(run.stdout.contains("soon") && !run.stdout.contains("later") && !run.stdout.contains("noDate"))
        // The 30-day release lifetime of the toggle without a date ends within 31 days.
        run = try togglesBinary(["due", "--within", "31d"], in: directory.url)
        #expect(run.stdout.contains("noDate") && run.stdout.contains("\nno owner\n"), "\(run.stdout)")
        #expect(try togglesBinary(["extend", "soon", "--expires", today.adding(days: 90).description, "--reason", "waiting"], in: directory.url).status == 0)
        run = try togglesBinary(["due", "--within", "14d"], in: directory.url)
        #expect(run.stdout.hasPrefix("nothing due within 14 days"), "\(run.stdout)")
    }

    /// `maxLifetimeDays` is a deadline an extension cannot move: `due` lists it, back to back
    /// with the extensions, at the cap's end rather than at the (later) expiry date.
    @Test func theLifetimeWithExtensionsComesDueWhateverTheExpiryDate() throws {
        let directory = try TemporaryDirectory()
        let today = Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970)).date
        let create = try togglesBinary(
            [
                "create", "isCapped", "--kind", "local", "--type", "bool", "--default", "false", "--category", "release", "--owner", "a@example.com", "--expires",
                today.adding(days: 7).description,
            ], in: directory.url)
        #expect(create.status == 0, "\(create)")
        try directory.write("events/policy.json", #"{"schema": 1, "categories": {"release": {"lifetimeDays": 30, "maxLifetimeDays": 40}}}"#)
        #expect(try togglesBinary(["extend", "isCapped", "--expires", today.adding(days: 200).description, "--reason", "later"], in: directory.url).status == 0)
        let soon = try togglesBinary(["due", "--within", "14d"], in: directory.url)
        #expect(soon.stdout.hasPrefix("nothing due within 14 days"), "\(soon.stdout)")
        // The cap ends 40 days after creation (today): due within 41 days, not at the expiry date in 200.
        let run = try togglesBinary(["due", "--within", "41d"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        let row = try #require(run.stdout.split(separator: "\n").first { $0.contains("isCapped") })
        #expect(row.contains(today.adding(days: 40).description) && row.contains("release lifetime with extensions (40 days)"), "\(row)")
        let json = try JSONParser.parse(try togglesBinary(["due", "--within", "41d", "--format", "json"], in: directory.url).stdout)
        #expect(json.objectValue?["owners"]?.arrayValue?.first?.objectValue?["toggles"]?.arrayValue?.first?.objectValue?["reason"] == .string("over-extended"))
        // Once past the cap it is overdue, as `check` says.
        let late = try togglesBinary(["due", "--within", "0d", "--now", "\(today.adding(days: 45))T00:00:00Z"], in: directory.url)
        #expect(late.stdout.contains("1 toggle due within 0 days") && late.stdout.contains("overdue by 4 days"), "\(late.stdout)")
        // One extension more than maxExtensions: `check` fails on it now, so it is overdue now.
        try directory.write("events/policy.json", #"{"schema": 1, "categories": {"release": {"lifetimeDays": 30, "maxExtensions": 0, "maxLifetimeDays": 40}}}"#)
        #expect(try togglesBinary(["check"], in: directory.url).status == 1)
        let counted = try togglesBinary(["due", "--within", "0d"], in: directory.url)
        let countedRow = try #require(counted.stdout.split(separator: "\n").first { $0.contains("isCapped") }, "\(counted.stdout)")
        #expect(countedRow.contains("overdue (today)") && countedRow.contains("extended once, more than release allows"), "\(countedRow)")
    }

    /// A repository with a CODEOWNERS file: a toggle without an owner goes to the owners of
    /// the file that declares it, with `--scan`; from a subdirectory too.
    @Test(.tags(.git)) func withScanAToggleWithoutAnOwnerGoesToItsFilesCodeOwners() throws {
        let repository = try TemporaryDirectory()
        let git = try Git.process(["init", "-q"], in: repository.url, environment: TogglesBinary.cleanEnvironment())
        #expect(git.status == 0, "\(git)")
        try repository.write(
            ".github/CODEOWNERS",
            """
            # Moments iOS
            *                       @moments/ios
            /Sources/App/Feed/      @moments/feed mei@moments.example
            /Sources/App/Legacy/
            *.md @docs-team !oops
            """)
        try repository.write(
            "Sources/App/Feed/FeedToggles.swift",
            """
            import ToggleKit

            enum RemoteToggle: String, ToggleType {
                case isNewFeed
                case isOwnedFeed
            }
            """)
        try repository.write("Sources/App/Legacy/LegacyToggles.swift", "enum LegacyFlag: String {\n    case isOldProfile\n}\n")
        for (name, owner) in [("isNewFeed", nil), ("isOwnedFeed", "ana@moments.example"), ("isOldProfile", nil), ("isUndeclared", nil)] as [(String, String?)] {
            let run = toggles(
                [
                    "create", name, "--kind", "remote", "--type", "bool", "--default", "false", "--category", "release",
                    "--expires", "2026-12-01", "--at", "2026-11-01",
                ] + (owner.map { ["--owner", $0] } ?? []), in: repository.url)
            #expect(run.status == 0, "\(run)")
        }
        let arguments = ["due", "--within", "14d", "--now", "2026-11-22", "--format", "json"]
        let unscanned = toggles(arguments, in: repository.url)
        let plain = try #require(try JSONParser.parse(unscanned.stdout).objectValue?["owners"]?.arrayValue).compactMap(\.objectValue)
        #expect(plain.map { $0["owner"] } == [.string("ana@moments.example"), .null])

        let scanned = toggles(arguments + ["--scan", "Sources"], in: repository.url)
        #expect(scanned.status == 0, "\(scanned)")
        #expect(
            scanned.stderr
                == "toggles: warning: .github/CODEOWNERS:5: '!oops' is not an owner; expected @user, @org/team or an e-mail address; the line is skipped, as GitHub skips it\n")
        let owners = try #require(try JSONParser.parse(scanned.stdout).objectValue?["owners"]?.arrayValue).compactMap(\.objectValue)
        #expect(owners.map { $0["owner"] } == [.string("@moments/feed mei@moments.example"), .string("ana@moments.example"), .null])
        #expect(owners[0]["ownerSource"] == .string("codeowners"))
        #expect(
            owners[0]["codeOwners"]
                == .object(
                    JSONObject([
                        .init("owners", .array([.string("@moments/feed"), .string("mei@moments.example")])),
                        .init("file", .string(".github/CODEOWNERS")), .init("line", .number("3")),
                        .init("declaredIn", .string("Sources/App/Feed/FeedToggles.swift")),
                    ])))
        // Legacy/ is explicitly unowned; isUndeclared is in no Swift file.
        #expect(owners[2]["toggles"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["isOldProfile", "isUndeclared"])

        // From a subdirectory, paths are still relative to the repository root.
        let text = toggles(
            ["due", "--within", "14d", "--now", "2026-11-22", "--log", "../events", "--scan", "App"],
            in: repository.file("Sources"))
        #expect(text.status == 0, "\(text)")
        #expect(
            text.stdout.contains(
                "\n@moments/feed mei@moments.example (CODEOWNERS .github/CODEOWNERS:3 for Sources/App/Feed/FeedToggles.swift)\n  TOGGLE     DUE         WHEN       WHY\n  isNewFeed  2026-12-01  in 9 days  expiry date\n"
            ), "\(text.stdout)")
    }
}
