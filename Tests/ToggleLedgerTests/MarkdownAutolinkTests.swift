import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// Text from the log cannot become a link in GitHub's Markdown (cmark-gfm). Its autolink
/// extension links `www.` where it is met in the source, and `x@y.z` after the paragraph is
/// parsed, once backslash escapes and entities have turned back into text and neighbouring
/// text has been joined: so `x\@y.z` still links. ``GFMAutolinks`` models those two rules.
@Suite struct MarkdownAutolinkTests {
    static let hostile = [
        "www.evil.example", "see www.evil.example/x", "_www.evil.example", "(www.evil.example)", "WWW.evil.example www.x.y",
        "ops@evil.example", "mail ops@evil.example now", "x\\@y.z", "a.b+c_d-e@evil.example", "ops&#64;evil.example",
    ]

    @Test(arguments: hostile)
    func escapedTextHasNoAutolink(text: String) {
        let markdown = StaleMarkdownRenderer.escape(text)
        #expect(GFMAutolinks.links(in: markdown).isEmpty, "\(markdown)")
        // The model finds the links of the text as it was (the test would pass on anything otherwise).
        #expect(!GFMAutolinks.links(in: text).isEmpty || text.contains("&#64;"))
    }

    @Test func reportDiffAndDriftMarkdownLinkNothingFromTheLog() throws {
        var projection = Projection()
        let at = Timestamp(userInput: "2026-01-01")!
        projection.apply(
            Event(
                id: "e1", at: at, toggle: "isX", actor: "ops@evil.example",
                change: .created(
                    ToggleDefinition(
                        kind: .remote, valueType: .string, defaultValue: .string("visit www.evil.example"), category: "release",
                        owner: "ops@evil.example", description: "mail ops@evil.example", expires: CalendarDate("2026-02-01")))))
        let before = projection.sortedToggles
        projection.apply(Event(id: "e2", at: Timestamp(userInput: "2026-01-02")!, toggle: "isX", actor: "a", change: .removed(reason: "see www.evil.example or ops@evil.example")))
        let report = StaleReport(toggles: before, policy: .standard, now: Timestamp(userInput: "2026-03-01")!)
        let diff = ToggleDiff(from: before, to: projection.sortedToggles)
        let outputs = [
            StaleMarkdownRenderer.render(report),
            DiffRenderer.markdown(
                diff, from: DiffRenderer.Side(at: nil, revision: "v1"), to: DiffRenderer.Side(at: nil, revision: "v2"), title: "www.evil.example ops@evil.example"),
        ]
        #expect(outputs[1].contains("evil"), "\(outputs[1])")
        for markdown in outputs {
            #expect(GFMAutolinks.links(in: markdown).isEmpty, "\(markdown)")
        }
    }

    @Test func pipesShowAsPipesOutsideTables() {
        #expect(StaleMarkdownRenderer.inlineCode("a|b") == "`a|b`")
        #expect(StaleMarkdownRenderer.codeSpan("a|b") == "`a\\|b`")
        var projection = Projection()
        projection.apply(
            Event(
                id: "e1", at: Timestamp(userInput: "2026-01-01")!, toggle: "isX", actor: "a",
                change: .created(
                    ToggleDefinition(
                        kind: .remote, valueType: .bool, defaultValue: .bool(false), category: "release", owner: "team|ios", expires: CalendarDate("2026-02-01")))))
        let report = StaleReport(toggles: Array(projection.toggles.dictionary.values), policy: .standard, now: Timestamp(userInput: "2026-01-25")!)
        let due = DueMarkdownRenderer.render(DueList(report: report, windowDays: 14))
        let heading = due.split(separator: "\n").first { $0.hasPrefix("#### ") }
        #expect(heading == "#### `team|ios`", "\(due)")
    }
}

/// The two autolink rules of cmark-gfm's extension, on Markdown source, outside code spans
/// and HTML comments: `www.` where it starts a word (after a space, `*`, `_`, `~`, `(` or
/// the start), with a dot and a name after it; and an address, `@` with a letter, digit or
/// one of `.+-_` right before it in the same run of text (backslash escapes undone, entities
/// decoded) and a domain with a dot after it.
enum GFMAutolinks {
    static func links(in markdown: String) -> [String] {
        var found: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            for run in textRuns(String(line)) {
                found += wwwLinks(run.source) + emailLinks(run.text)
            }
        }
        return found
    }

    /// Pieces of text between code spans and inline HTML: the source as written, and the text it stands for.
    static func textRuns(_ line: String) -> [(source: String, text: String)] {
        var runs: [(String, String)] = []
        var source = "", text = ""
        let characters = Array(line)
        var i = 0
        func flush() { if !source.isEmpty { runs.append((source, text)) }; source = ""; text = "" }
        while i < characters.count {
            let c = characters[i]
            if c == "\\", i + 1 < characters.count, characters[i + 1].isASCII, characters[i + 1].isPunctuation || characters[i + 1].isSymbol {
                source += String(c) + String(characters[i + 1]); text.append(characters[i + 1]); i += 2
            } else if c == "`" {
                var fence = 0
                while i + fence < characters.count, characters[i + fence] == "`" { fence += 1 }
                let marker = String(repeating: "`", count: fence)
                let rest = String(characters[(i + fence)...])
                if let close = rest.range(of: marker) {
                    flush()
                    i += fence + rest.distance(from: rest.startIndex, to: close.upperBound)
                } else {
                    source += marker; text += marker; i += fence
                }
            } else if c == "<", let end = String(characters[i...]).range(of: ">") {
                flush()
                i += String(characters[i...]).distance(from: String(characters[i...]).startIndex, to: end.upperBound)
            } else if c == "&", let semicolon = characters[i...].firstIndex(of: ";"), semicolon - i < 10 {
                let entity = String(characters[i...semicolon])
                source += entity
                text += ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&#64;": "@", "&quot;": "\""][entity] ?? entity
                i = semicolon + 1
            } else {
                source.append(c); text.append(c); i += 1
            }
        }
        flush()
        return runs
    }

    static func wwwLinks(_ source: String) -> [String] {
        let characters = Array(source)
        var found: [String] = []
        for i in characters.indices where characters[i...].starts(with: "www.") {
            let before: Character = i == 0 ? " " : characters[i - 1]
            guard before.isWhitespace || "*_~(".contains(before) else { continue }
            if i + 4 < characters.count, characters[i + 4].isLetter || characters[i + 4].isNumber { found.append(String(characters[i...])) }
        }
        return found
    }

    static func emailLinks(_ text: String) -> [String] {
        let characters = Array(text)
        var found: [String] = []
        for i in characters.indices where characters[i] == "@" {
            guard i > 0, characters[i - 1].isASCII, characters[i - 1].isLetter || characters[i - 1].isNumber || ".+-_".contains(characters[i - 1]) else { continue }
            let domain = characters[(i + 1)...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
            if domain.contains("."), domain.last.map({ $0.isLetter || $0 == "." }) == true { found.append(String(characters[..<i].suffix(8)) + "@" + String(domain)) }
        }
        return found
    }
}
