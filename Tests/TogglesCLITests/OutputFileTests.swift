import Foundation
import Testing
import ToggleLedger
import TestSupport

/// `--output FILE` of `report` and `export`: what the user named stays what it was (a link, a
/// device, a pipe, the shell's own stream, a file's permissions), and nothing lands in the log.
@Suite struct OutputFileTests {
    @Test func outputThroughALinkADeviceOrAPipeKeepsWhatTheUserNamed() throws {
        let directory = try directoryWithFixtureLog()
        let manager = FileManager.default
        // A symlink to a regular file: the target gets the report, the link stays a link.
        try "old\n".write(to: directory.file("target.csv"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: directory.file("link.csv").path, withDestinationPath: "target.csv")
        let linked = try TogglesBinary.run(["report", "--now", fixtureNow, "--format", "csv", "--output", "link.csv"], in: directory.url)
        #expect(linked.status == 0, "\(linked)")
        #expect(try manager.destinationOfSymbolicLink(atPath: directory.file("link.csv").path) == "target.csv")
        #expect(try directory.read("target.csv").hasPrefix("name,kind,type,category,stage"))
        // A device is written, not replaced by a file (a rename over /dev/null as root would).
        try manager.createSymbolicLink(atPath: directory.file("null.csv").path, withDestinationPath: "/dev/null")
        let device = try TogglesBinary.run(["report", "--now", fixtureNow, "--format", "csv", "--output", "null.csv"], in: directory.url)
        #expect(device.status == 0, "\(device)")
        #expect(try manager.destinationOfSymbolicLink(atPath: directory.file("null.csv").path) == "/dev/null")
        // A FIFO gets the report through the pipe (a reader is waiting), and stays a FIFO.
        let fifo = directory.file("pipe.csv").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let readerOutput = Pipe()
        reader.standardOutput = readerOutput
        try reader.run()
        let piped = try TogglesBinary.run(["report", "--now", fixtureNow, "--format", "csv", "--output", "pipe.csv"], in: directory.url, timeout: 60)
        let received = String(decoding: readerOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        #expect(piped.status == 0, "\(piped)")
        #expect(received.hasPrefix("name,kind,type,category,stage"))
        #expect(SystemCalls.fileType(fifo) == .other)
        // A folder is named as such.
        try manager.createDirectory(at: directory.file("site"), withIntermediateDirectories: true)
        let folder = try TogglesBinary.run(["report", "--now", fixtureNow, "--format", "csv", "--output", "site"], in: directory.url)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("cannot write site: it is a folder; name a file"), "\(folder.stderr)")
    }

    @Test func theProcesssOwnStreamIsWrittenNotReplaced() throws {
        let directory = try directoryWithFixtureLog()
        let binary = TogglesBinary.url.path
        // `>> ci.log`: what the file held before stays, and what comes after follows.
        let script = "echo head > ci.log; '\(binary)' report --now \(fixtureNow) --format csv --output /dev/stdout >> ci.log; echo tail >> ci.log"
        let run = try Subprocess.run("/bin/sh", ["-c", script], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        #expect(run.status == 0, "\(run)")
        let log = try directory.read("ci.log")
        #expect(log.hasPrefix("head\nname,kind,type,category,stage") && log.hasSuffix("\r\ntail\n"), "\(log)")
        #expect(SystemCalls.fileType(directory.file("ci.log").path) == .regular)
    }

    @Test(arguments: ["events/2026/report.jsonl", "events/policy.json", "events", "./events/../events/x.csv"])
    func aPathInsideTheLogIsRefused(output: String) throws {
        let directory = try directoryWithFixtureLog()
        let before = try FileManager.default.subpathsOfDirectory(atPath: directory.file("events").path).sorted()
        let run = try TogglesBinary.run(["export", "flagd", "--output", output], in: directory.url)
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.contains("--output \(output) is inside the log directory events: the log would read it as part of itself; write it elsewhere"), "\(run.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: directory.file("events").path).sorted() == before)
        #expect(try TogglesBinary.run(["audit"], in: directory.url).status == 0)
    }

    @Test func aReplacedFileKeepsItsPermissionsAndBadNamesAreUsageErrors() throws {
        let directory = try directoryWithFixtureLog()
        try "old\n".write(to: directory.file("private.csv"), atomically: true, encoding: .utf8)
        #expect(chmod(directory.file("private.csv").path, 0o600) == 0)
        let run = try TogglesBinary.run(["report", "--now", fixtureNow, "--format", "csv", "--output", "private.csv"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: directory.file("private.csv").path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(try directory.read("private.csv").hasPrefix("name,kind,type,category,stage"))
        for (output, message) in [("", "--output needs a file name"), ("reports/", "--output reports/ names a folder; name a file in it")] {
            let bad = try TogglesBinary.run(["report", "--now", fixtureNow, "--format", "csv", "--output", output], in: directory.url)
            #expect(bad.status == 64 && bad.stderr.contains(message), "\(bad)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("reports").path))
        // A device that refuses the write (Linux's /dev/full): said once, exit 2.
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = try TogglesBinary.run(["report", "--now", fixtureNow, "--output", "/dev/full"], in: directory.url)
            #expect(full.status == 2 && full.stderr.hasSuffix("\ntoggles: error: cannot write /dev/full: No space left on device\n"), "\(full)")
        }
    }
}
