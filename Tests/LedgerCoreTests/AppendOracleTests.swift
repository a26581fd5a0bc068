import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// `Ledger.append` works on positions in the batch, groups toggles with a counting sort and
/// sorts in place. Its oracle is the implementation it replaced, kept here: dictionaries of
/// events, `Dictionary(grouping:)`, `check(new:existing:)` per toggle in name order.
@Suite struct AppendOracleTests {
    /// `inReplayOrder()` as it was: positions sorted by ``OrderKey``, ties by position.
    static func referenceOrder(_ events: [Event]) -> [Event] {
        events.indices.sorted { lhs, rhs in
            let (left, right) = (events[lhs].orderKey, events[rhs].orderKey)
            return left < right || (left == right && lhs < rhs)
        }.map { events[$0] }
    }

    enum Expected: Equatable {
        case rejected([String])
        case written(written: [Event], alreadyRecorded: [Event])
    }

    /// What the replaced `appendHoldingLock` decided for `batch` (it wrote `written`).
    static func reference(_ batch: [Event], ledger: Ledger, logExists: Bool) throws -> Expected {
        func violation(_ event: Event, _ reason: LifecycleViolation.Reason) -> LifecycleViolation {
            LifecycleViolation(eventID: event.id, toggle: event.toggle, type: event.type, at: event.at, reason: reason)
        }
        var violations: [LifecycleViolation] = []
        var batchByID: [String: Event] = [:]
        var events: [Event] = []
        for event in batch {
            if let other = batchByID[event.id] {
                if other.toggle != event.toggle || other.type != event.type {
                    violations.append(violation(event, .idInUse(byType: other.type, toggle: other.toggle)))
                }
                continue
            }
            batchByID[event.id] = event
            events.append(event)
        }
        let affected = Set(events.map(\.toggle))
        var existingByToggle: [String: [Event]] = [:]
        var existingByID: [String: Event] = [:]
        if logExists {
            _ = try ledger.replay { logged in
                if affected.contains(logged.event.toggle) { existingByToggle[logged.event.toggle, default: []].append(logged.event) }
                if batchByID[logged.event.id] != nil { existingByID[logged.event.id] = logged.event }
            }
        }
        var alreadyRecorded: [Event] = []
        var fresh: [Event] = []
        for event in events {
            if let existing = existingByID[event.id] {
                if existing.toggle == event.toggle && existing.type == event.type {
                    alreadyRecorded.append(existing)
                } else {
                    violations.append(violation(event, .idInUse(byType: existing.type, toggle: existing.toggle)))
                }
            } else {
                fresh.append(event)
            }
        }
        let freshByToggle = Dictionary(grouping: fresh, by: \.toggle)
        for toggle in freshByToggle.keys.sorted() {
            violations += BatchValidation.check(new: freshByToggle[toggle]!, existing: existingByToggle[toggle] ?? [])
        }
        guard violations.isEmpty else { return .rejected(violations.map(\.description)) }
        return .written(written: referenceOrder(fresh), alreadyRecorded: alreadyRecorded)
    }

    /// Lifecycle events over a few toggles, days and ids, so batches repeat ids, reuse ids
    /// from the log, backdate, create twice, remove and recreate, and break types.
    struct Scenario {
        var random: SeededGenerator
        let toggles: [String]
        let idPool: Int

