import Testing
@testable import LedgerModel
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// The Slack payload stays within Block Kit's limits however long the list, and nothing
/// from the log becomes a link, a mention or formatting.
@Suite struct DueSlackRendererTests {
    /// `count` toggles, all expired, spread over `owners` owners named by `owner`.
    func list(count: Int, owners: Int, owner: (Int) -> String = { "team-\($0)@example.com" }) -> DueList {
        var projection = Projection()
        for index in 0..<count {
            let name = "toggle\(index)_" + String(repeating: "x", count: 40)
            projection.apply(
                Event(
                    id: "e\(index)", at: Timestamp(userInput: "2026-01-01")!, toggle: name, actor: "tester",
                    change: .created(
                        ToggleDefinition(
                            kind: .remote, valueType: .bool, defaultValue: .bool(false), category: "release",
                            owner: owner(index % owners), expires: CalendarDate("2026-11-01")))))
        }
        let report = StaleReport(toggles: Array(projection.toggles.dictionary.values), policy: .standard, now: Timestamp(userInput: "2026-11-22")!)
        return DueList(report: report, windowDays: 14)
    }

    /// Every text in the payload, by block type.
    func texts(_ block: JSONObject) -> [String] {
        if let text = block["text"]?.objectValue?["text"]?.stringValue { return [text] }
        return block["elements"]?.arrayValue?.compactMap { $0.objectValue?["text"]?.stringValue } ?? []
    }

    func payload(_ list: DueList) throws -> (document: JSONObject, blocks: [JSONObject]) {
        let document = try #require(try JSONParser.parse(DueSlackRenderer.render(list)).objectValue)
        let blocks = try #require(document["blocks"]?.arrayValue).compactMap(\.objectValue)
        return (document, blocks)
    }

    @Test(arguments: [(1, 1), (30, 30), (300, 120), (400, 1), (2_000, 700)])
    func theMessageStaysWithinBlockKitsLimits(count: Int, owners: Int) throws {
        let (document, blocks) = try payload(list(count: count, owners: owners))
        #expect(document["text"]?.stringValue == "\(count == 1 ? "1 toggle" : "\(count) toggles") due within 14 days, \(count) overdue")
        #expect(blocks.count <= DueSlackRenderer.maximumBlocks)
        #expect(blocks.first?["type"] == .string("header"))
        #expect(try #require(texts(blocks[0]).first).count <= 150)
        let sections = blocks.filter { $0["type"] == .string("section") }
        for section in sections { #expect(try #require(texts(section).first).utf16.count <= DueSlackRenderer.maximumSectionText) }
        #expect(blocks.flatMap(texts).reduce(0) { $0 + $1.utf16.count } <= DueSlackRenderer.maximumTotalText)
        // Each toggle shown is one bullet line; the note counts the others.
        let shown = sections.flatMap(texts).reduce(0) { $0 + $1.split(separator: "\n").count { $0.hasPrefix("• ") } }
        let cutInSections = sections.flatMap(texts).compactMap { text in
            text.split(separator: "\n").last.flatMap { line in line.hasPrefix("… and ") ? Int(line.dropFirst(6).prefix { $0.isNumber }) : nil }
        }.reduce(0, +)
        if shown == count {
            #expect(!blocks.flatMap(texts).contains { $0.contains("not shown") })
        } else {
            let last = try #require(blocks.last)
            let note = try #require(texts(last).first)
            #expect(note.hasPrefix("\(count - shown) more toggle"), "\(note)")
            #expect(note.contains("not shown") && note.contains("toggles due --within 14d"))
            #expect(cutInSections <= count - shown)
        }
    }

    @Test func textFromTheLogFormsNoLinkMentionOrFormatting() throws {
        let owner = "<!channel> & <https://evil.example|click> *bold* `tick`\u{1B}[2J"
        let (_, blocks) = try payload(list(count: 1, owners: 1) { _ in owner })
        let text = blocks.flatMap(texts).joined(separator: "\n")
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("\u{1B}"))
        #expect(text.contains("`&lt;!channel&gt; &amp; &lt;https://evil.example|click&gt; *bold* ʹtickʹ\\u{1B}[2J`"))
    }

    /// A CODEOWNERS rule of four long owners (`&` takes five characters escaped) used to fill
    /// the heading past a section's limit, and every toggle was dropped.
    @Test func longCodeOwnersShortenTheHeadingNotTheList() throws {
        var projection = Projection()
        for (index, owner) in [nil, "ios@example.com"].enumerated() {
            projection.apply(
                Event(
                    id: "e\(index)", at: Timestamp(userInput: "2026-01-01")!, toggle: "toggle\(index)", actor: "tester",
                    change: .created(
                        ToggleDefinition(
                            kind: .remote, valueType: .bool, defaultValue: .bool(false), category: "release",
                            owner: owner, expires: CalendarDate("2026-11-01")))))
        }
        let report = StaleReport(toggles: Array(projection.toggles.dictionary.values), policy: .standard, now: Timestamp(userInput: "2026-11-22")!)
        let owners = (1...4).map { "@org/team-\($0)-" + String(repeating: "&", count: 900) }
        let match = DueList.CodeOwnersMatch(owners: owners, rule: LineLocation(file: ".github/CODEOWNERS", line: 3), declaredIn: "App/Flags.swift")
        let (_, blocks) = try payload(DueList(report: report, windowDays: 14, fallbackOwners: ["toggle0": match]))
        let text = blocks.flatMap(texts).joined(separator: "\n")
        #expect(!text.contains("not shown"), "\(text)")
        #expect(text.contains("`toggle0`") && text.contains("`toggle1`"))
        for section in blocks.filter({ $0["type"] == .string("section") }) {
            let heading = try #require(texts(section).first?.split(separator: "\n").first)
            #expect(heading.utf16.count <= DueSlackRenderer.maximumHeading, "\(heading)")
        }
        #expect(text.contains("@org/team-1-") && text.contains("more (CODEOWNERS"))
    }

    @Test func anEmptyListSaysSo() throws {
        let (document, blocks) = try payload(list(count: 0, owners: 1))
        #expect(document["text"] == .string("Nothing comes due within 14 days"))
        #expect(blocks.count == 3 && texts(blocks[2]) == ["Nothing comes due within 14 days."])
    }
}
