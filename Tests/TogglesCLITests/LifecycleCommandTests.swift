import Foundation
import Testing
import TestSupport

/// The appending commands through the built binary: what they write, what they refuse, and
/// that a refusal leaves the log untouched.
@Suite struct LifecycleCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @discardableResult
    func toggles(_ arguments: String..., stdin: String? = nil) throws -> TogglesBinary.Run {
        TestSupport.toggles(arguments, in: directory.url, stdin: stdin)
    }

    /// Every byte of the log, to prove a command changed nothing.
    func logBytes() throws -> [String: String] {
        var contents: [String: String] = [:]
        for segment in directory.segments() { contents[segment] = try directory.read(segment) }
        return contents
    }

    @Test func aToggleLivesAndDiesThroughTheCLI() throws {
        var run = try toggles(
            "create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false",
            "--owner", "mei@moments.example", "--expires", "2026-10-31", "--at", "2026-06-15T09:30:00Z", "--id", "c1")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("created isRoundedAvatar at 2026-06-15T09:30:00Z by tester (id c1)"))
        run = try toggles(
            "publish", "isRoundedAvatar", "--value", "false", "--when", "Chinese users", "device.language in ['zh']", "true",
            "--template-version", "41", "--at", "2026-07-01T07:45:00Z", "--actor", "mei@moments.example", "--id", "p1")
        #expect(run.status == 0, "\(run)")
        run = try toggles("change", "isRoundedAvatar", "--default", "true", "--at", "2026-08-01", "--id", "d1")
        #expect(run.status == 0, "\(run)")
        run = try toggles("remove", "isRoundedAvatar", "--reason", "launched", "--at", "2026-09-01", "--id", "r1")
        #expect(run.status == 0, "\(run)")

        let lines = try directory.eventLines()
        #expect(lines.count == 4)
        #expect(
            lines.contains(
                #"{"schema":1,"id":"p1","at":"2026-07-01T07:45:00Z","type":"published","toggle":"isRoundedAvatar","actor":"mei@moments.example","value":false,"conditions":[{"name":"Chinese users","expression":"device.language in ['zh']","value":true}],"templateVersion":"41"}"#
            ))

        run = try toggles("history", "isRoundedAvatar", "--format", "json")
        #expect(run.status == 0)
        let history = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let events = history?["events"] as? [[String: Any]]
        #expect(events?.compactMap { $0["id"] as? String } == ["c1", "p1", "d1", "r1"])
    }

    @Test func stateAtAPastInstantShowsTheToggleAsItWas() throws {
        _ = try toggles("create", "appPrimaryColor", "--kind", "remote", "--type", "string", "--default", "#FBB03B", "--at", "2026-04-20")
        _ = try toggles("publish", "appPrimaryColor", "--value", "#36C278", "--at", "2026-05-12")
        _ = try toggles("remove", "appPrimaryColor", "--at", "2026-06-01")

        func state(at instant: String) throws -> [String: Any]? {
            let run = try toggles("state", "--at", instant, "--format", "json")
            #expect(run.status == 0, "\(run)")
            let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            #expect(document?["asOf"] as? String == Timestampish.normalise(instant))
            return (document?["toggles"] as? [[String: Any]])?.first
        }
        #expect(try state(at: "2026-04-19") == nil)
        let before = try #require(try state(at: "2026-05-11T23:59:59Z"))
        #expect(before["remote"] is NSNull)
        #expect(before["removedAt"] is NSNull)
        let published = try #require(try state(at: "2026-05-12"))
        #expect((published["remote"] as? [String: Any])?["value"] as? String == "#36C278")
        let removed = try #require(try state(at: "2026-07-01"))
        #expect(removed["removedAt"] as? String == "2026-06-01T00:00:00Z")
    }

    @Test(
        arguments: [
            // (setup commands, rejected command, exit status, message fragment)
            ([], ["change", "ghost", "--default", "true"], 65, "no toggle named ghost exists"),
            (
                [["create", "t", "--kind", "local", "--type", "bool", "--default", "false"]], ["create", "t", "--kind", "local", "--type", "bool", "--default", "false"], 65,
                "t already exists"
            ),
            (
                [["create", "t", "--kind", "local", "--type", "bool", "--default", "false"]], ["change", "t", "--default", "maybe"], 65,
                "--default 'maybe' is not a bool value for t; expected true or false"
            ),
            (
                [["create", "t", "--kind", "local", "--type", "bool", "--default", "false"]], ["publish", "t", "--value", "true"], 65,
                "t is a local toggle; only remote toggles are published"
            ),
            (
                [["create", "t", "--kind", "remote", "--type", "number", "--default", "1"]], ["publish", "t", "--value", "2", "--when", "c", "true", "lots"], 65,
                "not a number value"
            ),
            (
                [["create", "t", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01"], ["remove", "t", "--at", "2026-02-01"]],
                ["change", "t", "--default", "true", "--at", "2026-03-01"], 65, "t was removed at 2026-02-01T00:00:00Z"
            ),
            (
                [["create", "t", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-03-01"]], ["change", "t", "--default", "true", "--at", "2026-02-01"], 65,
                "expected an instant after that"
            ),
            (
                [["create", "t", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01"], ["change", "t", "--default", "true", "--at", "2026-03-01"]],
                ["remove", "t", "--at", "2026-02-01"], 65, "this would make a later event invalid"
            ),
            ([], ["create", "9lives", "--kind", "local", "--type", "bool", "--default", "true"], 65, "a toggle name starts with a letter or '_'"),
            ([], ["create", "t", "--kind", "json", "--type", "bool", "--default", "true"], 64, "--kind must be build, local or remote, not 'json'"),
            ([], ["create", "t", "--kind", "local", "--type", "bool"], 64, "missing --default"),
            ([], ["create", "t", "--kind", "local", "--type", "bool", "--default", "true", "--expires", "soon"], 64, "--expires must be a date such as 2027-01-31"),
            ([], ["create", "t", "--kind", "local", "--type", "bool", "--default", "true", "--at", "yesterday"], 64, "--at must be an RFC 3339 instant"),
            ([], ["create", "t", "--knd", "local"], 64, "unknown option '--knd' for create; did you mean '--kind'?"),
            ([], ["frobnicate"], 64, "unknown command 'frobnicate'"),
            ([], ["state", "--format", "yaml"], 64, "--format must be one of text, json, not 'yaml'"),
            ([], ["publish", "t"], 64, "give exactly one of --value VALUE and --use-in-app-default"),
        ] as [([[String]], [String], Int32, String)])
    func aRejectedCommandExplainsAndAppendsNothing(setup: [[String]], command: [String], status: Int32, message: String) throws {
        for step in setup {
            let run = TestSupport.toggles(step, in: directory.url)
            #expect(run.status == 0, "setup \(step): \(run)")
        }
        let before = try logBytes()
        let run = TestSupport.toggles(command, in: directory.url)
        #expect(run.status == status, "\(run)")
        #expect(run.stderr.contains("toggles: error: "), "\(run)")
        #expect(run.stderr.contains(message), "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(try logBytes() == before, "nothing may be appended on exit \(status)")
    }

    @Test func aRetriedCommandWithTheSameIDIsANoOp() throws {
        let first = try toggles("create", "t", "--kind", "local", "--type", "bool", "--default", "false", "--id", "ci-run-7")
        #expect(first.status == 0)
        let retry = try toggles("create", "t", "--kind", "local", "--type", "bool", "--default", "false", "--id", "ci-run-7")
        #expect(retry.status == 0, "\(retry)")
        #expect(retry.stderr.contains("already recorded: id ci-run-7"))
        #expect(try directory.eventLines().count == 1)
    }

    @Test func appendTakesABatchAllOrNothing() throws {
        let good = """
            {"type":"created","toggle":"a","kind":"local","valueType":"bool","default":false,"category":"release","at":"2026-01-01T00:00:00Z","id":"a1"}
            {"type":"created","toggle":"b","kind":"remote","valueType":"number","default":0.5,"category":"ops","at":"2026-01-01T00:00:00Z","id":"b1"}
            """
        var run = try toggles("append", stdin: good)
        #expect(run.status == 0, "\(run)")
        #expect(directory.segments().count == 1, "one batch, one segment")
        let bad = """
            {"type":"default-changed","toggle":"a","default":true,"id":"a2"}
            {"type":"default-changed","toggle":"b","default":"big","id":"b2"}
            """
        let before = try logBytes()
        run = try toggles("append", stdin: bad)
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains("default must be a number value, found string"), "\(run)")
        #expect(try logBytes() == before)
        run = try toggles("append", stdin: "{\"type\":\"removed\",\"toggle\":\"a\"}\n{not json}\n")
        #expect(run.status == 65)
        #expect(run.stderr.contains("stdin:2: invalid JSON"), "\(run)")
        #expect(try logBytes() == before)
    }

    @Test func readingCommandsFailWithExit2OnACorruptLog() throws {
        _ = try toggles("create", "t", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01")
        _ = try toggles("change", "t", "--default", "true", "--at", "2026-01-02")
        let segment = try #require(directory.segments().last)
        try directory.write(segment, "{\"schema\":1,\n" + (try directory.read(segment)))
        for command in [["state"], ["history", "t"], ["audit"], ["report"], ["change", "t", "--default", "false"]] {
            let run = TestSupport.toggles(command, in: directory.url)
            #expect(run.status == 2, "\(command): \(run)")
            #expect(run.stderr.contains("toggles: error: \(segment):1: invalid JSON"), "\(command): \(run)")
        }
        let missing = TestSupport.toggles(["state", "--log", "nowhere"], in: directory.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("log directory nowhere does not exist"))
    }

    @Test func aTornTailIsReportedThenRepairedByTheNextAppend() throws {
        _ = try toggles("create", "t", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01")
        let segment = try #require(directory.segments().first)
        let original = try directory.read(segment)
        try directory.write(segment, original + "{\"schema\":1,\"id\":\"half")
        let state = try toggles("state")
        #expect(state.status == 0)
        #expect(state.stderr.contains("toggles: warning: \(segment):2: torn last line"), "\(state)")
        let next = try toggles("change", "t", "--default", "true")
        #expect(next.status == 0, "\(next)")
        #expect(next.stderr.contains("repaired \(segment):2"), "\(next)")
        #expect(try directory.read(segment) == original)
        let lines = try directory.eventLines()
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }, "no glued lines")
        #expect(try toggles("audit").status == 0)
    }

    /// Two creations of one name with different definitions is what two valid branches make
    /// once merged: a conflict (a warning, replay keeps the first), not an invalid log.
    @Test func auditFindsLifecycleViolationsThatAMergeBroughtIn() throws {
        try directory.write(
            "events/2026/01/a.jsonl",
            #"{"schema":1,"id":"1","at":"2026-01-01T00:00:00Z","type":"created","toggle":"t","actor":"a","kind":"local","valueType":"bool","default":false,"category":"release"}"#
                + "\n")
        try directory.write(
            "events/2026/01/b.jsonl",
            #"{"schema":1,"id":"2","at":"2026-01-02T00:00:00Z","type":"created","toggle":"t","actor":"b","kind":"local","valueType":"bool","default":true,"category":"release"}"#
                + "\n" + #"{"schema":1,"id":"3","at":"2026-01-03T00:00:00Z","type":"archived","toggle":"t","actor":"b"}"# + "\n")
        let audit = try toggles("audit")
        #expect(audit.status == 0, "\(audit)")
        #expect(audit.stdout.contains("warning: events/2026/01/b.jsonl:1: conflict: created t at 2026-01-02T00:00:00Z: t already exists"), "\(audit)")
        #expect(audit.stdout.contains("warning: events/2026/01/b.jsonl:2: unknown event type \"archived\""), "\(audit)")
        #expect(audit.stdout.contains(": valid"), "\(audit)")
        let state = try toggles("state", "--format", "json")
        #expect(state.stdout.contains(#""default": false"#), "the first creation wins in replay")
    }

    /// A newer writer may name a toggle this log never had (an anchor it created on another
    /// branch, a type about no toggle at all): an unknown type is ignored whatever the toggle,
    /// a warning, not an error (it used to be "no toggle named x exists", exit 2).
    @Test func anUnknownTypeForAToggleThatDoesNotExistIsIgnored() throws {
        try directory.write(
            "events/2026/01/a.jsonl",
            #"{"schema":1,"id":"1","at":"2026-01-01T00:00:00Z","type":"created","toggle":"t","actor":"a","kind":"local","valueType":"bool","default":false,"category":"release"}"#
                + "\n"
                + #"{"schema":1,"id":"2","at":"2026-01-02T00:00:00Z","type":"audience-defined","toggle":"_segments","actor":"b","audience":"beta"}"# + "\n")
        let audit = try toggles("audit")
        #expect(audit.status == 0, "\(audit)")
        #expect(audit.stdout.contains("warning: events/2026/01/a.jsonl:2: unknown event type \"audience-defined\""), "\(audit)")
        #expect(!audit.stdout.contains("no toggle named"), "\(audit)")
        #expect(try toggles("audit", "--strict").status == 2, "--strict still treats unknown types as errors")
        let state = try toggles("state", "--format", "json")
        #expect(state.status == 0 && !state.stdout.contains("_segments"), "\(state)")
        // Readers keep what a newer writer recorded; this writer records only the types it knows.
        let before = try logBytes()
        let appended = try toggles("append", stdin: #"{"schema":1,"id":"3","at":"2026-01-03T00:00:00Z","type":"audience-defined","toggle":"_cohorts","actor":"c"}"# + "\n")
        #expect(appended.status == 65, "\(appended)")
        #expect(appended.stderr.contains(#"event type "audience-defined" is not one this version of toggles knows"#), "\(appended)")
        #expect(try logBytes() == before)
    }

    @Test func everyCommandDocumentsItsFlagsWithAnExample() throws {
        let overview = try toggles("help")
        #expect(overview.status == 0)
        // Every group's lines: two spaces, then the command.
        let names = overview.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.dropFirst(2).first?.isLetter == true }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.count >= 9, "\(overview.stdout)")
        for name in names {
            let help = try toggles(name, "--help")
            #expect(help.status == 0)
            #expect(help.stdout.contains("usage: toggles \(name)"), "\(name)")
            let examples = help.stdout.components(separatedBy: "\nexamples:\n").dropFirst().first ?? ""
            #expect(examples.contains("toggles \(name)"), "\(name) has an example")
            #expect(try toggles("help", name).stdout == help.stdout)
        }
    }
}

/// Normalises a user-typed instant the way the CLI does, for comparing `asOf`.
enum Timestampish {
    static func normalise(_ text: String) -> String {
        text.count == 10 ? text + "T00:00:00Z" : text
    }
}
