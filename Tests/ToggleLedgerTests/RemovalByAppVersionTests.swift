import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// Removal by app version and the supported range: the projection, the stale reason
/// `retire-remote`, and the exports, before and after each event.
@Suite struct RemovalByAppVersionTests {
    static func day(_ day: Int) -> Timestamp { CalendarDate("2026-01-01")!.adding(days: Int64(day)).startOfDay }
    static func version(_ text: String) -> AppVersion { AppVersion(text)! }

    static func event(_ change: Change, at day: Int, toggle: String = "isRoundedAvatar") -> Event {
        Event(
            id: "e\(day)-\(change.typeName)", at: Self.day(day), toggle: change.isLogWide ? Event.appToggle : toggle,
            actor: "mei@moments.example", change: change)
    }

    static let served = RemoteValue(value: .bool(true), conditions: [ConditionalValue(name: "Chinese users", expression: "device.language in ['zh']", value: .bool(false))])

    /// isRoundedAvatar: created day 0, published day 10, minimum 2.3 day 20, removed from the
    /// code in 2.5.0 day 30, minimum 2.4.9 day 40, minimum 2.5 day 50, retired day 70.
    static let life: [Event] = [
        event(.created(ToggleDefinition(kind: .remote, valueType: .bool, defaultValue: .bool(false), category: "experiment")), at: 0),
        event(.published(served), at: 10),
        event(.minimumVersionChanged(minimum: version("2.3"), reason: "start"), at: 20),
        event(.codeRemoved(appVersion: version("2.5.0"), reason: "rounded for everyone"), at: 30),
        event(.minimumVersionChanged(minimum: version("2.4.9"), reason: nil), at: 40),
        event(.minimumVersionChanged(minimum: version("2.5"), reason: "forced update"), at: 50),
        event(.retired(reason: "deleted"), at: 70),
    ]

    static func projection(_ events: [Event], until day: Int) -> Projection {
        var projection = Projection()
        for event in events where event.at <= Self.day(day) { projection.apply(event) }
        return projection
    }

    @Test func beforeAndAfterEachEvent() throws {
        // Before the removal: live, served, every version supported until day 20.
        var projection = Self.projection(Self.life, until: 19)
        #expect(projection.supportedVersions.minimum == nil)
        #expect(projection.toggles["isRoundedAvatar"]?.isLive == true)
        projection = Self.projection(Self.life, until: 20)
        #expect(projection.supportedVersions.minimum == Self.version("2.3"))
        #expect(projection.violations.isEmpty && projection.unknownTypes.isEmpty)
        #expect(projection.toggles["_app"] == nil)
        // Removed from the code: not live, still served, waiting.
        projection = Self.projection(Self.life, until: 30)
        var state = try #require(projection.toggles["isRoundedAvatar"])
        #expect(!state.isLive && state.awaitsRetirement && state.isInUse)
        #expect(state.stage == .removed)
        #expect(state.removedInAppVersion == Self.version("2.5.0"))
        #expect(state.remote == Self.served)
        #expect(state.retirementDue(projection.supportedVersions) == nil)
        // 2.4.9 is still older than 2.5.0: still read.
        projection = Self.projection(Self.life, until: 40)
        #expect(projection.toggles["isRoundedAvatar"]!.retirementDue(projection.supportedVersions) == nil)
        // 2.5 == 2.5.0: no supported version reads it since day 50.
        projection = Self.projection(Self.life, until: 50)
        state = projection.toggles["isRoundedAvatar"]!
        #expect(state.retirementDue(projection.supportedVersions) == Self.day(50))
        // Retired: nothing served, nothing waiting.
        projection = Self.projection(Self.life, until: 70)
        state = projection.toggles["isRoundedAvatar"]!
        #expect(state.remote == nil && !state.awaitsRetirement && !state.isInUse)
        #expect(state.retirementDue(projection.supportedVersions) == nil)
        #expect(projection.violations.isEmpty)
    }

