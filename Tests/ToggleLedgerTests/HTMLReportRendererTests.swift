import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger

@Suite struct HTMLReportRendererTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        (#"<a href="x" title='y'>&amp;</a>"#, "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;"),
        ("line\nbreak\ttab\r", "line break tab "),
        ("\u{202E}txt.exe\u{202C}", "\\u{202E}txt.exe\\u{202C}"),
        ("\u{2066}i\u{2069} \u{200E}\u{200F}\u{061C}\u{FEFF}", "\\u{2066}i\\u{2069} \\u{200E}\\u{200F}\\u{61C}\\u{FEFF}"),
        ("nul\u{0} esc\u{1B}[2J del\u{7F} c1\u{85} ls\u{2028}", "nul\\u{0} esc\\u{1B}[2J del\\u{7F} c1\\u{85} ls\\u{2028}"),
        ("żółw 🐢 e\u{301} עברית", "żółw 🐢 e\u{301} עברית"),
    ])
    func escapingKeepsTextAndDefusesMarkupAndInvisibleControls(input: String, escaped: String) {
        #expect(HTMLText.escape(input) == escaped)
    }

    static func timeline(_ names: [String], now: Timestamp) -> LedgerTimeline {
        let lives = names.enumerated().map { index, name in
            ToggleLifespan(
                name: name, kind: .local, category: "release", owner: "<o>", description: nil,
                createdAt: now.adding(days: -30 + index), removedAt: nil, removalReason: nil,
                stages: [.init(at: now.adding(days: -30 + index), stage: .inDevelopment)], initialExpiry: nil,
                extensions: [], lifetimeDays: 30, staleSince: nil)
        }
        return LedgerTimeline(start: now.adding(days: -30), end: now, lifespans: lives, debt: DebtSeries(periodDays: 7, periods: []))
    }

    @Test func theTimelineDrawsAtMostTheRowsAskedForAndSaysHowManyItLeftOut() {
        let now = Timestamp(userInput: "2026-11-22")!
        let report = StaleReport(toggles: [], policy: .standard, now: now)
        let names = (0..<12).map { "toggle\($0)" }
        let page = HTMLReportRenderer.render(report, timeline: Self.timeline(names, now: now), options: .init(logName: "ev<i>ents", maximumTimelineRows: 5, toolVersion: "1"))
        #expect(page.matches(of: /<g class="row live" data-toggle="toggle\d+">/).count == 5)
        #expect(page.contains("12 toggles lived in the window; the first 5 are drawn (7 left out)"))
        #expect(page.contains("Log <code>ev&lt;i&gt;ents</code>") && !page.contains("<i>"))
        #expect(page.contains("No events in this window."))
    }

    @Test func anEmptyLogStillMakesACompletePage() {
        let now = Timestamp(userInput: "2026-11-22")!
        let page = HTMLReportRenderer.render(
            StaleReport(toggles: [], policy: .standard, now: now), timeline: Self.timeline([], now: now),
            options: .init(logName: "events", toolVersion: "1"))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">") && page.hasSuffix("</body>\n</html>\n"))
        #expect(page.contains("No toggle lived in this window.") && page.contains("No live toggle is stale."))
        #expect(!page.contains("<svg class=\"chart"))
    }

    @Test func axisNumbersAndStepsAreRound() {
        #expect(svgNumber(12.345) == "12.3" && svgNumber(-0.25) == "-0.3" && svgNumber(3) == "3" && svgNumber(-14.5) == "-14.5")
        #expect(DebtChartSVG.axis(peak: 7) == (8, 2))
        #expect(DebtChartSVG.axis(peak: 0) == (1, 1))
        #expect(DebtChartSVG.axis(peak: 0.4) == (1, 1))
        #expect(DebtChartSVG.axis(peak: 12) == (12, 4))
        #expect(DebtChartSVG.axis(peak: 131_000) == (160_000, 40_000))
        #expect(DebtChartSVG.days(20.04) == "20.0" && DebtChartSVG.days(2.583) == "2.6")
    }
}
