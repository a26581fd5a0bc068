import Foundation
import SwiftSource
import Testing
import ToggleLedger
import TestSupport

/// Commands run back to back, without `--at`, as a person types them or a CI step runs them:
/// each event replays after the one appended before it (issue 15 §1). Nothing here sleeps.
@Suite struct BackToBackCommandTests {
    @discardableResult
    static func toggles(_ arguments: [String], in directory: TemporaryDirectory, stdin: String? = nil) throws -> TogglesBinary.Run {
        try TogglesBinary.run(arguments, in: directory.url, stdin: stdin)
    }

    /// The types of `toggle`'s events in replay order, from `history --format json`.
    static func history(_ toggle: String, in directory: TemporaryDirectory, log: String = "events") throws -> [String] {
        let run = try toggles(["history", toggle, "--log", log, "--format", "json"], in: directory)
        #expect(run.status == 0, "\(run)")
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        let events = (document as? [String: Any])?["events"] as? [[String: Any]] ?? []
        return events.compactMap { $0["type"] as? String }
    }

    @Test func createThenChangeNeverFails() throws {
        // The loop of the issue: 9 of 20 rounds failed with "no toggle named x".
        let directory = try TemporaryDirectory()
        for round in 1...20 {
            try? FileManager.default.removeItem(at: directory.file("l"))
            let create = try Self.toggles(["create", "x", "--kind", "local", "--type", "bool", "--default", "false", "--log", "l"], in: directory)
            #expect(create.status == 0, "round \(round): \(create)")
            let change = try Self.toggles(["change", "x", "--default", "true", "--log", "l"], in: directory)
            #expect(change.status == 0, "round \(round): \(change)")
        }
    }

