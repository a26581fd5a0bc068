import Foundation
import Testing
import TestSupport

/// One escaping rule for every JSON output, and the command line's dealings with its
/// environment: symlinked logs, descriptor limits, git lookups, switches, missing logs,
/// failed writes.
@Suite struct OutputAndEnvironmentTests {
    /// C1 controls (CSI, NEL), bidi overrides and isolates, line separators: invisible or
    /// reordering characters a terminal may act on. As JSON escapes, for input files.
    static let hostile = #"a\u009b2J\u0085b\u202ec\u2066d\u2069e\u202af\u2028g"#
    static let hostileText = "a\u{9B}2J\u{85}b\u{202E}c\u{2066}d\u{2069}e\u{202A}f\u{2028}g"

    static func rawInvisibles(_ text: String) -> [String] {
        text.unicodeScalars.filter { (0x80...0x9F).contains($0.value) || (0x2028...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// Checks that `run` succeeded, printed no raw invisible character, and that its JSON
    /// (one document, or one per line) still holds the hostile text.
    func expectEscaped(_ run: TogglesBinary.Run, _ what: String, jsonLines: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(run.status == 0 || run.status == 2, "\(what): \(run)", sourceLocation: sourceLocation)
        #expect(Self.rawInvisibles(run.stdout).isEmpty, "\(what) printed \(Self.rawInvisibles(run.stdout)) raw:\n\(run.stdout)", sourceLocation: sourceLocation)
        let documents = jsonLines ? run.stdout.split(separator: "\n").map(String.init) : [run.stdout]
        var parsed = ""
        for document in documents {
            let value = try JSONSerialization.jsonObject(with: Data(document.utf8), options: [.fragmentsAllowed])
            parsed += String(describing: value)
        }
        #expect(parsed.contains("\u{202E}c\u{2066}d"), "\(what): the value must read back unchanged", sourceLocation: sourceLocation)
    }

    @Test func everyJSONOutputEscapesC1ControlsAndBidiOverrides() throws {
        let directory = try TemporaryDirectory("toggles-json-escape")
        let batch = """
            {"id":"h1","at":"2026-01-01T00:00:00Z","type":"created","toggle":"isHostile","actor":"ann \(Self.hostile)","kind":"local","valueType":"string","default":"\(Self.hostile)","category":"release","owner":"\(Self.hostile)","description":"\(Self.hostile)"}
            {"id":"h2","at":"2026-01-02T00:00:00Z","type":"removed","toggle":"isHostile","actor":"ann","reason":"\(Self.hostile)"}

            """
        let append = try TogglesBinary.run(["append"], in: directory.url, stdin: batch)
        #expect(append.status == 0, "\(append)")
        // A type a newer version wrote (writers refuse types they do not know; readers keep them).
        try directory.write(
            "events/2026/01/newer.jsonl", #"{"schema":1,"id":"h3","at":"2026-01-01T12:00:00Z","type":"renamed\#(Self.hostile)","toggle":"isHostile","actor":"ann"}"# + "\n")
        for line in try directory.eventLines() {
            #expect(Self.rawInvisibles(line).isEmpty, "the log line itself: \(line)")
        }
        try expectEscaped(try TogglesBinary.run(["state", "--format", "json", "--at", "2026-01-01T12:00:00Z"], in: directory.url), "state")
        try expectEscaped(try TogglesBinary.run(["history", "isHostile", "--format", "json"], in: directory.url), "history")
        try expectEscaped(try TogglesBinary.run(["replay", "--format", "json"], in: directory.url), "replay", jsonLines: true)
        let audit = try TogglesBinary.run(["audit", "--format", "json"], in: directory.url)
        #expect(Self.rawInvisibles(audit.stdout).isEmpty, "audit: \(audit.stdout)")
        #expect(audit.stdout.contains(#"\u2066"#), "the unknown type is in a finding: \(audit)")
        try expectEscaped(try TogglesBinary.run(["report", "--format", "json", "--now", "2026-01-01T18:00:00Z"], in: directory.url), "report")

        // Imports: a Remote Config template and a version list, from the published shapes.
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/importFirebase")
        let template = String(decoding: try Data(contentsOf: fixtures.appendingPathComponent("v5.json")), as: UTF8.self)
            .replacingOccurrences(of: "Rounded avatars", with: Self.hostile)
            .replacingOccurrences(of: #""value": "Hello""#, with: #""value": "\#(Self.hostile)""#)
        try directory.write("template.json", template)
        try expectEscaped(try TogglesBinary.run(["import", "firebase", "template.json", "--dry-run", "--format", "json"], in: directory.url), "import --dry-run")
        let versions = String(decoding: try Data(contentsOf: fixtures.appendingPathComponent("versions.json")), as: UTF8.self)
            .replacingOccurrences(of: "Rollback to version 5", with: Self.hostile)
        try directory.write("versions.json", versions)
        try expectEscaped(try TogglesBinary.run(["import", "firebase-versions", "versions.json", "--format", "json"], in: directory.url), "import firebase-versions")
    }

    // MARK: Symlinked log directories

    @Test func aSymlinkedLogDirectoryIsWrittenThroughAsItIsRead() throws {
        let directory = try TemporaryDirectory("toggles-linked-log")
        try FileManager.default.createDirectory(at: directory.file("store/events"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.file("events").path, withDestinationPath: "store/events")
        // Dated apart: two commands in one second are issue 15 §1's business, not this test's.
        let create = try TogglesBinary.run(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01"], in: directory.url)
        #expect(create.status == 0, "\(create)")
        let change = try TogglesBinary.run(["change", "isA", "--default", "true", "--at", "2026-01-02"], in: directory.url)
        #expect(change.status == 0, "\(change)")
        #expect(directory.segments(under: "store/events").count == 2)
        let state = try TogglesBinary.run(["state"], in: directory.url)
        #expect(state.status == 0 && state.stdout.contains("isA"), "\(state)")
    }

    @Test func aSymlinkedFolderInsideTheLogIsReadOnceOrRefusedWhenItLeadsOutside() throws {
        let directory = try TemporaryDirectory("toggles-linked-folder")
        #expect(try TogglesBinary.run(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01"], in: directory.url).status == 0)
        // A link to a folder of the log: its segments are read once, where they are.
        try FileManager.default.createSymbolicLink(atPath: directory.file("events/latest").path, withDestinationPath: "2026")
        let audit = try TogglesBinary.run(["audit"], in: directory.url)
        #expect(audit.status == 0, "\(audit)")
        #expect(audit.stdout.contains("1 events in 1 segments"), "\(audit)")
        // A link to a folder outside: git would keep only the link, so it is an error, not a silent skip.
        let outside = try TemporaryDirectory("toggles-outside-folder")
        try outside.write("x.jsonl", #"{"schema":1,"id":"x","at":"2026-01-03T00:00:00Z","type":"removed","toggle":"isA","actor":"m"}"# + "\n")
        try FileManager.default.createSymbolicLink(atPath: directory.file("events/2026/02").path, withDestinationPath: outside.path)
        for command in [["audit"], ["state"], ["change", "isA", "--default", "true"]] {
            let run = try TogglesBinary.run(command, in: directory.url)
            #expect(run.status == 2, "\(command): \(run)")
            #expect(run.stderr.contains("events/2026/02 is a symlink to") && run.stderr.contains("outside the log directory"), "\(run)")
        }
    }

    // MARK: Starting git

    func shell(_ script: String, in directory: TemporaryDirectory, environment extra: [String: String] = [:]) throws -> TogglesBinary.Run {
        var environment = TogglesBinary.cleanEnvironment(extra)
        environment["TOGGLES"] = TogglesBinary.url.path
        return try Subprocess.run("/bin/sh", ["-c", script], in: directory.url, environment: environment)
    }

    @Test func aLowDescriptorLimitIsAClearErrorNotACrash() throws {
        let directory = try TemporaryDirectory("toggles-ulimit")
        let twelve = try shell(#"ulimit -n 12 && exec "$TOGGLES" create isA --kind local --type bool --default false"#, in: directory)
        #expect(twelve.status == 0, "twelve descriptors are enough: \(twelve)")
        let five = try shell(#"ulimit -n 5 && exec "$TOGGLES" create isB --kind local --type bool --default false"#, in: directory)
        #expect(five.status == 2, "\(five)")
        #expect(five.stderr.contains("Too many open files") && five.stderr.contains("ulimit -n") && five.stderr.contains("--actor"), "\(five)")
        #expect(try directory.eventLines().count == 1, "the refused create appended nothing")
    }

    @Test func syncSwiftAsksGitForTheActorOncePerCommand() throws {
        let directory = try TemporaryDirectory("toggles-sync-actor")
        let cases = (1...40).map { "    case isGenerated\($0)" }.joined(separator: "\n")
        try directory.write("App/Toggles.swift", "import ToggleKit\n\nenum InternalToggle: String, ToggleType {\n\(cases)\n}\n")
        // A git that counts its calls and knows one email.
        try directory.write("bin/git", "#!/bin/sh\necho \"$*\" >> \"$GIT_CALLS\"\necho ann@example.com\n")
        chmod(directory.file("bin/git").path, 0o755)
        let calls = directory.file("calls.txt").path
        let run = try TogglesBinary.run(
            ["sync", "swift", "App"], in: directory.url,
            environment: TogglesBinary.cleanEnvironment([
                "PATH": directory.file("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "GIT_CALLS": calls,
            ]))
        #expect(run.status == 0, "\(run)")
        #expect(try directory.eventLines().count == 40)
        #expect(try directory.eventLines().allSatisfy { $0.contains(#""actor":"ann@example.com""#) })
        let log = try String(contentsOfFile: calls, encoding: .utf8)
        #expect(log.split(separator: "\n").count == 1 && log.hasSuffix("config user.email\n"), "git started once for 40 events: \(log)")
    }

    // MARK: Appends

    @Test func resendingAnIDWithDifferentContentSaysHowItDiffers() throws {
        let directory = try TemporaryDirectory("toggles-resend")
        #expect(try TogglesBinary.run(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01"], in: directory.url).status == 0)
        let first = try TogglesBinary.run(["change", "isA", "--default", "true", "--at", "2026-01-02", "--id", "ci-7"], in: directory.url)
        #expect(first.status == 0, "\(first)")
        let same = try TogglesBinary.run(["change", "isA", "--default", "true", "--at", "2026-01-02", "--id", "ci-7"], in: directory.url)
        #expect(same.status == 0 && same.stderr.contains("already recorded: id ci-7"), "\(same)")
        #expect(!same.stderr.contains("differs"), "\(same)")
        let different = try TogglesBinary.run(["change", "isA", "--default", "false", "--at", "2026-01-03", "--id", "ci-7"], in: directory.url)
        #expect(different.status == 0, "\(different)")
        #expect(different.stderr.contains("already recorded: id ci-7"), "\(different)")
        #expect(
            different.stderr.contains(
                #"the recorded event is kept, and the one sent differs in at (recorded "2026-01-02T00:00:00Z", sent "2026-01-03T00:00:00Z"), default (recorded true, sent false)"#),
            "\(different)")
        #expect(try directory.eventLines().count == 2)
    }

    @Test func aFailedAppendLeavesNoEmptyFolderOrTemporaryFile() throws {
        let directory = try TemporaryDirectory("toggles-full")
        #expect(try TogglesBinary.run(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01"], in: directory.url).status == 0)
        // A new month's segment under a file-size limit of 0: the write fails.
        let change = try shell(#"ulimit -f 0 && exec "$TOGGLES" change isA --default true --at 2026-03-01"#, in: directory)
        #expect(change.status == 2 && change.stderr.contains("File too large"), "\(change)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("events/2026/03").path), "empty month folder left behind")
        // A fresh log: the .gitignore cannot be written; neither its temporary file nor the folder stays.
        let fresh = try shell(#"ulimit -f 0 && exec "$TOGGLES" create isB --kind local --type bool --default false --log fresh"#, in: directory)
        #expect(fresh.status == 2, "\(fresh)")
        #expect(
            !FileManager.default.fileExists(atPath: directory.file("fresh").path),
            "\(String(describing: try? FileManager.default.contentsOfDirectory(atPath: directory.file("fresh").path)))")
    }

    @Test(.disabled(if: ReliabilityCLITests.cannotDropPrivileges, "running as root without setpriv: permissions do not stop root"))
    func aPermissionErrorNamesTheSegmentNotTheTemporaryFile() throws {
        let directory = try TemporaryDirectory("toggles-permission")
        #expect(try TogglesBinary.run(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01"], in: directory.url).status == 0)
        chmod(directory.file("events").path, 0o777)
        chmod(directory.file("events/.lock").path, 0o666)
        chmod(directory.file("events/2026").path, 0o777)
        chmod(directory.file("events/2026/01").path, 0o555)
        defer { chmod(directory.file("events/2026/01").path, 0o755) }
        let run = try ReliabilityCLITests().runUnprivileged(["change", "isA", "--default", "true", "--at", "2026-01-05"], in: directory)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("toggles: error: cannot create events/2026/01/20260105T000000Z-isA-") && run.stderr.contains(".jsonl: Permission denied"), "\(run)")
        #expect(!run.stderr.contains(".tmp-"), "\(run)")
    }

    // MARK: Switches and missing logs

    @Test func theNoCheckpointSwitchTakesTheUsualSpellingsAndRejectsOthers() throws {
        let directory = try TemporaryDirectory("toggles-switch")
        #expect(try TogglesBinary.run(["create", "isA", "--kind", "local", "--type", "bool", "--default", "false"], in: directory.url).status == 0)
        let cache = directory.file("cache")
        let checkpoints = cache.appendingPathComponent("checkpoints").path
        for value in ["1", "TRUE", "Yes", "on"] {
            let run = try TogglesBinary.run(
                ["state"], in: directory.url,
                environment: TogglesBinary.cleanEnvironment(["TOGGLES_NO_CHECKPOINT": value, "TOGGLES_CHECKPOINT_MIN_BYTES": "1", "TOGGLES_CHECKPOINT_DIR": cache.path]))
            #expect(run.status == 0, "\(value): \(run)")
            #expect(!FileManager.default.fileExists(atPath: checkpoints), "\(value) must disable the checkpoint")
        }
        for value in ["maybe", "2"] {
            let run = try TogglesBinary.run(["state"], in: directory.url, environment: TogglesBinary.cleanEnvironment(["TOGGLES_NO_CHECKPOINT": value]))
            #expect(run.status == 64, "\(value): \(run)")
            #expect(run.stderr.contains("TOGGLES_NO_CHECKPOINT must be 1, true, yes or on (or 0, false, no, off), not '\(value)'"), "\(run)")
        }
        let off = try TogglesBinary.run(
            ["state"], in: directory.url,
            environment: TogglesBinary.cleanEnvironment(["TOGGLES_NO_CHECKPOINT": "Off", "TOGGLES_CHECKPOINT_MIN_BYTES": "1", "TOGGLES_CHECKPOINT_DIR": cache.path]))
        #expect(off.status == 0, "\(off)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: checkpoints)) ?? []).count == 1, "off leaves the checkpoint on")
    }

    @Test func aMissingLogIsEmptyForCommandsThatAppendAndAnErrorForThoseThatOnlyRead() throws {
        let directory = try TemporaryDirectory("toggles-missing-log")
        try directory.write("App/Toggles.swift", "import ToggleKit\n\nenum InternalToggle: String, ToggleType {\n    case isNew\n}\n")
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/importFirebase")
        try directory.write("versions.json", String(decoding: try Data(contentsOf: fixtures.appendingPathComponent("versions.json")), as: UTF8.self))
        for log in [[], ["--log", "nowhere"]] {
            let sync = try TogglesBinary.run(["sync", "swift", "App", "--dry-run"] + log, in: directory.url)
            #expect(sync.status == 0 && sync.stdout.contains("would create isNew"), "\(log): \(sync)")
            let versions = try TogglesBinary.run(["import", "firebase-versions", "versions.json"] + log, in: directory.url)
            #expect(versions.status == 2, "\(log): \(versions)")
            #expect(versions.stderr.contains("log directory \(log.last ?? "events") does not exist"), "\(versions)")
        }
        let sync = try TogglesBinary.run(["sync", "swift", "App", "--log", "nowhere"], in: directory.url)
        #expect(sync.status == 0, "\(sync)")
        #expect(directory.segments(under: "nowhere").count == 1)
    }
}
