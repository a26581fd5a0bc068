import Foundation
import Testing
import TestSupport

/// Every Markdown output rendered by cmark-gfm (GitHub's own renderer, through the PyPI
/// package `cmarkgfm`), and the HTML checked: what should be code is `<code>`, nothing shows
/// a stray backtick or backslash escape, and a `<summary>` (raw HTML, where GitHub renders no
/// Markdown) holds HTML, not Markdown.
@Suite struct MarkdownRenderingTests {
    static let hasCmark = Python.has(module: "cmarkgfm")

    static func render(_ markdown: String) throws -> String {
        let directory = try TemporaryDirectory()
        try directory.write("in.md", markdown)
        let run = try Python.run(
            """
            import sys, cmarkgfm
            from cmarkgfm.cmark import Options
            print(cmarkgfm.github_flavored_markdown_to_html(open(sys.argv[1], encoding="utf-8").read(), options=Options.CMARK_OPT_UNSAFE))
            """, [directory.file("in.md").path], in: directory.url)
        #expect(run.status == 0, "\(run)")
        return run.stdout
    }

    /// The text between each `<open>` and `</close>`.
    static func contents(of tag: String, in html: String) -> [String] {
        html.components(separatedBy: "<\(tag)>").dropFirst().map { $0.components(separatedBy: "</\(tag)>")[0] }
    }

    static func checkRendered(_ markdown: String, named name: String) throws {
        let html = try render(markdown)
        // Outside code, a backtick or `\:` means Markdown was shown instead of rendered.
        var outsideCode = html
        for code in contents(of: "code", in: html) { outsideCode = outsideCode.replacingOccurrences(of: "<code>\(code)</code>", with: "") }
        #expect(!outsideCode.contains("`"), "\(name): a literal backtick in \(html)")
        for escape in ["\\:", "\\@", "\\_", "\\*"] { #expect(!outsideCode.contains(escape), "\(name): a literal \(escape) in \(html)") }
        for summary in contents(of: "summary", in: html) {
            #expect(!summary.contains("`") && !summary.contains("\\"), "\(name): Markdown inside <summary>: \(summary)")
        }
    }

    @Test(.tags(.python), .enabled(if: hasCmark, "cmarkgfm is not installed (pip install cmarkgfm): Markdown outputs are not rendered"))
    func reportAndCheckWithRemovalPlansRender() throws {
        let (repository, _) = try CIRecipeTests.repository()
        let report = toggles(["report", "--format", "markdown", "--scan", "Sources"], in: repository.url)
        #expect(report.status == 0 && report.stdout.contains("To remove from the code"), "\(report)")
        try Self.checkRendered(report.stdout, named: "report")
        let html = try Self.render(report.stdout)
        #expect(html.contains("<summary><code>isRoundedAvatar</code>:"), "\(html)")
        #expect(html.contains("<table>"))
        let check = toggles(["check", "--format", "markdown", "--scan", "Sources"], in: repository.url)
        try Self.checkRendered(check.stdout, named: "check")
    }

    @Test(.tags(.python), .enabled(if: hasCmark, "cmarkgfm is not installed (pip install cmarkgfm): Markdown outputs are not rendered"))
    func theStepSummaryAndTheDueListRender() throws {
        let (repository, runner) = try CIRecipeTests.repository()
        let summary = runner.file("summary.md")
        let check = toggles(
            ["check", "--format", "github", "--scan", "Sources"], in: repository.url,
            environment: TogglesBinary.cleanEnvironment(["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path]))
        #expect(check.status == 1, "\(check)")
        try Self.checkRendered(try runner.read("summary.md"), named: "step summary")
        let due = toggles(["due", "--format", "markdown", "--within", "400d"], in: repository.url)
        #expect(due.status == 0, "\(due)")
        try Self.checkRendered(due.stdout, named: "due")
    }
}
