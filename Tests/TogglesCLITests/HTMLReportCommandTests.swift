import Foundation
import SwiftSource
import Testing
import ToggleLedger
import TestSupport

/// The report fixture (every stage and reason, an extension, a removal) plus a toggle whose
/// owner, description and extension reason try to break out of HTML: script and image tags,
/// quotes of both kinds, an entity, bidi overrides, isolates and marks, NUL and ESC.
func directoryWithHTMLFixture() throws -> TemporaryDirectory {
    let directory = try directoryWithFixtureLog()
    let hostile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/htmlReport/hostileText.jsonl")
    try FileManager.default.copyItem(at: hostile, to: directory.file("events/2026/hostileText.jsonl"))
    return directory
}

/// The timeline's rows as the page lists them: `data-toggle` of each `<g class="row …">`.
func timelineRows(_ html: String) -> [String] {
    html.matches(of: /<g class="row (?:stale|live|waiting|removed)" data-toggle="([^"]*)">/).map { String($0.1) }
}

@Suite struct HTMLReportCommandTests {
    static let expectedRows = [
        // Stale, by creation; then live; then removed. futureEvent is after --now.
        "expiredKillSwitch", "hostileText", "launchedRelease", "betaThing",
        "colourConfig", "extendedRelease", "partialExperiment", "newRelease",
        "removedOne",
    ]

    @Test func thePageMatchesItsGoldenFile() throws {
        let directory = try directoryWithHTMLFixture()
        let run = try togglesBinary(["report", "--now", fixtureNow, "--format", "html"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "toggles: warning: category \"beta\" of betaThing is not in the policy; treated as release (30 days)\n")
        try assertSnapshot(run.stdout, named: "report.html")
        #expect(timelineRows(run.stdout) == Self.expectedRows)
    }

    @Test func nothingFromTheLogOpensATagEndsAnAttributeOrHidesItself() throws {
        let directory = try directoryWithHTMLFixture()
        let html = try togglesBinary(["report", "--now", fixtureNow, "--format", "html", "--log", "events"], in: directory.url).stdout
        // The page's own script is the only one, and nothing from the log became a tag.
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("<img") && !html.contains("<b>") && !html.contains("</b>"))
        #expect(html.contains("&quot;&gt;&lt;script&gt;alert(&#39;owner&#39;)&lt;/script&gt;"))
        #expect(html.contains("&lt;/title&gt;&lt;/text&gt;&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; "))
        #expect(html.contains("&lt;img src=x onerror=alert(2)&gt; &#39;single&#39; &quot;double&quot;"))
        // Bidi controls, marks, NUL and ESC are shown, not obeyed.
        for scalar in ["\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{0}", "\u{1B}"] {
            #expect(!html.contains(scalar), "raw U+\(String(scalar.unicodeScalars.first!.value, radix: 16))")
        }
        #expect(html.contains("\\u{202E}evil\\u{202C} \\u{2066}isolate\\u{2069} \\u{200F}mark \\u{0}nul \\u{1B}[31mred"))
        // A newline in a description is a space; the tooltips' own line breaks are ours.
        #expect(!html.contains("\nnew line"))
        // No request of any kind: nothing names another origin or loads a resource.
        #expect(html.contains("default-src 'none'"))
        for pattern in ["src=\"", "href=\"", "url(http", "@import", "<link", "<iframe"] {
            #expect(!html.contains(pattern), "\(pattern)")
        }
    }

    @Test func outputWritesTheFileAndNothingElse() throws {
        let directory = try directoryWithHTMLFixture()
        let run = try togglesBinary(["report", "--now", fixtureNow, "--format", "html", "--output", "site/report.html"], in: directory.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot write site/report.html: the folder site does not exist; create it first"))
        try FileManager.default.createDirectory(at: directory.file("site"), withIntermediateDirectories: true)
        let written = try togglesBinary(["report", "--now", fixtureNow, "--format", "html", "--output", "site/report.html"], in: directory.url)
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written)")
        #expect(written.stderr.hasSuffix("toggles: wrote site/report.html\n"))
        let page = try directory.read("site/report.html")
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        // --output works for the other formats too.
        let csv = try togglesBinary(["report", "--now", fixtureNow, "--format", "csv", "--output", "site/report.csv"], in: directory.url)
        #expect(csv.status == 0 && csv.stdout.isEmpty)
        #expect(try directory.read("site/report.csv").hasPrefix("name,kind,type,category,stage"))
    }

    @Test(arguments: [
        (["--format", "html", "--since", "2026-12-01"], "--since 2026-12-01T00:00:00Z must be before --now 2026-11-22T00:00:00Z"),
        (["--format", "html", "--since", "yesterday"], "--since must be an RFC 3339 instant"),
        (["--format", "html", "--max-rows", "-3"], "--max-rows must be a whole number, 0 or more, not '-3'"),
        (["--format", "text", "--since", "2026-01-01"], "--since applies only to --format html"),
        (["--format", "json", "--max-rows", "5"], "--max-rows applies only to --format html"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let directory = try directoryWithHTMLFixture()
        let run = try togglesBinary(["report", "--now", fixtureNow] + arguments + ["--output", "out.html"], in: directory.url)
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("out.html").path))
    }

