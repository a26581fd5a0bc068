import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger

/// The search an append runs instead of a replay, for the ids a checkpoint's filter may have
/// seen: it must find exactly the events a replay would, whatever shape their lines have,
/// or give up.
@Suite struct CoveredIDSearchTests {
    static let rest = #""at":"2020-01-01T00:00:00Z","type":"created","toggle":"shaped","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release""#
    static let writerLine = #"{"schema":1,"id":"shape-1","# + rest + "}"

    /// Segment contents, each holding (or not) an event with id `shape-1`.
    static let shapes: [(name: String, content: String)] = [
        ("as the writer writes it", writerLine + "\n"),
        ("spaces around keys and values", #"{ "schema" : 1 , "id" : "shape-1" , "# + rest + " }\n"),
        ("id before schema", #"{"id":"shape-1","schema":1,"# + rest + "}\n"),
        ("escaped id", #"{"schema":1,"id":"shape\u002d1","# + rest + "}\n"),
        (
            "escape after the id",
            #"{"schema":1,"id":"shape-1","at":"2020-01-01T00:00:00Z","type":"created","toggle":"shaped","actor":"\u0061","kind":"local","valueType":"bool","default":true,"category":"release"}"#
                + "\n"
        ),
        ("CRLF", writerLine + "\r\n"),
        ("no final newline", writerLine),
        ("torn tail", #"{"schema":1,"id":"shape-1","at":"2020-01-01T0"#),
        ("another id with the same prefix", #"{"schema":1,"id":"shape-10","# + rest + "}\n"),
        ("the id only in a payload", #"{"schema":1,"id":"other","# + rest + #","description":"\"id\":\"shape-1\""}"# + "\n"),
        ("among other lines", #"{"schema":1,"id":"shape-0","# + rest + "}\n" + writerLine + "\n" + #"{"schema":1,"id":"shape-2","# + rest + "}\n"),
    ]

    final class Directory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("covered-ids-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        func segment(_ name: String, _ content: String) throws -> (segment: Segment, byteCount: Int64) {
            let file = url.appendingPathComponent(name)
            try Data(content.utf8).write(to: file)
            return (Segment(path: file.path, relativePath: name, displayPath: file.path), Int64(content.utf8.count))
        }
    }

    /// What a replay finds: the first event of each wanted id.
    static func replayed(_ directory: Directory, ids: Set<String>) throws -> [String: Event] {
        var found: [String: Event] = [:]
        _ = try Ledger(directory: directory.url.path).reader.read { logged in
            if ids.contains(logged.event.id), found[logged.event.id] == nil { found[logged.event.id] = logged.event }
        }
        return found
    }

    @Test(arguments: shapes.map(\.name))
    func findsWhatAReplayFinds(shape: String) throws {
        let directory = try Directory()
        let content = try #require(Self.shapes.first { $0.name == shape }).content
        let segment = try directory.segment("a.jsonl", content)
        let ids: Set<String> = ["shape-1", "absent"]
        let found = try #require(try CoveredIDSearch.events(withIDs: ids, in: [segment]))
        #expect(found == (try Self.replayed(directory, ids: ids)))
        #expect(found["shape-1"] != nil || shape == "torn tail" || shape.hasPrefix("another") || shape.hasPrefix("the id only"))
    }

    @Test func readsOnlyTheCoveredBytes() throws {
        let directory = try Directory()
        var (segment, byteCount) = try directory.segment("a.jsonl", Self.writerLine + "\n")
        byteCount = 0  // as if the checkpoint had covered none of it
        #expect(try CoveredIDSearch.events(withIDs: ["shape-1"], in: [(segment, byteCount)]) == [:])
    }

    @Test func linesLongerThanTheBufferAreRead() throws {
        let directory = try Directory()
        let long =
            #"{"schema":1,"id":"shape-long","at":"2020-01-01T00:00:00Z","type":"created","toggle":"shaped","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release","description":""#
            + String(repeating: "x", count: 3 << 20) + "\"}\n"
        let segment = try directory.segment("a.jsonl", Self.writerLine + "\n" + long)
        let ids: Set<String> = ["shape-1", "shape-long"]
        let found = try #require(try CoveredIDSearch.events(withIDs: ids, in: [segment]))
        #expect(found.keys.sorted() == ["shape-1", "shape-long"])
        #expect(found == (try Self.replayed(directory, ids: ids)))
    }

    /// Lines cross the boundaries of the chunks a segment is read in: every one is found.
    @Test func aSegmentOfManyChunksIsReadLineByLine() throws {
        let directory = try Directory()
        let lines = (0..<15_000).map { number in
            #"{"schema":1,"id":"many-\#(number)","at":"2020-01-01T00:00:00Z","type":"created","toggle":"many\#(number)","actor":"a","kind":"local","valueType":"bool","default":true,"category":"release"}"#
        }.sorted()  // a segment is sorted by (at, id)
        let segment = try directory.segment("a.jsonl", lines.joined(separator: "\n") + "\n")
        #expect(segment.byteCount > 2 << 20)
        let ids = Set((0..<15_000).map { "many-\($0)" })
        let found = try #require(try CoveredIDSearch.events(withIDs: ids, in: [segment]))
        #expect(found.count == 15_000)
        #expect(found == (try Self.replayed(directory, ids: ids)))
    }

    /// A replay keeps the first of two events with one id in replay order; the search
    /// does not reproduce that order, so it gives up.
    @Test func anIDOnTwoLinesGivesUp() throws {
        let directory = try Directory()
        let first = try directory.segment("a.jsonl", Self.writerLine + "\n")
        let second = try directory.segment("b.jsonl", Self.writerLine + "\n")
        #expect(try CoveredIDSearch.events(withIDs: ["shape-1"], in: [first, second]) == nil)
        #expect(try CoveredIDSearch.events(withIDs: ["absent"], in: [first, second]) == [:])
    }

    /// Under a checkpoint every terminated line decoded; one that does not means the file
    /// is not what the checkpoint covered.
    @Test func aLineThatIsNoEventGivesUp() throws {
        let directory = try Directory()
        let segment = try directory.segment("a.jsonl", Self.writerLine + "\n{\"schema\":1,\"id\":\"broken\"\n")
        #expect(try CoveredIDSearch.events(withIDs: ["broken"], in: [segment]) == nil)
    }

    @Test func aFileShorterThanCoveredGivesUp() throws {
        let directory = try Directory()
        let (segment, byteCount) = try directory.segment("a.jsonl", Self.writerLine + "\n")
        #expect(try CoveredIDSearch.events(withIDs: ["shape-1"], in: [(segment, byteCount + 10)]) == nil)
    }
}
