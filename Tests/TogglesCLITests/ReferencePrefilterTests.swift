import Foundation
import Testing
@testable import SwiftSource
import ToggleLedger
import TestSupport

/// Issue 27 (speed): pass 2 reads but does not lex a file holding none of the names a
/// reference rule can match. The filter must change nothing: every fixture app is scanned with
/// and without it, with its log and without one, and the results compared.
@Suite struct ReferencePrefilterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/swiftRecall")

    /// The toggles an app's events.jsonl creates, with their kinds.
    static func toggleKinds(_ app: String) throws -> [String: ToggleKind] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("\(app)/events.jsonl"), encoding: .utf8)
        var kinds: [String: ToggleKind] = [:]
        for line in text.split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let name = event["toggle"] as? String, let kind = (event["kind"] as? String).flatMap(ToggleKind.init(rawValue:)) { kinds[name] = kind }
        }
        return kinds
    }

    static func scan(_ path: String, kinds: [String: ToggleKind], prefilter: Bool) throws -> ScanResult {
        var scan = SwiftSourceScan(toggleKinds: kinds)
        scan.prefiltersFiles = prefilter
        return try scan.run(paths: [path], currentDirectory: "/")
    }

    static func expectSame(_ path: String, kinds: [String: ToggleKind], _ what: String) throws {
        let filtered = try scan(path, kinds: kinds, prefilter: true)
        let whole = try scan(path, kinds: kinds, prefilter: false)
        #expect(filtered.references == whole.references, "\(what): references")
        #expect(filtered.declarations.map(\.key) == whole.declarations.map(\.key), "\(what): declarations")
        #expect(filtered.problems == whole.problems && filtered.fileCount == whole.fileCount, "\(what): problems and files")
    }

    @Test func everyFixtureAppGivesTheSameReferencesWithAndWithoutTheFilter() throws {
        let apps = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).sorted()
            .filter { FileManager.default.fileExists(atPath: Self.fixtures.appendingPathComponent("\($0)/events.jsonl").path) }
        #expect(apps.count >= 8)
        for app in apps {
            let source = Self.fixtures.appendingPathComponent("\(app)/src").path
            let kinds = try Self.toggleKinds(app)
            try Self.expectSame(source, kinds: kinds, "\(app) with its log")
            try Self.expectSame(source, kinds: [:], "\(app) without a log")
            #expect(try !Self.scan(source, kinds: kinds, prefilter: true).references.isEmpty, "\(app) has references")
        }
    }

    /// Names as the rules see them: through backticks, as string keys in any spelling, through
    /// a key constant, and spelled with U+212A KELVIN SIGN, which `String` takes for `K`.
    @Test func namesTheBytesHideAreStillFound() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/Flags.swift",
            """
            enum FeatureFlag: String {
                case darkMode = "dark_mode"
                case `default`
            }
            enum RCKeys {
                static let rounded = "isRoundedAvatar"
            }

            """)
        try directory.write("App/Backticks.swift", "let a = FeatureFlag.`default`\n")
        try directory.write("App/Strings.swift", "let b = remoteConfig[\"is-rounded-avatar\"]\nlet c = flag(\"dark_mode\")\n")
        try directory.write("App/Constant.swift", "let d = RCKeys.rounded\n")
        try directory.write("App/Kelvin.swift", "let e = settings.is\u{212A}ey\n")
        try directory.write("App/Nothing.swift", "let f = isKeyed + darkModes // isRounded\n")
        let kinds: [String: ToggleKind] = ["dark_mode": .remote, "isRoundedAvatar": .remote, "isKey": .local, "default": .remote]
        try Self.expectSame(directory.path, kinds: kinds, "sandbox")
        let found = try Self.scan(directory.path, kinds: kinds, prefilter: true).references
        for file in ["Backticks", "Strings", "Constant", "Kelvin"] {
            #expect(found.contains { $0.file.hasSuffix("/\(file).swift") }, "\(file).swift has a reference: \(found.map(\.file))")
        }
        #expect(!found.contains { $0.file.hasSuffix("/Nothing.swift") })
    }

    @Test func aFileIsLexedOnlyWhenItHoldsANameAsAWholeWord() {
        let filter = ReferencePrefilter(names: ["isKey", "dark_mode", "x"])
        func passes(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer { filter.mayReference($0) } }
        #expect(passes("flags.isKey"))
        #expect(passes("`isKey`"))
        #expect(passes("[\"dark_mode\": true]"))
        #expect(passes("a.x"))
        #expect(passes("is\u{212A}ey"), "KELVIN SIGN is K to String")
        #expect(passes("let a = 1\u{037E} let b = \u{1FEF}"), "GREEK QUESTION MARK is ; and VARIA is ` to String")
        #expect(!passes("let isKeyed = 1; let y = xx; // dark_modes"))
        #expect(!passes(""))
        #expect(!passes("$isKey _isKey isKey2"))
        // No name to match: no file; names it cannot list, or that are not ASCII: every file.
        #expect(!Array("FeatureFlag.x".utf8).withUnsafeBufferPointer { ReferencePrefilter(names: []).mayReference($0) })
        #expect(Array("let a = 1".utf8).withUnsafeBufferPointer { ReferencePrefilter(names: nil).mayReference($0) })
        #expect(Array("let a = 1".utf8).withUnsafeBufferPointer { ReferencePrefilter(names: ["café"]).mayReference($0) })
    }
}
