import Foundation
import Testing
import TestSupport
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
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
        let sandbox = try TemporaryDirectory("swift-scan")
        try sandbox.write("App/Flags.swift", Self.flags)
        try sandbox.write(
            "App/Search.swift",
            """
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
        let sandbox = try TemporaryDirectory("swift-scan")
        try sandbox.write("App/Flags.swift", Self.flags + "let unrelated = 1\n")
        let why = try SwiftSourceScan().explain(paths: ["."], currentDirectory: sandbox.path, file: "App/Flags.swift", line: 5)
        #expect(why.count == 1 && why[0].contains("the scanned files declare 2 toggle cases"), "\(why)")
    }

    /// A FIFO named like a source file is refused, naming it; the scan does not block on it.
    @Test func aFIFOIsRefusedNotRead() throws {
        let sandbox = try TemporaryDirectory("swift-scan")
        try sandbox.write("App/Flags.swift", Self.flags)
        #expect(mkfifo(sandbox.path + "/App/Pipe.swift", 0o644) == 0)
        // The walk skips what is not a regular file; a path named explicitly is opened, and was
        // read with a blocking open that waited for a writer forever.
        let result = try SwiftSourceScan().run(paths: ["App/Flags.swift", "App/Pipe.swift"], currentDirectory: sandbox.path)
        #expect(result.fileCount == 1)
        #expect(result.problems == ["App/Pipe.swift: cannot read \(sandbox.path)/App/Pipe.swift: not a regular file (a FIFO, a device or a socket)"], "\(result.problems)")
    }
}

/// The search for `enum` that decides which files pass 1 lexes: 16 positions at a time.
@Suite struct WordSearchTests {
    /// Against a plain search, on random text with the word planted at every offset near the
    /// 16-byte blocks' edges and near the end, and with near misses (`enu`, `num`, `eNum`).
    @Test func findsTheWordWhereverAPlainSearchDoes() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("enum mun eu\n\t{}().:abcxyz".utf8)
        func plain(_ bytes: [UInt8]) -> Bool {
            bytes.count >= 4 && (0...(bytes.count - 4)).contains { bytes[$0..<($0 + 4)].elementsEqual("enum".utf8) }
        }
        for _ in 0..<3000 {
            var bytes = (0..<Int.random(in: 0...70, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            if Bool.random(using: &generator), bytes.count >= 4 {
                let at = Int.random(in: 0...(bytes.count - 4), using: &generator)
                bytes.replaceSubrange(at..<(at + 4), with: Array(["enum", "enu ", "num", "eNum"].randomElement(using: &generator)!.utf8))
            }
            #expect(SwiftSourceScan.contains(bytes, "enum") == plain(bytes), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        for offset in 0..<40 {
            let bytes = Array(repeating: UInt8(ascii: "e"), count: offset) + Array("enum".utf8) + Array(repeating: UInt8(ascii: "m"), count: 40 - offset)
            #expect(SwiftSourceScan.contains(bytes, "enum"))
            #expect(!SwiftSourceScan.contains(Array(bytes.prefix(offset + 3)), "enum"))
        }
    }
}

/// The walk takes each entry's type from the directory listing; what the listing cannot say
/// is asked with lstat. Links to files are followed, links to directories and FIFOs are not.
@Suite struct SwiftFileWalkTests {
    @Test func linksFIFOsAndIgnoresAreWalkedAsBefore() throws {
        let sandbox = try TemporaryDirectory("swift-scan")
        try sandbox.write("App/Flags.swift", SwiftScanReadingTests.flags)
        try sandbox.write("App/Feed.swift", "let a = FeatureFlag.darkMode\n")
        try sandbox.write("App/Ignored/Old.swift", "let b = FeatureFlag.darkMode\n")
        try sandbox.write("App/notes.txt", "FeatureFlag.darkMode\n")
        try sandbox.write("App/.gitignore", "Ignored/\n*.tmp.swift\n")
        try sandbox.write("App/Scratch.tmp.swift", "let c = FeatureFlag.darkMode\n")
        try sandbox.write("Elsewhere/Linked.swift", "let d = FeatureFlag.newFeed\n")
        try sandbox.write("Elsewhere/Deep/Inner.swift", "let e = FeatureFlag.newFeed\n")
        #expect(symlink(sandbox.path + "/Elsewhere/Linked.swift", sandbox.path + "/App/Link.swift") == 0)
        #expect(symlink(sandbox.path + "/Elsewhere/Deep", sandbox.path + "/App/DeepLink") == 0)
        #expect(symlink(sandbox.path + "/App", sandbox.path + "/App/Loop") == 0)
        #expect(symlink(sandbox.path + "/nowhere.swift", sandbox.path + "/App/Dangling.swift") == 0)
        #expect(mkfifo(sandbox.path + "/App/Pipe.swift", 0o644) == 0)
        let files = try SwiftSourceScan().listFiles(paths: ["App"], currentDirectory: sandbox.path).map(\.display)
        #expect(files == ["App/Feed.swift", "App/Flags.swift", "App/Link.swift"])
        let result = try SwiftSourceScan().run(paths: ["App"], currentDirectory: sandbox.path)
        #expect(
            result.references.filter { $0.kind == .member }.map { "\($0.file):\($0.line) \($0.symbol)" }
                == ["App/Feed.swift:1 FeatureFlag.darkMode", "App/Link.swift:1 FeatureFlag.newFeed"])
        #expect(result.problems.isEmpty)
    }
}

/// Names the walk cannot take at face value: not UTF-8, or equal to another only up to
/// Unicode normalization.
@Suite struct SwiftFileNameTests {
    /// A name that is not UTF-8 cannot be rebuilt from its `String` (the bad byte is replaced):
    /// it is skipped without a warning, as `lstat` of the rebuilt path always decided.
    @Test func aNameThatIsNotUTF8IsSkippedSilently() throws {
        let sandbox = try TemporaryDirectory("swift-scan")
        try sandbox.write("App/Flags.swift", SwiftScanReadingTests.flags)
        let bad = Array((sandbox.path + "/App/bad").utf8) + [0xFF] + Array(".swift".utf8) + [0]
        let descriptor = bad.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        let result = try SwiftSourceScan().run(paths: ["App"], currentDirectory: sandbox.path)
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.fileCount == 1)
    }

    /// café.swift in NFC and in NFD are two files on disk: both are scanned, each keeps its
    /// references, and they are ordered by their bytes (String's `==` took them for one).
    @Test func namesEqualUpToNormalizationAreTwoFiles() throws {
        let sandbox = try TemporaryDirectory("swift-scan")
        let composed = "caf\u{E9}.swift", decomposed = "cafe\u{301}.swift"
        try sandbox.write(composed, "enum OneFlag: String {\n case alpha\n case beta\n}\nlet q = OneFlag.beta\nlet r = OneFlag.alpha\n")
        try sandbox.write(decomposed, "\n\nenum TwoFlag: String {\n case gamma\n}\nlet s = TwoFlag.gamma\nlet t = OneFlag.alpha\n")
        try sandbox.write("caff.swift", "let u = OneFlag.alpha\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.path)
        guard names.filter({ $0.unicodeScalars.first == "c" }).count == 3 else { return }  // a file system that normalizes names
        let result = try SwiftSourceScan().run(paths: ["."], currentDirectory: sandbox.path)
        #expect(result.fileCount == 3)
        let lines = result.references.map {
            "\(Array($0.file.utf8) == Array(composed.utf8) ? "NFC" : Array($0.file.utf8) == Array(decomposed.utf8) ? "NFD" : $0.file):\($0.line) \($0.symbol)"
        }
        // By bytes: `cafe` + U+0301 (NFD) < `caff` < `caf` + U+00E9 (NFC).
        #expect(
            lines == [
                "NFD:4 case gamma", "NFD:6 TwoFlag.gamma", "NFD:7 OneFlag.alpha", "caff.swift:1 OneFlag.alpha",
                "NFC:2 case alpha", "NFC:3 case beta", "NFC:5 OneFlag.beta", "NFC:6 OneFlag.alpha",
            ], "\(lines)")
    }
}
