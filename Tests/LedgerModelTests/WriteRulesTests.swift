import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// One rule for writing and reading (issue 15 §2): far instants compute without trapping,
/// whatever ``WriteRules`` lets through the reader takes back unchanged, deep values are
/// refused before anything is written, and ids follow one rule.
@Suite struct WriteRulesTests {
    static let now = Timestamp(rfc3339: "2026-11-25T10:00:00Z")!

    static func created(_ toggle: String = "isA", id: String = "c1", at: Timestamp = now, type: ValueType = .bool, _ value: JSONValue = .bool(false), expires: CalendarDate? = nil)
        -> Event
    {
        Event(id: id, at: at, toggle: toggle, actor: "me", change: .created(ToggleDefinition(kind: .remote, valueType: type, defaultValue: value, expires: expires)))
    }

    static func nested(_ levels: Int) -> JSONValue {
        var value = JSONValue.number("1")
        for level in 0..<levels { value = level % 2 == 0 ? .array([value]) : .object(JSONObject([.init("k", value)])) }
        return value
    }

    /// The event back from its line, as replay decodes it, or the reader's error.
    static func readBack(_ event: Event) -> Result<Event, LogError> {
        let line = Array(EventCodec.encode(event).utf8)
        return line.withUnsafeBufferPointer { EventLineDecoder.decodeGeneral($0, location: LineLocation(file: "t.jsonl", line: 1)) }
    }

    // MARK: Instants

    @Test func anExpiryOf9999IsNeverStaleAndNeverTraps() throws {
        let never = CalendarDate("9999-12-31")!
        var state: ToggleState? = nil
        #expect(Lifecycle.apply(Self.created(expires: never), to: &state) == nil)
        #expect(StalePolicy.standard.evaluate(state!, now: Self.now).isEmpty)
        // Long past: expired, counted in days without making the day's midnight first.
        let reasons = StalePolicy.standard.evaluate(state!, now: Timestamp.latest)
        #expect(reasons.isEmpty, "9999-12-31 has not begun at the last instant nanoseconds count")
        var old: ToggleState? = nil
        _ = Lifecycle.apply(Self.created(expires: CalendarDate("2026-11-20")!), to: &old)
        let expired = StalePolicy.standard.evaluate(old!, now: Self.now)
        #expect(expired.map(\.code) == [.expired] && expired.first?.days == 5)
        #expect(expired.first?.since == Timestamp(rfc3339: "2026-11-20T00:00:00Z"))
    }

    @Test func lifetimesOfTogglesCreatedNear2262Saturate() {
        var state: ToggleState? = nil
        let late = Timestamp(rfc3339: "2262-04-01T00:00:00Z")!
        #expect(Lifecycle.apply(Self.created(at: late), to: &state) == nil)
        state!.stage = .launched
        state!.stageSince = late
        #expect(StalePolicy.standard.evaluate(state!, now: late).isEmpty)
        #expect(StalePolicy.standard.evaluate(state!, now: .latest).isEmpty, "the deadline saturates at the end of time")
        #expect(Timestamp.latest.adding(days: 30) == .latest && Timestamp.earliest.adding(days: -30) == .earliest)
        #expect(Timestamp.latest.adding(days: .max) == .latest && Timestamp(secondsSince1970: .max) == .latest)
    }

    @Test func everyInstantDescribesAndOnlyTheRangeParses() {
        for nanoseconds in [Int64.min, Int64.min + 1, -9_223_372_036_000_000_001, -1, 0, .max] {
            _ = Timestamp(nanoseconds: nanoseconds).description  // trapped for the first second of the range
        }
        #expect(Timestamp(rfc3339: Timestamp.earliest.description) == .earliest)
        #expect(Timestamp(rfc3339: Timestamp.latest.description) == .latest)
        #expect(Timestamp(userInput: "9999-12-31") == nil && Timestamp(userInput: "2262-04-12") == nil)
        #expect(Timestamp(userInput: "2262-04-11") != nil)
        #expect(CalendarDate("9999-12-31")!.exactStartOfDay == nil)
    }

    // MARK: What the writer accepts, the reader accepts

