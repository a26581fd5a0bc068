import Foundation
import Testing
import TestSupport

/// What a team lead looks for, in the page as Chromium lays it out in an 800 px window: the
/// timeline runs past now to the coming deadlines (those `toggles due` lists), now is marked,
/// the charts' text is at least 11 CSS px, the owners have their table, and each stale row
/// links to the files and lines that use it (resolving to real files) with the commands that
/// remove it. A small script, appended to a copy of the page, measures the laid-out page and
/// writes its figures into the DOM Chromium dumps.
extension HTMLReportBrowserTests {
    static let flags = """
        enum RemoteToggle: String, ToggleType {
            case expiredKillSwitch
            case newRelease
        }

        protocol ToggleType {}
        protocol TogglesDataStoreType { func isToggleOn(_ toggle: ToggleType) -> Bool }

        """
    /// A file name that needs both percent-encoding and HTML escaping in a link.
    static let oddFile = "App/Pay & \"Ship\" #1.swift"
    static let pay = """
        struct Pay {
            let toggles: TogglesDataStoreType
            var stopped: Bool { toggles.isToggleOn(RemoteToggle.expiredKillSwitch) }
        }

        """

    /// Everything the tests read off the laid-out page, as JSON in `<pre id="measured">`.
    static let measure = """
        (function () {
          "use strict";
          function all(selector, map) { return Array.prototype.map.call(document.querySelectorAll(selector), map); }
          var timeline = document.querySelector("svg.chart.timeline");
          var ahead = timeline.querySelector("rect.ahead").getBoundingClientRect();
          var out = {
            viewport: window.innerWidth,
            pageWidth: document.documentElement.scrollWidth,
            text: all("svg.chart text", function (text) {
              var matrix = text.getScreenCTM();
              return { text: text.textContent, px: parseFloat(getComputedStyle(text).fontSize) * Math.sqrt(matrix.a * matrix.a + matrix.b * matrix.b) };
            }),
            now: timeline.querySelector("line.now").getBoundingClientRect().left,
            nowLabel: all("svg.chart.timeline .axis text", function (text) { return text.textContent; }),
            aheadLeft: ahead.left, aheadRight: ahead.right,
            due: all("svg.chart.timeline path.due", function (mark) {
              var box = mark.getBoundingClientRect();
              return { toggle: mark.closest("g.row").getAttribute("data-toggle"), date: mark.getAttribute("data-due"), x: box.left + box.width / 2 };
            }),
            links: all("#stale a.site", function (link) {
              return { toggle: link.closest("tr").cells[0].firstChild.textContent, href: link.href, text: link.textContent };
            }),
            owners: all("#owners tbody tr", function (row) {
              return { owner: row.cells[0].textContent, live: parseInt(row.cells[1].textContent, 10), stale: parseInt(row.cells[2].textContent, 10) };
            })
          };
          var pre = document.createElement("pre");
          pre.id = "measured";
          pre.textContent = JSON.stringify(out);
          document.body.appendChild(pre);
        })();
        """

    struct Measured: Decodable {
        struct Text: Decodable { var text: String; var px: Double }
        struct Due: Decodable { var toggle: String; var date: String; var x: Double }
        struct Link: Decodable { var toggle: String; var href: String; var text: String }
        struct Owner: Decodable { var owner: String; var live: Int; var stale: Int }
        var viewport: Int
        var pageWidth: Int
        var text: [Text]
        var now: Double
        var nowLabel: [String]
        var aheadLeft: Double
        var aheadRight: Double
        var due: [Due]
        var links: [Link]
        var owners: [Owner]
    }

