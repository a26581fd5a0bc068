import Foundation
import Testing
import TestSupport
import ToggleLedger
@testable import TogglesCLI

/// `Ledger.report(_:)` is what `toggles report` and `toggles check` print: an app embedding
/// the library gets the same bytes, in every format, from one call.
@Suite struct LibraryReportTests {
    /// The request the CLI builds for the fixture, spelt out as an embedding app would.
    static func request(_ directory: TemporaryDirectory, format: ReportFormat, warnings: @escaping (String) -> Void) -> ReportRequest {
        let root = directory.url.path
        var request = ReportRequest(
            now: Timestamp(userInput: fixtureNow)!,
            policy: .file(path: directory.file("events/policy.json").path, displayName: "events/policy.json"),
            format: format, logName: "events", toolVersion: TogglesCLI.version, warn: warnings)
        request.logDirectory = root + "/events"
        request.repository = RepositoryPaths(root: root, workingDirectory: root)
        return request
    }

    @Test(arguments: [ReportFormat.text, .json, .markdown, .csv, .sarif, .github, .html])
    func theCallGivesTheBytesReportPrints(format: ReportFormat) throws {
        let directory = try directoryWithHTMLFixture()
        let run = InProcessToggles.run(["report", "--now", fixtureNow, "--format", format.rawValue], in: directory.url)
        #expect(run.status == 0, "\(run)")
        var warnings: [String] = []
        let result = try Ledger(directory: directory.file("events").path, displayName: "events")
            .report(Self.request(directory, format: format) { warnings.append($0) })
        #expect(result.output == run.stdout)
        #expect(warnings.map { "toggles: warning: \($0)\n" }.joined() == run.stderr)
        #expect(result.verdict == nil && result.passed)
        // The page draws the timeline, replayed from every event; the other formats need none.
        #expect((result.timeline != nil) == (format == .html))
    }

    @Test(arguments: [ReportFormat.text, .json, .junit])
    func withAGateTheCallGivesTheBytesAndTheJudgementOfCheck(format: ReportFormat) throws {
        let directory = try directoryWithHTMLFixture()
        let run = InProcessToggles.run(["check", "--now", fixtureNow, "--format", format.rawValue, "--max-stale", "1"], in: directory.url)
        #expect(run.status == 1, "\(run)")
        var request = Self.request(directory, format: format) { _ in }
        request.gate = StaleGate(maximumStale: 1)
        let result = try Ledger(directory: directory.file("events").path, displayName: "events").report(request)
        #expect(result.output == run.stdout)
        #expect(result.problems.isEmpty)
        #expect(result.verdict?.passed == false && !result.passed)
        // The fixture has no events/policy.json: the standard policy, as for the command.
        #expect(result.policy == .standard)
    }

    @Test func anInvalidLogIsNotJudgedWithAGate() throws {
        let directory = try directoryWithHTMLFixture()
        // An event id used again for a different event: `check` refuses the log (exit 2).
        let created = try String(contentsOf: directory.file("events/2026/newRelease.jsonl"), encoding: .utf8)
            .split(separator: "\n")[0].replacingOccurrences(of: "someone@example.com", with: "someone-else@example.com")
        try (created + "\n").write(to: directory.file("events/2026/again.jsonl"), atomically: true, encoding: .utf8)
        let check = InProcessToggles.run(["check", "--now", fixtureNow], in: directory.url)
        #expect(check.status == 2, "\(check)")
        var request = Self.request(directory, format: .text) { _ in }
        request.gate = StaleGate()
        let result = try Ledger(directory: directory.file("events").path, displayName: "events").report(request)
        #expect(!result.problems.isEmpty && !result.passed)
        #expect(result.verdict == nil && result.output == nil)
        #expect(check.stderr.contains(result.problems[0]))
    }
}
