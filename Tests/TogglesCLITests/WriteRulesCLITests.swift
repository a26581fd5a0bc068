import Foundation
import Testing
import TestSupport

/// Issue 15 §2 through the built binary, commands run back to back: what a command writes,
/// every other command reads; what a reader would refuse, no command writes.
@Suite struct WriteRulesCLITests {
    static let environment = TogglesBinary.cleanEnvironment(["TOGGLES_ACTOR": "tester@example.com"])

    @discardableResult
    static func run(_ arguments: [String], in directory: TemporaryDirectory, stdin: String? = nil, expect status: Int32 = 0) throws -> TogglesBinary.Run {
        let result = try TogglesBinary.run(arguments, in: directory.url, stdin: stdin, environment: environment)
        #expect(result.status == status, "toggles \(arguments.joined(separator: " ").prefix(200))\n\(result)")
        return result
    }

    static func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + String(repeating: "]", count: levels) }

    @Test func anExpiryOf9999IsReadByEveryCommand() throws {
        let directory = try TemporaryDirectory("write-rules")
        try Self.run(["create", "isNever", "--kind", "remote", "--type", "bool", "--default", "false", "--expires", "9999-12-31"], in: directory)
        try Self.run(["check"], in: directory)
        for format in ["text", "json", "markdown", "csv", "sarif"] { try Self.run(["report", "--format", format], in: directory) }
        let swift = try Self.run(["export", "swift"], in: directory)
        #expect(swift.stdout.contains("Expires: 9999-12-31"))
        try Self.run(["state", "--at", "9999-12-31"], in: directory, expect: 64)
        try Self.run(["audit", "--strict"], in: directory)
    }

    @Test func futureEventsAreRefusedAndNothingIsAppended() throws {
        let directory = try TemporaryDirectory("write-rules")
        let refused = try Self.run(["create", "isLater", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2206-01-01"], in: directory, expect: 65)
        #expect(refused.stderr.contains("dated after now"), "\(refused)")
        #expect(directory.segments().isEmpty)
        let line = #"{"type":"created","toggle":"isLater","kind":"local","valueType":"bool","default":false,"category":"release","at":"2206-01-01T00:00:00Z"}"#
        let appended = try Self.run(["append"], in: directory, stdin: line + "\n", expect: 65)
        #expect(appended.stderr.contains("created isLater at 2206-01-01T00:00:00Z: it is dated after now"), "\(appended)")
        #expect(directory.segments().isEmpty)
        // Within the clock-skew allowance is fine.
        let soon = ISO8601DateFormatter().string(from: Date().addingTimeInterval(120))
        try Self.run(["create", "isSoon", "--kind", "local", "--type", "bool", "--default", "false", "--at", soon], in: directory)
        try Self.run(["state"], in: directory)
    }

    @Test func deepValuesAreRefusedByEveryWriterBeforeAnythingIsWritten() throws {
        let directory = try TemporaryDirectory("write-rules")
        let deep = try Self.run(["create", "isDeep", "--kind", "remote", "--type", "json", "--default", Self.nested(256)], in: directory, expect: 65)
        #expect(deep.stderr.contains("nest more than 256 levels"), "\(deep)")
        #expect(directory.segments().isEmpty)
        // Firebase: the parameter's JSON text is 256 deep; its event line would be 257.
        let template = #"{"parameters":{"isDeep":{"defaultValue":{"value":"\#(Self.nested(256))"},"valueType":"JSON"}},"version":{"versionNumber":"1"}}"#
        try directory.write("template.json", template)
        let firebase = try Self.run(["import", "firebase", "template.json"], in: directory, expect: 65)
        #expect(firebase.stderr.contains("nest more than 256 levels"), "\(firebase)")
        #expect(directory.segments().isEmpty)
        // One level less is written, and read back by every command, appends included.
        try Self.run(["create", "isDeep", "--kind", "remote", "--type", "json", "--default", Self.nested(255)], in: directory)
        try Self.run(["state", "--format", "json"], in: directory)
        try Self.run(["audit", "--strict"], in: directory)
        try Self.run(["create", "isNext", "--kind", "local", "--type", "bool", "--default", "false"], in: directory)
    }

    @Test func aPlistOf100000NestedArraysIsAnErrorNotACrash() throws {
        let directory = try TemporaryDirectory("write-rules")
        try Self.run(["create", "isJSON", "--kind", "remote", "--type", "json", "--default", "[]"], in: directory)
        let plist =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>isJSON</key>"#
            + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</dict></plist>\n"
        try directory.write("deep.plist", plist)
        let result = try Self.run(["import", "plist", "deep.plist"], in: directory, expect: 65)
        #expect(result.stderr.contains("deep.plist:1: <array> nested deeper than 256 levels"), "\(result)")
    }

    @Test func idsTheWriterForbidsFailStrictAudit() throws {
        let directory = try TemporaryDirectory("write-rules")
        for id in ["a\u{A0}b", "a\u{2028}b"] {
            let line = #"{"type":"created","toggle":"isA","kind":"local","valueType":"bool","default":false,"category":"release","id":"\#(id)"}"#
            try Self.run(["append"], in: directory, stdin: line + "\n", expect: 65)
        }
        #expect(directory.segments().isEmpty)
        // Arriving in a segment (a merge, a hand edit): read, but flagged.
        let long = String(repeating: "x", count: 201)
        var lines: [String] = []
        for (number, id) in ["has space", "esc\\u001b", long].enumerated() {
            lines.append(
                #"{"schema":1,"id":"\#(id)","at":"2026-01-0\#(number + 1)T00:00:00Z","type":"created","toggle":"isA\#(number)","actor":"me","kind":"local","valueType":"bool","default":false,"category":"release"}"#
            )
        }
        try directory.write("events/2026/01/20260101T000000Z-isA-0000000000000000.jsonl", lines.joined(separator: "\n") + "\n")
        let lenient = try Self.run(["audit"], in: directory)
        #expect(lenient.stdout.contains("warning: events/2026/01/20260101T000000Z-isA-0000000000000000.jsonl:1: id \"has space\""), "\(lenient)")
        let strict = try Self.run(["audit", "--strict"], in: directory, expect: 2)
        #expect(strict.stdout.contains("INVALID (3 errors)"), "\(strict)")
        try Self.run(["state"], in: directory)
    }

    @Test(.tags(.python)) func exportedPlistsAreWellFormedAndImportBack() throws {
        let directory = try TemporaryDirectory("write-rules")
        let tricky = "bell \u{7} esc \u{1B}[31m cr \r nl \n tab \t amp & lt < nul \u{0} end"
        let line = #"{"type":"created","toggle":"appGreeting","kind":"remote","valueType":"string","default":\#(jsonString(tricky)),"category":"remote-config"}"#
        try Self.run(["append"], in: directory, stdin: line + "\n")
        try Self.run(["create", "appTitle", "--kind", "remote", "--type", "string", "--default", "line\rreturn & more"], in: directory)
        try Self.run(["export", "plist", "--output", "Defaults.plist"], in: directory)
        let plist = try directory.read("Defaults.plist")
        #expect(!plist.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "no raw control characters: \(plist)")
        let again = try Self.run(["import", "plist", "Defaults.plist"], in: directory)
        #expect(again.stdout.contains("every in-app default already matches"), "\(again)")
        // Python's plistlib (expat: strict XML 1.0) reads it, to the same strings.
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        guard let python = path.split(separator: ":").map({ "\($0)/python3" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            print("skipped the plistlib check: no python3 on this machine")
            return
        }
        let script = """
            import plistlib, sys
            d = plistlib.load(open(sys.argv[1], 'rb'))
            v = d['appGreeting']
            assert (v.decode('utf-8') if isinstance(v, bytes) else v) == sys.argv[2].replace('<NUL>', '\\0'), repr(v)
            assert d['appTitle'] == 'line\\rreturn & more', repr(d['appTitle'])
            print('ok')
            """
        let checked = try Subprocess.run(
            python, ["-c", script, directory.file("Defaults.plist").path, tricky.replacingOccurrences(of: "\u{0}", with: "<NUL>")], in: directory.url,
            environment: ProcessInfo.processInfo.environment)
        #expect(checked.status == 0 && checked.stdout == "ok\n", "\(checked)")
    }

    private func jsonString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self).dropFirst().dropLast().description
    }
}
