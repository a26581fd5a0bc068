import Foundation
import Testing
import TestSupport

/// Names the lexer would read otherwise than swiftc: a NUL byte inside a name (`ba\0d` is two
/// names to swiftc, and was `ba` to the scan, silently) and a name that is not valid UTF-8 (was
/// printed with U+FFFD as if it were the name). The file is passed over with one warning naming
/// file:line:column, and `sync swift` refuses rather than guess at its toggles.
@Suite struct MalformedSwiftNameTests {
    static let other = "enum InternalToggle: String {\n    case debugMenu\n}\n"

    func app(_ bytes: [UInt8]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("App/Other.swift", Self.other)
        try Data(bytes).write(to: directory.file("App/N.swift"))
        return directory
    }

    @Test func aNulByteInANameIsNamedNotDropped() throws {
        let directory = try app(Array("enum RemoteToggle: String {\n    case good\n    case ba\u{0}d\n}\n".utf8))
        let scan = InProcessToggles.run(["scan", "App"], in: directory.url)
        #expect(scan.status == 0, "\(scan)")
        #expect(scan.stderr == "toggles: warning: App/N.swift:3:12: a NUL byte in code (Swift reads it as a space and warns; delete it); the file is not scanned\n", "\(scan)")
        #expect(!scan.stdout.contains("App/N.swift"), "\(scan)")
        #expect(scan.stdout.contains("App/Other.swift:2:10: debugMenu: declaration case debugMenu"), "\(scan)")
        let sync = InProcessToggles.run(["sync", "swift", "App"], in: directory.url)
        #expect(sync.status == 2, "\(sync)")
        #expect(sync.stderr.contains("App/N.swift:3:12: a NUL byte in code"), "\(sync)")
        #expect(directory.segments().isEmpty)
    }

    @Test func aNameThatIsNotUTF8IsNotPrintedAsIfValid() throws {
        let directory = try app(Array("enum RemoteToggle: String {\n    case good\n    case ba".utf8) + [0xFF] + Array("d\n}\n".utf8))
        let scan = InProcessToggles.run(["scan", "App"], in: directory.url)
        #expect(
            scan.stderr == "toggles: warning: App/N.swift:3:12: an identifier that is not valid UTF-8 (Swift refuses the file; fix its encoding); the file is not scanned\n",
            "\(scan)")
        #expect(!scan.stdout.contains("\u{FFFD}"), "\(scan)")
        // Between backticks any byte is the name's: a NUL there too.
        let quoted = try app(Array("enum RemoteToggle: String {\n    case `ba\u{0}d`\n}\n".utf8))
        let run = InProcessToggles.run(["scan", "App"], in: quoted.url)
        #expect(run.stderr.contains("App/N.swift:2:13: a NUL byte in code"), "\(run)")
    }

    @Test func validUTF8NamesAndNulBytesInStringsAndCommentsAreScanned() throws {
        let directory = try app(Array("enum RemoteToggle: String {\n    case café = \"a\u{0}b\" // \u{0}\n    case naïveMode\n}\n".utf8))
        let scan = InProcessToggles.run(["scan", "App"], in: directory.url)
        #expect(scan.stderr.isEmpty, "\(scan)")
        #expect(scan.stdout.contains("App/N.swift:3:10: naïveMode: declaration case naïveMode"), "\(scan)")
    }
}
