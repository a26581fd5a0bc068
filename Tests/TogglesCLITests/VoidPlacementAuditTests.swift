import Foundation
import Testing
import TestSupport

/// A `voided` event written by hand (`append` of a line, an edit) that does not replay just
/// before the event it names does nothing: replay meets the event first. `audit` names it,
/// with its file and line (issue 25).
@Suite struct VoidPlacementAuditTests {
    static func line(_ id: String, _ at: String, _ type: String, _ payload: String) -> String {
        #"{"schema":1,"id":"\#(id)","at":"\#(at)","type":"\#(type)","toggle":"isStories","actor":"mei@moments.example",\#(payload)}"#
    }

    static let created = line("c1", "2026-01-05T10:00:00Z", "created", #""kind":"local","valueType":"bool","default":false,"category":"release""#)
    static let change = line("d1", "2026-01-06T10:00:00Z", "default-changed", #""default":true"#)

    func audit(_ lines: [String]) throws -> TogglesBinary.Run {
        let directory = try TemporaryDirectory()
        try directory.write("events/2026/01/a.jsonl", lines.joined(separator: "\n") + "\n")
        return InProcessToggles.run(["audit"], in: directory.url)
    }

    @Test func aVoidThatSortsAfterTheEventItNamesIsAnError() throws {
        // Dated at the event's instant but named so it sorts after it ("v" > "d").
        let late = Self.line("void-d1", "2026-01-06T10:00:00Z", "voided", #""event":"d1","reason":"by hand""#)
        let run = try audit([Self.created, Self.change, late])
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout.contains(#"events/2026/01/a.jsonl:3: voided isStories (id "void-d1") names d1, but the event it names replays before it"#), "\(run)")
        #expect(run.stdout.contains(#"the id "!void-d1""#), "\(run)")
    }

    @Test func aVoidDatedBeforeTheEventItNamesIsAnError() throws {
        let early = Self.line("!void-d1", "2026-01-05T12:00:00Z", "voided", #""event":"d1","reason":"by hand""#)
        let run = try audit([Self.created, early, Self.change])
        #expect(
            run.status == 2 && run.stdout.contains("a.jsonl:2: voided isStories")
                && run.stdout.contains("it is dated 2026-01-05T12:00:00Z, the event it names 2026-01-06T10:00:00Z"), "\(run)")
    }

    @Test func aVoidAsTheWriterWritesItIsValid() throws {
        let void = Self.line("!void-d1", "2026-01-06T10:00:00Z", "voided", #""event":"d1","reason":"by hand""#)
        let run = try audit([Self.created, void, Self.change])
        #expect(run.status == 0 && !run.stdout.contains("voided"), "\(run)")
    }
}