    /// The fixture with `App/` sources, the page written to `site/report.html` with `--scan
    /// App`, and what Chromium measured in an 800 px window.
    func measuredPage() throws -> (directory: TemporaryDirectory, page: String, measured: Measured, console: [String]) {
        let directory = try directoryWithHTMLFixture()
        try directory.write("App/Flags.swift", Self.flags)
        try directory.write(Self.oddFile, Self.pay)
        try FileManager.default.createDirectory(at: directory.file("site"), withIntermediateDirectories: true)
        let run = toggles(["report", "--now", fixtureNow, "--format", "html", "--scan", "App", "--output", "site/report.html"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        let page = try directory.read("site/report.html")
        // The page's policy allows its own inline scripts: the measuring one runs like it.
        try directory.write("site/measured.html", page.replacingOccurrences(of: "</body>", with: "<script>\(Self.measure)</script>\n</body>"))
        let (dom, console) = try Chromium.render(directory.file("site/measured.html"), in: directory, width: 800)
        let json = try #require(section(of: dom, from: "<pre id=\"measured\">", to: "</pre>"), "\(dom.suffix(2000))")
            .dropFirst("<pre id=\"measured\">".count).dropLast("</pre>".count)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        let measured = try JSONDecoder().decode(Measured.self, from: Data(json.utf8))
        return (directory, page, measured, console)
    }

    @Test func atEightHundredPixelsTheChartsTextIsReadableAndTheTimelineRunsPastNowToTheNextDeadlines() throws {
        let (directory, _, measured, console) = try measuredPage()
        #expect(console.isEmpty, "\(console.joined(separator: "\n"))")
        #expect(measured.viewport == 800)
        // The page does not scroll sideways: only the charts' own sections do.
        #expect(measured.pageWidth <= 800, "the page is \(measured.pageWidth) px wide")
        // Every label of every chart: names, statuses, axis dates, weeks and counts.
        #expect(measured.text.count > 40)
        let smallest = try #require(measured.text.min { $0.px < $1.px })
        #expect(smallest.px >= 10.95, "\"\(smallest.text)\" is \(smallest.px) CSS px at 800 px")

        // Now is marked, with its date, where the shaded stretch ahead begins.
        #expect(measured.nowLabel.contains("now 2026-11-22"), "\(measured.nowLabel)")
        #expect(abs(measured.aheadLeft - measured.now) < 1.5, "now at \(measured.now), ahead from \(measured.aheadLeft)")
        // The deadlines ahead are those `toggles due` lists (not yet overdue), each on its row,
        // after now, inside the chart, in the order of their dates.
        let due = toggles(["due", "--now", fixtureNow, "--within", "366d", "--format", "json"], in: directory.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(due.stdout.utf8)) as? [String: Any])
        let owners = try #require(document["owners"] as? [[String: Any]])
        let upcoming = owners.flatMap { ($0["toggles"] as? [[String: Any]]) ?? [] }.filter { $0["overdue"] as? Bool == false }
        let expected = Dictionary(uniqueKeysWithValues: upcoming.map { ($0["name"] as! String, $0["dueDate"] as! String) })
        #expect(expected == ["partialExperiment": "2026-12-11", "extendedRelease": "2026-12-31", "newRelease": "2027-01-31"])
        #expect(Dictionary(uniqueKeysWithValues: measured.due.map { ($0.toggle, $0.date) }) == expected)
        for mark in measured.due {
            #expect(mark.x > measured.now + 5 && mark.x <= measured.aheadRight, "\(mark.toggle) at \(mark.x); now \(measured.now), chart ends \(measured.aheadRight)")
        }
        let byDate = measured.due.sorted { $0.date < $1.date }
        #expect(byDate.map(\.x) == byDate.map(\.x).sorted(), "\(byDate)")
    }

    @Test func eachStaleRowLinksToItsCodeSitesAndTheCommandsThatRemoveItAndOwnersHaveTheirTable() throws {
        // The directory lives to the end: the links are checked against its files.
        let (directory, page, measured, console) = try measuredPage()
        defer { withExtendedLifetime(directory) {} }
        #expect(console.isEmpty, "\(console.joined(separator: "\n"))")
        // expiredKillSwitch is declared in Flags.swift and read in the odd file: both linked,
        // the links resolving (from site/) to the real files, at their lines.
        let links = measured.links.filter { $0.toggle == "expiredKillSwitch" }
        #expect(links.map(\.text) == ["App/Flags.swift:2", "\(Self.oddFile):3"], "\(measured.links)")
        for link in links {
            let url = try #require(URL(string: link.href), "\(link.href)")
            let parts = link.text.split(separator: ":").map(String.init)
            #expect(url.scheme == "file" && url.fragment == "L\(parts[1])", "\(link.href)")
            #expect(url.path.hasSuffix("/" + parts[0]), "\(url.path)")
            #expect(FileManager.default.fileExists(atPath: url.path), "\(link.href) resolves to no file")
        }
        // The row names the command that removes the toggle from the code and the one that records it.
        let stale = try #require(section(of: page, from: "<section id=\"stale\">", to: "</section>"))
        let row = try #require(stale.firstMatch(of: /<tr class="stale"><td class="name-cell">expiredKillSwitch<.*?<\/tr>/).map { String($0.0) })
        #expect(row.contains("Remove it with <code>toggles cleanup expiredKillSwitch --dry-run</code>"), "\(row)")
        #expect(row.contains("Then: <code>toggles remove expiredKillSwitch</code>"), "\(row)")
        // The file name is escaped in the text and percent-encoded in the link.
        #expect(row.contains("href=\"../App/Pay%20%26%20%22Ship%22%20%231.swift#L3\""), "\(row)")
        #expect(row.contains("<code>App/Pay &amp; &quot;Ship&quot; #1.swift:3</code>"))

        // By owner: every live toggle once, the four stale ones under their owners.
        #expect(measured.owners.reduce(0) { $0 + $1.live } == 8, "\(measured.owners)")
        #expect(measured.owners.reduce(0) { $0 + $1.stale } == 4)
        #expect(measured.owners.first { $0.owner == "ops@example.com" }.map { [$0.live, $0.stale] } == [1, 1])
    }
}
