import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The CI formats' pieces: paths, escaping, the annotation limit, the job summary's cut.
/// (End to end, on real logs and the built binary: TogglesCLITests/CIFormatTests.swift.)
@Suite struct CIRendererTests {
    @Test(arguments: [
        ("/repo", "/repo/app", "events/a.jsonl", "app/events/a.jsonl"),
        ("/repo", "/repo/app", "../events/a.jsonl", "events/a.jsonl"),
        ("/repo", "/repo", "./events/./2026/a.jsonl", "events/2026/a.jsonl"),
        ("/repo/", "/repo//app/", "x.swift", "app/x.swift"),
        ("/repo", "/repo/app", "/repo/Sources/A.swift", "Sources/A.swift"),
        ("/repo", "/repo/app", "../../elsewhere/a.jsonl", "/elsewhere/a.jsonl"),
        ("/repo", "/repository", "a.jsonl", "/repository/a.jsonl"),
        ("/", "/tmp", "a.jsonl", "tmp/a.jsonl"),
    ])
    func pathsAreRelativeToTheRepositoryRoot(root: String, working: String, path: String, expected: String) {
        #expect(RepositoryPaths(root: root, workingDirectory: working).relative(path) == expected)
    }

    @Test func withoutARootPathsStayAsTheReportHasThem() {
        #expect(RepositoryPaths.workingDirectoryIsRoot.relative("../events/a.jsonl") == "../events/a.jsonl")
    }

    @Test(arguments: [
        ("plain", "plain", "plain"),
        ("100%", "100%25", "100%25"),
        ("a:b,c", "a:b,c", "a%3Ab%2Cc"),
        ("%0A", "%250A", "%250A"),
        ("line\nbreak\r", "line break ", "line break "),
        ("esc\u{1B}[2J", "esc\\u{1B}[2J", "esc\\u{1B}[2J"),
        ("::error::x", "::error::x", "%3A%3Aerror%3A%3Ax"),
    ])
    func workflowCommandsEscapeAsTheRunnerDecodes(text: String, data: String, property: String) {
        #expect(StaleGitHubRenderer.escapeData([text]) == data)
        #expect(StaleGitHubRenderer.escapeProperty(text) == property)
    }

    @Test func aMessagesOwnLinesAreEncodedLineFeeds() {
        #expect(StaleGitHubRenderer.escapeData(["one", "two%"]) == "one%0Atwo%25")
    }

    @Test(arguments: [
        ("a & b < c > d", XMLText.Context.text, "a &amp; b &lt; c &gt; d"),
        ("\"q\" 'a'", .attribute, "&quot;q&quot; &apos;a&apos;"),
        ("two\nlines\ttab", .attribute, "two&#10;lines&#9;tab"),
        ("two\nlines", .text, "two\nlines"),
        ("nul\u{0}bell\u{7}vt\u{B}", .text, "nul\\u{0}bell\\u{7}vt\\u{B}"),
        ("non\u{FFFE}chars\u{FFFF}", .text, "non\\u{FFFE}chars\\u{FFFF}"),
        ("]]> <!-- -->", .text, "]]&gt; &lt;!-- --&gt;"),
        ("esc\u{1B}c1\u{85}bidi\u{202E}", .text, "esc\\u{1B}c1\\u{85}bidi\\u{202E}"),
        ("é中😀", .text, "é中😀"),
        // A property list's string reads back exactly: only & < > and CR are replaced.
        ("a & b < c > d \"q\" 'a'", .exact, "a &amp; b &lt; c &gt; d \"q\" 'a'"),
        ("cr\rlf\ntab\tesc\u{1B}bidi\u{202E}", .exact, "cr&#13;lf\ntab\tesc\u{1B}bidi\u{202E}"),
    ])
    func xmlTextEscapesMarkupAndForbiddenCharacters(text: String, context: XMLText.Context, expected: String) {
        #expect(XMLText.escape(text, context) == expected)
    }

    @Test func aSummaryThatFitsIsAppendedWhole() {
        let (text, outcome) = GitHubStepSummary.fitted("# Report\n", room: 100)
        #expect(text == "\n# Report\n")
        #expect(outcome == .appended(bytes: 10))
    }

