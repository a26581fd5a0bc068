import Testing
@testable import LedgerModel
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// A log of several toggles, folded into states, for judging a due list.
private struct DueLog {
    var events: [Event] = []

    mutating func create(_ name: String, at: String, category: String = "release", owner: String? = "owner@example.com", expires: String? = nil) {
        add(
            name, at,
            .created(
                ToggleDefinition(
                    kind: .local, valueType: .bool, defaultValue: .bool(false), category: category, owner: owner,
                    expires: expires.flatMap(CalendarDate.init))))
    }

    mutating func remove(_ name: String, at: String) { add(name, at, .removed(reason: "gone")) }

    mutating func extend(_ name: String, at: String, to date: String) {
        add(name, at, .expiryExtended(expires: CalendarDate(date)!, reason: "later"))
    }

    mutating func add(_ name: String, _ at: String, _ change: Change) {
        events.append(Event(id: "e\(events.count)", at: Timestamp(userInput: at)!, toggle: name, actor: "tester", change: change))
    }

    /// The report as of `now`: events after it are not folded, as `--now` does.
    func report(now: String, policy: StalePolicy = .standard) -> StaleReport {
        let instant = Timestamp(userInput: now)!
        var projection = Projection()
        for event in events.sorted(by: { $0.orderKey < $1.orderKey }) where event.at <= instant { projection.apply(event) }
        return StaleReport(toggles: Array(projection.toggles.dictionary.values), policy: policy, now: instant)
    }

    func due(now: String, days: Int, fallback: [String: DueList.CodeOwnersMatch] = [:]) -> DueList {
        DueList(report: report(now: now), windowDays: days, fallbackOwners: fallback)
    }
}

@Suite struct DueListTests {
    @Test func anExpiryDateOnTheWindowsLastDayIsDueAndTheNextDayIsNot() {
        var log = DueLog()
        log.create("onTheEdge", at: "2026-11-20", expires: "2026-12-06")
        log.create("dayAfter", at: "2026-11-20", expires: "2026-12-07")
        // 14 days from midnight end at the start of 2026-12-06: that day has begun.
        let list = log.due(now: "2026-11-22T00:00:00Z", days: 14)
        #expect(list.items.map(\.name) == ["onTheEdge"])
        let item = list.items[0]
        #expect(item.code == .expired && !item.isOverdue && item.days == 14)
        #expect(item.dueDate == CalendarDate("2026-12-06") && item.dueAt == Timestamp(userInput: "2026-12-06T00:00:00Z"))
        // One nanosecond short of the window, the day has not begun.
        #expect(log.due(now: "2026-11-21T23:59:59.999999999Z", days: 14).items.isEmpty)
    }

    @Test func aLifetimeEndingExactlyAtTheWindowsEndIsNotYetDue() {
        var log = DueLog()
        log.create("release", at: "2026-11-07T00:00:00Z")  // 30 days: ends 2026-12-07T00:00:00Z
        // The policy's limit is strict (over-lifetime after 30 days, not on day 30), and so is the window.
        #expect(log.due(now: "2026-11-23T00:00:00Z", days: 14).items.isEmpty)
        let list = log.due(now: "2026-11-23T00:00:00.001Z", days: 14)
        let item = try! #require(list.items.first)
        #expect(item.code == .overLifetime && item.dueAt == Timestamp(userInput: "2026-12-07T00:00:00Z"))
        #expect(item.days == 14 && !item.isOverdue)
    }

    @Test func anExpiryDateReplacesTheLifetimeWhicheverComesFirst() {
        var log = DueLog()
        // Lifetime ended 2026-10-31, but its own date (2027-01-31) is what the policy judges.
        log.create("laterDate", at: "2026-10-01", expires: "2027-01-31")
        // Its date (2026-11-30) comes before its lifetime's end (2026-12-20): due as expired.
        log.create("earlierDate", at: "2026-11-20", expires: "2026-11-30")
        // No date: the lifetime (2026-12-01T00:00Z).
        log.create("noDate", at: "2026-11-01")
        let list = log.due(now: "2026-11-22", days: 14)
        #expect(list.items.map(\.name) == ["earlierDate", "noDate"])
        #expect(list.items.map(\.code) == [.expired, .overLifetime])
        #expect(list.items.map(\.days) == [8, 9])
        // Beyond its own date, the later-dated toggle comes due as expired, not over-lifetime.
        let later = log.due(now: "2026-11-22", days: 80).items.first { $0.name == "laterDate" }
        #expect(later?.code == .expired && later?.dueDate == CalendarDate("2027-01-31"))
    }

    @Test func extendingTheExpiryMovesTheDeadline() {
        var log = DueLog()
        log.create("snoozed", at: "2026-11-01", expires: "2026-11-30")
        log.extend("snoozed", at: "2026-11-21", to: "2027-03-01")
        #expect(log.due(now: "2026-11-22", days: 14).items.isEmpty)
        #expect(log.due(now: "2026-11-20", days: 14).items.map(\.dueDate) == [CalendarDate("2026-11-30")])
    }

    @Test func removedTogglesAreNeverDue() {
        var log = DueLog()
        log.create("gone", at: "2026-01-01", expires: "2026-11-30")
        log.remove("gone", at: "2026-02-01")
        log.create("laterGone", at: "2026-11-01", expires: "2026-11-30")
        log.remove("laterGone", at: "2026-11-25")
        #expect(log.due(now: "2026-11-22", days: 14).items.map(\.name) == ["laterGone"])
        #expect(log.due(now: "2026-11-26", days: 14).items.isEmpty)
    }

