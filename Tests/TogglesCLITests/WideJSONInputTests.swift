import Foundation
import Testing
import TestSupport

/// Issue 26 §4, memory in proportion to the input: a line, a template or a plist holding
/// more than 2^20 values (2 MB of `[0,0,…]` is enough) is refused with its file and line,
/// before the reader builds more of it, and nothing is appended.
@Suite struct WideJSONInputTests {
    /// `[0,0,…]` one value over the bound (the array counts one).
    static let wideArray = "[" + Array(repeating: "0", count: 1 << 20).joined(separator: ",") + "]"
    static let seed =
        #"{"schema":1,"id":"1","at":"2026-01-01T00:00:00Z","type":"created","toggle":"isWide","actor":"ci@example.com","kind":"remote","valueType":"json","default":{},"category":"release"}"#

    @Test func aWideLineInTheLogIsAnErrorNamingItsFileAndLine() throws {
        let directory = try TemporaryDirectory()
        try directory.write("events/2026/01/a.jsonl", Self.seed + "\n" + Self.wideArray + "\n")
        let state = InProcessToggles.run(["state"], in: directory.url)
        #expect(state.status == 2, "\(state)")
        #expect(
            state.stderr.contains(
                "events/2026/01/a.jsonl:2: invalid JSON: more than 1048576 values (objects, arrays, strings, numbers, literals), expected at most 1048576 in one JSON text"),
            "\(state.stderr.prefix(400))")
        let create = InProcessToggles.run(["create", "isNew", "--kind", "local", "--type", "bool", "--default", "false"], in: directory.url)
        #expect(create.status == 2, "\(create)")
        #expect(directory.segments().count == 1, "nothing appended to an unreadable log")
    }

    @Test func aWideEventToAppendIsRefusedAndNothingIsAppended() throws {
        let directory = try TemporaryDirectory()
        try directory.write("events/2026/01/a.jsonl", Self.seed + "\n")
        let line = #"{"type":"default-changed","toggle":"isWide","default":"# + Self.wideArray + "}"
        try directory.write("batch.jsonl", #"{"type":"removed","toggle":"isWide"}"# + "\n" + line + "\n")
        let append = InProcessToggles.run(["append", "--file", "batch.jsonl"], in: directory.url)
        #expect(append.status == 65, "\(append.stderr.prefix(400))")
        #expect(append.stderr.contains("batch.jsonl:2: invalid JSON: more than 1048576 values"), "\(append.stderr.prefix(400))")
        #expect(append.stderr.contains("nothing was appended"))
        #expect(directory.segments() == ["events/2026/01/a.jsonl"])
    }

    @Test func aWideTemplateIsRefusedAndNothingIsAppended() throws {
        let directory = try TemporaryDirectory()
        try directory.write("events/2026/01/a.jsonl", Self.seed + "\n")
        try directory.write("template.json", #"{"parameters":{"isNew":{"defaultValue":{"value":"x"}}},"conditions":[],"padding":"# + Self.wideArray + "}")
        for dryRun in [[], ["--dry-run"]] {
            let run = InProcessToggles.run(["import", "firebase", "template.json"] + dryRun, in: directory.url)
            #expect(run.status == 65, "\(run.stderr.prefix(400))")
            #expect(run.stderr.contains("template.json: not a Remote Config template: invalid JSON: more than 1048576 values"), "\(run.stderr.prefix(400))")
        }
        #expect(directory.segments() == ["events/2026/01/a.jsonl"])
    }

    @Test func aWidePlistIsRefusedWithItsLineAndNothingIsAppended() throws {
        let directory = try TemporaryDirectory()
        try directory.write("events/2026/01/a.jsonl", Self.seed + "\n")
        let values = String(repeating: "<true/>", count: 1 << 20)
        try directory.write(
            "defaults.plist", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>isWide</key>\n<array>" + values + "</array>\n</dict>\n</plist>\n")
        let run = InProcessToggles.run(["import", "plist", "defaults.plist", "--at", "2026-02-01"], in: directory.url)
        #expect(run.status == 65, "\(run.stderr.prefix(400))")
        #expect(run.stderr.contains("defaults.plist:5: more than 1048576 values, expected at most 1048576 in one property list"), "\(run.stderr.prefix(400))")
        #expect(directory.segments() == ["events/2026/01/a.jsonl"])
    }
}