    @Test func theUnreadSinceInstantIsTheStartOfTheRunThatReachedTheVersion() {
        var supported = SupportedVersions()
        for (day, text) in [(1, "2.6"), (2, "2.4"), (3, "2.5"), (4, "3.0")] {
            supported.apply(Self.event(.minimumVersionChanged(minimum: Self.version(text), reason: nil), at: day))
        }
        // 2.6 on day 1 reached 2.5, lowered again on day 2; from day 3 on it stayed at or above.
        #expect(supported.noneOlder(than: Self.version("2.5.0")) == Self.day(3))
        #expect(supported.noneOlder(than: Self.version("3")) == Self.day(4))
        #expect(supported.noneOlder(than: Self.version("3.0.0.1")) == nil)
        #expect(supported.supports(Self.version("3.0")) && !supported.supports(Self.version("2.99")))
    }

    @Test func aRemovalAfterTheMinimumPassedItIsDueFromTheRemoval() {
        let events = [
            Self.life[0], Self.life[1],
            Self.event(.minimumVersionChanged(minimum: Self.version("2.6"), reason: nil), at: 20),
            Self.event(.codeRemoved(appVersion: Self.version("2.5.0"), reason: nil), at: 30),
        ]
        let projection = Self.projection(events, until: 30)
        #expect(projection.toggles["isRoundedAvatar"]!.retirementDue(projection.supportedVersions) == Self.day(30))
    }

    @Test func anUnpublishRecordedAfterTheRemovalRetiresItToo() {
        let events = Array(Self.life[0...3]) + [Self.event(.unpublished(templateVersion: "44"), at: 35)]
        let state = Self.projection(events, until: 35).toggles["isRoundedAvatar"]!
        #expect(state.remote == nil && !state.awaitsRetirement)
    }

    @Test func aPublishAfterTheRemovalChangesWhatOlderVersionsAreServed() {
        let events = Array(Self.life[0...3]) + [Self.event(.published(RemoteValue(value: .bool(false))), at: 35)]
        let projection = Self.projection(events, until: 35)
        #expect(projection.violations.isEmpty)
        #expect(projection.toggles["isRoundedAvatar"]!.remote?.value == .bool(false))
    }

    @Test func aRemovalWithoutAVersionStillMeansGoneEverywhere() throws {
        let events = Array(Self.life[0...2]) + [Self.event(.removed(reason: "launched"), at: 30)]
        let projection = Self.projection(events, until: 80)
        let state = try #require(projection.toggles["isRoundedAvatar"])
        #expect(!state.isLive && !state.awaitsRetirement && !state.isInUse && state.removedInAppVersion == nil)
        let template = try Exports.firebaseTemplate(projection.sortedToggles, supportedVersions: projection.supportedVersions)
        #expect(template.objectValue?["parameters"]?.objectValue?.members.isEmpty == true)
        // Nothing about the remote parameter may follow a plain removal.
        var after = projection
        after.apply(Self.event(.retired(reason: nil), at: 40))
        #expect(after.violations.map(\.violation.reason) == [.removed(removedAt: Self.day(30))])
    }

    @Test(arguments: [
        // (events after the creation and publish, the rule broken)
        ([event(.retired(reason: nil), at: 30)], "is still in the code"),
        ([event(.codeRemoved(appVersion: version("2.5"), reason: nil), at: 30), event(.defaultChanged(.bool(true)), at: 31)], "was removed at"),
        ([event(.codeRemoved(appVersion: version("2.5"), reason: nil), at: 30), event(.codeRemoved(appVersion: version("2.6"), reason: nil), at: 31)], "was removed at"),
        ([event(.codeRemoved(appVersion: version("2.5"), reason: nil), at: 30), event(.removed(reason: nil), at: 31)], "was removed at"),
        ([event(.codeRemoved(appVersion: version("2.5"), reason: nil), at: 30), event(.retired(reason: nil), at: 31), event(.retired(reason: nil), at: 32)], "nothing to retire"),
        ([event(.created(ToggleDefinition(kind: .remote, valueType: .bool, defaultValue: .bool(false))), at: 30, toggle: "_app")], "_app is reserved for log-wide events"),
    ])
    func rulesOfTheNewEvents(_ events: [Event], _ fragment: String) throws {
        var projection = Self.projection(Array(Self.life[0...1]), until: 10)
        for event in events { projection.apply(event) }
        let violation = try #require(projection.violations.first?.violation)
        #expect(violation.description.contains(fragment), "\(violation)")
    }

