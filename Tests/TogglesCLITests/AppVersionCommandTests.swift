import Foundation
import SwiftSource
import Testing
import TestSupport

/// `remove --app-version`, `support --minimum` and `retire` through the built binary: run back
/// to back without `--at` (the writer dates them), then read back with `state`, `history`,
/// `report`, `check` and the exports; and `--at` before and after each event.
@Suite struct AppVersionCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @discardableResult
    func toggles(_ arguments: String...) throws -> TogglesBinary.Run {
        try togglesBinary(arguments, in: directory.url)
    }

    func succeeds(_ arguments: String...) throws {
        let run = try togglesBinary(arguments, in: directory.url)
        #expect(run.status == 0, "\(arguments): \(run)")
    }

    func json(_ arguments: String...) throws -> [String: Any] {
        let run = try togglesBinary(arguments, in: directory.url)
        #expect(run.status == 0, "\(run)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func backToBackTheParameterStaysUntilNoSupportedVersionReadsIt() throws {
        try succeeds("create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--category", "ops")
        try succeeds("publish", "isRoundedAvatar", "--value", "true", "--when", "Chinese users", "device.language in ['zh']", "false")
        try succeeds("support", "--minimum", "2.3", "--reason", "2.2 had a crash on launch")
        try succeeds("remove", "isRoundedAvatar", "--app-version", "2.5.0", "--reason", "rounded for everyone")

        var state = try toggles("state")
        #expect(state.stdout.contains("isRoundedAvatar: removed from the code in 2.5.0, still served to app versions before 2.5.0\n"))
        #expect(state.stdout.contains("minimum supported app version: 2.3 (since "))
        var report = try toggles("report")
        #expect(report.stdout.contains("waiting for retirement (removed in 2.5.0)"), "\(report)")
        #expect(report.stdout.contains("0 live + 1 waiting for retirement = 1 in use, 0 stale, 0 launched, health 100%"), "\(report)")
        #expect(try toggles("check").status == 0)
        var template = try json("export", "firebase")
        #expect((template["parameters"] as? [String: Any])?["isRoundedAvatar"] != nil)
        #expect(!(try toggles("export", "plist")).stdout.contains("isRoundedAvatar"))
        // The name is still read by old apps: it cannot be given to a new toggle yet.
        let reused = try toggles("create", "isRoundedAvatar", "--kind", "local", "--type", "bool", "--default", "true")
        #expect(reused.status == 65, "\(reused)")
        #expect(
            reused.stderr.contains("isRoundedAvatar was removed from the code in 2.5.0 and its remote parameter is still served to older app versions; retire it first"),
            "\(reused.stderr)")
        // flagd serves old apps too: the flag stays, with the version that dropped it.
        var flagd = try json("export", "flagd")
        let flag = (flagd["flags"] as? [String: Any])?["isRoundedAvatar"] as? [String: Any]
        #expect(flag?["defaultVariant"] as? String == "on")
        #expect((flag?["metadata"] as? [String: Any])?["removedInAppVersion"] as? String == "2.5.0")

        // 2.10 > 2.5.0, compared as app versions (not as text, where "2.10" < "2.5.0").
        try succeeds("support", "--minimum", "2.10", "--reason", "forced update")
        state = try toggles("state")
        #expect(state.stdout.contains("no supported version reads it since "))
        report = try toggles("report")
        #expect(report.stdout.contains("retire-remote (unread for 0 days)"), "\(report)")
        let check = try toggles("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("retire-remote: delete isRoundedAvatar from Remote Config: no supported version reads it since "), "\(check)")
        #expect(try toggles("check", "--fail-on", "expired,launched").status == 0)
        #expect(try toggles("check", "--fail-on", "retire-remote").status == 1)
        template = try json("export", "firebase")
        #expect((template["parameters"] as? [String: Any])?.isEmpty == true)
        flagd = try json("export", "flagd")
        #expect((flagd["flags"] as? [String: Any])?.isEmpty == true, "\(flagd)")

        try succeeds("retire", "isRoundedAvatar", "--reason", "deleted in the console")
        #expect(try toggles("check").status == 0)
        #expect(!(try toggles("report")).stdout.contains("isRoundedAvatar"))
        let second = try toggles("retire", "isRoundedAvatar")
        #expect(second.status == 65 && second.stderr.contains("nothing to retire"), "\(second)")
        // Retired, the name is free again; a new toggle may take it.
        try succeeds("create", "isRoundedAvatar", "--kind", "local", "--type", "bool", "--default", "true")
        try succeeds("remove", "isRoundedAvatar", "--reason", "not needed after all")

        let history = try toggles("history", "--app")
        #expect(history.status == 0)
        #expect(history.stdout.contains("minimum supported version → 2.3: 2.2 had a crash on launch"))
        #expect(history.stdout.contains("minimum supported version → 2.10: forced update"))
        #expect(history.stdout.contains("2 events for the app (log-wide)"))
        let toggleHistory = try toggles("history", "isRoundedAvatar")
        #expect(toggleHistory.stdout.contains("code-removed"))
        #expect(toggleHistory.stdout.contains("retired"))
        #expect(try toggles("audit").status == 0)
    }

    @Test func stateAtBeforeAndAfterEachEvent() throws {
        try succeeds("create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-01-01")
        try succeeds("publish", "isRoundedAvatar", "--value", "true", "--at", "2026-02-01")
        try succeeds("support", "--minimum", "2.4", "--at", "2026-03-01")
        try succeeds("remove", "isRoundedAvatar", "--app-version", "2.5", "--at", "2026-04-01")
        try succeeds("support", "--minimum", "2.5.0", "--at", "2026-05-01")
        try succeeds("retire", "isRoundedAvatar", "--at", "2026-06-01")

        func state(_ at: String) throws -> (minimum: String?, toggle: [String: Any]) {
            let document = try json("state", "--at", at, "--format", "json")
            let toggle = try #require((document["toggles"] as? [[String: Any]])?.first)
            return (document["minimumSupportedVersion"] as? String, toggle)
        }
        func parameters(_ at: String) throws -> [String] {
            Array(((try json("export", "firebase", "--at", at))["parameters"] as? [String: Any] ?? [:]).keys)
        }
        #expect(try state("2026-02-28T23:59:59Z").minimum == nil)
        #expect(try state("2026-03-01").minimum == "2.4")
        #expect(try state("2026-03-31T23:59:59Z").toggle["removedAt"] is NSNull)
        let removed = try state("2026-04-01").toggle
        #expect(removed["removedInAppVersion"] as? String == "2.5")
        #expect(removed["remote"] is [String: Any])
        #expect(try parameters("2026-04-30T23:59:59Z") == ["isRoundedAvatar"])
        #expect(try state("2026-05-01").minimum == "2.5.0")
        #expect(try parameters("2026-05-01") == [])
        #expect(try toggles("check", "--now", "2026-04-30T23:59:59Z").status == 0)
        #expect(try toggles("check", "--now", "2026-05-01").status == 1)
        #expect(try toggles("check", "--now", "2026-06-01").status == 0)
        #expect(try state("2026-05-31T23:59:59Z").toggle["remote"] is [String: Any])
        #expect(try state("2026-06-01").toggle["remote"] is NSNull)
    }

    @Test(arguments: ["2..5", "999999999999999999999", "-1", "2.5.0.0.0", "٢.٥", "", "2.05", "v2.5"])
    func hostileVersionsAreRefusedByEveryCommandAndAppendNothing(_ version: String) throws {
        try succeeds("create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false")
        let before = try directory.eventLines()
        for arguments in [["remove", "isRoundedAvatar", "--app-version", version], ["support", "--minimum", version]] {
            let run = try togglesBinary(arguments, in: directory.url)
            #expect(run.status == 64, "\(arguments): \(run)")
            let option = arguments.count == 4 ? "--app-version" : "--minimum"
            #expect(run.stderr.contains("\(option) must be an app version such as 2.5.0"), "\(run)")
        }
        // `append` goes through the reader's rule.
        let line = #"{"type":"minimum-version-changed","toggle":"_app","minimumVersion":\#(String(reflecting: version))}"#
        let append = try togglesBinary(["append"], in: directory.url, stdin: line + "\n")
        #expect(append.status != 0, "\(append)")
        #expect(append.stderr.contains("\"minimumVersion\" must be an app version such as 2.5.0"), "\(append)")
        #expect(try directory.eventLines() == before)
    }

    @Test func theReaderRefusesAHandWrittenBadVersionNamingTheLine() throws {
        try succeeds("create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-01-01")
        try directory.write(
            "events/2026/02/hand.jsonl",
            #"{"schema":1,"id":"h1","at":"2026-02-01T00:00:00Z","type":"code-removed","toggle":"isRoundedAvatar","actor":"mei","appVersion":"2..5"}"# + "\n")
        for command in [["state"], ["report"], ["audit"], ["export", "firebase"]] {
            let run = try togglesBinary(command, in: directory.url)
            #expect(run.status == 2, "\(command): \(run)")
            #expect(run.stderr.contains("events/2026/02/hand.jsonl:1"), "\(run)")
            #expect(run.stderr.contains("\"appVersion\" must be an app version such as 2.5.0"), "\(run)")
        }
    }

    @Test func existingLogsReadTheSame() throws {
        // A removal without a version: gone everywhere, as before.
        try succeeds("create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-01-01")
        try succeeds("publish", "isRoundedAvatar", "--value", "true", "--at", "2026-02-01")
        try succeeds("remove", "isRoundedAvatar", "--at", "2026-03-01")
        #expect(((try json("export", "firebase"))["parameters"] as? [String: Any])?.isEmpty == true)
        let report = try toggles("report")
        #expect(report.stdout == "no live toggles\n\n0 live, 0 stale, 0 launched, health 100% (as of \(report.stdout.split(separator: "(as of ").last ?? "")")
        let document = try json("state", "--format", "json")
        #expect(document["minimumSupportedVersion"] is NSNull)
    }
}
