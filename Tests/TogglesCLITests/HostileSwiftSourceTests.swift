import Foundation
import Testing
import ToggleLedger
import TestSupport

/// A Swift file built to exhaust memory (millions of `{`) next to ordinary code: the scan
/// skips it with a warning naming it and the limit, the cleanup and `sync swift` refuse and
/// write nothing, and under an address-space limit the process finishes instead of aborting.
@Suite struct HostileSwiftSourceTests {
    static let toggles = "import ToggleKit\n\nenum RemoteToggle: String, ToggleType {\n    case isNewFeed\n}\n"
    static let feed = "let feed = RemoteToggle.isNewFeed\n"
    /// 3 MB of `{`: 3,000,000 tokens where 2,375,000 are allowed.
    static let dense = String(repeating: "{", count: 3_000_000)
    static let warning =
        "toggles: warning: App/Dense.swift is not scanned: more than 2375000 tokens, the most a Swift file of 3000000 bytes may have (2,000,000 plus one per 8 bytes, so memory stays in proportion to the file)\n"

    static func repository(dense: String = dense) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("toggles-hostile-swift")
        try directory.write("App/Toggles.swift", toggles)
        try directory.write("App/Feed.swift", feed)
        try directory.write("App/Dense.swift", dense)
        let create = InProcessToggles.run(["create", "isNewFeed", "--kind", "remote", "--type", "bool", "--default", "false"], in: directory.url)
        #expect(create.status == 0, "\(create)")
        return directory
    }

    @Test func scanSkipsTheDenseFileNamingItAndTheLimit() throws {
        let directory = try Self.repository()
        let run = InProcessToggles.run(["scan", "App"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == Self.warning, "\(run)")
        #expect(run.stdout.contains("App/Feed.swift:1:12"), "\(run)")
        #expect(!run.stdout.contains("Dense.swift"), "\(run)")

        let explain = InProcessToggles.run(["scan", "App", "--explain", "App/Dense.swift:1"], in: directory.url)
        #expect(explain.status == 2, "\(explain)")
        #expect(explain.stderr.contains("App/Dense.swift is not scanned: more than 2375000 tokens"), "\(explain)")
    }

    @Test func cleanupRefusesAFileItCannotLexAndWritesNothing() throws {
        let directory = try Self.repository(dense: Self.dense + "\nlet hidden = RemoteToggle.isNewFeed\n")
        let run = InProcessToggles.run(["cleanup", "isNewFeed", "App", "--value", "true", "--record"], in: directory.url)
        #expect(run.status == 65, "\(run)")
        #expect(
            run.stdout.contains("App/Dense.swift:1:1: isNewFeed: refused: the file is not read: more than 2375004 tokens, the most a Swift file of 3000037 bytes may have"),
            "\(run)")
        #expect(try directory.read("App/Feed.swift") == Self.feed)
        #expect(try directory.read("App/Toggles.swift") == Self.toggles)
        let state = InProcessToggles.run(["state", "--format", "json"], in: directory.url)
        #expect(state.stdout.contains("\"removedAt\": null"), "nothing appended: \(state)")
    }

    @Test func syncSwiftRefusesWhenAFileIsNotScanned() throws {
        let directory = try Self.repository()
        try directory.write("App/Toggles.swift", Self.toggles.replacingOccurrences(of: "case isNewFeed", with: "case isNewFeed\n    case isOtherFeed"))
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.file("events").path).sorted()
        let run = InProcessToggles.run(["sync", "swift", "App"], in: directory.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("App/Dense.swift is not scanned"), "\(run)")
        #expect(run.stderr.contains("nothing was appended"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("events").path).sorted() == before)
    }

    /// The built binary under an address-space limit (`ulimit -v`, 500 MB): an 8 MB file of `{`
    /// needed over 600 MB for its tokens alone (8 million of 32 bytes, the array doubling, the
    /// old and new storage both held while it grew) and aborted; with the token limit its
    /// tokens take at most 96 MB.
    @Test func theBinaryScansAHostileFileUnderAnAddressSpaceLimit() throws {
        let directory = try Self.repository(dense: String(repeating: "{", count: 8_000_000))
        let run = try Subprocess.run(
            "/bin/sh", ["-c", "ulimit -v 512000 && exec \"$0\" scan App", TogglesBinary.url.path],
            in: directory.url, environment: TogglesBinary.cleanEnvironment(), timeout: 300)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("App/Dense.swift is not scanned: more than 3000000 tokens"), "\(run)")
        #expect(run.stdout.contains("App/Feed.swift:1:12"), "\(run)")
    }
}
