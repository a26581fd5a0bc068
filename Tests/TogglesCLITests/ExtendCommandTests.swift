import Foundation
import Testing
import ToggleLedger
import TestSupport

@Suite struct ExtendCommandTests {
    @Test func extendingAnExpiredToggleIsAuditedAndClearsTheCheck() throws {
        let directory = try directoryWithFixtureLog()
        #expect(toggles(["check", "--now", fixtureNow, "--fail-on", "expired"], in: directory.url).status == 1)
        let extend = toggles(
            [
                "extend", "expiredKillSwitch", "--expires", "2027-03-01", "--reason", "provider migration | Q1", "--at", "2026-11-21T09:00:00Z", "--actor", "ops@example.com",
                "--id", "ext-1",
            ],
            in: directory.url)
        #expect(extend.status == 0, "\(extend)")
        #expect(extend.stdout.hasPrefix("expiry-extended expiredKillSwitch at 2026-11-21T09:00:00Z by ops@example.com (id ext-1)\n"))
        let lines = try directory.eventLines().filter { $0.contains("\"ext-1\"") }
        #expect(
            lines == [
                #"{"schema":1,"id":"ext-1","at":"2026-11-21T09:00:00Z","type":"expiry-extended","toggle":"expiredKillSwitch","actor":"ops@example.com","expires":"2027-03-01","reason":"provider migration | Q1"}"#
            ])
        #expect(toggles(["check", "--now", fixtureNow, "--fail-on", "expired"], in: directory.url).status == 0)
        let history = toggles(["history", "expiredKillSwitch"], in: directory.url)
        #expect(history.stdout.contains("expires → 2027-03-01: provider migration | Q1"))
    }

    @Test func anExtensionMustMoveTheDateLater() throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["extend", "newRelease", "--expires", "2027-01-15", "--reason", "r"], in: directory.url)
        #expect(run.status == 65)
        #expect(run.stderr.contains("the new expiry date must be after the current one (2027-01-31)"))
        #expect(try directory.eventLines().count == 15)
    }

    @Test(arguments: [
        (["extend", "newRelease", "--expires", "2027-05-01"], 64, "missing --reason TEXT"),
        (["extend", "newRelease", "--expires", "2027-05-01", "--reason", "  "], 64, "missing --reason TEXT"),
        (["extend", "newRelease", "--reason", "r"], 64, "missing --expires DATE"),
        (["extend", "newRelease", "--expires", "May", "--reason", "r"], 64, "--expires must be a date such as 2027-01-31, not 'May'"),
        (["extend", "nobody", "--expires", "2027-05-01", "--reason", "r"], 65, "no toggle named nobody exists"),
        (["extend", "removedOne", "--expires", "2027-05-01", "--reason", "r"], 65, "removedOne was removed at 2026-03-01T10:00:00Z"),
    ])
    func invalidExtensionsAppendNothing(arguments: [String], status: Int32, message: String) throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(arguments, in: directory.url)
        #expect(run.status == status, "\(run)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(try directory.eventLines().count == 15)
    }
}
