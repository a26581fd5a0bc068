import Foundation
import SwiftSource
import Testing
import ToggleLedger
@testable import TogglesCLI
import TestSupport

/// `toggles append` in-process: how lines are split and numbered, what is printed, how the
/// input file is read.
@Suite struct AppendCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func append(_ arguments: [String] = [], stdin: String = "", in directory: URL) -> Run {
        nonisolated(unsafe) var stdout = ""
        nonisolated(unsafe) var stderr = ""
        let context = CommandContext(
            environment: ["TOGGLES_ACTOR": "tester"], currentDirectory: directory.path,
            now: { Timestamp(rfc3339: "2026-03-01T00:00:00Z")! }, outputIsTerminal: false,
            standardInput: { Array(stdin.utf8) }, write: { stdout += $0 }, writeError: { stderr += $0 }, gitEmail: { nil })
        let status = TogglesCLI.run(["append"] + arguments, context: context)
        return Run(status: status, stdout: stdout, stderr: stderr)
    }

    static func created(_ toggle: String, id: String, at: String, actor: String = "ci@example.com") -> String {
        #"{"schema":1,"id":"\#(id)","at":"\#(at)","type":"created","toggle":"\#(toggle)","actor":"\#(actor)","kind":"local","valueType":"bool","default":false,"category":"release"}"#
    }

    static func segmentBytes(_ directory: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        let root = directory.appendingPathComponent("events")
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) ?? FileManager.DirectoryEnumerator()
        where url.pathExtension == "jsonl" {
            contents[url.lastPathComponent] = try Data(contentsOf: url)
        }
        return contents
    }

    @Test func blankAndCRLFLinesAreSkippedAndCountedInLineNumbers() throws {
        let lines = [Self.created("a", id: "1", at: "2026-01-01T00:00:00Z"), "", "  \t ", Self.created("b", id: "2", at: "2026-01-02T00:00:00Z")]
        let plain = try TemporaryDirectory()
        #expect(Self.append(stdin: lines.joined(separator: "\n") + "\n", in: plain.url).status == 0)
        let crlf = try TemporaryDirectory()
        let run = Self.append(stdin: lines.joined(separator: "\r\n") + "\r\n\r\n", in: crlf.url)
        #expect(run.status == 0, "\(run)")
        #expect(try Self.segmentBytes(crlf.url) == Self.segmentBytes(plain.url))
        #expect(try Self.segmentBytes(crlf.url).count == 1)

        let bad = Self.append(stdin: (lines + ["{\"schema\":1,"]).joined(separator: "\r\n"), in: crlf.url)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("stdin:5: invalid JSON"), "\(bad)")
        let badID = Self.append(stdin: "\n\n" + Self.created("c", id: "has space", at: "2026-01-03T00:00:00Z"), in: crlf.url)
        #expect(badID.status == 65)
        #expect(badID.stderr.contains("stdin:3: an event id may not contain spaces"), "\(badID)")
        #expect(try Self.segmentBytes(crlf.url) == Self.segmentBytes(plain.url), "a rejected batch appends nothing")

        let empty = Self.append(stdin: "\n \n", in: crlf.url)
        #expect(empty.status == 0)
        #expect(empty.stderr.contains("no events in stdin; nothing appended"))
    }

    @Test func theReportListsEveryWrittenEventInReplayOrderSanitized() throws {
        // Over 64 KiB of report, so it is written in several chunks; actors a terminal must
        // not interpret.
        let actors = ["ci@example.com", "Zoë", "evil\u{1B}[31m", "tab\there", "\u{202E}rtl"]
        var events: [String] = []
        for number in (0..<1_500).reversed() {
            let actor = actors[number % actors.count].unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
            events.append(Self.created("toggle\(number)", id: "id-\(number)", at: "2026-01-01T00:\(String(format: "%02d", number % 60)):00Z", actor: actor))
        }
        let directory = try TemporaryDirectory()
        let run = Self.append(stdin: events.joined(separator: "\n"), in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        let decoded = try events.map { try EventCodec.decode(try JSONParser.parse($0)) }
        let ordered = decoded.sorted { $0.orderKey < $1.orderKey }
        let expected = ordered.map { TerminalText.sanitize("\($0.type) \($0.toggle) at \($0.at) by \($0.actor) (id \($0.id))") + "\n" }.joined()
        let segment = try #require(Self.segmentBytes(directory.url).keys.first)
        #expect(run.stdout == expected + "appended to events/2026/01/\(segment)\n")
        #expect(run.stdout.contains("evil\\u{1B}[31m"))
        #expect(!run.stdout.contains("\u{1B}"))
    }

    @Test func theInputFileIsReadOrItsProblemNamed() throws {
        let directory = try TemporaryDirectory()
        try directory.write("batch.jsonl", Self.created("a", id: "1", at: "2026-01-01T00:00:00Z") + "\n")
        let run = Self.append(["--file", "batch.jsonl"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("created a at 2026-01-01T00:00:00Z by ci@example.com (id 1)\n"))
        let missing = Self.append(["--file", "missing.jsonl"], in: directory.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing.jsonl does not exist"), "\(missing)")
        let folder = Self.append(["--file", "events"], in: directory.url)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("events is a directory; expected a file"), "\(folder)")
        let bad = try TemporaryDirectory()
        try bad.write("bad.jsonl", "\n" + Self.created("a", id: "1", at: "2026-01-01T00:00:00Z") + "\n[]\n")
        let rejected = Self.append(["--file", "bad.jsonl"], in: bad.url)
        #expect(rejected.status == 65)
        #expect(rejected.stderr.contains("bad.jsonl:3: expected a JSON object (one event per line); nothing was appended"), "\(rejected)")
    }
}
