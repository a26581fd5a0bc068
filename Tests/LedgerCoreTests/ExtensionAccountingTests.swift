import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// Extensions counted and summed by the fold, and the `over-extended` reason.
@Suite struct ExtensionAccountingTests {
    func extend(_ script: inout ToggleScript, _ at: String, to date: String) {
        script.add(at, .expiryExtended(expires: CalendarDate(date)!, reason: "later"))
    }

    /// Created expiring 2026-02-01, then extended to 03-01 (+28), 04-01 (+31), 06-30 (+90).
    func threeTimesExtended(category: String = "experiment") -> ToggleScript {
        var script = ToggleScript()
        script.create("2026-01-01", category: category, expires: "2026-02-01")
        extend(&script, "2026-01-25", to: "2026-03-01")
        extend(&script, "2026-02-25", to: "2026-04-01")
        extend(&script, "2026-03-28", to: "2026-06-30")
        return script
    }

    /// The state as `state --at` / `report --now` see it: the events up to `instant`.
    func state(_ script: ToggleScript, at instant: String) -> ToggleState {
        var projection = Projection()
        for event in script.events.sorted(by: { $0.orderKey < $1.orderKey }) where event.at <= ToggleScript.at(instant) {
            projection.apply(event)
        }
        return projection.toggles[script.name]!
    }

    @Test func everyExtensionIsCountedAndItsDaysSummed() {
        let script = threeTimesExtended()
        #expect(script.state.extensions == ExtensionTally(count: 3, days: 149, lastAt: ToggleScript.at("2026-03-28")))
        #expect(script.state.extensions.summary == "extended 3 times, +149 days")
        #expect(script.state.extensions.short == "3× +149d")
    }

    @Test func theTallyAtInstantsBeforeAndAfterEachExtension() {
        let script = threeTimesExtended()
        #expect(state(script, at: "2026-01-24T23:59:59Z").extensions == ExtensionTally())
        #expect(state(script, at: "2026-01-25").extensions.count == 1)
        #expect(state(script, at: "2026-01-25").extensions.days == 28)
        #expect(state(script, at: "2026-02-24").extensions.count == 1)
        #expect(state(script, at: "2026-02-25").extensions.days == 59)
        #expect(state(script, at: "2026-03-27").extensions.count == 2)
        #expect(state(script, at: "2026-03-28").extensions.count == 3)
        #expect(state(script, at: "2026-01-01").extensions.summary == "never extended")
    }

    @Test func aFirstDateCountsButAddsNoDays() {
        var script = ToggleScript()
        script.create("2026-01-01")
        extend(&script, "2026-01-10", to: "2026-03-01")
        extend(&script, "2026-02-20", to: "2026-03-11")
        #expect(script.state.extensions.count == 2)
        #expect(script.state.extensions.days == 10)
        #expect(script.state.extensions.summary.hasPrefix("extended 2 times, +10 days"))
    }

    @Test func aRefusedExtensionIsNotCountedAndANewLifeStartsAtZero() {
        var script = threeTimesExtended()
        script.add("2026-04-01", .removed(reason: "done"))
        script.create("2026-05-01", expires: "2026-06-01")
        #expect(script.state.extensions == ExtensionTally())
        // An extension to an earlier date breaks a rule: replay skips it, and does not count it.
        var projection = Projection()
        var refused = ToggleScript()
        refused.create("2026-01-01", expires: "2026-03-01")
        extend(&refused, "2026-01-02", to: "2026-02-01")
        for event in refused.events { projection.apply(event) }
        #expect(projection.violations.count == 1)
        #expect(projection.toggles["flag"]?.extensions.count == 0)
    }

    // MARK: over-extended

    func policy(_ limits: ExtensionLimits, for category: String = "experiment") -> StalePolicy {
        var policy = StalePolicy.standard
        policy.extensionLimits[category] = limits
        return policy
    }

    @Test func moreExtensionsThanTheLimitIsOverExtendedWhateverTheExpiry() throws {
        let script = threeTimesExtended()
        let lenient = policy(ExtensionLimits(maxExtensions: 3))
        #expect(lenient.evaluate(script.state, now: ToggleScript.at("2026-04-01")).isEmpty)
        let strict = policy(ExtensionLimits(maxExtensions: 2))
        // Before the third extension: within the limit.
        #expect(strict.evaluate(state(script, at: "2026-03-27"), now: ToggleScript.at("2026-03-27")).isEmpty)
        // From the third on, although the expiry date (2026-06-30) is months away.
        let reasons = strict.evaluate(script.state, now: ToggleScript.at("2026-03-28"))
        let reason = try #require(reasons.first)
        #expect(reasons.map(\.code) == [.overExtended])
        #expect(reason.limitExtensions == 2)
        #expect(reason.limitDays == nil)
        #expect(reason.days == 0)
        #expect(reason.since == ToggleScript.at("2026-03-28"))
        #expect(reason.owner == "owner@example.com")
        #expect(reason.message == "extended 3 times, +149 days, more than the 2 allowed for experiment toggles; remove it rather than extend it again")
        #expect(reason.figure == "3 extensions")
    }

