import Foundation
import Testing
import ToggleLedger
import TestSupport

/// Output that lands where it must not, or is lost silently (issue 26 §1–2): the log's lock
/// through a symlink, `--output` through a dangling link into the log, standard output that
/// cannot be written; and the checkpoint kept current by `check`, never read from the log.
@Suite struct OutputIntegrityTests {
    @Test func aLockThatLinksOutsideTheLogIsRefusedAndNothingIsWrittenThere() throws {
        let directory = try TemporaryDirectory("toggles-lock-link")
        #expect(try TogglesBinary.run(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false"], in: directory.url).status == 0)
        try? FileManager.default.removeItem(at: directory.file("events/.lock"))
        try FileManager.default.createSymbolicLink(atPath: directory.file("events/.lock").path, withDestinationPath: "../outside")
        let before = directory.segments()
        let run = try TogglesBinary.run(["create", "isB", "--kind", "local", "--type", "bool", "--default", "false"], in: directory.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("events/.lock is a symlink to ../outside; the log's lock must be a plain file"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("outside").path), "the link's target was created")
        #expect(directory.segments() == before)
    }

    @Test func outputThroughADanglingLinkIntoTheLogIsRefused() throws {
        let directory = try directoryWithFixtureLog()
        let before = try FileManager.default.subpathsOfDirectory(atPath: directory.file("events").path).sorted()
        for (link, target) in [("report.md", "events/2026/report.jsonl"), ("deep.md", "./events/../events/new.jsonl")] {
            try FileManager.default.createSymbolicLink(atPath: directory.file(link).path, withDestinationPath: target)
            // A link to a link that dangles into the log.
            try FileManager.default.createSymbolicLink(atPath: directory.file("via-" + link).path, withDestinationPath: link)
            for output in [link, "via-" + link] {
                let run = try TogglesBinary.run(["report", "--now", fixtureNow, "--format", "markdown", "--output", output], in: directory.url)
                #expect(run.status == 64, "\(output): \(run)")
                #expect(run.stderr.contains("--output \(output) is inside the log directory events"), "\(run.stderr)")
            }
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: directory.file("events").path).sorted() == before)
        #expect(try TogglesBinary.run(["audit"], in: directory.url).status == 0)
        // A dangling link elsewhere is still written through.
        try FileManager.default.createSymbolicLink(atPath: directory.file("out.md").path, withDestinationPath: "reports-out.md")
        let elsewhere = try TogglesBinary.run(["report", "--now", fixtureNow, "--format", "markdown", "--output", "out.md"], in: directory.url)
        #expect(elsewhere.status == 0, "\(elsewhere)")
        #expect(FileManager.default.fileExists(atPath: directory.file("reports-out.md").path))
    }

    /// Every command that prints, in every format it takes, with standard output on a device
    /// that refuses every write (`/dev/full`, Linux): exit 2 and "cannot write", never 0 with
    /// a truncated file.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func standardOutputThatCannotBeWrittenExitsTwoForEveryCommandAndFormat() throws {
        let directory = try directoryWithFixtureLog()
        try directory.write("template.json", #"{"parameters":{}}"#)
        try directory.write("App/T.swift", "enum T: String { case betaThing }\n")
        var invocations: [[String]] = [["help"], ["--version"], ["export", "swift"], ["due", "--within", "30d", "--now", fixtureNow]]
        let formats: [(command: [String], formats: [String])] = [
            (["state"], ["text", "json"]),
            (["history", "betaThing"], ["text", "json"]),
            (["replay"], ["text", "json"]),
            (["audit"], ["text", "json"]),
            (["report", "--now", fixtureNow], ["text", "json", "markdown", "csv", "sarif", "github", "junit", "gitlab", "html"]),
            (["check", "--now", fixtureNow, "--max-stale", "100"], ["text", "json", "markdown", "csv", "sarif", "github", "junit", "gitlab"]),
            (["due", "--within", "400d", "--now", fixtureNow], ["text", "json", "markdown", "slack"]),
            (["diff", "--from", "2026-01-01"], ["text", "json", "markdown"]),
            (["drift", "firebase", "template.json"], ["text", "json", "markdown"]),
            (["scan", "App"], ["text", "json"]),
        ]
        for (command, list) in formats {
            for format in list { invocations.append(command + ["--format", format]) }
        }
        for kind in ["plist", "firebase", "flagd"] { invocations.append(["export", kind]) }
        let binary = TogglesBinary.url.path
        for arguments in invocations {
            let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
            let run = try Subprocess.run("/bin/sh", ["-c", "'\(binary)' \(quoted) > /dev/full"], in: directory.url, environment: TogglesBinary.cleanEnvironment())
            #expect(run.status == 2, "\(arguments): \(run)")
            #expect(run.stderr.contains("toggles: error: cannot write standard output: No space left on device"), "\(arguments): \(run.stderr)")
        }
        // A command that appends: the event is in the log, and the lost confirmation is still an error.
        let fresh = try TemporaryDirectory("toggles-full-create")
        let create = try Subprocess.run(
            "/bin/sh", ["-c", "'\(binary)' create isNew --kind local --type bool --default false > /dev/full"], in: fresh.url, environment: TogglesBinary.cleanEnvironment())
        #expect(create.status == 2 && create.stderr.contains("cannot write standard output"), "\(create)")
        #expect(fresh.segments().count == 1)
    }

    /// A closed standard output (not a reader that went away, which `| head` is) is a failure too.
    @Test func aClosedStandardOutputExitsTwo() throws {
        let directory = try directoryWithFixtureLog()
        let run = try Subprocess.run("/bin/sh", ["-c", "'\(TogglesBinary.url.path)' state >&-"], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("toggles: error: cannot write standard output: Bad file descriptor"), "\(run.stderr)")
    }

    /// `check` keeps the checkpoint current (a CI cache of the checkpoint folder then has
    /// something to keep), in the checkpoint folder and never in the log; a forged
    /// `.replay-checkpoint` in the log is not read.
    @Test func checkWritesTheCheckpointInTheCheckpointFolderAndNeverReadsOneFromTheLog() throws {
        let directory = try directoryWithFixtureLog()
        let cache = directory.file("cache")
        let environment = TogglesBinary.cleanEnvironment(["TOGGLES_CHECKPOINT_MIN_BYTES": "1", "TOGGLES_CHECKPOINT_DIR": cache.path])
        let logBefore = try FileManager.default.subpathsOfDirectory(atPath: directory.file("events").path).sorted()
        let first = try TogglesBinary.run(["check", "--now", "2028-01-01T00:00:00Z", "--max-stale", "100"], in: directory.url, environment: environment)
        #expect(first.status == 0, "\(first)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("checkpoints").path)) ?? []
        #expect(names.count == 1, "check wrote no checkpoint")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: directory.file("events").path).sorted() == logBefore)
        let key = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent("key").path)
        #expect((key[.posixPermissions] as? Int) == 0o600)
        // A checkpoint in the log directory, even this machine's own, is never read.
        if let name = names.first {
            try FileManager.default.copyItem(at: cache.appendingPathComponent("checkpoints/" + name), to: directory.file("events/.replay-checkpoint"))
            try FileManager.default.removeItem(at: cache.appendingPathComponent("checkpoints/" + name))
            let again = try TogglesBinary.run(["check", "--now", "2028-01-01T00:00:00Z", "--max-stale", "100"], in: directory.url, environment: environment)
            #expect(again.stdout == first.stdout, "\(again)")
            #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("checkpoints/" + name).path), "rewritten in the folder")
        }
    }
}