        mutating func event(idPrefix: String = "e") -> Event {
            let day = Int.random(in: 1...28, using: &random)
            let at = Timestamp(rfc3339: "2026-01-\(day < 10 ? "0" : "")\(day)T0\(Int.random(in: 0...9, using: &random)):00:00Z")!
            let change: Change
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1, 2:
                let remote = Bool.random(using: &random)
                let number = Int.random(in: 0..<4, using: &random) == 0
                change = .created(
                    ToggleDefinition(
                        kind: remote ? .remote : .local, valueType: number ? .number : .bool,
                        defaultValue: Int.random(in: 0..<8, using: &random) == 0 ? .string("oops") : (number ? .number("1") : .bool(false))))
            case 3: change = .removed(reason: Bool.random(using: &random) ? "done" : nil)
            case 4, 5: change = .defaultChanged([.bool(true), .number("2"), .string("x")].randomElement(using: &random)!)
            case 6: change = .published(RemoteValue(value: .bool(true)))
            case 7: change = .unpublished(templateVersion: nil)
            case 8: change = .expiryExtended(expires: CalendarDate("2027-01-01")!, reason: "later")
            default: change = .defaultChanged(.bool(false))  // (was an unknown type, which writers refuse: WriteRules)
            }
            return Event(
                id: "\(idPrefix)\(Int.random(in: 0..<idPool, using: &random))", at: at,
                toggle: toggles.randomElement(using: &random)!, actor: "t", change: change)
        }
    }

    /// Writes `events` as one hand-made segment (violations included: replay skips them, and
    /// an append must not be blamed for them).
    static func writeHistory(_ events: [Event], to log: ScratchLog, name: String) throws {
        // Lines a reader rejects outright (a default of the wrong type) stay out.
        let lines = AppendOracleTests.referenceOrder(events).map { String(decoding: EventOracle.bytes($0), as: UTF8.self) }
        let text = lines.filter { (try? EventCodec.decode(try JSONParser.parse($0))) != nil }.map { $0 + "\n" }.joined()
        try log.write("2026/01/\(name).jsonl", text)
    }

    static func check(_ batch: [Event], against log: ScratchLog, ledger: Ledger, logExists: Bool) throws -> Expected {
        let expected = try reference(batch, ledger: ledger, logExists: logExists)
        var found: Expected?
        do {
            let outcome = try ledger.append(batch)
            found = .written(written: outcome.written, alreadyRecorded: outcome.alreadyRecorded)
            if let segment = outcome.segment {
                let bytes = Array(try String(contentsOfFile: ledger.writer.directory + "/" + segment.dropFirst("events/".count), encoding: .utf8).utf8)
                #expect(bytes == outcome.written.flatMap { EventOracle.bytes($0) + [0x0A] })
            } else {
                #expect(outcome.written.isEmpty)
            }
        } catch LedgerError.rejected(let violations) {
            found = .rejected(violations.map(\.description))
        }
        #expect(found == expected)
        return expected
    }

    @Test(arguments: [1 as UInt64, 2, 3, 4])
    func batchesAgainstALogWithHistoryAreDecidedAsBefore(seed: UInt64) throws {
        var scenario = Scenario(random: SeededGenerator(seed: seed), toggles: ["a", "b", "c", "isD"], idPool: 40)
        var outcomes = (rejected: 0, written: 0)
        for round in 0..<80 {
            let log = try ScratchLog()
            let history = (0..<Int.random(in: 0...12, using: &scenario.random)).map { _ in scenario.event(idPrefix: "h") }
            if !history.isEmpty { try Self.writeHistory(history, to: log, name: "history-\(round)") }
            // Ids from the history's pool too, so some are already recorded or reused.
            let size = Int.random(in: 1...(Bool.random(using: &scenario.random) ? 2 : 10), using: &scenario.random)
            let batch = (0..<size).map { _ in
                scenario.event(idPrefix: Bool.random(using: &scenario.random) ? "h" : "e")
            }
            switch try Self.check(batch, against: log, ledger: log.ledger, logExists: true) {
            case .rejected: outcomes.rejected += 1
            case .written: outcomes.written += 1
            }
        }
        #expect(outcomes.rejected > 5 && outcomes.written > 5, "the scenarios exercise both outcomes: \(outcomes)")
    }

    @Test(arguments: [5 as UInt64, 6, 7])
    func batchesIntoANewLogAreDecidedAsBefore(seed: UInt64) throws {
        var scenario = Scenario(random: SeededGenerator(seed: seed), toggles: ["a", "b", "c"], idPool: 12)
        for _ in 0..<60 {
            let log = try ScratchLog()
            let ledger = Ledger(directory: log.path + "/new", displayName: "events")
            let batch = (0..<Int.random(in: 1...8, using: &scenario.random)).map { _ in scenario.event() }
            _ = try Self.check(batch, against: log, ledger: ledger, logExists: false)
        }
    }

    @Test func aBigBatchOfManyTogglesIsDecidedAsBefore() throws {
        var random = SeededGenerator(seed: 8)
        // Created out of order, some toggles changed later in the same batch, a few ids twice.
        var batch: [Event] = []
        for number in 0..<3_000 {
            let toggle = "t\(Int.random(in: 0..<700, using: &random))"
            let at = Timestamp(secondsSince1970: 1_767_225_600 + Int64(number % 97))
            batch.append(
                Event(
                    id: "c-\(toggle)", at: at, toggle: toggle, actor: "t",
                    change: .created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(false)))))
        }
        let log = try ScratchLog()
        let expected = try Self.check(batch, against: log, ledger: log.ledger, logExists: true)
        guard case .written(let written, _) = expected else {
            Issue.record("expected the batch to be written: \(expected)")
            return
        }
        #expect(written.count == Set(batch.map(\.toggle)).count)
        let changes = written.prefix(500).enumerated().map { offset, created in
            Event(
                id: "d\(offset)", at: created.at.adding(seconds: Int64(offset % 3) - 1), toggle: created.toggle, actor: "t",
                change: .defaultChanged(offset % 50 == 0 ? .string("wrong") : .bool(true)))
        }
        _ = try Self.check(changes.shuffled(using: &random), against: log, ledger: log.ledger, logExists: true)
    }

    @Test(arguments: [21 as UInt64, 22, 23])
    func aToggleWithoutHistoryIsCheckedAsBefore(seed: UInt64) {
        var scenario = Scenario(random: SeededGenerator(seed: seed), toggles: ["a"], idPool: 1_000_000)
        for _ in 0..<500 {
            let events = (0..<Int.random(in: 1...6, using: &scenario.random)).map { _ in scenario.event() }
            let positions = ArraySlice(events.indices.shuffled(using: &scenario.random).prefix(Int.random(in: 1...events.count, using: &scenario.random)))
            let expected = BatchValidation.check(new: positions.map { events[$0] }, existing: [])
            #expect(BatchValidation.check(new: positions, of: events).map(\.description) == expected.map(\.description))
            var state: ToggleState?
            if case .created(let definition) = scenario.event().change {
                state = try? Lifecycle.apply(Event(id: "s", at: Timestamp(secondsSince1970: 0), toggle: "a", actor: "t", change: .created(definition)), to: nil).get()
            }
            #expect(
                BatchValidation.check(new: positions, of: events, after: state).map(\.description)
                    == BatchValidation.check(new: positions.map { events[$0] }, after: state).map(\.description))
        }
    }

    @Test(arguments: [31 as UInt64, 32])
    func sortingInPlaceOrdersAsBefore(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // Ids that share long prefixes, are prefixes of each other, hold a NUL byte or are
        // equal (then the batch order must stay), and instants that tie.
        let ids = [
            "a", "ab", "a\u{0}", "b", "é", "e\u{301}", "0123456789abcdef", "0123456789abcdef0", "0123456789abcdeg",
            "0123456789abcdef\u{0}", "01234567", "012345678", "Z", "~", "🐢",
        ]
        for _ in 0..<300 {
            let events = (0..<Int.random(in: 0...40, using: &random)).map { number in
                Event(
                    id: ids.randomElement(using: &random)!, at: Timestamp(nanoseconds: Int64.random(in: -2...2, using: &random)),
                    toggle: "t\(number)", actor: "a", change: .removed(reason: nil))
            }
            var sorted = events
            sorted.sortIntoReplayOrder()
            #expect(sorted == Self.referenceOrder(events))
            #expect(events.inReplayOrder() == Self.referenceOrder(events))
        }
    }

    @Test func removingSortedPositionsKeepsTheRestInOrder() {
        var random = SeededGenerator(seed: 41)
        for _ in 0..<500 {
            let values = Array(0..<Int.random(in: 0...30, using: &random))
            let positions = values.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            var kept = values
            kept.remove(atSorted: positions)
            #expect(kept == values.filter { !positions.contains($0) })
        }
    }
}