    @Test func sinceNarrowsTheWindowAndMaxRowsCutsTheTimeline() throws {
        let directory = try directoryWithHTMLFixture()
        let run = try togglesBinary(["report", "--now", fixtureNow, "--format", "html", "--since", "2026-06-01", "--max-rows", "3"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        #expect(timelineRows(run.stdout) == Array(Self.expectedRows.prefix(3)))
        // removedOne was removed before the window: 8 lived in it.
        #expect(run.stdout.contains("8 toggles lived in the window; the first 3 are drawn (5 left out)"))
        #expect(run.stdout.contains("window 2026-06-01 to 2026-11-22"))
        // The series starts on the Monday of the window's first week.
        #expect(run.stdout.contains("data-period=\"2026-06-01\"") && !run.stdout.contains("data-period=\"2026-05-25\""))
    }

    /// Commands run one after another, on the clock: the page follows the log as it grows.
    @Test func thePageFollowsTheLogCommandAfterCommand() throws {
        let directory = try TemporaryDirectory()
        @discardableResult
        func toggles(_ arguments: [String]) throws -> TogglesBinary.Run {
            let run = try togglesBinary(arguments, in: directory.url)
            #expect(run.status == 0, "\(run)")
            return run
        }
        _ = try toggles([
            "create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false",
            "--category", "experiment", "--owner", "mei@moments.example", "--expires", "2099-01-31", "--actor", "tester",
        ])
        _ = try toggles(["create", "isOldFeed", "--kind", "local", "--type", "bool", "--default", "false", "--actor", "tester"])
        var page = try toggles(["report", "--format", "html"]).stdout
        #expect(timelineRows(page) == ["isRoundedAvatar", "isOldFeed"])
        #expect(!page.contains("<title>extended on"))
        _ = try toggles(["publish", "isRoundedAvatar", "--value", "true", "--actor", "tester"])
        _ = try toggles(["extend", "isRoundedAvatar", "--expires", "2099-03-31", "--reason", "waiting for 2.5", "--actor", "tester"])
        _ = try toggles(["remove", "isOldFeed", "--reason", "never shipped", "--actor", "tester"])
        page = try toggles(["report", "--format", "html"]).stdout
        #expect(timelineRows(page) == ["isRoundedAvatar", "isOldFeed"])
        #expect(page.contains("<g class=\"row removed\" data-toggle=\"isOldFeed\">"))
        #expect(page.contains(">launched, expires 2099-03-31</text>"))
        #expect(page.contains(": waiting for 2.5</title></circle>"))
        #expect(page.contains("<title>removed ") && page.contains(": never shipped</title>"))
    }

    /// Removed from the code by app version, a toggle's remote parameter is still served to
    /// older versions: its row goes on, waiting for retirement (not stale, nor a stage of its
    /// own), stale once no supported version reads it, and ends when it is retired.
    @Test func aToggleRemovedFromTheCodeWaitsForRetirementOnTheTimelineUntilRetired() throws {
        let directory = try TemporaryDirectory()
        @discardableResult
        func toggles(_ arguments: String...) throws -> String {
            let run = try togglesBinary(Array(arguments), in: directory.url)
            #expect(run.status == 0, "\(run)")
            return run.stdout
        }
        func row(_ page: String) -> String? {
            page.firstMatch(of: /<g class="row [a-z]+" data-toggle="isRoundedAvatar">.*?<\/g>/.dotMatchesNewlines()).map { String($0.0) }
        }
        _ = try toggles("create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--category", "ops", "--actor", "tester")
        _ = try toggles("publish", "isRoundedAvatar", "--value", "true", "--actor", "tester")
        _ = try toggles("remove", "isRoundedAvatar", "--app-version", "2.5.0", "--reason", "rounded for everyone", "--actor", "tester")

        var page = try toggles("report", "--format", "html")
        var drawn = try #require(row(page), "\(page)")
        #expect(drawn.hasPrefix("<g class=\"row waiting\""), "\(drawn)")
        #expect(drawn.contains("<rect class=\"seg s-launched\"") && drawn.contains("<rect class=\"seg s-waiting\" fill=\"#fff\" stroke-dasharray=\"3 2\""))
        #expect(!drawn.contains("s-removed") && !drawn.contains("class=\"overdue\"") && !drawn.contains("class=\"removal\""))
        #expect(drawn.contains(">waiting for retirement</text>"))
        #expect(
            drawn.contains("removed from the code in 2.5.0 on ")
                && drawn.contains(" (rounded for everyone); its parameter is still served to older versions: waiting for retirement"))
        #expect(page.contains("</svg>waiting for retirement (removed from the code, its remote parameter still served to older app versions)</li></ul>"))
        #expect(page.contains("<dt>Stale</dt><dd>0</dd>") && page.contains("<dt>Live temporary</dt><dd>0</dd>"))

        _ = try toggles("support", "--minimum", "2.5.0", "--actor", "tester")
        page = try toggles("report", "--format", "html")
        drawn = try #require(row(page))
        #expect(drawn.hasPrefix("<g class=\"row stale\""), "\(drawn)")
        #expect(drawn.contains(">STALE: retire-remote</text>") && drawn.contains("\nstale: delete isRoundedAvatar from Remote Config"))
        #expect(drawn.contains("<rect class=\"seg s-waiting\"") && drawn.contains("class=\"overdue\""))

        _ = try toggles("retire", "isRoundedAvatar", "--reason", "deleted in the console", "--actor", "tester")
        page = try toggles("report", "--format", "html")
        drawn = try #require(row(page))
        #expect(drawn.hasPrefix("<g class=\"row removed\""), "\(drawn)")
        #expect(drawn.contains("<rect class=\"seg s-waiting\"") && drawn.contains("<title>no longer served ") && drawn.contains(": deleted in the console</title>"))
        #expect(page.contains("<dt>Removed in window</dt><dd>1</dd>"))
    }
}
