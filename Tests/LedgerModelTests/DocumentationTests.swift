import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger

/// The examples in docs/ are real: every event line shown is a valid event in canonical form,
/// and every event type the codec knows is documented with an example.
@Suite struct DocumentationTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    /// The lines inside ```jsonl fences of a docs page.
    static func exampleLines(in page: String) throws -> [String] {
        let text = try String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8)
        var lines: [String] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inside = line == "```jsonl"
                continue
            }
            if inside { lines.append(String(line)) }
        }
        return lines
    }

    @Test func everyEventLineInTheSchemaPageIsValidAndCanonical() throws {
        let lines = try Self.exampleLines(in: "events.md")
        #expect(lines.count >= 7)
        var types = Set<String>()
        for line in lines {
            let event = try EventCodec.decode(try JSONParser.parse(line))
            #expect(EventCodec.encode(event) == line, "written as toggles writes it")
            types.insert(event.type)
        }
        #expect(types == Set(Change.knownTypes), "every event type has an example")
    }
}
