import Foundation
import Testing
import TestSupport

/// What the HTML report says, on this repository's own log (which has a toggle removed from
/// the code that awaits retirement in Remote Config): no removed toggle among the live ones,
/// commands as code rather than backticks, every stale reason in the footer, dates whole.
@Suite struct HTMLReportContentTests {
    static func page() throws -> String {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(at: CIRecipeTests.root.appendingPathComponent("events"), to: directory.file("events"))
        let run = toggles(["report", "--format", "html", "--now", "2026-11-28", "--output", "report.html"], in: directory.url)
        try #require(run.status == 0, "\(run)")
        return try directory.read("report.html")
    }

    static func section(_ id: String, in page: String) -> String {
        page.components(separatedBy: "<section id=\"\(id)\">").dropFirst().first?.components(separatedBy: "</section>").first ?? ""
    }

    @Test func aToggleRemovedFromTheCodeIsNotListedAsLive() throws {
        let page = try Self.page()
        let others = Self.section("others", in: page)
        #expect(others.contains("isStoriesEnabled"), "\(others.prefix(400))")
        #expect(!others.contains(">isRoundedAvatar<"), "isRoundedAvatar was removed from the code (code-removed): not live")
    }

    @Test func commandsInReasonsAreCodeAndTheFooterNamesEveryReason() throws {
        let page = try Self.page()
        let stale = Self.section("stale", in: page)
        #expect(!stale.isEmpty)
        #expect(!stale.contains("`"), "a literal backtick in the stale table")
        #expect(stale.contains("<code>toggles") || !stale.contains("toggles "), "commands a reason names are <code>")
        let footer = page.components(separatedBy: "<footer>").last ?? ""
        for code in ["expired", "over-lifetime", "launched", "over-extended", "retire-remote", "removed-but-referenced", "untracked"] {
            #expect(footer.contains(code), "the footer names \(code)")
        }
        // A stage's date is never split across lines.
        #expect(page.contains(" since <span class=\"nowrap\">20"))
        #expect(
            page.contains(".name-cell { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: normal; word-break: keep-all; }"),
            "names do not break mid-word")
    }
}

extension HTMLReportContentTests {
    @Test func aTeamLeadSeesEachOwnersStaleTogglesAndTheCommandThatRemovesEach() throws {
        let page = try Self.page()
        let owners = Self.section("owners", in: page)
        #expect(owners.contains("<h2>By owner</h2>"), "\(owners.prefix(300))")
        // Every live toggle counted once, under its owner.
        let rows = owners.components(separatedBy: "<tr").dropFirst(2)
        let live = rows.compactMap { row -> Int? in
            let cells = row.components(separatedBy: "<td class=\"num\" data-sort=\"")
            return cells.count > 1 ? Int(cells[1].prefix { $0.isNumber }) : nil
        }
        #expect(live.reduce(0, +) == 10, "the report's 10 live toggles: \(live)")
        let stale = Self.section("stale", in: page)
        #expect(stale.contains("Then: <code>toggles remove ") || stale.contains("Then: <code>toggles retire "), "\(stale.prefix(500))")
    }
}

/// With `--scan`, each code site of a stale toggle is a link to its file and line, relative to
/// where `--output` puts the page; a file name cannot turn the link into a script or an attribute.
@Suite struct HTMLReportCodeLinkTests {
    static func directory() throws -> TemporaryDirectory {
        let directory = try directoryWithHTMLFixture()
        try directory.write("App/Flags.swift", HTMLReportBrowserTests.flags)
        try directory.write("App/javascript:alert(1) \"x\".swift", HTMLReportBrowserTests.pay)
        try FileManager.default.createDirectory(at: directory.file("site/deep"), withIntermediateDirectories: true)
        return directory
    }

    static func hrefs(_ directory: TemporaryDirectory, output: String?) throws -> [String] {
        let run = toggles(["report", "--now", fixtureNow, "--format", "html", "--scan", "App"] + (output.map { ["--output", $0] } ?? []), in: directory.url)
        #expect(run.status == 0, "\(run)")
        let page = try output.map { try String(contentsOf: $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : directory.file($0), encoding: .utf8) } ?? run.stdout
        let stale = HTMLReportContentTests.section("stale", in: page)
        return stale.matches(of: /<a class="site" href="([^"]*)">/).map { String($0.1) }
    }

    @Test func linksAreRelativeToThePageAndFileNamesAreEncoded() throws {
        let directory = try Self.directory()
        let encoded = "App/javascript%3Aalert%281%29%20%22x%22.swift#L3"
        #expect(try Self.hrefs(directory, output: nil) == ["App/Flags.swift#L2", encoded])
        #expect(try Self.hrefs(directory, output: "report.html") == ["App/Flags.swift#L2", encoded])
        #expect(try Self.hrefs(directory, output: "site/deep/report.html") == ["../../App/Flags.swift#L2", "../../" + encoded])
        // Elsewhere than below the current directory: the directory's file:// URI.
        let base = URL(fileURLWithPath: directory.url.path).absoluteString
        let absolute = try Self.hrefs(directory, output: directory.file("site/report.html").path)
        #expect(absolute == [base + (base.hasSuffix("/") ? "" : "/") + "App/Flags.swift#L2", base + (base.hasSuffix("/") ? "" : "/") + encoded], "\(absolute)")
        #expect(try Self.hrefs(directory, output: "site/../report.html") == absolute)
    }
}
