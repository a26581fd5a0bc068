import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

@Suite struct StalePolicyTests {
    let policy = StalePolicy.standard

    func reasons(_ script: ToggleScript, now: String) -> [StaleReason] {
        policy.evaluate(script.state, now: ToggleScript.at(now))
    }

    @Test func aYoungToggleIsNotStale() {
        var script = ToggleScript()
        script.create("2026-01-01T00:00:00Z")
        #expect(reasons(script, now: "2026-01-31T00:00:00Z").isEmpty)
    }

    @Test func overLifetimeCountsWholeDaysPastTheCategoryLifetime() throws {
        var script = ToggleScript()
        script.create("2026-01-01T00:00:00Z", category: "experiment")
        #expect(reasons(script, now: "2026-02-10T00:00:00Z").isEmpty)  // exactly 40 days
        let found = reasons(script, now: "2026-02-25T12:00:00Z")
        let reason = try #require(found.first)
        #expect(found.count == 1)
        #expect(reason.code == .overLifetime)
        #expect(reason.days == 15)
        #expect(reason.limitDays == 40)
        #expect(reason.owner == "owner@example.com")
        #expect(reason.message == "experiment toggles live 40 days; this one is 55 days old, 15 days over; remove it or give it an expiry date")
    }

    @Test func expiredFromTheStartOfTheExpiryDate() throws {
        var script = ToggleScript()
        script.create("2026-01-01", category: "kill-switch", expires: "2026-03-01")
        #expect(reasons(script, now: "2026-02-28T23:59:59Z").isEmpty)
        let onTheDay = try #require(reasons(script, now: "2026-03-01T00:00:00Z").first)
        #expect(onTheDay.code == .expired)
        #expect(onTheDay.days == 0)
        #expect(onTheDay.message == "expired on 2026-03-01, today; remove it or extend it with `toggles extend`")
        let later = try #require(reasons(script, now: "2026-03-23T08:00:00Z").first)
        #expect(later.days == 22)
        #expect(later.expires == CalendarDate("2026-03-01"))
    }

    @Test func anExpiryDateReplacesTheLifetime() {
        var script = ToggleScript()
        script.create("2026-01-01", category: "release", expires: "2026-06-30")
        // 100 days old, far past the 30-day release lifetime, but before its own date.
        #expect(reasons(script, now: "2026-04-11").isEmpty)
    }

    @Test func extendingTheExpirySnoozesIt() {
        var script = ToggleScript()
        script.create("2026-01-01", expires: "2026-02-01")
        #expect(reasons(script, now: "2026-02-15").map(\.code) == [.expired])
        script.add("2026-02-16", .expiryExtended(expires: CalendarDate("2026-04-01")!, reason: "waiting for 2.6"))
        #expect(reasons(script, now: "2026-03-01").isEmpty)
        #expect(script.state.expiryExtensionReason == "waiting for 2.6")
        #expect(reasons(script, now: "2026-04-03").map(\.days) == [2])
    }

    @Test func launchedIsStaleOnlyAfterTheGracePeriod() throws {
        var script = ToggleScript()
        script.create("2026-01-01", expires: "2026-12-31")
        script.publish("2026-02-01T00:00:00Z", .bool(true))
        #expect(reasons(script, now: "2026-02-15T00:00:00Z").isEmpty)  // exactly 14 days
        let reason = try #require(reasons(script, now: "2026-03-18T00:00:00Z").first)
        #expect(reason.code == .launched)
        #expect(reason.days == 45)
        #expect(reason.since == ToggleScript.at("2026-02-01"))
        #expect(reason.message == "launched 45 days ago; remove it")
    }

    @Test func aToggleCanHaveEveryReasonThatApplies() {
        var script = ToggleScript()
        script.create("2026-01-01")
        script.publish("2026-01-05", .bool(true))
        #expect(reasons(script, now: "2026-06-01").map(\.code) == [.overLifetime, .launched])
        var expiring = ToggleScript()
        expiring.create("2026-01-01", expires: "2026-03-01")
        expiring.publish("2026-01-05", .bool(true))
        #expect(policy.evaluate(expiring.state, now: ToggleScript.at("2026-06-01")).map(\.code) == [.expired, .launched])
    }

    @Test(arguments: ["permission", "kill-switch", "remote-config"])
    func permanentCategoriesAreNeverStaleForAgeOrLaunch(category: String) {
        var script = ToggleScript()
        script.create("2020-01-01", type: .bool, default: .bool(true), category: category)
        #expect(script.state.stage == .launched)
        #expect(reasons(script, now: "2026-06-01").isEmpty)
    }

    @Test func anUnknownCategoryFollowsTheFallback() {
        var script = ToggleScript()
        script.create("2026-01-01", category: "beta")
        #expect(reasons(script, now: "2026-03-01").map(\.limitDays) == [30])
        var lenient = policy
        lenient.fallbackCategory = "permission"
        #expect(lenient.evaluate(script.state, now: ToggleScript.at("2026-03-01")).isEmpty)
    }

    @Test func removedTogglesAreNeverStale() {
        var script = ToggleScript()
        script.create("2026-01-01", expires: "2026-01-10")
        script.add("2026-01-20", .removed(reason: nil))
        #expect(reasons(script, now: "2027-01-01").isEmpty)
    }

    @Test func theReportPutsStaleTogglesFirstAndScoresHealth() {
        var old = ToggleScript(name: "zOld")
        old.create("2026-01-01")
        var young = ToggleScript(name: "aYoung")
        young.create("2026-05-20")
        var gone = ToggleScript(name: "mGone")
        gone.create("2026-01-01")
        gone.add("2026-02-01", .removed(reason: nil))
        let report = StaleReport(toggles: [young.state, old.state, gone.state], policy: policy, now: ToggleScript.at("2026-06-01"))
        #expect(report.entries.map(\.name) == ["zOld", "aYoung"])
        #expect(report.summary == StaleReport.Summary(live: 2, stale: 1, launched: 0))
        #expect(report.summary.health == 50)
        #expect(StaleReport.Summary(live: 0, stale: 0, launched: 0).health == 100)
        #expect(StaleReport.Summary(live: 3, stale: 1, launched: 0).health == 67)
    }

    @Test func theGateCountsOnlyTheChosenReasonsAndToleratesABacklog() {
        var launched = ToggleScript(name: "launched")
        launched.create("2026-05-01", expires: "2027-01-01")
        launched.publish("2026-05-02", .bool(true))
        var old = ToggleScript(name: "old")
        old.create("2026-01-01")
        let report = StaleReport(toggles: [launched.state, old.state], policy: policy, now: ToggleScript.at("2026-06-01"))
        #expect(!StaleGate().verdict(on: report).passed)
        let onlyLaunched = StaleGate(failOn: [.launched]).verdict(on: report)
        #expect(onlyLaunched.counted.map(\.name) == ["launched"])
        #expect(onlyLaunched.ignored.map(\.name) == ["old"])
        #expect(!onlyLaunched.passed)
        #expect(StaleGate(failOn: [.expired]).verdict(on: report).passed)
        #expect(StaleGate(maximumStale: 2).verdict(on: report).passed)
        #expect(!StaleGate(maximumStale: 1).verdict(on: report).passed)
    }
}
