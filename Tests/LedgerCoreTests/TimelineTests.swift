import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

/// A log of toggles living, launching, being extended, removed and created again over a few
/// months, every event on a whole hour (so every stale deadline falls on one too), from a seed.
/// Some events break a lifecycle rule (replay skips them). With `appVersions`, toggles are also
/// removed from the code by app version, their parameters republished, unpublished and
/// retired, and the minimum supported version moves up and down.
enum LifecycleLogGenerator {
    static let start = Timestamp(userInput: "2026-01-05T00:00:00Z")!
    static let categories = ["release", "experiment", "ops", "permission", "kill-switch", "remote-config", "beta"]

    static func events(count: Int, seed: UInt64, appVersions: Bool = false) -> [Event] {
        var random = SeededGenerator(seed: seed)
        var events: [Event] = []
        var live: [(name: String, kind: ToggleKind, expires: CalendarDate?)] = []
        var removed: [String] = []
        var served: [String] = []
        var hour: Int64 = 0
        for number in 0..<count {
            hour += Int64.random(in: 0...30, using: &random)
            let at = start.adding(seconds: hour * 3_600)
            let id = String(format: "e%05d", number)
            func event(_ toggle: String, _ change: Change) -> Event {
                Event(id: id, at: at, toggle: toggle, actor: "tester", change: change)
            }
            if live.count < 3 || Int.random(in: 0..<6, using: &random) == 0 {
                let again = !removed.isEmpty && Bool.random(using: &random)
                let name = again ? removed.removeLast() : "toggle\(number)"
                let kind: ToggleKind = Bool.random(using: &random) ? .remote : .local
                let expires = Int.random(in: 0..<3, using: &random) == 0 ? at.date.adding(days: Int64.random(in: 5...60, using: &random)) : nil
                live.append((name, kind, expires))
                events.append(
                    event(
                        name,
                        .created(
                            ToggleDefinition(
                                kind: kind, valueType: .bool, defaultValue: .bool(false),
                                category: categories.randomElement(using: &random)!, owner: "owner@example.com", expires: expires))))
                continue
            }
            if appVersions, let event = appVersionEvent(live: &live, removed: &removed, served: &served, using: &random, event) {
                events.append(event)
                continue
            }
            let index = Int.random(in: 0..<live.count, using: &random)
            let toggle = live[index]
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                events.append(event(toggle.name, .removed(reason: "done")))
                live.remove(at: index)
                removed.append(toggle.name)
            case 1, 2:
                // On a local toggle this breaks a rule: replay skips it.
                let conditions =
                    Bool.random(using: &random)
                    ? [ConditionalValue(name: "Beta", expression: "app.userProperty['beta'] == 'true'", value: .bool(true))] : []
                events.append(event(toggle.name, .published(RemoteValue(value: .bool(Bool.random(using: &random)), conditions: conditions))))
            case 3:
                let later = (toggle.expires ?? at.date).adding(days: Int64.random(in: -3...30, using: &random))
                events.append(event(toggle.name, .expiryExtended(expires: later, reason: "more time")))
                if later > (toggle.expires ?? CalendarDate(daysSince1970: .min)) { live[index].expires = later }
            default:
                events.append(event(toggle.name, .defaultChanged(.bool(Bool.random(using: &random)))))
            }
        }
        return events
    }

    /// One time in three, an event of the app-version model: a removal from the code (2.1 to
    /// 2.9), a change to a parameter still served (some break a rule: replay skips them), or a
    /// new minimum supported version; nil otherwise.
    static func appVersionEvent(
        live: inout [(name: String, kind: ToggleKind, expires: CalendarDate?)], removed: inout [String], served: inout [String],
        using random: inout SeededGenerator, _ event: (String, Change) -> Event
    ) -> Event? {
        func version() -> AppVersion { AppVersion("2.\(Int.random(in: 1...9, using: &random))")! }
        switch Int.random(in: 0..<9, using: &random) {
        case 0 where live.count > 3:
            let toggle = live.remove(at: Int.random(in: 0..<live.count, using: &random))
            served.append(toggle.name)
            removed.append(toggle.name)
            return event(toggle.name, .codeRemoved(appVersion: version(), reason: "gone in the app"))
        case 1 where !served.isEmpty:
            let name = served[Int.random(in: 0..<served.count, using: &random)]
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return event(name, .published(RemoteValue(value: .bool(Bool.random(using: &random)), conditions: [])))
            case 1: return event(name, .unpublished(templateVersion: nil))
            default: return event(name, .retired(reason: "deleted"))
            }
        case 2:
            return event(Event.appToggle, .minimumVersionChanged(minimum: version(), reason: nil))
        default:
            return nil
        }
    }

    /// Writes `events` as one segment of `log`.
    static func write(_ events: [Event], to log: ScratchLog) throws {
        try log.write("2026/01/segment.jsonl", events.map(EventCodec.encode).joined(separator: "\n") + "\n")
    }
}