    @Test func aSummaryTooLargeIsCutAtALineWithItsDetailsClosedAndANote() {
        // Multi-byte characters everywhere: a cut inside one would be invalid UTF-8.
        var markdown = "<!-- toggles-report -->\n<details><summary>é</summary>\n\n"
        for row in 0..<2000 { markdown += "| `toggle\(row)` | é中😀 | stale |\n" }
        markdown += "\n</details>\n"
        let room = 10_000
        let (text, outcome) = GitHubStepSummary.fitted(markdown, room: room, limit: room)
        #expect(text.utf8.count <= room)
        guard case .truncated(let kept, let total) = outcome else { Issue.record("not truncated: \(outcome)"); return }
        #expect(total == markdown.utf8.count && kept < total)
        #expect(String(validating: Array(text.utf8), as: UTF8.self) != nil)
        #expect(text.contains("|\n\n</details>\n\n> **Truncated:** the report has \(total) bytes and GitHub takes \(room) per step"))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(rows.allSatisfy { $0.hasSuffix(" | stale |") }, "no row is cut in half")
    }

    @Test func aFullSummaryTakesNothing() {
        let (text, outcome) = GitHubStepSummary.fitted(String(repeating: "x\n", count: 1000), room: 50)
        #expect(text.isEmpty && outcome == .noRoom)
    }

    /// The formats take every reason from the report, so a reason code added to
    /// `StaleReason.Code` appears in each without a change here.
    @Test func everyReasonCodeFlowsThroughEveryCIFormat() throws {
        var script = ToggleScript(name: "isEverything")
        script.create("2026-01-01T00:00:00Z")
        let now = ToggleScript.at("2026-11-22T00:00:00Z")
        var report = StaleReport(
            toggles: [script.state], policy: .standard, now: now,
            declaredAt: ["isEverything": LineLocation(file: "events/2026/a.jsonl", line: 3)])
        report.entries[0].reasons = StaleReason.Code.allCases.map { code in
            StaleReason(code: code, days: 5, since: now, limitDays: 30, category: "release", owner: "owner@example.com")
        }
        let github = StaleGitHubRenderer.render(report)
        let junit = StaleJUnitRenderer.render(report)
        let gitlab = try JSONParser.parse(StaleGitLabRenderer.render(report)).arrayValue ?? []
        let sarif = try JSONParser.parse(StaleSARIFRenderer.render(report, toolVersion: "0")).objectValue
        let sarifRules = sarif?["runs"]?.arrayValue?.first?.objectValue?["tool"]?.objectValue?["driver"]?.objectValue?["rules"]?.arrayValue ?? []
        #expect(gitlab.count == StaleReason.Code.allCases.count)
        for (code, reason) in zip(StaleReason.Code.allCases, report.entries[0].reasons) {
            #expect(github.contains(code.rawValue) && github.contains(StaleGitHubRenderer.escapeData([reason.message])), "\(code)")
            #expect(junit.contains("\(code.rawValue): \(XMLText.escape(reason.message, .text))"), "\(code)")
            #expect(gitlab.contains { $0.objectValue?["check_name"] == .string("toggles/\(code.rawValue)") }, "\(code)")
            #expect(sarifRules.contains { $0.objectValue?["id"] == .string(code.rawValue) }, "\(code)")
        }
    }

    @Test func theMostImportantAnnotationsComeFirst() throws {
        // Stale for 10, 40 and 20 days; the scan still declares the 20-day one: an error, first.
        var states: [ToggleState] = []
        for (name, created) in [("isA", "2026-10-13"), ("isB", "2026-09-13"), ("isC", "2026-10-03")] {
            var script = ToggleScript(name: name)
            script.create(created + "T00:00:00Z")
            states.append(script.state)
        }
        var report = StaleReport(toggles: states, policy: .standard, now: ToggleScript.at("2026-11-22T00:00:00Z"))
        report.codeReferences = ["isC": [CodeReference(toggle: "isC", kind: .declaration, file: "A.swift", line: 3, column: 10, symbol: "isC")]]
        let annotations = StaleGitHubRenderer.annotations(report, verdict: nil, paths: .workingDirectoryIsRoot)
        #expect(annotations.map(\.toggle) == ["isC", "isB", "isA"])
        #expect(annotations.map(\.level) == [.error, .warning, .warning])
    }
}
