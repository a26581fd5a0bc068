import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// Events appended without an instant replay in the order they were appended, whatever the
/// clock does (issue 15 §1). The clock is injected: these tests never sleep.
@Suite struct WriterDatingTests {
    /// A clock that reads whatever the test last set.
    final class Clock: @unchecked Sendable {
        var now: Timestamp
        init(_ text: String) { now = Timestamp(rfc3339: text)! }
        func set(_ text: String) { now = Timestamp(rfc3339: text)! }
    }

    static func event(_ toggle: String, _ change: Change, id: String = EventID.generate(at: Timestamp(nanoseconds: 0))) -> Event {
        // The instant is a placeholder: the writer dates the event.
        Event(id: id, at: Timestamp(nanoseconds: 0), toggle: toggle, actor: "tester", change: change)
    }

    static let created = Change.created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(false)))

    /// Appends `events`, all undated, reading `clock`.
    @discardableResult
    static func append(_ events: [Event], to log: ScratchLog, clock: Clock) throws -> AppendOutcome {
        try log.ledger.append(events, dating: WriterDating(undated: Array(events.indices), clock: { clock.now }))
    }

    /// The toggle/type of every event, in replay order.
    static func replayed(_ log: ScratchLog) throws -> [String] {
        var order: [String] = []
        _ = try log.ledger.replay(observe: { order.append("\($0.event.type) \($0.event.toggle)") })
        return order
    }

    @Test func aClockThatStandsStillStillOrdersEveryAppend() throws {
        let log = try ScratchLog()
        let clock = Clock("2026-11-25T09:00:00Z")
        var expected: [String] = []
        for round in 0..<15 {
            // Random ids, the same instant: before the fix, about half of these failed.
            try Self.append([Self.event("x\(round)", Self.created)], to: log, clock: clock)
            try Self.append([Self.event("x\(round)", .defaultChanged(.bool(true)))], to: log, clock: clock)
            try Self.append([Self.event("x\(round)", .removed(reason: nil))], to: log, clock: clock)
            expected += ["created x\(round)", "default-changed x\(round)", "removed x\(round)"]
        }
        #expect(try Self.replayed(log) == expected)
        #expect(try log.ledger.replay().projection.violations.isEmpty)
    }

    @Test func aClockThatStepsBackwardsCannotReorderAppends() throws {
        let log = try ScratchLog()
        let clock = Clock("2026-11-25T09:00:05.250Z")
        let first = try Self.append([Self.event("x", Self.created)], to: log, clock: clock).written[0]
        #expect(first.at == Timestamp(rfc3339: "2026-11-25T09:00:05.25Z"), "the clock, to the millisecond")
        clock.set("2026-11-25T08:59:00Z")  // NTP stepped the clock back a minute
        let second = try Self.append([Self.event("x", .defaultChanged(.bool(true)), id: "0000")], to: log, clock: clock).written[0]
        #expect(second.orderKey > first.orderKey)
        #expect(second.at == Timestamp(rfc3339: "2026-11-25T09:00:05.251Z"), "an id that sorts first takes the next millisecond")
        let third = try Self.append([Self.event("x", .removed(reason: nil), id: "zzzz")], to: log, clock: clock).written[0]
        #expect(third.at == second.at, "an id that sorts after keeps the last event's instant")
        #expect(try Self.replayed(log) == ["created x", "default-changed x", "removed x"])
        clock.set("2026-11-25T10:00:00.123456789Z")
        let later = try Self.append([Self.event("x", Self.created)], to: log, clock: clock).written[0]
        #expect(later.at == Timestamp(rfc3339: "2026-11-25T10:00:00.123Z"), "the clock again once it is ahead")
    }

    @Test func aBatchReplaysInTheOrderGiven() throws {
        let log = try ScratchLog()
        let clock = Clock("2026-11-25T09:00:00Z")
        // Ids given out of order: the writer spreads the instants to keep the batch's order.
        let given = [
            Self.event("b", Self.created, id: "zeta"),
            Self.event("b", .defaultChanged(.bool(true)), id: "alpha"),
            Self.event("b", .removed(reason: "done"), id: "mu"),
        ]
        let outcome = try Self.append(given, to: log, clock: clock)
        #expect(outcome.written.map(\.id) == ["zeta", "alpha", "mu"])
        // Generated ids of one batch increase, so the batch shares one instant.
        var ids = MonotonicEventIDs()
        let placeholder = Timestamp(nanoseconds: 0)
        let generated = ["c", "d"].flatMap { toggle in
            [
                Self.event(toggle, Self.created, id: ids.next(at: placeholder)),
                Self.event(toggle, .defaultChanged(.bool(true)), id: ids.next(at: placeholder)),
                Self.event(toggle, .removed(reason: nil), id: ids.next(at: placeholder)),
            ]
        }
        let second = try Self.append(generated, to: log, clock: clock)
        #expect(Set(second.written.map(\.at)).count == 1)
        #expect(
            try Self.replayed(log) == ["created b", "default-changed b", "removed b"]
                + ["created c", "default-changed c", "removed c", "created d", "default-changed d", "removed d"])
    }

    @Test func datedEventsKeepTheirInstantAndUndatedOnesFollowThem() throws {
        let log = try ScratchLog()
        let clock = Clock("2026-11-25T09:00:00Z")
        let backdated = Event(id: "old", at: Timestamp(rfc3339: "2026-01-01T00:00:00Z")!, toggle: "y", actor: "tester", change: Self.created)
        let undated = Self.event("y", .defaultChanged(.bool(true)), id: "0")
        let outcome = try log.ledger.append([backdated, undated], dating: WriterDating(undated: [1], clock: { clock.now }))
        #expect(outcome.written.map(\.at) == [Timestamp(rfc3339: "2026-01-01T00:00:00Z")!, clock.now])
    }

    @Test func undatedAppendsFollowAnEventACheckpointCovers() throws {
        let log = try ScratchLog()
        let clock = Clock("2026-11-25T09:00:00Z")
        try Self.append([Self.event("x", Self.created)], to: log, clock: clock)
        try Data(LogWriter.gitignore.utf8).write(to: URL(fileURLWithPath: log.path + "/.gitignore"))
        let ledger = Ledger(directory: log.path, displayName: "events", options: ReplayOptions.checkpointing(minimumLogBytes: 1))
        _ = try ledger.replay()  // writes the checkpoint
        clock.set("2026-11-25T08:56:00Z")  // stepped back, within the clock-skew allowance
        let events = [Self.event("x", .defaultChanged(.bool(true)), id: "0")]
        let outcome = try ledger.append(events, dating: WriterDating(undated: Array(events.indices), clock: { clock.now }))
        #expect(outcome.historyPath == .checkpoint, "dated after the checkpoint's last event, so the checkpoint serves")
        #expect(try Self.replayed(log) == ["created x", "default-changed x"])
    }

    @Test(arguments: [1, 2, 3, 4]) func randomSequencesUnderARandomClockReplayAsAppended(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let log = try ScratchLog()
        let clock = Clock("2026-11-25T09:00:00Z")
        var live: [String: Bool] = [:]
        var expected: [String] = []
        var refusals = 0
        for step in 0..<60 {
            // The clock stands still, creeps, jumps ahead or steps back (up to an hour).
            let milliseconds: Int64 =
                switch Int.random(in: 0..<4, using: &random) {
                case 0: 0
                case 1: Int64.random(in: 1...3, using: &random)
                case 2: Int64.random(in: 1...2_000, using: &random)
                default: -Int64.random(in: 1...3_600_000, using: &random)
                }
            clock.now = Timestamp(nanoseconds: clock.now.nanoseconds + milliseconds * 1_000_000 + Int64.random(in: 0..<1_000, using: &random))
            var ids = MonotonicEventIDs()
            var batch: [Event] = []
            let (liveBefore, expectedBefore) = (live, expected)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let toggle = "t\(Int.random(in: 0..<3, using: &random))"
                let id = Bool.random(using: &random) ? ids.next(at: clock.now, using: &random) : "given-\(step)-\(batch.count)-\(random.next() % 1000)"
                let change: Change
                switch live[toggle] {
                case nil, false?: change = Self.created; live[toggle] = true
                case true?: change = Bool.random(using: &random) ? .defaultChanged(.bool(Bool.random(using: &random))) : .removed(reason: nil)
                }
                if case .removed = change { live[toggle] = false }
                batch.append(Self.event(toggle, change, id: id))
                expected.append("\(change.typeName) \(toggle)")
            }
            do {
                let outcome = try Self.append(batch, to: log, clock: clock)
                let limit = WriterDating.milliseconds(clock.now).adding(seconds: WriteRules.clockSkewAllowance)
                #expect(outcome.written.allSatisfy { $0.at <= limit }, "nothing is dated beyond the allowance")
            } catch LedgerError.rejected(let violations) {
                // The log's last event is further ahead of this clock than the allowance:
                // the batch is refused whole, and nothing of it is written.
                #expect(violations.allSatisfy { "\($0)".contains("minute allowance") }, "\(violations)")
                (live, expected) = (liveBefore, expectedBefore)
                refusals += 1
            }
        }
        #expect(try Self.replayed(log) == expected)
        #expect(refusals < 60, "some appends went in")
    }

    @Test func monotonicIDsIncreaseAcrossACarry() throws {
        /// Hands out fixed words: the first id's random part is 0x7FFF:FFFFFFFFFFFFFFFE.
        struct Fixed: RandomNumberGenerator {
            var words: [UInt64] = [0xFFFF, .max - 1]
            mutating func next() -> UInt64 { words.isEmpty ? 0 : words.removeFirst() }
        }
        var random = Fixed()
        var ids = MonotonicEventIDs()
        let at = Timestamp(rfc3339: "2026-11-25T09:00:00Z")!
        let made = (0..<4).map { _ in ids.next(at: at, using: &random) }
        #expect(made == made.sorted { utf8Precedes($0, $1) })
        #expect(Set(made).count == 4)
        #expect(made.allSatisfy { $0.utf8.count == 26 && EventID.problem(with: $0) == nil })
        #expect(made.allSatisfy { $0.prefix(10) == EventID.generate(at: at).prefix(10) }, "the time part is the instant's")
        #expect(made[1].hasSuffix("ZZZZZZZZZZZZZ") && made[2].hasSuffix("0000000000000"), "\(made)")
    }
}
