import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// Seeded property tests: random bytes and mutated valid events never crash the reader or
/// the decoder, and every rejection names a file, a line and a reason.
@Suite struct HostileInputPropertyTests {
    static let validLines: [String] = [
        #"{"schema":1,"id":"c1","at":"2026-01-01T00:00:00Z","type":"created","toggle":"isA","actor":"me","kind":"remote","valueType":"json","default":{"a":[1,2.5,"\u00e9"]},"category":"release","owner":"o","description":"d","expires":"2027-01-01"}"#,
        #"{"schema":1,"id":"p1","at":"2026-01-02T00:00:00.5Z","type":"published","toggle":"isA","actor":"ci","value":{"x":null},"conditions":[{"name":"zh","expression":"device.language in ['zh']","value":[true]}],"templateVersion":"7","source":{"ci":"github-actions","commit":"abc","branch":"main","run":"1"}}"#,
        #"{"schema":1,"id":"r1","at":"2026-01-03T00:00:00Z","type":"removed","toggle":"isA","actor":"me","reason":"shipped","extra":{"k":"v"}}"#,
        #"{"schema":1,"id":"e1","at":"2026-01-04T00:00:00Z","type":"expiry-extended","toggle":"isA","actor":"me","expires":"2027-02-01","reason":"later"}"#,
    ]

    static let interesting: [UInt8] = Array(#"{}[]",:\0123456789.eE+-tfnu"#.utf8) + [0x00, 0x0A, 0x0D, 0x1B, 0x7F, 0x80, 0xC0, 0xED, 0xF4, 0xFF]

    static func mutate(_ line: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = line
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
            let byte = Bool.random(using: &rng) ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where !bytes.isEmpty: bytes[position] = byte
            case 1: bytes.insert(byte, at: position)
            case 2 where !bytes.isEmpty: bytes.remove(at: position)
            case 3: bytes = Array(bytes.prefix(position))
            case 4 where position < bytes.count:
                let end = min(bytes.count, position + Int.random(in: 1...20, using: &rng))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            default: bytes.insert(contentsOf: Array(#","id":"x""#.utf8), at: position)
            }
        }
        return bytes
    }

    static func randomInput(using rng: inout SeededGenerator) -> [UInt8] {
        if Int.random(in: 0..<4, using: &rng) == 0 {
            return (0..<Int.random(in: 0...200, using: &rng)).map { _ in
                Bool.random(using: &rng) ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
            }
        }
        return mutate(Array(validLines.randomElement(using: &rng)!.utf8), using: &rng)
    }

    @Test func parserAndDecoderNeverCrash() {
        var rng = SeededGenerator(seed: 20_261_122)
        var rejected = 0
        for _ in 0..<10_000 {
            let input = Self.randomInput(using: &rng)
            do {
                _ = try EventCodec.decode(try JSONParser.parse(input))
            } catch let error as JSONError {
                rejected += 1
                #expect(!error.reason.isEmpty && error.offset >= 0 && error.offset <= input.count)
            } catch {
                rejected += 1
                #expect(!"\(error)".isEmpty)
            }
        }
        #expect(rejected > 0)
    }

    @Test func readerRejectionsNameFileLineAndReason() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("toggles-property-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("events/2026/01")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let segment = folder.appendingPathComponent("s.jsonl")
        var rng = SeededGenerator(seed: 7)
        var outcomes: [String: Int] = [:]
        for _ in 0..<400 {
            // One to three lines, any of them hostile; sometimes no final newline.
            var content: [UInt8] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                content += Bool.random(using: &rng) ? Array(Self.validLines[0].utf8) : Self.randomInput(using: &rng)
                content.append(0x0A)
            }
            if Bool.random(using: &rng) { content.removeLast() }
            try Data(content).write(to: segment)
            let reader = LogReader(directory: root.appendingPathComponent("events").path, displayName: "events")
            do {
                var count = 0
                let summary = try reader.read { _ in count += 1 }
                #expect(summary.eventCount == count)
                outcomes["read", default: 0] += 1
            } catch let error as LogError {
                switch error {
                case .malformedLine(let location, let reason), .segmentOutOfOrder(let location, previous: let reason):
                    #expect(location.file == "events/2026/01/s.jsonl")
                    #expect(location.line >= 1)
                    #expect(!reason.isEmpty)
                    #expect(error.description.hasPrefix("events/2026/01/s.jsonl:\(location.line): "))
                    outcomes["rejected", default: 0] += 1
                default:
                    Issue.record("unexpected error for \(content): \(error)")
                }
            }
        }
        #expect(outcomes["read", default: 0] > 0 && outcomes["rejected", default: 0] > 0)
    }

    /// Issue 15: random ids, instants (far ones included) and values of random depth, appended
    /// one batch at a time. Whatever the ledger accepts, the reader replays; what it refuses
    /// leaves the log as it was.
    @Test func whateverAnAppendAcceptsTheReaderReplays() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("toggles-rules-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let ledger = Ledger(directory: root)
        let now = Timestamp(rfc3339: "2026-11-25T10:00:00Z")!
        var events = RandomEvents(seed: 15)
        var (accepted, refused) = (0, 0)
        for number in 0..<100 {
            var value = events.value()
            for level in 0..<Int.random(in: 0...260, using: &events.random) {
                value = level % 2 == 0 ? .array([value]) : .object(JSONObject([.init("k", value)]))
            }
            let id = Bool.random(using: &events.random) ? events.string() + "id" : EventID.generate(at: now)
            let at = Bool.random(using: &events.random) ? events.instant() : now.adding(seconds: Int64.random(in: -86_400...600, using: &events.random))
            let event = Event(
                id: id, at: at, toggle: "t\(number)", actor: "me",
                change: .created(
                    ToggleDefinition(
                        kind: .remote, valueType: .json, defaultValue: value, expires: Bool.random(using: &events.random) ? events.date() : nil)))
            let before = try? ledger.reader.segments().count
            do {
                _ = try ledger.append([event], now: now)
                accepted += 1
            } catch is LedgerError {
                refused += 1
                #expect((try? ledger.reader.segments().count) == before, "a refused append writes nothing")
            }
            var replayed = 0
            #expect(throws: Never.self, "\(EventCodec.encode(event).prefix(300))") { try ledger.reader.read { _ in replayed += 1 } }
        }
        #expect(accepted > 10 && refused > 10, "both sides exercised: \(accepted) accepted, \(refused) refused")
        let replay = try ledger.replay()
        for toggle in replay.projection.toggles.dictionary.values {
            for instant in [Timestamp.earliest, now, .latest] { _ = StalePolicy.standard.evaluate(toggle, now: instant) }
        }
    }
}

/// Found by the fuzzer: every failed read leaked a file descriptor, so a long-lived process
/// reading a damaged log ran out of them.
@Suite struct ReaderDescriptorTests {
    #if os(Linux)
    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    @Test(arguments: ["first line", "later line"])
    func failedReadsCloseTheirFiles(_ where_: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("toggles-fd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let good = #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"x","actor":"m"}"#
        let content = where_ == "first line" ? "{broken\n" : good + "\n{broken\n"
        try Data(content.utf8).write(to: root.appendingPathComponent("s.jsonl"))
        try Data((good + "\n").utf8).write(to: root.appendingPathComponent("t.jsonl"))
        let reader = LogReader(directory: root.path)
        let before = Self.openDescriptors()
        for _ in 0..<600 {
            #expect(throws: LogError.self) { try reader.read { _ in } }
        }
        // Other tests run in parallel and open files too; a leak would add 600.
        #expect(Self.openDescriptors() - before < 300)
    }
    #endif
}
