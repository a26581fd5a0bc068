import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The log writer encodes events straight to bytes. Its oracle is the way it encoded them
/// before: the event's ``JSONObject`` (``EventCodec/object(for:)``) through ``JSONWriter``.
/// A log's bytes must never change, so the two must agree on every event.
@Suite struct EventEncoderOracleTests {
    static func direct(_ event: Event) -> [UInt8] {
        var bytes: [UInt8] = []
        EventCodec.write(event, to: &bytes)
        return bytes
    }

    /// The events on which the two disagree (empty when they all agree), with both encodings.
    static func disagreements(_ events: [Event]) -> [String] {
        events.compactMap { event in
            let (expected, found) = (EventOracle.bytes(event), direct(event))
            guard expected != found else { return nil }
            return "expected \(String(decoding: expected, as: UTF8.self))\n   found \(String(decoding: found, as: UTF8.self))"
        }
    }

    @Test(arguments: [1 as UInt64, 2, 3, 4, 5, 6, 7, 8])
    func randomEventsOfEveryShapeEncodeAsBefore(seed: UInt64) {
        var generator = RandomEvents(seed: seed)
        let events = (0..<2_000).map { _ in generator.event() }
        let wrong = Self.disagreements(events)
        #expect(wrong.isEmpty, "\(wrong.count) of \(events.count) differ; first: \(wrong.first ?? "")")
        for event in events.prefix(200) {
            #expect(EventCodec.encode(event) == JSONWriter.string(.object(EventCodec.object(for: event))))
        }
    }

    @Test(arguments: [11 as UInt64, 12, 13])
    func generatedLogEventsEncodeAsBefore(seed: UInt64) throws {
        let events = try EventLogGenerator.lines(count: 3_000, seed: seed).map { try EventCodec.decode(try JSONParser.parse($0)) }
        let wrong = Self.disagreements(events)
        #expect(wrong.isEmpty, "\(wrong.count) differ; first: \(wrong.first ?? "")")
    }

    @Test func aSegmentIsEachEventsLineAndANewline() {
        var generator = RandomEvents(seed: 99)
        // More than the writer's first sizing sample and its initial capacity.
        let events = (0..<1_500).map { _ in generator.event() }
        let segment = LogWriter.encode(events)
        #expect(Array(segment.bytes) == events.flatMap { EventOracle.bytes($0) + [0x0A] })
    }

    @Test func everySpecialByteAtEveryOffsetOfAFieldIsEscapedAsBefore() {
        var events: [Event] = []
        let specials = (0..<0x20).map { UInt8($0) } + [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F, UInt8(ascii: "/"), UInt8(ascii: "a")]
        for special in specials {
            for offset in 0..<20 {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 20)
                bytes[offset] = special
                let text = String(decoding: bytes, as: UTF8.self)
                events.append(
                    Event(
                        id: text, at: Timestamp(secondsSince1970: 0), toggle: text, actor: text,
                        change: .removed(reason: text), extra: [.init(text, .string(text))]))
            }
        }
        #expect(Self.disagreements(events).isEmpty)
    }

    @Test func theEncodingItselfIsUnchanged() {
        // One line spelled out: the oracle could drift too.
        let event = Event(
            id: "01J", at: Timestamp(rfc3339: "2026-07-01T07:45:00.25Z")!, toggle: "isA", actor: "Zoë \"z\"",
            change: .published(
                RemoteValue(
                    value: .number("1.50"),
                    conditions: [
                        ConditionalValue(
                            name: "zh", expression: "device.language in ['zh']", value: nil,
                            managed: JSONObject([.init("rolloutValue", .object(JSONObject([.init("p", .number("5"))])))]))
                    ],
                    templateVersion: "41", managed: JSONObject([.init("personalizationValue", .null)]))),
            source: Provenance(ci: "github-actions", run: "7\n"), extra: [.init("ticket", .array([.bool(true), .string("\u{1}")]))])
        let expected =
            #"{"schema":1,"id":"01J","at":"2026-07-01T07:45:00.25Z","type":"published","toggle":"isA","actor":"Zoë \"z\"","value":1.50,"conditions":[{"name":"zh","expression":"device.language in ['zh']","managed":{"rolloutValue":{"p":5}}}],"templateVersion":"41","managed":{"personalizationValue":null},"source":{"ci":"github-actions","run":"7\n"},"ticket":[true,"\u0001"]}"#
        #expect(EventCodec.encode(event) == expected)
    }
}

