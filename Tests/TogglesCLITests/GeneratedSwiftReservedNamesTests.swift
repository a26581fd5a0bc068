import Foundation
@testable import SwiftSource
import Testing
@testable import ToggleLedger
import TestSupport

/// A toggle may be named anything Remote Config accepts, Swift keywords and the generated
/// enums' own members included (`allCases`, `Type`, `currentTarget`…): `export swift` still
/// writes a file that compiles against ToggleKit, with hostile text escaped.
@Suite struct GeneratedSwiftReservedNamesTests {
    static let spellings = SwiftToggleGenerator.keywords.union([
        "Type", "Protocol", "allCases", "AllCases", "currentTarget", "init", "rawValue", "RawValue", "key", "defaultValue",
        "hashValue", "description", "self", "Self", "_", "isPlain",
    ]).sorted()

    static func line(_ name: String, kind: String, type: String, value: String, index: Int) -> String {
        #"{"schema":1,"id":"r\#(index)","at":"2026-03-01T10:00:00Z","type":"created","toggle":"\#(name)","actor":"t@example.com","kind":"\#(kind)","valueType":"\#(type)","default":\#(value),"category":"release","owner":"o\u202e\u2066\u009b@example.com","description":"d\u202ex\u200f"}"#
    }

    @Test(
        .tags(.swiftToolchain), arguments: [("build", "bool", "true"), ("local", "bool", "false"), ("remote", "bool", "true"), ("remote", "string", #""a\u202eb\u2066c\u009b""#)])
    func everyReservedSpellingCompiles(kind: String, type: String, value: String) throws {
        let directory = try TemporaryDirectory()
        let lines = Self.spellings.enumerated().map { Self.line($1, kind: kind, type: type, value: value, index: $0) }.joined(separator: "\n") + "\n"
        let append = toggles(["append"], in: directory.url, stdin: lines)
        try #require(append.status == 0, "\(append)")
        let export = toggles(["export", "swift", "--output", "Toggles.swift"], in: directory.url)
        try #require(export.status == 0, "\(export)")
        let code = try directory.read("Toggles.swift")
        for hostile in ["\u{202E}", "\u{2066}", "\u{9B}", "\u{200F}"] { #expect(!code.contains(hostile)) }
        let build = TogglesBinary.url.deletingLastPathComponent()
        let modules = build.appendingPathComponent("Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("ToggleKit.swiftmodule").path), "build ToggleKit first")
        let check = try Subprocess.run("/usr/bin/env", ["swiftc", "-typecheck", "-I", modules.path, "Toggles.swift"], in: directory.url)
        #expect(check.status == 0, "\(check)")
        #expect(!check.stderr.contains("warning"), "\(check.stderr)")
        // A plain name is a case as before.
        #expect(code.contains("    case isPlain\n"))
    }
}
