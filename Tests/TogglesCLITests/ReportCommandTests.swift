import Foundation
import Testing
import ToggleLedger
@testable import TogglesCLI
import TestSupport

/// A working directory holding a copy of `Fixtures/<name>/events` as `events/`, so paths in
/// the output are relative and stable.
func directoryWithFixtureLog(_ name: String = "reportFormats") throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name).appendingPathComponent("events")
    try FileManager.default.copyItem(at: fixture, to: directory.file("events"))
    return directory
}

/// The fixture log: every stage, every reason, an unknown category, an extension, a removed
/// toggle, an event after `--now`, and text built to break every format (pipes, commas,
/// quotes, a newline, terminal escapes, `=HYPERLINK(…)`, HTML and a Markdown link).
let fixtureNow = "2026-11-22T00:00:00Z"

@Suite struct ReportCommandTests {
    @Test(arguments: ["text", "json", "markdown", "csv", "sarif"])
    func everyFormatMatchesItsGoldenFile(format: String) throws {
        let directory = try directoryWithFixtureLog()
        let run = TestSupport.toggles(["report", "--now", fixtureNow, "--format", format], in: directory.url)
        #expect(run.status == 0, "\(run)")
        let ext = ["text": "txt", "json": "json", "markdown": "md", "csv": "csv", "sarif": "sarif"][format]!
        try assertSnapshot(run.stdout, named: "report.\(ext)")
        #expect(run.stderr == "toggles: warning: category \"beta\" of betaThing is not in the policy; treated as release (30 days)\n")
    }

    @Test(arguments: ["text", "json", "markdown", "csv", "sarif"])
    func nothingFromTheLogReachesTheOutputUnescaped(format: String) throws {
        let directory = try directoryWithFixtureLog()
        let run = TestSupport.toggles(["report", "--now", fixtureNow, "--format", format], in: directory.url)
        #expect(!run.stdout.contains("\u{1B}"), "a raw ESC in \(format)")
        #expect(!run.stdout.contains("\nnew line"), "the description's newline survived in \(format)")
        switch format {
        case "csv":
            #expect(run.stdout.contains(#","'=HYPERLINK(""http://evil.example"",""x"")","#))
            #expect(!run.stdout.contains(",=") && !run.stdout.contains(",@") && !run.stdout.contains(",\"="))
        case "markdown":
            #expect(!run.stdout.contains("<b>") && !run.stdout.contains("](http"))
            #expect(run.stdout.contains("`growth\\|team@example.com\\u{1B}[2J`"))
            for line in run.stdout.split(separator: "\n") where line.hasPrefix("| ") {
                // Every table row has exactly as many unescaped pipes as the header: 7.
                let pipes = line.replacing("\\|", with: "").filter { $0 == "|" }.count
                #expect(pipes == 7, "\(line)")
            }
        case "json", "sarif":
            #expect(throws: Never.self) { try JSONParser.parse(run.stdout) }
        default:
            #expect(run.stdout.contains("growth|team@example.com\\u{1B}[2J"))
        }
    }