/// The byte-level pieces the writer and the append report are made of, each against the
/// general code they stand in for.
@Suite struct OutputBufferTests {
    @Test func jsonStringsAreEscapedAsJSONWriterEscapesThem() {
        var texts: [String] = (0..<256).map { String(UnicodeScalar(UInt8($0))) }
        var generator = RandomEvents(seed: 5)
        texts += (0..<3_000).map { _ in generator.string(maxPieces: 8) }
        for length in 0..<40 {
            for special in ["\u{0}", "\u{1F}", "\"", "\\", "\u{7F}", "é"] {
                for offset in 0...length {
                    texts.append(String(repeating: "a", count: offset) + special + String(repeating: "b", count: length - offset))
                }
            }
        }
        var output = OutputBuffer(capacity: 16)
        var expected: [UInt8] = []
        for text in texts {
            output.appendJSONString(text)
            JSONWriter.writeString(text, to: &expected)
        }
        #expect(Array(output.bytes) == expected)
    }

    @Test func jsonValuesAreWrittenAsJSONWriterWritesThem() {
        var generator = RandomEvents(seed: 6)
        var output = OutputBuffer(capacity: 1)
        var expected: [UInt8] = []
        for _ in 0..<3_000 {
            let value = generator.value()
            output.appendJSON(value)
            JSONWriter.write(value, to: &expected)
        }
        #expect(Array(output.bytes) == expected)
    }

    @Test func printableASCIIIsRecognisedAtEveryOffset() {
        var generator = SeededGenerator(seed: 7)
        let interesting: [UInt8] = [0x00, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        for length in 0..<40 {
            for _ in 0..<50 {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                for _ in 0..<Int.random(in: 0...2, using: &generator) where length > 0 {
                    bytes[Int.random(in: 0..<length, using: &generator)] = interesting.randomElement(using: &generator)!
                }
                let expected = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                #expect(bytes.withUnsafeBufferPointer { OutputBuffer.isPrintableASCII($0) } == expected, "\(bytes)")
            }
        }
    }

    @Test func instantsAreWrittenAsTheirDescription() {
        var generator = RandomEvents(seed: 8)
        var output = OutputBuffer(capacity: 8)
        var expected: [UInt8] = []
        for instant in (0..<5_000).map({ _ in generator.instant() }) + [Timestamp(nanoseconds: .min + 999_999_999), Timestamp(nanoseconds: .max), Timestamp(nanoseconds: -1)] {
            instant.writeDescription(to: &output)
            expected += instant.description.utf8
        }
        #expect(Array(output.bytes) == expected)
    }

    /// `Timestamp.description` as it was before it shared the formatter with the writer.
    static func referenceDescription(_ instant: Timestamp) -> String {
        let seconds = instant.secondsSince1970
        let fraction = instant.nanoseconds - seconds * 1_000_000_000
        let secondOfDay = seconds - floorDivide(seconds, 86_400) * 86_400
        let (year, month, day) = instant.date.components
        func padded(_ value: Int64, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        var text =
            padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T" + padded(secondOfDay / 3600, 2) + ":"
            + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2)
        if fraction != 0 {
            var digits = String(String(fraction + 1_000_000_000).dropFirst())
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    @Test func descriptionsAreUnchanged() {
        var generator = RandomEvents(seed: 9)
        for instant in (0..<5_000).map({ _ in generator.instant() }) + [Timestamp(nanoseconds: .min + 999_999_999), Timestamp(nanoseconds: .max)] {
            #expect(instant.description == Self.referenceDescription(instant))
        }
    }
}

@Suite struct AppendReportRendererTests {
    @Test(arguments: [1, 7, 300, 1 << 16])
    func linesAreTheSanitizedSummaryInChunksOfWholeLines(chunkSize: Int) {
        var generator = RandomEvents(seed: 10)
        let events = (0..<1_000).map { _ in generator.event() }
        var chunks: [String] = []
        AppendReportRenderer.render(events, chunkSize: chunkSize) { chunks.append($0) }
        let expected = events.map {
            TerminalText.sanitize("\($0.type) \($0.toggle) at \($0.at) by \($0.actor) (id \($0.id))") + "\n"
        }.joined()
        #expect(chunks.joined() == expected)
        #expect(chunks.allSatisfy { $0.hasSuffix("\n") && !$0.isEmpty })
        #expect(events.map { AppendReportRenderer.line(for: $0) + "\n" }.joined() == expected)
        var none: [String] = []
        AppendReportRenderer.render([], chunkSize: chunkSize) { none.append($0) }
        #expect(none.isEmpty)
    }
}
