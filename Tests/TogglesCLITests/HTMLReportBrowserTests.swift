import Foundation
import Testing
import TestSupport

/// Headless Chromium, when installed (`apt-get install chromium`; `.ci/run` installs it).
enum Chromium {
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in path.split(separator: ":") + ["/usr/bin"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// The DOM after Chromium loaded `page` and ran its scripts, and every console message
    /// it logged (errors, CSP violations and `console.*` alike: our page logs none).
    /// - Parameter width: the window's width in CSS pixels (Chromium's default otherwise).
    static func render(_ page: URL, in directory: TemporaryDirectory, width: Int? = nil) throws -> (dom: String, console: [String]) {
        let run = try Subprocess.run(
            executable!,
            (width.map { ["--window-size=\($0),1000", "--force-device-scale-factor=1"] } ?? []) + [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--user-data-dir=\(directory.file("chromium-profile").path)",
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
                "--dump-dom", page.absoluteString,
            ], in: directory.url, timeout: 180)
        #expect(run.status == 0 && !run.timedOut, "chromium: \(run.stderr)")
        // `[pid:tid:date:INFO:CONSOLE:line] "message", source: file:///… (line)`
        let console = run.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return (run.stdout, console)
    }
}

@Suite(.tags(.chromium), .enabled(if: Chromium.executable != nil, "Chromium is not installed (apt-get install chromium); the page is not checked in a browser"))
struct HTMLReportBrowserTests {
    /// The check itself: a script error and a blocked request in a page do show up.
    @Test func aScriptErrorAndABlockedRequestAreCaught() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "broken.html",
            """
            <!DOCTYPE html><html><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'">
            <title>broken</title></head><body><img src="http://127.0.0.1:9/pixel.png" alt="">
            <script>notDefined();</script></body></html>
            """)
        let (_, console) = try Chromium.render(directory.file("broken.html"), in: directory)
        #expect(console.contains { $0.contains("Uncaught ReferenceError: notDefined is not defined") }, "\(console)")
        #expect(console.contains { $0.contains("violates the following Content Security Policy directive") }, "\(console)")
    }

    @Test func theReportRendersWithoutConsoleMessagesAndItsChartsHaveTheirRows() throws {
        let directory = try directoryWithHTMLFixture()
        let run = try TogglesBinary.run(["report", "--now", fixtureNow, "--format", "html", "--output", "report.html"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        let (dom, console) = try Chromium.render(directory.file("report.html"), in: directory)
        #expect(console.isEmpty, "\(console.joined(separator: "\n"))")
        // The browser built the same rows, in order: no string from the log broke the tree.
        #expect(timelineRows(dom) == HTMLReportCommandTests.expectedRows)
        #expect(dom.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(!dom.contains("<img"))
        // The debt charts: one point per week on each line and one bar per week, from the
        // Monday before the first event (2025-12-29) to the week of --now (2026-11-16).
        let weeks = (0...46).map { CalendarDateText.adding(days: 7 * $0, to: "2025-12-29") }
        #expect(weeks.last == "2026-11-16")
        let counts = try #require(section(of: dom, from: "<svg class=\"chart debt-counts\"", to: "</svg>"))
        let overdue = try #require(section(of: dom, from: "<svg class=\"chart debt-overdue\"", to: "</svg>"))
        #expect(periods(in: counts, element: "circle") == weeks)
        #expect(periods(in: counts, element: "rect") == weeks)
        #expect(periods(in: overdue, element: "rect") == weeks)
        // The stale table has the four stale toggles; the sorting script made its headers focusable.
        let stale = try #require(section(of: dom, from: "<section id=\"stale\">", to: "</section>"))
        #expect(stale.components(separatedBy: "<tr class=\"stale\">").count - 1 == 4)
        #expect(stale.contains("<th tabindex=\"0\">Toggle</th>"))
    }

    func section(of text: String, from start: String, to end: String) -> String? {
        guard let lower = text.range(of: start), let upper = text.range(of: end, range: lower.upperBound..<text.endIndex) else { return nil }
        return String(text[lower.lowerBound..<upper.upperBound])
    }

    private func periods(in chart: String, element: String) -> [String] {
        let pattern = try! Regex("<\(element) class=\"[^\"]*\" data-period=\"([0-9-]+)\"", as: (Substring, Substring).self)
        return chart.matches(of: pattern).map { String($0.1) }
    }
}

/// Day arithmetic on `YYYY-MM-DD` for expectations, through Foundation's calendar (not ours).
enum CalendarDateText {
    static func adding(days: Int, to text: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: formatter.date(from: text)!.addingTimeInterval(Double(days) * 86_400))
    }
}
