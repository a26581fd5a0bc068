import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading the sources: regex literals are literals, `--explain` counts each file once, a
/// FIFO is refused rather than read.
@Suite struct SwiftScanReadingTests {
    static let flags = """
        enum FeatureFlag: String {
            case darkMode
            case newFeed
        }

        """

    /// `/FeatureFlag.darkMode/` is a regex literal: its text names nothing. A division, whose `/`
    /// follows an expression, is still code.
    @Test func aRegexLiteralIsNotAReference() throws {
        let sandbox = try SwiftScanSandbox()
        try sandbox.write("App/Flags.swift", Self.flags)
        try sandbox.write("App/Search.swift", """
            let pattern = /FeatureFlag.darkMode/
            let matches = text.contains(/FeatureFlag\\.newFeed [a-z\\/]+/)
            if case /x\\/y/ = name { }
            let ratio = total/FeatureFlag.newFeed.rawValue.count/2
            let half = FeatureFlag.darkMode.rawValue.count / 2

            """)
        let result = try SwiftSourceScan().run(paths: ["App"], currentDirectory: sandbox.path)
        let uses = result.references.filter { $0.kind != .declaration }.map { "\($0.file):\($0.line) \($0.symbol)" }
        #expect(uses == ["App/Search.swift:4 FeatureFlag.newFeed", "App/Search.swift:5 FeatureFlag.darkMode"])
        let tokens = SwiftLexer.tokenize("let pattern = /FeatureFlag.darkMode/ + x")
        #expect(tokens.map(\.kind) == [.identifier, .identifier, .operator, .string, .operator, .identifier])
    }

    /// The file `--explain` names is scanned once, however it is spelled: with `.` as the path,
    /// `App/Flags.swift` was also listed as `./App/Flags.swift` and its cases counted twice.
    @Test func explainCountsTheDeclaredCasesOnce() throws {
        let sandbox = try SwiftScanSandbox()
        try sandbox.write("App/Flags.swift", Self.flags + "let unrelated = 1\n")
        let why = try SwiftSourceScan().explain(paths: ["."], currentDirectory: sandbox.path, file: "App/Flags.swift", line: 5)
        #expect(why.count == 1 && why[0].contains("the scanned files declare 2 toggle cases"), "\(why)")
    }

    /// A FIFO named like a source file is refused, naming it; the scan does not block on it.
    @Test func aFIFOIsRefusedNotRead() throws {
        let sandbox = try SwiftScanSandbox()
        try sandbox.write("App/Flags.swift", Self.flags)
        #expect(mkfifo(sandbox.path + "/App/Pipe.swift", 0o644) == 0)
        // The walk skips what is not a regular file; a path named explicitly is opened, and was
        // read with a blocking open that waited for a writer forever.
        let result = try SwiftSourceScan().run(paths: ["App/Flags.swift", "App/Pipe.swift"], currentDirectory: sandbox.path)
        #expect(result.fileCount == 1)
        #expect(result.problems == ["App/Pipe.swift: cannot read \(sandbox.path)/App/Pipe.swift: not a regular file (a FIFO, a device or a socket)"], "\(result.problems)")
    }
}
