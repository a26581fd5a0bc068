import Foundation
import Testing
import ToggleLedger
import TestSupport

@Suite struct CheckCommandTests {
    @Test func staleTogglesFailTheCheckWithWhatAndWhy() throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["check", "--now", fixtureNow], in: directory.url)
        #expect(run.status == 1, "\(run)")
        try assertSnapshot(run.stdout, named: "check.txt")
    }

    @Test func theMarkdownCheckCarriesTheVerdict() throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["check", "--now", fixtureNow, "--format", "markdown", "--fail-on", "expired,launched"], in: directory.url)
        #expect(run.status == 1)
        try assertSnapshot(run.stdout, named: "check.md")
    }

    @Test func nothingStaleIsExit0() throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["check", "--now", "2026-09-15"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        #expect(
            run.stdout
                == "check passed: no stale toggles among 5 live (counting expired, over-lifetime, launched, over-extended, retire-remote, conflict; as of 2026-09-15T00:00:00Z)\n")
    }

    @Test(arguments: [
        ("expired", 1, ["expiredKillSwitch"]),
        ("launched", 1, ["launchedRelease"]),
        ("over-lifetime", 1, ["betaThing", "launchedRelease"]),
        ("expired,launched", 1, ["expiredKillSwitch", "launchedRelease"]),
        ("expired, over-lifetime ,launched", 1, ["betaThing", "expiredKillSwitch", "launchedRelease"]),
    ])
    func failOnChoosesWhichReasonsCount(failOn: String, status: Int32, counted: [String]) throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["check", "--now", fixtureNow, "--fail-on", failOn, "--format", "json"], in: directory.url)
        #expect(run.status == status, "\(run)")
        let check = try #require(try JSONParser.parse(run.stdout).objectValue?["check"]?.objectValue)
        #expect(check["counted"]?.arrayValue?.compactMap(\.stringValue) == counted)
    }

    @Test func failOnWithOnlyUntriggeredReasonsPasses() throws {
        let directory = try directoryWithFixtureLog()
        try directory.write("events/policy.json", #"{"schema": 1, "categories": {"beta": {"lifetimeDays": 365}}}"#)
        let run = toggles(["check", "--now", fixtureNow, "--fail-on", "expired"], in: directory.url)
        #expect(run.status == 1)
        let lenient = toggles(["check", "--now", "2026-10-20", "--fail-on", "expired"], in: directory.url)
        #expect(lenient.status == 0, "\(lenient)")
        #expect(lenient.stdout.contains("not counted (stale only for reasons outside --fail-on): launchedRelease"))
    }

    @Test(arguments: [(2, 1), (3, 0), (10, 0)])
    func maxStaleToleratesABacklog(maxStale: Int, status: Int32) throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["check", "--now", fixtureNow, "--max-stale", String(maxStale)], in: directory.url)
        #expect(run.status == status, "\(run)")
        #expect(
            run.stdout.contains(
                status == 0 ? "check passed: 3 stale toggles, within --max-stale \(maxStale)" : "check failed: 3 stale toggles of 7 live, more than --max-stale \(maxStale)"))
    }

    @Test(arguments: [
        (["--fail-on", "old"], "--fail-on: 'old' is not a stale reason; expected a comma-separated list of expired, over-lifetime, launched"),
        (["--max-stale", "-1"], "--max-stale must be a whole number, 0 or more, not '-1'"),
        (["--max-stale", "many"], "--max-stale must be a whole number, 0 or more, not 'many'"),
        (["--format", "html"], "--format must be one of text, json, markdown, csv, sarif, github, junit, gitlab, not 'html'"),
        (["--now", "yesterday"], "--now must be an RFC 3339 instant"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["check"] + arguments, in: directory.url)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("toggles: error: \(message)"), "\(run.stderr)")
    }

    @Test func aMalformedLogIsExit2() throws {
        let directory = try directoryWithFixtureLog()
        try directory.write("events/2026/zz-broken.jsonl", "{\"schema\":1,\"id\":\"x\"\n")
        let run = toggles(["check", "--now", fixtureNow], in: directory.url)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("events/2026/zz-broken.jsonl:1"))
    }

    @Test func aLogBreakingLifecycleRulesIsExit2() throws {
        let directory = try directoryWithFixtureLog()
        // A change of a toggle no branch ever created: no merge of valid logs makes that (a
        // second creation would be a conflict, exit 1; see MergeConflictTests).
        try directory.write(
            "events/2026/zz-merge.jsonl",
            #"{"schema":1,"id":"orphan-1","at":"2026-10-05T00:00:00Z","type":"default-changed","toggle":"neverCreated","actor":"a","default":true}"# + "\n"
                + #"{"schema":1,"id":"orphan-2","at":"2026-11-21T00:00:00Z","type":"removed","toggle":"neverCreatedEither","actor":"a"}"# + "\n")
        let run = toggles(["check", "--now", fixtureNow], in: directory.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("events/2026/zz-merge.jsonl:2: removed neverCreatedEither"), "\(run)")
        #expect(run.stderr.contains("run `toggles audit` for details"))
    }

    @Test func aMissingLogIsExit2() throws {
        let directory = try TemporaryDirectory()
        let run = toggles(["check"], in: directory.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("log directory events does not exist"))
    }

    @Test func theSARIFOfAFailedCheckMarksCountedResultsAsErrors() throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["check", "--now", fixtureNow, "--format", "sarif", "--fail-on", "expired"], in: directory.url)
        #expect(run.status == 1)
        let results = try JSONParser.parse(run.stdout).objectValue?["runs"]?.arrayValue?.first?.objectValue?["results"]?.arrayValue ?? []
        let levels = results.compactMap { result -> String? in
            guard let object = result.objectValue else { return nil }
            return "\(object["ruleId"]?.stringValue ?? "")=\(object["level"]?.stringValue ?? "")"
        }
        #expect(levels == ["over-lifetime=note", "expired=error", "over-lifetime=note", "launched=note"])
    }
}