    @Test func deepValuesAreMeasuredOnTheWholeLine() throws {
        let limit = JSONParser.maximumDepth
        let shapes: [(String, (JSONValue) -> Event)] = [
            ("created default", { Self.created(type: .json, $0) }),
            ("default-changed", { Event(id: "d", at: Self.now, toggle: "isA", actor: "me", change: .defaultChanged($0)) }),
            ("published value", { Event(id: "p", at: Self.now, toggle: "isA", actor: "me", change: .published(RemoteValue(value: $0))) }),
            (
                "condition value",
                {
                    Event(
                        id: "p", at: Self.now, toggle: "isA", actor: "me",
                        change: .published(RemoteValue(value: nil, conditions: [ConditionalValue(name: "zh", expression: "true", value: $0)])))
                }
            ),
            ("unknown field", { Event(id: "x", at: Self.now, toggle: "isA", actor: "me", change: .removed(reason: nil), extra: [.init("later", $0)]) }),
        ]
        for (name, make) in shapes {
            for levels in (limit - 5)...(limit + 1) {
                let event = make(Self.nested(levels))
                let written = WriteRules.problem(with: event, now: Self.now) == nil
                let read = (try? Self.readBack(event).get()) != nil
                #expect(written == read, "\(name), \(levels) levels: writer \(written), reader \(read)")
            }
        }
        // A value far past the limit stops the measure early.
        #expect(WriteRules.problem(with: Self.created(type: .json, Self.nested(2_000)), now: nil) != nil)
    }

    @Test func appendRefusesWhatTheReaderWouldRefuseAndWritesNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("write-rules-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ledger = Ledger(directory: directory)
        let refused: [Event] = [
            Self.created(type: .json, Self.nested(JSONParser.maximumDepth)),
            Self.created(id: "a\u{A0}b"),
            Self.created(id: "a\u{2028}b"),
            Self.created(id: String(repeating: "x", count: 201)),
            Self.created(at: Timestamp(rfc3339: "2206-01-01T00:00:00Z")!),
            Self.created(at: Self.now.adding(seconds: WriteRules.clockSkewAllowance + 1)),
        ]
        for event in refused {
            #expect(throws: LedgerError.self, "\(EventCodec.encode(event).prefix(120))") { try ledger.append([event], now: Self.now) }
        }
        #expect(!FileManager.default.fileExists(atPath: directory), "nothing written")
        let accepted = [
            Self.created(type: .json, Self.nested(JSONParser.maximumDepth - 1)),
            Self.created("isB", id: "é日本", at: Self.now.adding(seconds: WriteRules.clockSkewAllowance)),
        ]
        _ = try ledger.append(accepted, now: Self.now)
        var read: [String] = []
        try ledger.reader.read { read.append(EventCodec.encode($0.event)) }
        #expect(read.sorted() == accepted.map(EventCodec.encode).sorted())
    }

    @Test func oneIDRule() {
        for bad in [
            "", "a b", "a\u{1B}b", "a\u{7F}", "a\u{A0}b", "a\u{2028}b", "a\u{2029}", "a\u{85}", "a\u{202E}b", "\u{FEFF}a", "a\u{200B}b", "a\u{3000}b",
            String(repeating: "é", count: 101),
        ] {
            #expect(EventID.problem(with: bad) != nil, "\(bad.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for good in ["01JD2Z6Q8M3K4N5P6R7S8T9V0W", "ci-run-42/step.3", "é日本", "plist-88f74f012609c657-20260301090000-isA", "🐢", String(repeating: "x", count: 200)] {
            #expect(EventID.problem(with: good) == nil, "\(good)")
        }
    }

    /// Random events of every shape, far instants and dates, hostile strings and ids: what
    /// the rules let through, the reader decodes to the same line (and the policy judges
    /// without trapping).
    @Test(arguments: [21 as UInt64, 22, 23, 24])
    func whateverTheWriterAcceptsTheReaderReadsBack(seed: UInt64) {
        var generator = RandomEvents(seed: seed)
        var accepted = 0
        for _ in 0..<3_000 {
            var event = generator.event()
            if Bool.random(using: &generator.random) { event.id = EventID.generate(at: .latest, using: &generator.random) }
            if Bool.random(using: &generator.random) { event.toggle = "isA"; event.actor = "me"; event.schema = 1 }
            guard WriteRules.problem(with: event, now: nil) == nil else { continue }
            // A default of the wrong type or a bad category: the lifecycle rules an append
            // applies next refuse it.
            if case .created(let definition) = event.change,
                !definition.valueType.accepts(definition.defaultValue) || Lifecycle.categoryProblem(definition.category) != nil
            {
                continue
            }
            accepted += 1
            let line = EventCodec.encode(event)
            switch Self.readBack(event) {
            case .success(let read): #expect(EventCodec.encode(read) == line)
            case .failure(let error): Issue.record("written but refused by the reader: \(error)\n\(line)")
            }
            var state: ToggleState? = nil
            if Lifecycle.apply(event, to: &state) == nil, let state {
                for now in [Timestamp.earliest, Self.now, .latest] { _ = StalePolicy.standard.evaluate(state, now: now) }
            }
        }
        #expect(accepted > 100, "the property is exercised")
    }
}
