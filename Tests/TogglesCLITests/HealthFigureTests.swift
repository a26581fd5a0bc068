import Foundation
import Testing
import TestSupport

/// Issue 25: one health figure, over one set of toggles (the live ones and those waiting for
/// retirement), stated with its divisor the same way in every format.
@Suite struct HealthFigureTests {
    @Test func everyFormatGivesTheSameHealthOverTheSameToggles() throws {
        let directory = try TemporaryDirectory()
        @discardableResult
        func toggles(_ arguments: String...) -> TogglesBinary.Run {
            InProcessToggles.run(arguments, in: directory.url)
        }
        // Two live toggles, one stale; one removed from the code in 2.5.0 and still served to 2.3.
        for command in [
            ["create", "isStale", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01"],
            ["create", "isKillSwitch", "--kind", "local", "--type", "bool", "--default", "true", "--category", "kill-switch", "--at", "2026-01-01"],
            ["create", "isRounded", "--kind", "remote", "--type", "bool", "--default", "false", "--category", "ops", "--at", "2026-01-01"],
            ["publish", "isRounded", "--value", "true", "--at", "2026-01-02"],
            ["support", "--minimum", "2.3", "--at", "2026-01-03"],
            ["remove", "isRounded", "--app-version", "2.5.0", "--reason", "rounded for all", "--at", "2026-01-04"],
        ] {
            let run = InProcessToggles.run(command, in: directory.url)
            try #require(run.status == 0, "\(command): \(run)")
        }
        // 1 stale of 3 in use: health 67% (1 of 2 would be 50%).
        let text = toggles("report")
        #expect(text.stdout.contains("2 live + 1 waiting for retirement = 3 in use, 1 stale, 1 launched, health 67%"), "\(text)")
        let markdown = toggles("report", "--format", "markdown")
        #expect(markdown.stdout.contains("**1 of 3 toggles in use is stale (2 live, 1 waiting for retirement)** · 1 launched · health **67%**"), "\(markdown)")
        let json = toggles("report", "--format", "json")
        let summary = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        #expect(summary["live"] as? Int == 2 && summary["inUse"] as? Int == 3 && summary["stale"] as? Int == 1 && summary["health"] as? Int == 67, "\(summary)")
        let junit = toggles("report", "--format", "junit")
        #expect(junit.stdout.contains(#"tests="3""#) && junit.stdout.contains(#"name="inUse" value="3""#) && junit.stdout.contains(#"name="health" value="67""#), "\(junit)")
        let sarif = toggles("report", "--format", "sarif")
        #expect(sarif.stdout.contains(#""inUse" : 3"#) || sarif.stdout.contains(#""inUse": 3"#) || sarif.stdout.contains(#""inUse":3"#), "\(sarif)")
        let html = toggles("report", "--format", "html")
        #expect(html.stdout.contains("1 of 3 toggles in use is stale (2 live, 1 waiting for retirement); health 67%"), "\(html.stdout.suffix(2000))")
        let check = toggles("check")
        #expect(check.status == 1 && check.stdout.contains("1 stale toggle of 3 in use"), "\(check)")
    }
}
