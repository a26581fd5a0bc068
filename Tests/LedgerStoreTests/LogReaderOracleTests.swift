import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The reader (fast decoder, k-way merge, compact id table) against an oracle written the
/// plain way: every line through JSONParser + EventCodec, one sort, a dictionary of ids.
@Suite struct LogReaderOracleTests {
    struct Delivered: Equatable {
        var event: Event
        var location: String
    }

    static func oracle(_ directory: URL) throws -> (events: [Delivered], warnings: [String], duplicates: Int) {
        let segments = try LogReader(directory: directory.path).segments()
        var all: [(event: Event, relativePath: String, line: Int, bytes: String, location: String)] = []
        for segment in segments {
            let text = try String(contentsOfFile: segment.path, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
                let event = try EventCodec.decode(try JSONParser.parse(String(line)))
                all.append((event, segment.relativePath, index + 1, String(line), "\(segment.displayPath):\(index + 1)"))
            }
        }
        all.sort { lhs, rhs in
            if lhs.event.orderKey != rhs.event.orderKey { return lhs.event.orderKey < rhs.event.orderKey }
            if lhs.relativePath != rhs.relativePath { return lhs.relativePath.utf8.lexicographicallyPrecedes(rhs.relativePath.utf8) }
            return lhs.line < rhs.line
        }
        var first: [[UInt8]: (bytes: String, location: String)] = [:]
        var events: [Delivered] = []
        var warnings: [String] = []
        var duplicates = 0
        for item in all {
            let key = Array(item.event.id.utf8)
            if let earlier = first[key] {
                duplicates += 1
                if earlier.bytes != item.bytes {
                    warnings.append("\(item.location): id \(JSONWriter.quoted(item.event.id)) was already used at \(earlier.location) for a different event; this one is ignored")
                }
            } else {
                first[key] = (item.bytes, item.location)
                events.append(Delivered(event: item.event, location: item.location))
            }
        }
        return (events, warnings, duplicates)
    }

    /// Pipelined: the merge runs on a second thread (MergePipeline), as it does for big logs.
    @Test(arguments: [21 as UInt64, 22, 23], [false, true])
    func readerMatchesTheOracle(seed: UInt64, pipelined: Bool) throws {
        try readerMatchesTheOracle(
            seed: seed, parallelMerge: pipelined ? ParallelMerge(threads: 2, minimumBytes: 0) : ParallelMerge(threads: 1))
    }

    private func readerMatchesTheOracle(seed: UInt64, parallelMerge: ParallelMerge) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reader-oracle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = EventLogGenerator.lines(count: 1_500, seed: seed)
        try EventLogGenerator.writeLog(lines, to: directory, seed: seed)
        // The same events again in another segment (a retried CI job), and ids reused for
        // different events (a hand edit): skipped silently, and with a warning.
        var random = SeededGenerator(seed: seed)
        let repeated = (0..<40).map { _ in lines.randomElement(using: &random)! }
        let reused = (0..<10).map { _ -> String in
            let line = lines.randomElement(using: &random)!
            return line.replacingOccurrences(of: "\"actor\":\"", with: "\"actor\":\"other ")
        }
        func sortedByKey(_ lines: [String]) -> [String] {
            lines.map { (try! EventCodec.decode(try! JSONParser.parse($0)).orderKey, $0) }
                .sorted { $0.0 < $1.0 }.map(\.1)
        }
        try Data((Set(sortedByKey(repeated)).sorted().isEmpty ? "" : sortedByKey(Array(Set(repeated))).joined(separator: "\n") + "\n").utf8)
            .write(to: directory.appendingPathComponent("2026/zz-retry.jsonl"))
        try Data((sortedByKey(Array(Set(reused))).joined(separator: "\n") + "\n").utf8)
            .write(to: directory.appendingPathComponent("2026/aa-edit.jsonl"))

        var delivered: [Delivered] = []
        let summary = try LogReader(directory: directory.path, parallelMerge: parallelMerge).read { logged in
            delivered.append(Delivered(event: logged.event, location: logged.location.description))
        }
        let expected = try Self.oracle(directory)
        #expect(delivered.count == expected.events.count)
        #expect(delivered == expected.events)
        #expect(summary.duplicateCount == expected.duplicates)
        #expect(summary.duplicateCount >= 40)
        #expect(summary.warnings.map(\.description) == expected.warnings)
        #expect(!expected.warnings.isEmpty)
    }
}