    @Test func overdueTogglesComeFirstWithTheReportsFigure() throws {
        var log = DueLog()
        log.create("upcoming", at: "2026-11-20", expires: "2026-12-01")
        log.create("expired", at: "2026-10-01", expires: "2026-11-01")
        log.create("expiresToday", at: "2026-11-01", expires: "2026-11-22")
        let report = log.report(now: "2026-11-22T08:00:00Z")
        let list = DueList(report: report, windowDays: 14)
        #expect(list.items.map(\.name) == ["expired", "expiresToday", "upcoming"])
        #expect(list.items.map(\.isOverdue) == [true, true, false])
        #expect(list.overdueCount == 2 && list.count == 3)
        let expired = try #require(report.entries.first { $0.name == "expired" }?.reasons.first)
        #expect(list.items[0].days == expired.days && expired.days == 21)
        #expect(list.items[1].days == 0)
        #expect(DueTextRenderer.when(list.items[1]) == "overdue (today)")
        #expect(DueTextRenderer.when(list.items[2]) == "in 9 days")
    }

    @Test func permanentCategoriesAreDueOnlyByTheirOwnDate() {
        var log = DueLog()
        log.create("killSwitch", at: "2020-01-01", category: "kill-switch")
        log.create("datedSwitch", at: "2020-01-01", category: "kill-switch", expires: "2026-12-01")
        #expect(log.due(now: "2026-11-22", days: 14).items.map(\.name) == ["datedSwitch"])
    }

    @Test func farDatesAndHugeWindowsDoNotTrap() {
        var log = DueLog()
        log.create("never", at: "2026-01-01", expires: "9999-12-31")
        #expect(log.due(now: "2026-11-22", days: 36_500).items.isEmpty)
        // A window past the last instant nanoseconds can count ends there.
        let list = log.due(now: "2262-01-01", days: 36_500)
        #expect(list.horizon == .latest && list.items.isEmpty)
        let overflow = DueList(report: log.report(now: "2262-01-01"), windowDays: .max)
        #expect(overflow.horizon == .latest)
    }

    @Test func groupsByOwnerSoonestFirstWithUnownedLast() {
        var log = DueLog()
        log.create("b1", at: "2026-11-01", owner: "b@example.com", expires: "2026-12-03")
        log.create("a1", at: "2026-11-01", owner: "a@example.com", expires: "2026-12-05")
        log.create("b2", at: "2026-11-01", owner: "b@example.com", expires: "2026-11-25")
        log.create("nobody", at: "2026-11-01", owner: nil, expires: "2026-11-23")
        log.create("coded", at: "2026-11-01", owner: nil, expires: "2026-12-04")
        log.create("declaredOwner", at: "2026-11-01", owner: "c@example.com", expires: "2026-12-04")
        let match = DueList.CodeOwnersMatch(owners: ["@org/app"], rule: LineLocation(file: ".github/CODEOWNERS", line: 3), declaredIn: "Sources/App/Flags.swift")
        // A CODEOWNERS owner is only a fallback: a toggle's own owner wins.
        let list = log.due(now: "2026-11-22", days: 14, fallback: ["coded": match, "declaredOwner": match])
        #expect(list.groups.map(\.owner.name) == ["b@example.com", "@org/app", "c@example.com", "a@example.com", nil])
        #expect(list.groups.map { $0.items.map(\.name) } == [["b2", "b1"], ["coded"], ["declaredOwner"], ["a1"], ["nobody"]])
        #expect(list.groups[1].owner == .codeOwners(match))
    }

    /// The due list and the report agree, whatever the toggles and the window: a toggle is due
    /// within N days exactly when `report --now <now + N days>` calls it expired or over-lifetime.
    @Test(arguments: [0, 1, 13, 14, 15, 30, 41, 365])
    func dueWithinTheWindowIsWhatTheReportSaysAtItsEnd(days: Int) {
        var log = DueLog()
        let categories = ["release", "experiment", "ops", "kill-switch", "unknown-one"]
        var generator = SystemRandomNumberGenerator()
        for index in 0..<60 {
            let created = Timestamp(userInput: "2026-06-01")!.adding(seconds: Int64.random(in: 0...(170 * 86_400), using: &generator))
            let expires: String? =
                Bool.random(using: &generator)
                ? created.date.adding(days: Int64.random(in: 0...200, using: &generator)).description : nil
            log.create("t\(index)", at: created.description, category: categories[index % categories.count], expires: expires)
        }
        let now = "2026-11-22T06:30:00Z"
        let list = log.due(now: now, days: days)
        let atEnd = DueList(report: log.report(now: now), windowDays: days).horizon
        var judged = log.report(now: now)
        judged = StaleReport(toggles: judged.entries.map(\.toggle), policy: .standard, now: atEnd)
        let expected = judged.entries.filter { entry in entry.reasons.contains { $0.code == .expired || $0.code == .overLifetime } }
        #expect(Set(list.items.map(\.name)) == Set(expected.map(\.name)))
        #expect(list.items.map(\.dueDate) == list.items.map(\.dueDate).sorted())
    }
}