    @Test func retiringALocalToggleIsRefused() throws {
        var projection = Projection()
        projection.apply(Self.event(.created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(false))), at: 0))
        projection.apply(Self.event(.codeRemoved(appVersion: Self.version("2.5"), reason: nil), at: 1))
        projection.apply(Self.event(.retired(reason: nil), at: 2))
        #expect(projection.violations.map(\.violation.reason) == [.notRemote(kind: .local)])
    }

    // MARK: Report and exports

    @Test func theReportWaitsThenAsksForRetirement() throws {
        func report(at day: Int) -> StaleReport {
            let projection = Self.projection(Self.life, until: day)
            return StaleReport(
                toggles: projection.sortedToggles, policy: .standard, now: Self.day(day),
                supportedVersions: projection.supportedVersions)
        }
        #expect(report(at: 29).summary.awaitingRetirement == 0)
        var entry = try #require(report(at: 45).entries.first)
        #expect(entry.toggle.awaitsRetirement && entry.reasons.isEmpty)
        #expect(report(at: 45).summary.live == 0 && report(at: 45).summary.awaitingRetirement == 1)
        #expect(StaleTextRenderer.table(report(at: 45)).contains("waiting for retirement (removed in 2.5.0)"))
        entry = try #require(report(at: 60).entries.first)
        let reason = try #require(entry.reasons.first)
        #expect(reason.code == .retireRemote && reason.days == 10 && reason.since == Self.day(50))
        #expect(
            reason.message == "delete isRoundedAvatar from Remote Config: no supported version reads it since 2026-02-20 (removed from the code in 2.5.0); then `toggles retire`")
        #expect(StaleGate().verdict(on: report(at: 60)).countedCount == 1)
        #expect(StaleGate(failOn: [.expired]).verdict(on: report(at: 60)).countedCount == 0)
        #expect(report(at: 70).entries.isEmpty)
        // Every renderer names the reason.
        let json = StaleJSONRenderer.render(report(at: 60))
        #expect(json.contains(#""code": "retire-remote""#) && json.contains(#""removedInAppVersion": "2.5.0""#))
        #expect(StaleMarkdownRenderer.render(report(at: 60)).contains("**retire-remote**"))
        #expect(StaleSARIFRenderer.render(report(at: 60), toolVersion: "test").contains("RemoteParameterToRetire"))
        #expect(StaleCSVRenderer.render(report(at: 60)).contains("retire-remote"))
    }

    @Test func theExportsKeepTheParameterWhileAVersionReadsIt() throws {
        func parameters(at day: Int) throws -> [String] {
            let projection = Self.projection(Self.life, until: day)
            let template = try Exports.firebaseTemplate(projection.sortedToggles, supportedVersions: projection.supportedVersions)
            return template.objectValue?["parameters"]?.objectValue?.members.map(\.key) ?? []
        }
        #expect(try parameters(at: 29) == ["isRoundedAvatar"])
        #expect(try parameters(at: 45) == ["isRoundedAvatar"])
        let projection = Self.projection(Self.life, until: 45)
        let template = try Exports.firebaseTemplate(projection.sortedToggles, supportedVersions: projection.supportedVersions)
        let parameter = template.objectValue?["parameters"]?.objectValue?["isRoundedAvatar"]?.objectValue
        #expect(parameter?["defaultValue"]?.objectValue?["value"] == .string("true"))
        #expect(parameter?["conditionalValues"]?.objectValue?["Chinese users"]?.objectValue?["value"] == .string("false"))
        #expect(try parameters(at: 50) == [])
        #expect(try parameters(at: 70) == [])
        // The current app no longer has the key.
        #expect(Exports.defaultsPlist(Self.projection(Self.life, until: 29).sortedToggles, kind: nil).contains("isRoundedAvatar"))
        #expect(!Exports.defaultsPlist(Self.projection(Self.life, until: 45).sortedToggles, kind: nil).contains("isRoundedAvatar"))
    }
}
