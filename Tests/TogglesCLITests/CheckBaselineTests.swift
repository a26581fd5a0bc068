import Foundation
import Testing
import ToggleLedger
import TestSupport

/// `check --write-baseline` / `--baseline`: accept today's stale toggles, fail only on new
/// findings, and let fixed ones leave the baseline.
@Suite struct CheckBaselineTests {
    /// The fixture log at fixtureNow: betaThing (over-lifetime), expiredKillSwitch (expired),
    /// launchedRelease (over-lifetime, launched).
    static let baselined = [
        ["betaThing", "over-lifetime"], ["expiredKillSwitch", "expired"],
        ["launchedRelease", "launched"], ["launchedRelease", "over-lifetime"],
    ]

    static func findings(_ text: String) throws -> [[String]] {
        let document = try JSONParser.parse(text)
        #expect(document.objectValue?["baseline"] == .string("toggles check"))
        return try #require(document.objectValue?["findings"]?.arrayValue).map { finding in
            [finding.objectValue?["toggle"]?.stringValue ?? "", finding.objectValue?["reason"]?.stringValue ?? ""]
        }
    }

    @Test func aBaselinedBacklogPassesAndOnlyNewFindingsFail() throws {
        let directory = try directoryWithFixtureLog()
        let write = toggles(["check", "--now", fixtureNow, "--write-baseline", "toggles-baseline.json"], in: directory.url)
        #expect(write.status == 0, "\(write)")
        #expect(write.stderr.contains("wrote 4 findings to the baseline toggles-baseline.json"), "\(write.stderr)")
        #expect(try Self.findings(try directory.read("toggles-baseline.json")) == Self.baselined)

        let gate = toggles(["check", "--now", fixtureNow, "--baseline", "toggles-baseline.json"], in: directory.url)
        #expect(gate.status == 0, "\(gate)")
        #expect(gate.stderr.contains("4 findings are in the baseline toggles-baseline.json and do not count"), "\(gate.stderr)")
        #expect(gate.stdout.hasPrefix("check passed"), "\(gate.stdout)")

        // A week later a new toggle has expired: only it fails the gate.
        let create = toggles(
            [
                "create", "isNewCarousel", "--kind", "remote", "--type", "bool", "--default", "false",
                "--expires", "2026-11-25", "--at", "2026-11-20", "--actor", "mei",
            ], in: directory.url)
        #expect(create.status == 0, "\(create)")
        let later = toggles(["check", "--now", "2026-11-29", "--baseline", "toggles-baseline.json", "--format", "json"], in: directory.url)
        #expect(later.status == 1, "\(later)")
        let check = try #require(try JSONParser.parse(later.stdout).objectValue?["check"]?.objectValue)
        #expect(check["counted"]?.arrayValue?.compactMap(\.stringValue) == ["isNewCarousel"])
    }

    @Test func aFixedFindingLeavesTheBaseline() throws {
        let directory = try directoryWithFixtureLog()
        #expect(toggles(["check", "--now", fixtureNow, "--write-baseline", "b.json"], in: directory.url).status == 0)
        let remove = toggles(["remove", "expiredKillSwitch", "--at", "2026-11-21", "--actor", "ops"], in: directory.url)
        #expect(remove.status == 0, "\(remove)")
        let gate = toggles(["check", "--now", fixtureNow, "--baseline", "b.json"], in: directory.url)
        #expect(gate.status == 0)
        #expect(
            gate.stderr.contains("1 baselined finding is fixed (expiredKillSwitch expired); shrink the baseline with `toggles check --baseline b.json --write-baseline b.json`"),
            "\(gate.stderr)")
        // Shrinking keeps only what remains of the baseline; a new finding is never accepted this way.
        #expect(
            toggles(
                [
                    "create", "isNewCarousel", "--kind", "remote", "--type", "bool", "--default", "false",
                    "--expires", "2026-11-10", "--at", "2026-11-01", "--actor", "mei",
                ], in: directory.url
            ).status == 0)
        let shrink = toggles(["check", "--now", fixtureNow, "--baseline", "b.json", "--write-baseline", "b.json"], in: directory.url)
        #expect(shrink.status == 0, "\(shrink)")
        #expect(try Self.findings(try directory.read("b.json")) == Self.baselined.filter { $0[0] != "expiredKillSwitch" })
        #expect(toggles(["check", "--now", fixtureNow, "--baseline", "b.json"], in: directory.url).status == 1, "the new toggle still fails")
    }

    @Test func aBaselineThatIsNotOneIsAnErrorNamingTheFile() throws {
        let directory = try directoryWithFixtureLog()
        let missing = toggles(["check", "--now", fixtureNow, "--baseline", "nope.json"], in: directory.url)
        #expect(missing.status == 2 && missing.stderr.contains("baseline nope.json: "), "\(missing)")
        #expect(missing.stderr.contains("write one with `toggles check --write-baseline nope.json`"))
        try directory.write("other.json", #"{"findings": []}"#)
        let other = toggles(["check", "--now", fixtureNow, "--baseline", "other.json"], in: directory.url)
        #expect(other.status == 2 && other.stderr.contains("baseline other.json: not a toggles baseline"), "\(other)")
        try directory.write("bad.json", #"{"baseline": "toggles check", "findings": [{"toggle": 1}]}"#)
        let bad = toggles(["check", "--now", fixtureNow, "--baseline", "bad.json"], in: directory.url)
        #expect(bad.status == 2 && bad.stderr.contains("baseline bad.json: findings[0] needs a \"toggle\" and a \"reason\" string"), "\(bad)")
    }
}