    @Test func olderThanTheLifetimeWithExtensionsIsOverExtended() throws {
        let script = threeTimesExtended()
        let capped = policy(ExtensionLimits(maxLifetimeDays: 100))
        // 2026-01-01 + 100 days = 2026-04-11; strictly after it, whatever the expiry says.
        #expect(capped.evaluate(script.state, now: ToggleScript.at("2026-04-11")).isEmpty)
        let reason = try #require(capped.evaluate(script.state, now: ToggleScript.at("2026-04-21T12:00:00Z")).first)
        #expect(reason.code == .overExtended)
        #expect(reason.days == 10)
        #expect(reason.limitDays == 100)
        #expect(reason.limitExtensions == nil)
        #expect(reason.since == ToggleScript.at("2026-04-11"))
        #expect(reason.message == "extended 3 times, +149 days; experiment toggles live at most 100 days with extensions, 10 days over; remove it rather than extend it again")
        #expect(reason.figure == "10 days over")
    }

    @Test func bothLimitsMakeOneReasonNamingBoth() throws {
        let script = threeTimesExtended()
        let both = policy(ExtensionLimits(maxExtensions: 1, maxLifetimeDays: 100))
        let reasons = both.evaluate(script.state, now: ToggleScript.at("2026-04-12"))
        #expect(reasons.map(\.code) == [.overExtended])
        #expect(
            reasons[0].message
                == "extended 3 times, +149 days, more than the 1 allowed for experiment toggles; and they live at most 100 days with extensions, 1 day over; remove it rather than extend it again"
        )
        #expect(reasons[0].figure == "3 extensions, 1 day over")
    }

    @Test func aToggleWithoutADateIsJudgedByItsLifetimeNotTheCap() {
        var script = ToggleScript()
        script.create("2026-01-01", category: "experiment")
        let capped = policy(ExtensionLimits(maxLifetimeDays: 100))
        #expect(capped.evaluate(script.state, now: ToggleScript.at("2026-06-01")).map(\.code) == [.overLifetime])
    }

    @Test func anUnknownCategoryFollowsTheFallbacksLimitsAndRemovedTogglesAreNeverStale() {
        var script = threeTimesExtended(category: "beta")
        let fallback = policy(ExtensionLimits(maxExtensions: 0), for: "release")
        #expect(fallback.evaluate(script.state, now: ToggleScript.at("2026-04-01")).map(\.code) == [.overExtended])
        #expect(policy(ExtensionLimits(maxExtensions: 0), for: "experiment").evaluate(script.state, now: ToggleScript.at("2026-04-01")).isEmpty)
        script.add("2026-04-02", .removed(reason: nil))
        #expect(fallback.evaluate(script.state, now: ToggleScript.at("2026-04-03")).isEmpty)
    }

    @Test func theReportCarriesTheTallyAndTheGateCountsTheReason() {
        let script = threeTimesExtended()
        let strict = policy(ExtensionLimits(maxExtensions: 2))
        let report = StaleReport(toggles: [script.state], policy: strict, now: ToggleScript.at("2026-04-01"))
        #expect(report.entries.first?.toggle.extensions.count == 3)
        #expect(StaleGate().verdict(on: report).passed == false, "over-extended is a default --fail-on code")
        #expect(StaleGate(failOn: [.expired]).verdict(on: report).passed)
        #expect(StaleGate(failOn: [.overExtended]).verdict(on: report).countedCount == 1)
    }

    // MARK: The policy file

    @Test func thePolicyFileSetsLimitsPerCategory() throws {
        let policy = try PolicyFile.parse(
            Array(
                """
                {"schema": 1, "categories": {
                  "experiment": {"maxExtensions": 2, "maxLifetimeDays": 120},
                  "kill-switch": {"maxExtensions": 0},
                  "migration": {"lifetimeDays": 60, "maxLifetimeDays": 61}
                }}
                """.utf8), file: "events/policy.json")
        #expect(policy.lifetime(of: "experiment") == 40, "a standard category keeps its lifetime")
        #expect(policy.extensionLimits(of: "experiment") == ExtensionLimits(maxExtensions: 2, maxLifetimeDays: 120))
        #expect(policy.extensionLimits(of: "kill-switch") == ExtensionLimits(maxExtensions: 0))
        #expect(policy.extensionLimits(of: "migration") == ExtensionLimits(maxLifetimeDays: 61))
        #expect(policy.extensionLimits(of: "release") == nil)
        #expect(StalePolicy.standard.extensionLimits.isEmpty, "no limits unless a policy sets them")
    }

    @Test(arguments: [
        (
            "{\"schema\": 1,\n \"categories\": {\n  \"experiment\": {\"maxExtensions\": -1}}}",
            "events/policy.json:3: categories.experiment.maxExtensions: must be a whole number of extensions from 0 to 1000, found number -1"
        ),
        (
            "{\"schema\": 1,\n \"categories\": {\n  \"experiment\": {\n   \"maxExtensions\": \"2\"}}}",
            "events/policy.json:4: categories.experiment.maxExtensions: must be a whole number of extensions from 0 to 1000, found string \"2\""
        ),
        (
            "{\"schema\": 1, \"categories\": {\"experiment\": {\"maxExtensions\": 1.5}}}",
            "events/policy.json:1: categories.experiment.maxExtensions: must be a whole number of extensions from 0 to 1000, found number 1.5"
        ),
        (
            "{\"schema\": 1,\n\"categories\": {\"experiment\":\n {\"maxLifetimeDays\": 40}}}",
            "events/policy.json:3: categories.experiment.maxLifetimeDays: must be longer than the category's lifetimeDays (40): it is the lifetime with extensions included, found number 40"
        ),
        (
            "{\"schema\": 1,\n\"categories\": {\n\"kill-switch\": {\"maxLifetimeDays\": 400}}}",
            "events/policy.json:3: categories.kill-switch.maxLifetimeDays: a permanent category (lifetimeDays null) has no lifetime to extend; remove maxLifetimeDays or give the category a lifetimeDays"
        ),
        (
            "{\"schema\": 1, \"categories\": {\"release\": {\"maxLifetimeDays\": 40000}}}",
            "events/policy.json:1: categories.release.maxLifetimeDays: must be at most 36500 days (100 years), found number 40000"
        ),
        (
            "{\"schema\": 1,\n\"categories\": {\n\n\"beta\": {\"maxExtensions\": 1}}}",
            "events/policy.json:4: categories.beta.lifetimeDays: is required for a category the standard policy does not define"
        ),
        (
            "{\"schema\": 1,\n\"categories\": {\"release\": {\n\"maxExtension\": 1}}}",
            "events/policy.json:3: categories.release.maxExtension: is not a policy setting; expected categories.release.lifetimeDays, categories.release.maxExtensions, categories.release.maxLifetimeDays"
        ),
    ])
    func invalidLimitsNameTheFileTheLineAndTheField(text: String, expected: String) {
        do {
            _ = try PolicyFile.parse(Array(text.utf8), file: "events/policy.json")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test func theLocatorFindsNestedKeysAndEscapedOnes() {
        let text = Array("{\n \"a\": {\"b\": [1, {\"c\": 2}],\n  \"d\\u0065\": 3},\n \"b\": 4\n}".utf8)
        #expect(JSONMemberLocator.line(ofMember: ["a"], in: text) == 2)
        #expect(JSONMemberLocator.line(ofMember: ["a", "de"], in: text) == 3)
        #expect(JSONMemberLocator.line(ofMember: ["a", "b", "c"], in: text) == 2)
        #expect(JSONMemberLocator.line(ofMember: ["b"], in: text) == 4)
        #expect(JSONMemberLocator.line(ofMember: ["c"], in: text) == nil)
    }

    // MARK: Renderers

    @Test func everyFormatShowsTheTallyAndTheReason() throws {
        let script = threeTimesExtended()
        let report = StaleReport(toggles: [script.state], policy: policy(ExtensionLimits(maxExtensions: 2)), now: ToggleScript.at("2026-04-01"))
        #expect(StaleTextRenderer.table(report).contains("3× +149d"))
        #expect(StaleTextRenderer.table(report).contains("over-extended (3 extensions)"))
        let json = StaleJSONRenderer.document(report, verdict: nil)
        let entry = try #require(json["toggles"]?.arrayValue?.first?.objectValue)
        #expect(
            entry["extensions"]
                == .object(
                    JSONObject([
                        .init("count", .number("3")), .init("days", .number("149")), .init("lastExtendedAt", .string("2026-03-28T00:00:00Z")),
                    ])))
        let reason = try #require(entry["reasons"]?.arrayValue?.first?.objectValue)
        #expect(reason["code"] == .string("over-extended"))
        #expect(reason["maxExtensions"] == .number("2"))
        #expect(reason["maxLifetimeDays"] == .null)
        #expect(
            json["policy"]?.objectValue?["categories"]?.objectValue?["experiment"]
                == .object(
                    JSONObject([
                        .init("lifetimeDays", .number("40")), .init("maxExtensions", .number("2")),
                    ])))
        #expect(StaleMarkdownRenderer.render(report).contains("| 3 times, +149 days |"))
        #expect(StaleMarkdownRenderer.render(report).contains("**over-extended**: extended 3 times, +149 days"))
        let csv = StaleCSVRenderer.render(report).split(separator: "\r\n")
        #expect(csv[0].hasSuffix(",extensions,extension_days"))
        #expect(csv[1].hasSuffix(",3,149"))
        #expect(StaleSARIFRenderer.render(report, toolVersion: "test").contains("\"ruleId\": \"over-extended\""))
    }
}
