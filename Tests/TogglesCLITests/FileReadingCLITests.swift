import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file named on the command line is read one way: a FIFO is refused at once, naming
/// it, and nothing is appended.
@Suite struct FileReadingCLITests {
    @Test func aFIFOGivenAsTheEventsFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        #expect(mkfifo(directory.file("batch.jsonl").path, 0o600) == 0)
        let run = try TogglesBinary.run(["append", "--file", "batch.jsonl"], in: directory.url, timeout: 30)
        #expect(!run.timedOut, "waited on the FIFO")
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("batch.jsonl is not a regular file (a FIFO, a device or a socket); expected a file"), "\(run)")
        #expect(directory.segments().isEmpty)
    }

    @Test func aFIFOGivenAsThePolicyIsRefused() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "events/2026/01/a.jsonl",
            #"{"schema":1,"id":"1","at":"2026-01-01T00:00:00Z","type":"created","toggle":"a","actor":"ci@example.com","kind":"local","valueType":"bool","default":false,"category":"release"}"#
                + "\n")
        #expect(mkfifo(directory.file("policy.json").path, 0o600) == 0)
        let run = try TogglesBinary.run(["report", "--policy", "policy.json"], in: directory.url, timeout: 30)
        #expect(!run.timedOut, "waited on the FIFO")
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("cannot read the policy file: policy.json is not a regular file"), "\(run)")
    }
}
