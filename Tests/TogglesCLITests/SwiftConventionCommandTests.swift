import Foundation
import Testing
import TestSupport

/// Issue 17: findings that say what to do, on a FeatureFlag enum the log knows by raw values.
@Suite struct RemovalPlanCommandTests {
    @Test func findingsNameEverySiteAndTheValueToKeep() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.copyFixture("findingsNameEverySiteAndTheValueToKeep", into: directory)
        let commands: [[String]] = [
            ["create", "new_checkout", "--kind", "remote", "--type", "bool", "--default", "false", "--expires", "2026-03-05"],
            ["publish", "new_checkout", "--value", "true"],
            ["create", "dark_splash", "--kind", "remote", "--type", "bool", "--default", "false", "--expires", "2026-03-05"],
            ["publish", "dark_splash", "--value", "true", "--when", "Danes", "device.country in ['DK']", "false"],
            ["create", "legacy_feed", "--kind", "remote", "--type", "bool", "--default", "true"],
            ["remove", "legacy_feed", "--reason", "launched"],
        ]
        for (offset, command) in commands.enumerated() {
            let run = TestSupport.toggles(command + ["--at", String(format: "2026-03-%02dT10:00:00Z", offset + 1), "--actor", "t@example.com"], in: directory.url)
            try #require(run.status == 0, "\(run)")
        }
        let now = ["--now", "2026-03-15"]
        let json = TestSupport.toggles(["report", "--scan", "App", "--format", "json"] + now, in: directory.url)
        #expect(json.status == 0, "\(json)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let toggles = try #require(document["toggles"] as? [[String: Any]])
        let checkout = try #require(toggles.first { $0["name"] as? String == "new_checkout" })
        // Published without conditions: everyone gets the remote default, so that is the value to keep.
        #expect((checkout["removal"] as? [String: Any])?["keep"] as? Bool == true)
        #expect((checkout["removal"] as? [String: Any])?["source"] as? String == "remote-default")
        #expect(
            (checkout["references"] as? [[String: Any]])?.map { "\($0["file"]!):\($0["line"]!):\($0["column"]!) \($0["symbol"]!)" } == [
                "App/Checkout View.swift:5:56 .newCheckout",
                "App/Checkout View.swift:6:25 FeatureFlag.newCheckout",
                "App/FeatureFlag.swift:2:10 case newCheckout",
            ])
        let splash = try #require(toggles.first { $0["name"] as? String == "dark_splash" })
        let splashPlan = try #require(splash["removal"] as? [String: Any])
        // With a condition, the in-app default is kept and what is served otherwise is listed as lost.
        #expect(splashPlan["keep"] as? Bool == false && splashPlan["source"] as? String == "in-app-default")
        #expect((splashPlan["lost"] as? [[String: Any]])?.map { "\($0["condition"]!) \($0["value"]!)" } == ["remote default 1"])
        let findings = try #require(document["codeFindings"] as? [[String: Any]])
        #expect(findings.map { "\($0["toggle"]!) \($0["code"]!)" } == ["legacy_feed removed-but-referenced"])
        #expect((findings[0]["removal"] as? [String: Any])?["keep"] as? Bool == true)

        let text = TestSupport.toggles(["check", "--scan", "App"] + now, in: directory.url)
        #expect(text.status == 1)
        let markdown = TestSupport.toggles(["report", "--scan", "App", "--format", "markdown"] + now, in: directory.url)
        // HTML inside <summary>: GitHub renders no Markdown there.
        #expect(markdown.stdout.contains("<details><summary><code>new_checkout</code>: keep true (remote default) (3 sites)</summary>"), "\(markdown.stdout)")
        let report = TestSupport.toggles(["report", "--scan", "App"] + now, in: directory.url)
        #expect(
            report.stdout.contains(
                """
                to remove legacy_feed: keep true (in-app default)
                  App/Checkout View.swift:7:51  .legacyFeed
                  App/FeatureFlag.swift:4:10  case legacyFeed
                """), "\(report.stdout)")
    }

    @Test func syncSwiftAsksForTheKindAndMapsRawValues() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.copyFixture("findingsNameEverySiteAndTheValueToKeep", into: directory)
        try #require(toggles(["create", "new_checkout", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-03-01"], in: directory.url).status == 0)
        let refused = toggles(["sync", "swift", "App", "--at", "2026-03-02", "--actor", "ci"], in: directory.url)
        // A missing --kind is the only refusal: one message, the count, the flag (issue 27), exit 64.
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("2 toggles found in FeatureFlag (App/FeatureFlag.swift) have no kind; pass --kind local|remote|build"), "\(refused)")
        #expect(!refused.stderr.contains("newCheckout"), "new_checkout is the raw value of newCheckout: the log already has it")
        let lines = try directory.eventLines().count
        let synced = toggles(["sync", "swift", "App", "--kind", "remote", "--at", "2026-03-02", "--actor", "ci"], in: directory.url)
        #expect(synced.status == 0, "\(synced)")
        let created = try directory.eventLines().dropFirst(lines)
        #expect(created.count == 2)
        #expect(created.allSatisfy { $0.contains(#""type":"created""#) && $0.contains(#""kind":"remote""#) })
        #expect(created.contains { $0.contains(#""toggle":"dark_splash""#) } && created.contains { $0.contains(#""toggle":"legacy_feed""#) })
    }

    @Test func scanExplainAndTheSettingFromAConfigFile() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.copyFixture("scanExplainAndTheSettingFromAConfigFile", into: directory)
        try #require(toggles(["create", "new_paywall", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-03-01"], in: directory.url).status == 0)
        // Without the setting too (issue 27): Experiments is named for toggles and the log knows its case.
        let plain = toggles(["scan", "App"], in: directory.url)
        #expect(
            plain.stdout == """
                App/Paywall Screen.swift:2:10: new_paywall: declaration case newPaywall
                App/Paywall Screen.swift:6:17: new_paywall: implicit-member .newPaywall
                2 references to 1 toggle in 1 Swift file

                """, "\(plain)")
        let explained = toggles(["scan", "App", "--explain", "App/Paywall Screen.swift:1"], in: directory.url)
        #expect(explained.status == 0)
        #expect(
            explained.stdout.hasPrefix(
                "App/Paywall Screen.swift:1:1: enum Experiments is a toggle enum: an enum named for toggles, one of whose cases or raw values the log knows"), "\(explained)")

        let configured = toggles(["scan", "App", "--config", "toggles-scan.json"], in: directory.url)
        #expect(
            configured.stdout == """
                App/Paywall Screen.swift:2:10: new_paywall: declaration case newPaywall
                App/Paywall Screen.swift:6:17: new_paywall: implicit-member .newPaywall
                2 references to 1 toggle in 1 Swift file

                """, "\(configured)")
        let why = toggles(["scan", "App", "--config", "toggles-scan.json", "--explain", "App/Paywall Screen.swift:6"], in: directory.url)
        #expect(
            why.stdout == "App/Paywall Screen.swift:6:17: `.newPaywall` is new_paywall (implicit-member: a toggle case or a toggle the log knows, the argument of variant)\n",
            "\(why)")

        try directory.write("bad.json", #"{"swift": {"toggleEnum": ["Experiments"]}}"#)
        let bad = toggles(["scan", "App", "--config", "bad.json"], in: directory.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.json: swift.toggleEnum: unknown setting; expected toggleEnums, queryMethods or keyStyles"), "\(bad)")
        #expect(toggles(["scan", "App", "--explain", "App/Paywall Screen.swift"], in: directory.url).status == 64)
        #expect(toggles(["scan", "App", "--explain", "App/Missing.swift:3"], in: directory.url).status == 2)
    }

    /// A line of scan's output (FILE:LINE:COLUMN) pasted into --explain explains that line; a line
    /// past the end of the file is a usage error, not "no code on this line".
    @Test func scanExplainTakesScanOutputAndRefusesALinePastTheEnd() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.copyFixture("scanExplainAndTheSettingFromAConfigFile", into: directory)
        try #require(toggles(["create", "new_paywall", "--kind", "remote", "--type", "bool", "--default", "false"], in: directory.url).status == 0)
        let scanned = toggles(["scan", "App", "--config", "toggles-scan.json"], in: directory.url)
        let usage = try #require(scanned.stdout.split(separator: "\n").first { $0.contains("implicit-member") })
        let separator = try #require(usage.range(of: ": "))
        let site = String(usage[..<separator.lowerBound])  // "App/Paywall Screen.swift:6:17"
        #expect(site == "App/Paywall Screen.swift:6:17", "\(scanned)")
        let pasted = toggles(["scan", "App", "--config", "toggles-scan.json", "--explain", site], in: directory.url)
        #expect(pasted.status == 0, "\(pasted)")
        #expect(
            pasted.stdout == "App/Paywall Screen.swift:6:17: `.newPaywall` is new_paywall (implicit-member: a toggle case or a toggle the log knows, the argument of variant)\n",
            "\(pasted)")

        let beyond = toggles(["scan", "App", "--explain", "App/Paywall Screen.swift:8"], in: directory.url)
        #expect(beyond.status == 64, "\(beyond)")
        #expect(beyond.stdout.isEmpty)
        #expect(beyond.stderr.contains("--explain: App/Paywall Screen.swift has 7 lines, so there is no line 8"), "\(beyond)")
        #expect(toggles(["scan", "App", "--explain", "App/Paywall Screen.swift:7"], in: directory.url).status == 0)
        for malformed in ["App/Paywall Screen.swift:+6", "App/Paywall Screen.swift:6:", ":6", "App/Paywall Screen.swift:0:3"] {
            let refused = toggles(["scan", "App", "--explain", malformed], in: directory.url)
            #expect(refused.status == 64, "\(malformed): \(refused)")
        }
    }
}