    @Test func theJSONReportFollowsTheDocumentedSchema() throws {
        let directory = try directoryWithFixtureLog()
        let run = TestSupport.toggles(["report", "--now", fixtureNow, "--format", "json"], in: directory.url)
        let document = try #require(try JSONParser.parse(run.stdout).objectValue)
        #expect(document.keys == ["schema", "asOf", "summary", "policy", "toggles"])
        #expect(
            document["summary"]
                == .object(
                    JSONObject([
                        .init("live", .number("7")), .init("inUse", .number("7")), .init("stale", .number("3")), .init("launched", .number("2")), .init("health", .number("57")),
                        .init("awaitingRetirement", .number("0")),
                    ])))
        let toggles = try #require(document["toggles"]?.arrayValue).compactMap(\.objectValue)
        #expect(
            toggles.map { $0["name"]?.stringValue } == [
                "betaThing", "expiredKillSwitch", "launchedRelease", "colourConfig", "extendedRelease", "newRelease", "partialExperiment",
            ])
        let launched = try #require(toggles.first { $0["name"] == .string("launchedRelease") })
        let codes = launched["reasons"]?.arrayValue?.compactMap { $0.objectValue?["code"]?.stringValue }
        #expect(codes == ["over-lifetime", "launched"])
        #expect(launched["reasons"]?.arrayValue?.last?.objectValue?["daysLaunched"] == .number("51"))
        #expect(launched["stage"] == .string("launched"))
        #expect(launched["stageSince"] == .string("2026-10-01T12:00:00Z"))
    }

    @Test func theSARIFLogHasOneRulePerReasonCodeAndLocatesEachResult() throws {
        let directory = try directoryWithFixtureLog()
        let run = TestSupport.toggles(["report", "--now", fixtureNow, "--format", "sarif"], in: directory.url)
        let document = try #require(try JSONParser.parse(run.stdout).objectValue)
        #expect(document["version"] == .string("2.1.0"))
        let runObject = try #require(document["runs"]?.arrayValue?.first?.objectValue)
        let rules = runObject["tool"]?.objectValue?["driver"]?.objectValue?["rules"]?.arrayValue ?? []
        #expect(rules.compactMap { $0.objectValue?["id"]?.stringValue } == ["expired", "over-lifetime", "launched", "over-extended", "retire-remote", "conflict"])
        let results = runObject["results"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(results.count == 4)
        for result in results {
            let location = result["locations"]?.arrayValue?.first?.objectValue?["physicalLocation"]?.objectValue
            let uri = location?["artifactLocation"]?.objectValue?["uri"]?.stringValue ?? ""
            #expect(uri.hasPrefix("events/2026/") && uri.hasSuffix(".jsonl"), "\(uri)")
            #expect(result["level"] == .string("warning"))
        }
    }

    @Test func eventsAfterNowAreIgnoredAndNowMovesTheFigures() throws {
        let directory = try directoryWithFixtureLog()
        let early = TestSupport.toggles(["report", "--now", "2026-09-15", "--format", "json"], in: directory.url)
        let late = TestSupport.toggles(["report", "--now", "2027-02-01", "--format", "json"], in: directory.url)
        #expect(!early.stdout.contains("\"futureEvent\"") && late.stdout.contains("\"futureEvent\""))
        #expect(early.stdout.contains("\"stale\": 0"))
    }

    @Test func aPolicyFileInTheLogDirectoryChangesTheVerdicts() throws {
        let directory = try directoryWithFixtureLog()
        try directory.write(
            "events/policy.json",
            """
            {"schema": 1, "launchGraceDays": 60, "categories": {"release": {"lifetimeDays": 100}, "beta": {"lifetimeDays": null}}}
            """)
        let run = TestSupport.toggles(["report", "--now", fixtureNow, "--format", "csv"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty)
        let stale = run.stdout.split(separator: "\r\n").dropFirst().filter { $0.contains(",true,") }.map { $0.prefix { $0 != "," } }
        #expect(stale == ["expiredKillSwitch"])
    }

    @Test func anInvalidPolicyFileIsExit2NamingFileAndField() throws {
        let directory = try directoryWithFixtureLog()
        try directory.write("events/policy.json", #"{"schema": 1, "launchGraceDays": "two weeks"}"#)
        let run = TestSupport.toggles(["report", "--now", fixtureNow], in: directory.url)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "toggles: error: invalid policy: events/policy.json:1: launchGraceDays: must be a whole number of days, 0 or more, found string \"two weeks\"\n")
    }

    @Test func anExplicitPolicyFileMustExist() throws {
        let directory = try directoryWithFixtureLog()
        let missing = TestSupport.toggles(["report", "--policy", "ci/policy.json"], in: directory.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("policy file ci/policy.json does not exist"))
        try directory.write("ci/policy.json", #"{"schema": 1, "categories": {"beta": {"lifetimeDays": 365}}}"#)
        let given = TestSupport.toggles(["report", "--now", fixtureNow, "--policy", "ci/policy.json"], in: directory.url)
        #expect(given.status == 0)
        #expect(given.stderr.isEmpty, "beta is defined by the given policy")
    }

    @Test func stateShowsTheStageAndWhenItBegan() throws {
        let directory = try directoryWithFixtureLog()
        let text = TestSupport.toggles(["state", "--at", fixtureNow], in: directory.url)
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("launchedRelease ") })
        #expect(line.hasSuffix("  launched              2026-10-01"))
        let removed = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("removedOne ") })
        #expect(removed.hasSuffix("  removed               2026-03-01"))
        let json = TestSupport.toggles(["state", "--at", fixtureNow, "--format", "json"], in: directory.url)
        #expect(json.stdout.contains("\"stage\": \"partially-rolled-out\",\n      \"stageSince\": \"2026-11-05T08:00:00Z\""))
    }

    /// Colour needs a terminal, so this runs the command in-process with a fake one.
    @Test(arguments: [
        (true, [String: String](), true),
        (true, ["NO_COLOR": "1"], false),
        (true, ["TERM": "dumb"], false),
        (false, [:], false),
    ])
    func colourOnlyOnATerminalAndNeverWithNoColor(terminal: Bool, environment: [String: String], coloured: Bool) throws {
        let directory = try directoryWithFixtureLog()
        nonisolated(unsafe) var output = ""
        let context = CommandContext(
            environment: environment, currentDirectory: directory.path, now: { Timestamp(rfc3339: fixtureNow)! },
            outputIsTerminal: terminal, standardInput: { [] }, write: { output += $0 }, writeError: { _ in },
            gitEmail: { nil })
        let status = TogglesCLI.run(["report"], context: context)
        #expect(status == 0)
        #expect(output.contains("\u{1B}[") == coloured)
        #expect(output.contains("launchedRelease"))
    }
}

@Suite struct StageCommandTests {
    @Test func aBackdatedPublishTakesItsPlaceInTheStageHistory() throws {
        let directory = try TemporaryDirectory()
        @discardableResult
        func toggles(_ arguments: [String]) throws -> TogglesBinary.Run {
            let run = TestSupport.toggles(arguments + ["--actor", "tester"], in: directory.url)
            #expect(run.status == 0, "\(run)")
            return run
        }
        try toggles(["create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-06-01"])
        try toggles(["publish", "isRoundedAvatar", "--value", "true", "--at", "2026-08-01"])
        // Recorded afterwards, but it happened in July, before the launch.
        try toggles(["publish", "isRoundedAvatar", "--value", "false", "--when", "Chinese users", "device.language in ['zh']", "true", "--at", "2026-07-01"])
        let state = TestSupport.toggles(["state", "--format", "json"], in: directory.url)
        #expect(state.stdout.contains("\"stage\": \"launched\",\n      \"stageSince\": \"2026-08-01T00:00:00Z\""), "\(state.stdout)")
        let july = TestSupport.toggles(["report", "--now", "2026-07-15", "--format", "csv"], in: directory.url)
        #expect(july.stdout.contains("isRoundedAvatar,remote,bool,release,partially-rolled-out,2026-07-01T00:00:00Z,14,44,"), "\(july.stdout)")
        let september = TestSupport.toggles(["check", "--now", "2026-09-01", "--fail-on", "launched"], in: directory.url)
        #expect(september.status == 1)
        #expect(september.stdout.contains("launched: launched 31 days ago; remove it"))
    }
}
