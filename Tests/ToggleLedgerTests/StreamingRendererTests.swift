import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

/// `state --format json` is written in pieces; the bytes must be those of the whole document
/// pretty-printed at once.
@Suite struct StreamingRendererTests {
    @Test(arguments: [0, 1, 300])
    func piecesMakeTheWholeDocument(events: Int) throws {
        var projection = Projection()
        for line in EventLogGenerator.lines(count: events, seed: 5) {
            projection.apply(try EventCodec.decode(try JSONParser.parse(line)))
        }
        let toggles = projection.sortedToggles
        let asOf = Timestamp(rfc3339: "2026-11-22T10:00:00.5Z")!
        let pieces = Self.expectPiecesMakeTheDocument(toggles, asOf: asOf)
        #expect(StateRenderer.json(toggles, asOf: asOf) == pieces.joined())
        if events == 300 { #expect(toggles.count > 10) }
    }

    @Test func theMinimumSupportedVersionAndTheRemovalVersionAreInTheDocument() throws {
        var projection = Projection()
        for event in RemovalByAppVersionTests.life.prefix(4) { projection.apply(event) }
        let asOf = Timestamp(rfc3339: "2026-11-22T10:00:00Z")!
        let pieces = Self.expectPiecesMakeTheDocument(projection.sortedToggles, asOf: asOf, supportedVersions: projection.supportedVersions)
        #expect(pieces.joined().contains(#""removedInAppVersion": "2.5.0""#))
        #expect(pieces.joined().hasSuffix("\n  \"minimumSupportedVersion\": \"2.3\"\n}\n"))
    }

    /// Checks that the pieces `writeJSON` writes are the whole document pretty-printed at
    /// once, and returns them.
    @discardableResult
    private static func expectPiecesMakeTheDocument(
        _ toggles: [ToggleState], asOf: Timestamp, supportedVersions: SupportedVersions = SupportedVersions()
    ) -> [String] {
        let document = JSONValue.object(
            JSONObject([
                .init("asOf", .string(asOf.description)),
                .init("toggles", .array(toggles.map { .object(StateRenderer.object(for: $0)) })),
                .init("minimumSupportedVersion", supportedVersions.minimum.map { .string($0.text) } ?? .null),
            ]))
        var pieces: [String] = []
        StateRenderer.writeJSON(toggles, asOf: asOf, supportedVersions: supportedVersions) { pieces.append($0) }
        #expect(pieces.joined() == ReferenceJSONWriter.pretty(document) + "\n")
        return pieces
    }

    /// A big state is rendered two blocks at a time on two threads: the pieces still make the
    /// document, in order, whatever the last pair holds.
    @Test(arguments: [1_024, 1_300, 2_600])
    func aBigStateRenderedInParallelIsTheSameDocument(toggleCount: Int) throws {
        var projection = Projection()
        for number in 0..<toggleCount {
            let definition = ToggleDefinition(
                kind: number % 3 == 0 ? .remote : .local, valueType: .string, defaultValue: .string("value \"\(number)\"\n"),
                category: number % 2 == 0 ? "release" : "ops", owner: number % 5 == 0 ? "ana@example.com" : nil)
            projection.apply(
                Event(
                    id: "id-\(number)", at: Timestamp(nanoseconds: Int64(number) * 1_000_000_000), toggle: "toggle\(number)",
                    actor: "ci@example.com", change: .created(definition)))
        }
        let toggles = projection.sortedToggles
        #expect(toggles.count == toggleCount)
        let pieces = Self.expectPiecesMakeTheDocument(toggles, asOf: Timestamp(rfc3339: "2026-11-22T10:00:00Z")!)
        #expect(pieces.count > 4)
    }

    /// The byte-buffer writer against Foundation: what it writes parses back to the same value.
    @Test func writerOutputParsesBackIdentically() throws {
        let tricky = JSONValue.object(
            JSONObject([
                .init("s", .string("quote \" backslash \\ newline \n tab \t bell \u{07} del \u{7F} é 🐢")),
                .init("n", .number("-1.5e3")), .init("a", .array([.null, .bool(true), .bool(false), .object(JSONObject())])),
            ]))
        for text in [JSONWriter.string(tricky), JSONWriter.pretty(tricky)] {
            #expect(try JSONParser.parse(text) == tricky)
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil)
        }
        #expect(JSONWriter.quoted("a\u{01}b") == "\"a\\u0001b\"")
    }

    @Test(arguments: ["1970-01-01T00:00:00Z", "2026-11-22T10:00:00.5Z", "2262-04-11T23:47:16.854775807Z", "1969-12-31T23:59:59.999999999Z", "1700-01-01T00:00:00Z"])
    func timestampsPrintAsTheyParse(text: String) throws {
        let instant = try #require(Timestamp(rfc3339: text))
        #expect(instant.description == text)
    }

    /// Nanoseconds since 1970 fit in 64 bits from 1677 to 2262: outside, an instant is
    /// rejected (an invalid event), never an arithmetic overflow.
    @Test(arguments: ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2262-04-11T23:47:16.854775808Z"])
    func instantsOutsideTheRangeAreRejected(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }
}
