import Foundation
import Testing
@testable import ToggleLedger
@testable import TogglesCLI
import TestSupport

/// Answers and messages that were wrong: a dry run that promised what the real run refuses,
/// an option's value taken for `--help`, a number too small for a double read as 0, a
/// committed symlink read as a torn segment, a 400 KB expression quoted whole, and a GitHub
/// annotation pointing at the escaped spelling of a path.
@Suite struct WrongAnswerRegressionTests {
    @discardableResult
    func toggles(_ arguments: [String], in directory: TemporaryDirectory, stdin: String? = nil) throws -> TogglesBinary.Run {
        try TogglesBinary.run(arguments, in: directory.url, stdin: stdin, environment: GitAuditTests.environment)
    }

    @Test func importingAParameterNamedAppFailsAlikeWithAndWithoutDryRun() throws {
        let directory = try TemporaryDirectory()
        try directory.write("template.json", #"{"parameters": {"_app": {"defaultValue": {"value": "x"}}, "fine": {"defaultValue": {"value": "y"}}}}"#)
        for extra in [["--dry-run"], []] {
            let run = try toggles(["import", "firebase", "template.json"] + extra, in: directory)
            #expect(run.status == 65, "\(extra) \(run)")
            #expect(run.stderr.contains("template.json: parameter \"_app\": _app is reserved for log-wide events"), "\(run.stderr)")
            #expect(!run.stderr.contains("toggles create _app"))
        }
        #expect(directory.segments().isEmpty)
    }

    @Test func syncingACaseNamedAppFailsAlikeWithAndWithoutDryRun() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App/Flags.swift", "enum RemoteToggle: String, ToggleType { case _app }\n")
        for extra in [["--dry-run"], []] {
            let run = try toggles(["sync", "swift", "App"] + extra, in: directory)
            #expect(run.status == 65, "\(extra) \(run)")
            #expect(run.stderr.contains("App/Flags.swift:1: RemoteToggle._app: _app is reserved for log-wide events"), "\(run.stderr)")
        }
        #expect(directory.segments().isEmpty)
    }

    @Test func anOptionsValueMayBeTheWordHelp() throws {
        let directory = try TemporaryDirectory()
        #expect(try toggles(["create", "motto", "--kind", "remote", "--type", "string", "--default", "x"], in: directory).status == 0)
        let run = try toggles(["publish", "motto", "--value", "--help"], in: directory)
        #expect(run.status == 0, "\(run)")
        #expect(!run.stdout.contains("usage:"))
        let state = try toggles(["state", "--format", "json"], in: directory)
        #expect(state.stdout.contains("\"--help\""), "\(state.stdout)")
        // Where an option may stand, --help still asks for help.
        #expect(try toggles(["publish", "motto", "--help"], in: directory).stdout.contains("usage: toggles publish"))
        #expect(try toggles(["publish", "motto", "--value", "x", "-h"], in: directory).stdout.contains("usage: toggles publish"))
    }

    @Test(arguments: ["1e-400", "-2.5e-330", "1e400"])
    func aNumberADoubleCannotHoldIsRefusedAtBothEnds(value: String) throws {
        let directory = try TemporaryDirectory()
        let run = try toggles(["create", "scale", "--kind", "remote", "--type", "number", "--default", value], in: directory)
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains(value) && run.stderr.contains("not so small it reads as 0"), "\(run.stderr)")
        #expect(directory.segments().isEmpty)
    }

    @Test(arguments: ["0", "0.0e-400", "-0", "5e-324", "1e308"])
    func zeroAndTheEndsOfTheRangeAreNumbers(value: String) throws {
        let directory = try TemporaryDirectory()
        let run = try toggles(["create", "scale", "--kind", "remote", "--type", "number", "--default", value], in: directory)
        #expect(run.status == 0, "\(run)")
    }

    @Test func aCommittedSymlinkSegmentIsRefusedAsOnDisk() throws {
        let directory = try TemporaryDirectory("toggles-git")
        let audit = GitAuditTests()
        try Git.run(["init", "-q", "-b", "main"], in: directory)
        #expect(try toggles(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false"], in: directory).status == 0)
        try directory.write("outside.jsonl", "")
        try FileManager.default.createSymbolicLink(atPath: directory.file("events/zz.jsonl").path, withDestinationPath: "../outside.jsonl")
        try audit.commitAll("a link out of the log", in: directory)
        let onDisk = try toggles(["state"], in: directory)
        #expect(onDisk.status == 2, "\(onDisk)")
        let atRevision = try toggles(["diff", "--from-rev", "HEAD", "--to-rev", "HEAD"], in: directory)
        #expect(atRevision.status == 2, "\(atRevision)")
        #expect(atRevision.stderr.contains("events/zz.jsonl is a symlink to ../outside.jsonl, outside the log directory"), "\(atRevision.stderr)")
        #expect(!atRevision.stderr.contains("torn"))
    }

    @Test func aLinkInsideTheLogIsReadOnceWhereItLeads() throws {
        #expect(LogAtRevision.staysInside(link: "2026/a.jsonl", target: "../b.jsonl"))
        #expect(!LogAtRevision.staysInside(link: "a.jsonl", target: "../b.jsonl"))
        #expect(!LogAtRevision.staysInside(link: "a.jsonl", target: "/etc/passwd"))
    }

    /// 100 KB: an argument may not pass 128 KB on Linux (an imported template's may be larger).
    @Test func aHugeExpressionIsClippedInWarnings() throws {
        let directory = try TemporaryDirectory()
        let expression = "device.language in ['" + String(repeating: "x", count: 100_000) + "'"
        #expect(try toggles(["create", "isBig", "--kind", "remote", "--type", "bool", "--default", "false"], in: directory).status == 0)
        #expect(try toggles(["publish", "isBig", "--value", "false", "--when", "big", expression, "true"], in: directory).status == 0)
        let flagd = try toggles(["export", "flagd"], in: directory)
        #expect(flagd.stderr.contains("isBig keeps its default variant"), "\(flagd.stderr.prefix(500))")
        #expect(flagd.stderr.utf8.count < 2_000, "\(flagd.stderr.utf8.count) bytes of warnings")
        #expect(flagd.stderr.contains("more characters"))
        try directory.write("template.json", #"{"parameters": {"isBig": {"defaultValue": {"value": "true"}}}}"#)
        let drift = try toggles(["drift", "firebase", "template.json"], in: directory)
        #expect(drift.status == 1, "\(drift.stderr.prefix(300))")
        #expect(!drift.stdout.split(separator: "\n").contains { $0.utf8.count > 2_000 && !$0.contains("toggles publish") }, "a line quoted the whole expression")
    }

    @Test func anAnnotationNamesTheRealPath() {
        let path = "App/we\u{1B}ird,na:me\r\n.swift"
        let annotation = StaleGitHubRenderer.command(
            .init(
                level: .error, site: FindingSite(path: path, line: 3, column: nil, isInCode: true),
                title: "t", message: ["m"], toggle: "x", days: 0))
        let file = annotation.split(separator: ",").first { $0.contains("file=") }.map { String($0.drop { $0 != "=" }.dropFirst()) }
        #expect(file == "App/we\u{1B}ird%2Cna%3Ame%0D%0A.swift", "\(annotation)")
        #expect(WorkflowCommand.unescape(Substring(file ?? ""), property: true) == path)
    }
}
