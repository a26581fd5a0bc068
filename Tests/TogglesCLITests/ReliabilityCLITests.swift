import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Faults and hostile input through the built binary: the log survives, every error names
/// the file, nothing crashes.
@Suite struct ReliabilityCLITests {
    static let runningAsRoot = geteuid() == 0
    /// As root, permission tests drop to `nobody` with util-linux `setpriv`, so they still test.
    static let setpriv = "/usr/bin/setpriv"
    static let cannotDropPrivileges = runningAsRoot && !FileManager.default.isExecutableFile(atPath: setpriv)

    /// Runs the binary as an unprivileged user: as is when not root, else as `nobody`.
    func runUnprivileged(_ arguments: [String], in directory: TemporaryDirectory) throws -> TogglesBinary.Run {
        guard Self.runningAsRoot else { return try TogglesBinary.run(arguments, in: directory.url) }
        chmod(directory.path, 0o755)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.setpriv)
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", TogglesBinary.url.path] + arguments
        process.currentDirectoryURL = directory.url
        process.environment = TogglesBinary.cleanEnvironment()
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return TogglesBinary.Run(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// A log with one toggle, made through the binary.
    func makeLog() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("toggles-reliability")
        let created = toggles(
            ["create", "isA", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01", "--id", "c1"],
            in: directory.url)
        #expect(created.status == 0, "\(created)")
        return directory
    }

    /// Every file under `events/` with its bytes, hidden ones included.
    func snapshot(_ directory: TemporaryDirectory) -> [String: Data] {
        let root = directory.file("events")
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files[String(url.path.dropFirst(root.path.count))] = try? Data(contentsOf: url)
            }
        }
        return files
    }

    static func changes(_ count: Int, from start: Int = 1) -> String {
        (start..<(start + count)).map { n in
            #"{"schema":1,"id":"d\#(n)","at":"2026-01-02T00:00:\#(String(format: "%02d", n % 60))Z","type":"default-changed","toggle":"isA","actor":"t","default":\#(n % 2 == 0)}"#
        }.joined(separator: "\n") + "\n"
    }

    // MARK: Full disk and file-size limit

    @Test func fileSizeLimitFailsWithExitTwoAndLeavesTheLogUnchanged() throws {
        let directory = try makeLog()
        try directory.write("batch.jsonl", Self.changes(59))
        let before = snapshot(directory)
        // `ulimit -f 2` allows 2 KiB per file; the batch needs about 8.
        var environment = TogglesBinary.cleanEnvironment()
        environment["TOGGLES"] = TogglesBinary.url.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"ulimit -f 2 && exec "$TOGGLES" append --file batch.jsonl"#]
        process.currentDirectoryURL = directory.url
        process.environment = environment
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by a signal: SIGXFSZ not ignored?")
        #expect(process.terminationStatus == 2, "\(message)")
        #expect(message.contains("toggles: error: cannot write events/2026/01/"), "\(message)")
        #expect(message.contains("File too large"), "\(message)")
        #expect(snapshot(directory) == before)
        let retry = try TogglesBinary.run(["append", "--file", "batch.jsonl"], in: directory.url)
        #expect(retry.status == 0, "\(retry)")
        #expect(try directory.eventLines().count == 60)
    }

    // MARK: Damaged log directories

    @Test func missingLogDirectoryIsAClearError() throws {
        let directory = try TemporaryDirectory()
        for command in [["state"], ["audit"], ["history", "isA"], ["replay"], ["report"]] {
            let run = toggles(command + ["--log", "nowhere"], in: directory.url)
            #expect(run.status == 2, "\(command): \(run)")
            #expect(run.stderr.contains("log directory nowhere does not exist"), "\(run)")
        }
    }

    @Test func logPathThatIsAFileIsAClearError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("events", "not a directory")
        let run = toggles(["audit"], in: directory.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("events is not a directory"), "\(run)")
    }

    @Test func segmentThatIsADirectoryIsAClearError() throws {
        let directory = try makeLog()
        try FileManager.default.createDirectory(at: directory.file("events/2026/02/odd.jsonl"), withIntermediateDirectories: true)
        for command in [["audit"], ["state"]] {
            let run = toggles(command, in: directory.url)
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr.contains("events/2026/02/odd.jsonl ends in .jsonl but is not a regular file"), "\(run)")
        }
        let append = toggles(["change", "isA", "--default", "true", "--at", "2026-01-05"], in: directory.url)
        #expect(append.status == 2, "\(append)")
    }

    @Test func symlinkOutOfTheLogIsAClearError() throws {
        let directory = try makeLog()
        let outside = try TemporaryDirectory("toggles-outside")
        try outside.write("stolen.jsonl", #"{"schema":1,"id":"x","at":"2026-01-03T00:00:00Z","type":"removed","toggle":"isA","actor":"m"}"# + "\n")
        try FileManager.default.createSymbolicLink(at: directory.file("events/2026/01/link.jsonl"), withDestinationURL: outside.file("stolen.jsonl"))
        let run = toggles(["audit"], in: directory.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("events/2026/01/link.jsonl is a symlink to"), "\(run)")
        #expect(run.stderr.contains("outside the log directory"), "\(run)")
    }

    @Test(.disabled(if: cannotDropPrivileges, "running as root without setpriv: permissions do not stop root, so a read-only directory cannot be simulated"))
    func readOnlyLogDirectoryIsAClearErrorAndNothingChanges() throws {
        let directory = try makeLog()
        let before = snapshot(directory)
        let folders = ["events", "events/2026", "events/2026/01"].map { directory.file($0).path }
        for folder in folders { chmod(folder, 0o555) }
        defer { for folder in folders { chmod(folder, 0o755) } }
        let run = try runUnprivileged(["change", "isA", "--default", "true", "--at", "2026-01-05"], in: directory)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("toggles: error: cannot open ") && run.stderr.contains("events/.lock: Permission denied"), "\(run)")
        #expect(run.stderr.contains("Permission denied"), "\(run)")
        #expect(snapshot(directory) == before)
        let state = try runUnprivileged(["state"], in: directory)
        #expect(state.status == 0, "a read-only log is still readable: \(state)")
    }

    @Test(.disabled(if: cannotDropPrivileges, "running as root without setpriv: permissions do not stop root, so an unreadable segment cannot be simulated"))
    func unreadableSegmentIsAClearError() throws {
        let directory = try makeLog()
        let segment = try #require(directory.segments().first)
        chmod(directory.file(segment).path, 0o000)
        defer { chmod(directory.file(segment).path, 0o644) }
        let run = try runUnprivileged(["audit"], in: directory)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("cannot open ") && run.stderr.contains("\(segment): Permission denied"), "\(run)")
    }

    // MARK: Concurrency

    @Test func concurrentWritersLoseNothing() async throws {
        let directory = try makeLog()
        let writers = 6
        let appends = 8
        let url = directory.url
        try await withThrowingTaskGroup(of: [Int32].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var statuses: [Int32] = []
                    for n in 0..<appends {
                        let second = String(format: "%02d", (writer * appends + n) % 60)
                        let line =
                            #"{"schema":1,"id":"w\#(writer)-\#(n)","at":"2026-01-03T00:\#(String(format: "%02d", writer)):\#(second)Z","type":"default-changed","toggle":"isA","actor":"w","default":true}"#
                        statuses.append(try TogglesBinary.run(["append"], in: url, stdin: line + "\n").status)
                    }
                    return statuses
                }
            }
            for try await statuses in group { #expect(statuses.allSatisfy { $0 == 0 }) }
        }
        let lines = try directory.eventLines()
        let ids = lines.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return object["id"] as? String
        }
        #expect(ids.count == lines.count, "every line is one JSON object")
        #expect(Set(ids).count == ids.count, "no event twice")
        #expect(Set(ids) == Set(["c1"] + (0..<writers).flatMap { w in (0..<appends).map { "w\(w)-\($0)" } }))
        let audit = try TogglesBinary.run(["audit", "--strict"], in: directory.url)
        #expect(audit.status == 0, "\(audit)")
        #expect(audit.stdout.contains("\(1 + writers * appends) events"), "\(audit)")
    }

    // MARK: Torn tails

    @Test func tornTailIsIgnoredThenMovedAsideByTheNextAppend() throws {
        let directory = try makeLog()
        let segment = try #require(directory.segments().first)
        let original = try directory.read(segment)
        let fragment = #"{"schema":1,"id":"half","at":"2026-01-0"#
        try directory.write(segment, original + fragment)
        let audit = try TogglesBinary.run(["audit"], in: directory.url)
        #expect(audit.status == 0, "\(audit)")
        #expect(audit.stdout.contains("\(segment):2: torn last line"), "\(audit)")
        #expect(try TogglesBinary.run(["audit", "--strict"], in: directory.url).status == 2)
        let append = try TogglesBinary.run(["change", "isA", "--default", "true", "--at", "2026-01-05", "--id", "d9"], in: directory.url)
        #expect(append.status == 0, "\(append)")
        #expect(append.stderr.contains("moved a torn line"), "\(append)")
        #expect(try directory.read(segment) == original)
        #expect(try directory.read(segment + ".torn") == fragment + "\n")
        #expect(try TogglesBinary.run(["audit", "--strict"], in: directory.url).status == 0)
    }

    // MARK: Terminal escapes

    @Test func terminalEscapesFromTheLogAreNeutralised() throws {
        let directory = try TemporaryDirectory()
        let line =
            #"{"schema":1,"id":"e\u001b[1m","at":"2026-01-01T00:00:00Z","type":"created","toggle":"isA","actor":"evil\u001b[2J","kind":"remote","valueType":"string","default":"x\u001b[2J","category":"release","owner":"o\u001b[2J","description":"wipe\u001b[2J\u001b]0;pwned\u0007\u009b31m"}"#
        try directory.write(
            "events/2026/01/s.jsonl", line + "\n" + #"{"schema":1,"id":"u1","at":"2026-01-02T00:00:00Z","type":"future\u001b[2J","toggle":"isA","actor":"a"}"# + "\n")
        let commands: [[String]] = [["state"], ["history", "isA"], ["audit"], ["replay"], ["report", "--now", "2026-02-01"]]
        for command in commands {
            let run = toggles(command, in: directory.url)
            for output in [run.stdout, run.stderr] {
                #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" }, "\(command) printed a control character: \(run)")
            }
            #expect(run.stdout.contains("\\u{1B}") || run.stdout.contains("\\u001b"), "\(command) shows the escape visibly: \(run)")
        }
        // JSON output escapes it the JSON way, so the value survives a round trip.
        let json = toggles(["history", "isA", "--format", "json"], in: directory.url)
        #expect(json.stdout.contains(#"\u001b[2J"#) && !json.stdout.contains("\u{1B}"), "\(json)")
    }

    // MARK: Names, types and values

    @Test(arguments: [
        ("1startsWithDigit", "starts with a letter or '_'"),
        ("has-dash", "only letters, digits and '_'"),
        ("has space", "only letters, digits and '_'"),
        ("ünïcode", "starts with a letter or '_'"),
        (String(repeating: "a", count: 257), "at most 256 characters"),
    ])
    func toggleNamesFollowRemoteConfigKeyRules(_ name: String, _ reason: String) throws {
        let directory = try TemporaryDirectory()
        let run = toggles(["create", name, "--kind", "remote", "--type", "bool", "--default", "false"], in: directory.url)
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains(reason), "\(run)")
        #expect(directory.segments().isEmpty)
    }

    @Test(arguments: ["_private", "a", String(repeating: "b", count: 256), "isRounded2Avatar"])
    func validToggleNamesAreAccepted(_ name: String) throws {
        let directory = try TemporaryDirectory()
        let run = toggles(["create", name, "--kind", "remote", "--type", "bool", "--default", "false"], in: directory.url)
        #expect(run.status == 0, "\(run)")
    }

    @Test(arguments: [
        ("bool", "yes"), ("bool", "1"), ("number", "0x10"), ("number", "01"), ("number", "NaN"),
        ("json", "{\"a\":1,}"), ("json", "{\"a\":1,\"a\":2}"), ("json", "[1"),
    ])
    func valuesFollowTheirDeclaredType(_ type: String, _ value: String) throws {
        let directory = try TemporaryDirectory()
        let run = toggles(["create", "isTyped", "--kind", "remote", "--type", type, "--default", value], in: directory.url)
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains("is not a \(type) value"), "\(run)")
        #expect(directory.segments().isEmpty)
    }

    @Test func appendedValueOfTheWrongTypeIsRejected() throws {
        let directory = try makeLog()
        let before = snapshot(directory)
        let run = toggles(["append"], in: directory.url, stdin: #"{"type":"default-changed","toggle":"isA","default":"true"}"# + "\n")
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains("must be a bool value, found string"), "\(run)")
        #expect(snapshot(directory) == before)
    }

    // MARK: Provenance

    @Test func ciProvenanceIsRecorded() throws {
        let directory = try makeLog()
        let environment = TogglesBinary.cleanEnvironment([
            "GITHUB_ACTIONS": "true", "GITHUB_ACTOR": "octo", "GITHUB_SHA": "0123abc", "GITHUB_REF_NAME": "main",
            "GITHUB_RUN_ID": "42", "GITHUB_RUN_ATTEMPT": "2", "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "o/r",
        ])
        let run = toggles(["change", "isA", "--default", "true", "--at", "2026-01-05", "--id", "ci1"], in: directory.url, environment: environment)
        #expect(run.status == 0, "\(run)")
        let line = try #require(try directory.eventLines().first { $0.contains(#""id":"ci1""#) })
        #expect(line.contains(#""actor":"github:octo""#))
        #expect(line.contains(#""source":{"ci":"github-actions","commit":"0123abc","branch":"main","run":"42.2","url":"https://github.com/o/r/actions/runs/42"}"#), "\(line)")
        let gitlab = TogglesBinary.cleanEnvironment([
            "GITLAB_CI": "true", "GITLAB_USER_EMAIL": "dev@example.com", "CI_COMMIT_SHA": "feed", "CI_COMMIT_REF_NAME": "topic",
            "CI_PIPELINE_ID": "77", "CI_JOB_URL": "https://gitlab.example/j/1",
        ])
        let appended = toggles(
            ["append"], in: directory.url, stdin: #"{"type":"default-changed","toggle":"isA","default":false,"id":"ci2","at":"2026-01-06T00:00:00Z"}"# + "\n", environment: gitlab)
        #expect(appended.status == 0, "\(appended)")
        let second = try #require(try directory.eventLines().first { $0.contains(#""id":"ci2""#) })
        #expect(second.contains(#""source":{"ci":"gitlab-ci","commit":"feed","branch":"topic","run":"77","url":"https://gitlab.example/j/1"}"#), "\(second)")
        let local = toggles(["change", "isA", "--default", "true", "--at", "2026-01-07", "--id", "local1"], in: directory.url)
        #expect(local.status == 0)
        #expect(try directory.eventLines().first { $0.contains(#""id":"local1""#) }?.contains("\"source\"") == false)
    }
}
