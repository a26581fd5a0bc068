import Foundation
import Testing
import TestSupport

/// Several processes appending at once through the lock: nothing lost, nothing interleaved.
@Suite struct ConcurrentWritersTests {
    @Test func manyProcessesAppendingAtOnceLoseNothing() async throws {
        let directory = try TemporaryDirectory()
        let writers = 6
        let appendsPerWriter = 8
        let setup = try TogglesBinary.run(["create", "counter", "--kind", "local", "--type", "number", "--default", "0", "--at", "2026-01-01"], in: directory.url)
        #expect(setup.status == 0)
        // Each writer creates its own toggles and changes the shared one: both kinds of race.
        let log = directory.url
        let statuses = try await withThrowingTaskGroup(of: [Int32].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var statuses: [Int32] = []
                    for step in 0..<appendsPerWriter {
                        let arguments =
                            step % 2 == 0
                            ? ["create", "w\(writer)_\(step)", "--kind", "local", "--type", "bool", "--default", "false", "--id", "c-\(writer)-\(step)"]
                            : ["change", "counter", "--default", "\(writer * 100 + step)", "--id", "d-\(writer)-\(step)"]
                        statuses.append(try TogglesBinary.run(arguments, in: log).status)
                    }
                    return statuses
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.count == writers * appendsPerWriter)
        #expect(statuses.allSatisfy { $0 == 0 }, "\(statuses)")
        let lines = try directory.eventLines()
        #expect(lines.count == 1 + writers * appendsPerWriter)
        let ids = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "a whole JSON object per line: \(line)")
            return try #require(object["id"] as? String)
        }
        #expect(Set(ids).count == ids.count, "every event once")
        let audit = try TogglesBinary.run(["audit"], in: directory.url)
        #expect(audit.status == 0, "\(audit)")
        #expect(audit.stdout.contains("\(1 + writers * appendsPerWriter) events"))
    }
}
