import Foundation
import Testing
import TestSupport

/// docs/analytics.md's DuckDB and jq commands run as written on this repository's events/
/// (`Scripts/check-analytics-docs.py`), when the tools are installed; `.ci/run` installs them.
@Suite struct AnalyticsDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Whether `command` exits 0 (a probe for a tool).
    static func succeeds(_ command: String) -> Bool {
        guard let run = try? Subprocess.run("/bin/sh", ["-c", command + " >/dev/null 2>&1"], in: root) else { return false }
        return run.status == 0
    }

    static let hasPython = succeeds("command -v python3")
    static let hasJQ = hasPython && succeeds("command -v jq")
    static let hasDuckDB = hasPython && (succeeds("command -v duckdb") || succeeds("python3 -c 'import duckdb'"))

    func check(_ arguments: [String]) throws -> TogglesBinary.Run {
        try Subprocess.run(
            "/usr/bin/env", ["python3", "Scripts/check-analytics-docs.py", "--require", "--toggles", TogglesBinary.url.path] + arguments,
            in: Self.root, timeout: 600)
    }

    @Test(.tags(.jq), .enabled(if: hasJQ, "jq (or python3) is not installed: apt-get install jq, then the jq examples of docs/analytics.md run"))
    func theJQExamplesRunAsWritten() throws {
        let run = try check(["--tool", "jq"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("ran the 4 jq examples of docs/analytics.md"), "\(run)")
    }

    @Test(.tags(.duckdb), .enabled(if: hasDuckDB, "DuckDB (or python3) is not installed: pip install duckdb-cli, then the DuckDB examples of docs/analytics.md run"))
    func theDuckDBExamplesRunAsWritten() throws {
        let run = try check(["--tool", "duckdb"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("ran the 6 duckdb examples of docs/analytics.md"), "\(run)")
    }

    /// A toggle removed from the code (`code-removed`, awaiting retirement in Remote Config)
    /// is not live: each query's live count per owner is the report's.
    @Test(.tags(.jq), .enabled(if: hasJQ, "jq (or python3) is not installed: the jq live counts are not compared with the report"))
    func theJQLiveCountsAreTheReports() throws {
        let run = try check(["--tool", "jq"])
        #expect(run.status == 0 && run.stdout.contains("jq and the report agree on live-per-owner\n"), "\(run)")
    }

    @Test(.tags(.duckdb), .enabled(if: hasDuckDB, "DuckDB (or python3) is not installed: the DuckDB live counts are not compared with the report"))
    func theDuckDBLiveCountsAreTheReports() throws {
        let run = try check(["--tool", "duckdb"])
        #expect(run.status == 0 && run.stdout.contains("duckdb and the report agree on live-per-owner\n"), "\(run)")
    }

    @Test(.tags(.jq, .duckdb), .enabled(if: hasJQ && hasDuckDB, "jq and DuckDB are both needed to compare their answers"))
    func duckDBAndJQGiveTheSameAnswers() throws {
        let run = try check([])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("DuckDB and jq agree on created-per-month\nDuckDB and jq agree on median-removal\n"), "\(run)")
    }

    @Test(.tags(.jq, .duckdb), .enabled(if: hasJQ && hasDuckDB, "jq and DuckDB are both needed to compare their answers"))
    func aQueryThatBreaksOrDisagreesFailsTheCheck() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/analytics.md"), encoding: .utf8)
        let directory = try TemporaryDirectory()
        try directory.write(
            "broken.md",
            page.replacing("count(*) AS created", with: "count(*) + 1 AS created")
                .replacing("jq -sr 'def epoch", with: "jq -sr 'def epoch(: "))
        let run = try check(["--doc", directory.file("broken.md").path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("FAILED (jq, exit 3)"), "\(run)")
        #expect(run.stdout.contains("FAILED: DuckDB and jq disagree on created-per-month"), "\(run)")
    }
}
