import Foundation
import Testing
import TestSupport
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger

/// Listing a log's segments: every `.jsonl` file at any depth, hidden names skipped, symlinks
/// followed only to files inside the log, sorted by the bytes of the relative path; each with
/// the identity a `stat` of it gives.
@Suite struct SegmentDiscoveryTests {
    final class Directory {
        /// The folder, made and removed by the shared scratch directory.
        let scratch: TemporaryDirectory
        var url: URL { scratch.url }
        var path: String { url.path }

        init() throws { scratch = try TemporaryDirectory("discovery") }

        func file(_ relative: String, _ text: String = "{}\n") throws {
            let file = url.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }

        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: url.appendingPathComponent(relative).path, withDestinationPath: target)
        }
    }

    @Test func listsSegmentsInByteOrderWithTheirIdentities() throws {
        let log = try Directory()
        // "a.jsonl" sorts before "a/…" ('.' < '/'), "a-b" after "a.jsonl" and before "a/".
        for name in ["a.jsonl", "a/z.jsonl", "a/b/c.jsonl", "a-b.jsonl", "B.jsonl", "é.jsonl", "e.jsonl", "2026/01/x.jsonl"] {
            try log.file(name)
        }
        try log.file("notes.txt")
        try log.file(".hidden/skip.jsonl")
        try log.file(".replay-checkpoint")
        try log.link("link.jsonl", to: log.url.appendingPathComponent("a.jsonl").path)
        try log.link("dangling.jsonl", to: log.url.appendingPathComponent("missing.jsonl").path)
        try log.link("folder", to: log.url.appendingPathComponent("a").path)
        let (segments, identities) = try SegmentDiscovery.listing(in: log.path, displayName: "events")
        let expected = ["2026/01/x.jsonl", "B.jsonl", "a-b.jsonl", "a.jsonl", "a/b/c.jsonl", "a/z.jsonl", "e.jsonl", "link.jsonl", "é.jsonl"]
        #expect(segments.map(\.relativePath) == expected)
        #expect(segments.map(\.displayPath) == expected.map { "events/" + $0 })
        #expect(segments.map(\.path) == expected.map { log.path + "/" + $0 })
        #expect(identities.count == segments.count)
        for (segment, identity) in zip(segments, identities) {
            #expect(identity != nil && identity == SystemCalls.identity(segment.path), "\(segment.relativePath)")
        }
        #expect(try SegmentDiscovery.segments(in: log.path, displayName: "events") == segments)
    }

    @Test func aSymlinkOutOfTheLogOrADirectoryNamedLikeASegmentIsAnError() throws {
        let outside = try Directory()
        try outside.file("other.jsonl")
        let log = try Directory()
        try log.file("a.jsonl")
        try log.link("escape.jsonl", to: outside.url.appendingPathComponent("other.jsonl").path)
        #expect(throws: LogError.self) { try SegmentDiscovery.listing(in: log.path, displayName: "events") }
        let other = try Directory()
        try other.file("dir.jsonl/inside.jsonl")
        #expect(throws: LogError.self) { try SegmentDiscovery.listing(in: other.path, displayName: "events") }
    }
}