@Suite struct TimelineTests {
    static let policy = StalePolicy.standard

    /// The deadline a replay follows agrees with the policy's verdict at every instant,
    /// including the nanoseconds either side of it.
    @Test func staleSinceAgreesWithTheVerdictAtEveryInstant() {
        var random = SeededGenerator(seed: 19)
        let base = Timestamp(userInput: "2026-03-01T10:00:00Z")!
        for _ in 0..<3_000 {
            let createdAt = base.adding(seconds: Int64.random(in: 0...86_400 * 30, using: &random))
            let stageSince = createdAt.adding(seconds: Int64.random(in: 0...86_400 * 30, using: &random))
            let expires: CalendarDate? = Bool.random(using: &random) ? createdAt.date.adding(days: Int64.random(in: -2...60, using: &random)) : nil
            let stage = ToggleStage.allCases.filter { $0 != .removed }.randomElement(using: &random)!
            let lifetime: Int? = Bool.random(using: &random) ? Int.random(in: 0...45, using: &random) : nil
            let since = Self.policy.staleSince(expires: expires, createdAt: createdAt, stage: stage, stageSince: stageSince, lifetime: lifetime)
            var probes = [createdAt, stageSince, createdAt.adding(seconds: Int64.random(in: 0...86_400 * 120, using: &random))]
            if let since { probes += [since, Timestamp(nanoseconds: since.nanoseconds - 1), Timestamp(nanoseconds: since.nanoseconds + 1)] }
            for now in probes {
                let reasons = Self.policy.evaluate(
                    expires: expires, createdAt: createdAt, stage: stage, stageSince: stageSince,
                    category: "c", owner: nil, now: now, lifetime: lifetime)
                #expect(
                    !reasons.isEmpty == (since.map { now >= $0 } ?? false),
                    "\(String(describing: expires)) \(createdAt) \(stage) \(stageSince) \(String(describing: lifetime)) at \(now)")
            }
        }
    }

    /// The one-pass series against a sweep that replays the log hour by hour and judges every
    /// toggle with the stale report: the counts at each period's end and the overdue
    /// toggle-days within it (exact, as every deadline falls on a whole hour), and each
    /// lifespan's stage at every hour.
    ///
    /// A toggle removed from the code by app version is not live, and is stale when the
    /// report says so (`retire-remote`), until its parameter is no longer served.
    @Test(arguments: [(1 as UInt64, false, false), (2, false, false), (3, true, false), (4, false, false), (5, false, true), (6, true, true)])
    func theDebtSeriesMatchesAnHourlySweep(seed: UInt64, windowed: Bool, appVersions: Bool) throws {
        try checkAgainstAnHourlySweep(seed: seed, windowed: windowed, appVersions: appVersions, policy: Self.policy)
    }

    /// The same with extension limits: `over-extended` by `maxExtensions` (from the extension
    /// one too many) and by `maxLifetimeDays` (a date an extension cannot move).
    @Test(arguments: [7 as UInt64, 8, 9])
    func theDebtSeriesFollowsExtensionLimits(seed: UInt64) throws {
        var policy = Self.policy
        policy.extensionLimits = [
            "release": ExtensionLimits(maxExtensions: 1, maxLifetimeDays: 45),
            "experiment": ExtensionLimits(maxExtensions: 0),
            "ops": ExtensionLimits(maxLifetimeDays: 100),
            "kill-switch": ExtensionLimits(maxExtensions: 1),
        ]
        try checkAgainstAnHourlySweep(seed: seed, windowed: seed == 8, appVersions: seed == 9, policy: policy)
    }

    func checkAgainstAnHourlySweep(seed: UInt64, windowed: Bool, appVersions: Bool, policy: StalePolicy) throws {
        let log = try ScratchLog()
        let events = LifecycleLogGenerator.events(count: 400, seed: seed, appVersions: appVersions)
        try LifecycleLogGenerator.write(events, to: log)
        let now = events.last!.at.adding(seconds: 3_600 * 24 * 9)
        let since = windowed ? events[events.count / 2].at : nil
        let (timeline, snapshot) = try log.ledger.timeline(until: now, since: since, policy: policy)
        let report = StaleReport(toggles: snapshot.toggles, policy: policy, now: now, supportedVersions: snapshot.supportedVersions)
        #expect(timeline.debt.periods.last?.stale == report.summary.stale)
        #expect(timeline.lifespans.filter(\.isStale).map(\.name).sorted() == report.entries.filter(\.isStale).map(\.name).sorted())

        var replayed: [Event] = []
        _ = try log.ledger.reader.read(until: now) { replayed.append($0.event) }
        var projection = Projection()
        var next = 0
        func replay(through instant: Timestamp) {
            while next < replayed.count && replayed[next].at <= instant {
                projection.apply(replayed[next])
                next += 1
            }
        }
        var sawWaiting = false
        var sawRetireRemote = false
        func judge(at instant: Timestamp) -> (temporary: Int, stale: Int) {
            let live = projection.toggles.values.filter(\.isLive)
            let temporary = live.filter { policy.lifetime(of: $0.definition.category) != nil || $0.definition.expires != nil }.count
            let report = StaleReport(toggles: projection.toggles.values, policy: policy, now: instant, supportedVersions: projection.supportedVersions)
            sawWaiting = sawWaiting || report.summary.awaitingRetirement > 0
            sawRetireRemote = sawRetireRemote || report.entries.contains { $0.reasons.contains { $0.code == .retireRemote } }
            return (temporary, report.summary.stale)
        }
        let periods = timeline.debt.periods
        #expect(periods.count > 10)
        #expect(periods.first.map { DebtSeries.weekStart(of: $0.start.date).startOfDay == $0.start } == true)
        if let since { #expect(periods.first!.start <= since && since < periods.first!.end) }
        for (index, period) in periods.enumerated() {
            var overdue = 0.0
            var hour = period.start.adding(seconds: 1_800)
            while hour < period.end {
                replay(through: hour)
                overdue += Double(judge(at: hour).stale) / 24
                // Before the window (the first week starts on its Monday), a toggle removed
                // before `since` has no row.
                for state in projection.toggles.values where state.isLive && since.map({ hour >= $0 }) ?? true {
                    let life = timeline.lifespans.first { $0.name == state.name && $0.createdAt == state.createdAt }
                    #expect(life?.stage(at: hour) == state.stage, "\(state.name) at \(hour)")
                }
                hour = hour.adding(seconds: 3_600)
            }
            let last = index == periods.count - 1
            let end = last ? period.end : Timestamp(nanoseconds: period.end.nanoseconds - 1)
            replay(through: end)
            let expected = judge(at: end)
            #expect(period.liveTemporary == expected.temporary, "period \(index) from \(period.start)")
            #expect(period.stale == expected.stale, "period \(index) from \(period.start)")
            #expect(abs(period.overdueToggleDays - overdue) < 1e-6, "period \(index) from \(period.start): \(period.overdueToggleDays) ≠ \(overdue)")
        }
        #expect(periods.last?.end == now)
        #expect(periods.contains { $0.overdueToggleDays > 0 } && periods.contains { $0.stale > 0 })
        // Each toggle still served after its removal from the code has a lifespan waiting
        // for retirement, the others none.
        let waiting = projection.toggles.values.filter(\.awaitsRetirement)
        #expect(timeline.lifespans.filter(\.isWaitingForRetirement).map(\.name).sorted() == waiting.map(\.name).sorted())
        #expect(report.summary.awaitingRetirement == waiting.count)
        // The sweep met toggles waiting for retirement, stale ones among them, and ended ones.
        #expect(sawWaiting == appVersions && sawRetireRemote == appVersions)
        #expect(timeline.lifespans.contains { $0.codeRemoval != nil && $0.removedAt != nil } == appVersions)
        #expect(timeline.lifespans.allSatisfy { !$0.stages.contains { $0.stage == .removed } })
    }

    @Test func aLifespanHasItsStagesExtensionsAndRemovalAndARecreatedNameASecondOne() throws {
        let log = try ScratchLog()
        try log.write(
            "2026/01/a.jsonl",
            [
                ScratchLog.line(
                    "1", "2026-01-05T10:00:00Z", "created", "flag",
                    payload: #""kind":"remote","valueType":"bool","default":false,"category":"experiment","owner":"mei@example.com","expires":"2026-02-01""#),
                ScratchLog.line("2", "2026-01-10T10:00:00Z", "published", "flag", payload: #""value":false,"conditions":[{"name":"Beta","expression":"true","value":true}]"#),
                ScratchLog.line("3", "2026-01-20T10:00:00Z", "published", "flag", payload: #""value":true"#),
                ScratchLog.line("4", "2026-01-25T10:00:00Z", "expiry-extended", "flag", payload: #""expires":"2026-03-01","reason":"wait for 2.5""#),
                // Not later than the current expiry: skipped, and no extension.
                ScratchLog.line("5", "2026-01-26T10:00:00Z", "expiry-extended", "flag", payload: #""expires":"2026-02-15","reason":"nope""#),
                ScratchLog.line("6", "2026-02-10T10:00:00Z", "removed", "flag", payload: #""reason":"launched""#),
                ScratchLog.line("7", "2026-02-20T10:00:00Z", "created", "flag", payload: #""kind":"local","valueType":"bool","default":false,"category":"release""#),
            ].joined(separator: "\n") + "\n")
        let now = Timestamp(userInput: "2026-04-01")!
        let (timeline, snapshot) = try log.ledger.timeline(until: now, policy: Self.policy)
        #expect(snapshot.violations.count == 1)
        #expect(timeline.lifespans.count == 2)
        let second = timeline.lifespans[0]
        let first = timeline.lifespans[1]
        #expect(second.isLive && second.isStale && second.staleSince == Timestamp(nanoseconds: Timestamp(userInput: "2026-03-22T10:00:00Z")!.nanoseconds + 1))
        #expect(first.removedAt == Timestamp(userInput: "2026-02-10T10:00:00Z") && first.removalReason == "launched" && !first.isStale)
        #expect(first.stages.map(\.stage) == [.inDevelopment, .partiallyRolledOut, .launched])
        #expect(first.stages.map(\.at.date.description) == ["2026-01-05", "2026-01-10", "2026-01-20"])
        #expect(
            first.extensions == [
                .init(at: Timestamp(userInput: "2026-01-25T10:00:00Z")!, from: CalendarDate("2026-02-01"), to: CalendarDate("2026-03-01")!, reason: "wait for 2.5")
            ])
        #expect(first.expires == CalendarDate("2026-03-01") && first.lifetimeDays == 40 && first.owner == "mei@example.com")
        // The first lifespan: launched on 01-20, stale once the 14 days of grace ended (02-03
        // 10:00) until its removal a week later; the second: over its 30 days from 03-22 10:00.
        let overdue = timeline.debt.periods.reduce(0) { $0 + $1.overdueToggleDays }
        #expect(abs(overdue - 7 - (now.secondsSince1970 - second.staleSince!.secondsSince1970).asDays) < 1e-6)
    }

    /// The chart follows the rule replay follows: a voided event never happened, a
    /// resolution's outcome stands from its instant on; so every lifespan ends (or not) as
    /// `state` says.
    @Test func voidedEventsAndResolutionsShapeTheLifespansAsTheyShapeTheState() throws {
        let log = try ScratchLog()
        let definition = #""definition":{"kind":"local","valueType":"bool","default":false,"category":"release"}"#
        try log.write(
            "2026/01/a.jsonl",
            [
                // In replay order: by instant, then id (a `voided` event sorts before its target).
                ScratchLog.created("1", "2026-01-05T10:00:00Z", "unremoved"),
                ScratchLog.created("a1", "2026-01-05T10:00:00Z", "uncreated"),
                ScratchLog.created("c1", "2026-01-05T10:00:00Z", "settledRemoved"),
                ScratchLog.created("r1", "2026-01-05T10:00:00Z", "revived"),
                ScratchLog.line("a2", "2026-01-06T10:00:00Z", "removed", "uncreated"),
                ScratchLog.line("!void-a3", "2026-01-08T10:00:00Z", "voided", "uncreated", payload: #""event":"a3","reason":"not ours""#),
                ScratchLog.created("a3", "2026-01-08T10:00:00Z", "uncreated"),
                ScratchLog.line("!void-2", "2026-01-10T10:00:00Z", "voided", "unremoved", payload: #""event":"2","reason":"recorded on the wrong toggle""#),
                ScratchLog.line("2", "2026-01-10T10:00:00Z", "removed", "unremoved", payload: #""reason":"wrong toggle""#),
                ScratchLog.line("r2", "2026-01-12T10:00:00Z", "removed", "revived"),
                ScratchLog.line("r3", "2026-01-15T10:00:00Z", "resolved", "revived", payload: #""conflict":["r2","r9"],"keep":"r9",\#(definition),"removed":false"#),
                ScratchLog.line("c2", "2026-01-20T10:00:00Z", "resolved", "settledRemoved", payload: #""conflict":["c8","c9"],\#(definition),"removed":true,"reason":"dropped""#),
            ].joined(separator: "\n") + "\n")
        let (timeline, snapshot) = try log.ledger.timeline(until: Timestamp(userInput: "2026-02-01")!, policy: Self.policy)
        #expect(snapshot.violations.isEmpty, "\(snapshot.violations)")
        let states = snapshot.togglesByName
        #expect(states.count == 4)
        // One lifespan per toggle: the voided re-creation of `uncreated` began none.
        #expect(Dictionary(grouping: timeline.lifespans, by: \.name).mapValues(\.count) == states.mapValues { _ in 1 })
        for life in timeline.lifespans {
            let state = try #require(states[life.name])
            #expect(
                life.isLive == state.isLive && life.removedAt == state.removedAt, "\(life.name): \(String(describing: life.removedAt)) vs \(String(describing: state.removedAt))")
        }
        let byName = Dictionary(uniqueKeysWithValues: timeline.lifespans.map { ($0.name, $0) })
        #expect(byName["unremoved"]?.isLive == true && byName["revived"]?.isLive == true)
        #expect(byName["uncreated"]?.removedAt == Timestamp(userInput: "2026-01-06T10:00:00Z"))
        #expect(byName["settledRemoved"]?.removedAt == Timestamp(userInput: "2026-01-20T10:00:00Z") && byName["settledRemoved"]?.removalReason == "dropped")
        // The last week's debt counts the toggles `state` has live (release: temporary).
        #expect(timeline.debt.periods.last?.liveTemporary == 2)
    }

    /// A resolution sets the whole definition: when it changes the expiry date, the chart's
    /// expiry mark moves with it, as the stale deadline does; a later extension moves it again.
    @Test func aResolutionThatChangesTheExpiryMovesTheExpiryMark() throws {
        let log = try ScratchLog()
        let definition = #""definition":{"kind":"local","valueType":"bool","default":false,"category":"release","expires":"2026-09-01"}"#
        try log.write(
            "2026/01/a.jsonl",
            [
                // In replay order: by instant, then id.
                ScratchLog.line(
                    "e1", "2026-01-05T10:00:00Z", "created", "moved", payload: #""kind":"local","valueType":"bool","default":false,"category":"release","expires":"2026-03-01""#),
                ScratchLog.created("f1", "2026-01-05T10:00:00Z", "extendedAfter"),
                ScratchLog.line(
                    "e2", "2026-01-06T10:00:00Z", "created", "moved", payload: #""kind":"remote","valueType":"bool","default":false,"category":"release","expires":"2026-04-01""#),
                ScratchLog.line("e3", "2026-01-07T10:00:00Z", "resolved", "moved", payload: #""conflict":["e1","e2"],\#(definition),"removed":false"#),
                ScratchLog.line("f2", "2026-01-07T10:00:00Z", "resolved", "extendedAfter", payload: #""conflict":["f8","f9"],\#(definition),"removed":false"#),
                ScratchLog.line("f3", "2026-01-08T10:00:00Z", "expiry-extended", "extendedAfter", payload: #""expires":"2026-10-01","reason":"later""#),
            ].joined(separator: "\n") + "\n")
        let (timeline, snapshot) = try log.ledger.timeline(until: Timestamp(userInput: "2026-02-01")!, policy: Self.policy)
        let byName = Dictionary(uniqueKeysWithValues: timeline.lifespans.map { ($0.name, $0) })
        #expect(snapshot.togglesByName["moved"]?.definition.expires == CalendarDate("2026-09-01"))
        #expect(byName["moved"]?.expires == CalendarDate("2026-09-01"), "the mark is where the state's expiry is")
        #expect(byName["extendedAfter"]?.expires == CalendarDate("2026-10-01"))
        #expect(byName["extendedAfter"]?.extensions.first?.from == CalendarDate("2026-09-01"), "the extension starts from the resolved date")
    }

    @Test func aWindowKeepsTheTogglesThatLivedInItAndStartsTheSeriesOnItsMonday() throws {
        let log = try ScratchLog()
        try log.write(
            "2026/01/a.jsonl",
            [
                ScratchLog.created("1", "2026-01-05T10:00:00Z", "early"),
                ScratchLog.line("2", "2026-01-06T10:00:00Z", "removed", "early"),
                ScratchLog.created("3", "2026-01-07T10:00:00Z", "lasting"),
                ScratchLog.created("4", "2026-03-04T10:00:00Z", "late"),
            ].joined(separator: "\n") + "\n")
        let since = Timestamp(userInput: "2026-02-05")!  // a Thursday
        let (timeline, _) = try log.ledger.timeline(until: Timestamp(userInput: "2026-03-10")!, since: since, policy: Self.policy)
        #expect(timeline.start == since)
        #expect(timeline.lifespans.map(\.name) == ["lasting", "late"])
        #expect(timeline.debt.periods.first?.start == Timestamp(userInput: "2026-02-02"))
        #expect(timeline.debt.periods.map(\.end.date.description) == ["2026-02-09", "2026-02-16", "2026-02-23", "2026-03-02", "2026-03-09", "2026-03-10"])
        // "lasting" (release, 30 days) is stale from 2026-02-06T10:00 on: 2.583 days in the first week.
        #expect(abs(timeline.debt.periods[0].overdueToggleDays - (3 * 86_400 - 10 * 3_600) / 86_400.0) < 1e-6)
    }

    @Test func aLongWindowGroupsWeeksAndAnEmptyLogHasNoPeriods() throws {
        #expect(DebtSeries.periodDays(from: Timestamp(userInput: "2020-01-01")!, to: Timestamp(userInput: "2026-01-01")!) == 14)
        #expect(DebtSeries.periodDays(from: Timestamp(userInput: "2026-01-01")!, to: Timestamp(userInput: "2026-02-01")!) == 7)
        #expect(DebtSeries.weekStart(of: CalendarDate("2026-11-22")!) == CalendarDate("2026-11-16"))
        #expect(DebtSeries.weekStart(of: CalendarDate("1969-12-31")!) == CalendarDate("1969-12-29"))
        let log = try ScratchLog()
        let (timeline, _) = try log.ledger.timeline(until: Timestamp(userInput: "2026-03-10")!, policy: Self.policy)
        #expect(timeline.lifespans.isEmpty && timeline.debt.periods.isEmpty)
    }
}

private extension Int64 {
    var asDays: Double { Double(self) / 86_400 }
}