@Suite struct StringPrefilterTests {
    @Test func aKeyIsNeverFilteredOut() {
        var random = SeededGenerator(seed: 51)
        let alphabet = Array("abcXYZ019-_.:@ ~")
        for _ in 0..<50 {
            let keys = (0..<Int.random(in: 0...2_000, using: &random)).map { _ in
                String((0..<Int.random(in: 0...30, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            }
            let filter = StringPrefilter(keys)
            #expect(keys.allSatisfy { filter.mayContain($0) })
            // And it does filter: most strings that are not keys are turned away.
            let others = (0..<1_000).map { "other-\($0)-" + (keys.first ?? "") }.filter { !keys.contains($0) }
            let passed = others.filter { filter.mayContain($0) }.count
            #expect(passed < others.count / 10, "\(passed) of \(others.count) passed")
        }
    }

    @Test func stringsEqualWithoutEqualBytesAreNeverFilteredOut() {
        // String equality is canonical equivalence: "\u{212A}" (KELVIN SIGN) == "K".
        #expect("\u{212A}" == "K")
        #expect("é" == "e\u{301}")
        let ascii = StringPrefilter(["K", "Kelvin"])
        #expect(ascii.mayContain("\u{212A}"))
        #expect(ascii.mayContain("\u{212A}elvin"))
        let unicode = StringPrefilter(["é", "a"])
        #expect(unicode.mayContain("e\u{301}"))
        #expect(unicode.mayContain("anything at all"), "a non-ASCII key turns the filter off")
    }
}