    @Test func aToggleLifeTypedAtSpeedReplaysInOrder() throws {
        let directory = try TemporaryDirectory()
        let commands: [[String]] = [
            ["create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--expires", "2027-01-31"],
            ["publish", "isRoundedAvatar", "--value", "false"],
            ["extend", "isRoundedAvatar", "--expires", "2027-03-31", "--reason", "waiting for 2.5"],
            ["change", "isRoundedAvatar", "--default", "true"],
            ["remove", "isRoundedAvatar", "--reason", "launched"],
            ["create", "isRoundedAvatar", "--kind", "local", "--type", "bool", "--default", "true"],
            ["remove", "isRoundedAvatar"],
        ]
        for command in commands {
            let run = try Self.toggles(command, in: directory)
            #expect(run.status == 0, "\(command): \(run)")
        }
        #expect(
            try Self.history("isRoundedAvatar", in: directory)
                == ["created", "published", "expiry-extended", "default-changed", "removed", "created", "removed"])
        let audit = try Self.toggles(["audit"], in: directory)
        #expect(audit.status == 0, "\(audit)")
    }

    @Test func aBatchAtOneInstantWithoutIdsReplaysInTheOrderGiven() throws {
        let directory = try TemporaryDirectory()
        let at = "2026-06-01T10:00:00Z"
        let lines = [
            #"{"at":"\#(at)","type":"created","toggle":"b1","kind":"local","valueType":"bool","default":false,"category":"release"}"#,
            #"{"at":"\#(at)","type":"default-changed","toggle":"b1","default":true}"#,
            #"{"at":"\#(at)","type":"removed","toggle":"b1","reason":"done"}"#,
            #"{"at":"\#(at)","type":"created","toggle":"b1","kind":"local","valueType":"bool","default":true,"category":"release"}"#,
        ]
        let run = try Self.toggles(["append"], in: directory, stdin: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run)")
        #expect(try Self.history("b1", in: directory) == ["created", "default-changed", "removed", "created"])
        // Every line kept the instant it was given.
        #expect(try directory.eventLines().allSatisfy { $0.contains(#""at":"\#(at)""#) })
    }

    @Test func aBatchWithoutInstantsOrIdsReplaysInTheOrderGivenAfterTheLog() throws {
        let directory = try TemporaryDirectory()
        #expect(try Self.toggles(["create", "b2", "--kind", "local", "--type", "bool", "--default", "false"], in: directory).status == 0)
        let lines = [
            #"{"type":"default-changed","toggle":"b2","default":true}"#,
            #"{"type":"removed","toggle":"b2"}"#,
            #"{"type":"created","toggle":"b2","kind":"local","valueType":"number","default":1,"category":"release"}"#,
            #"{"type":"default-changed","toggle":"b2","default":2}"#,
        ]
        for _ in 0..<3 {
            let run = try Self.toggles(["append"], in: directory, stdin: lines.joined(separator: "\n"))
            #expect(run.status == 0, "\(run)")
            let more = #"{"type":"removed","toggle":"b2"}"# + "\n" + #"{"type":"created","toggle":"b2","kind":"local","valueType":"bool","default":false,"category":"release"}"#
            #expect(try Self.toggles(["append"], in: directory, stdin: more).status == 0)
        }
        let expected = ["created"] + Array(repeating: ["default-changed", "removed", "created", "default-changed", "removed", "created"], count: 3).flatMap { $0 }
        #expect(try Self.history("b2", in: directory) == expected)
    }

    /// A segment from a machine whose clock ran a year ahead, merged in with git: a new event
    /// would have to be dated after it, a year ahead too, which `audit` refuses and `check`
    /// (judging at the clock) would not see. The command is refused, nothing is appended, and
    /// the message says what to do; with a past `--at` it goes in.
    @Test func aFutureDatedEventIsNotFollowedIntoTheFuture() throws {
        let directory = try TemporaryDirectory()
        let created = try Self.toggles(["create", "isNow", "--kind", "local", "--type", "bool", "--default", "false"], in: directory)
        #expect(created.status == 0, "\(created)")
        let nextYear = Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970) + 366 * 86_400)
        try directory.write(
            "events/ahead.jsonl",
            #"{"schema":1,"id":"01SKEWED0000000000000000AA","at":"\#(nextYear)","type":"created","toggle":"isAhead","actor":"skewed@example.com","kind":"local","valueType":"bool","default":false,"category":"release"}"#
                + "\n")
        let segments = { try FileManager.default.subpathsOfDirectory(atPath: directory.file("events").path).filter { $0.hasSuffix(".jsonl") }.sorted() }
        let before = try segments()
        let change = try Self.toggles(["change", "isNow", "--default", "true"], in: directory)
        #expect(change.status == 65, "\(change)")
        #expect(change.stderr.contains("to replay after the log's last event it would be dated \(nextYear.date)T"), "\(change.stderr)")
        #expect(change.stderr.contains("by more than the 5-minute allowance; correct the future-dated event (`toggles audit` names it) or this clock, or give --at"))
        #expect(try segments() == before)
        let audit = try Self.toggles(["audit", "--strict"], in: directory)
        #expect(audit.status != 0 && audit.stdout.contains("ahead.jsonl:1"), "\(audit)")
        let dated = try Self.toggles(["change", "isNow", "--default", "true", "--at", "\(Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970) + 2))"], in: directory)
        #expect(dated.status == 0, "\(dated)")
        #expect(try Self.history("isNow", in: directory) == ["created", "default-changed"])
    }

    /// An event at the last instant the log can record: no later instant exists, so a new
    /// undated event is refused rather than placed before it.
    @Test func anEventAtTheEndOfTimeRefusesUndatedAppends() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "events/end.jsonl",
            #"{"schema":1,"id":"01ENDOFT1ME0000000000000AA","at":"2262-04-11T23:47:16.854775807Z","type":"created","toggle":"isLast","actor":"a","kind":"local","valueType":"bool","default":false,"category":"release"}"#
                + "\n")
        let change = try Self.toggles(["change", "isLast", "--default", "true"], in: directory)
        #expect(change.status == 65, "\(change)")
        #expect(try Self.history("isLast", in: directory) == ["created"])
    }
}
