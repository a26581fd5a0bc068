import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

/// The audit's findings and severities come from the library, so `audit` and `check` agree.
@Suite struct LogAuditTests {
    static let created =
        #"{"schema":1,"id":"1","at":"2026-01-01T00:00:00Z","type":"created","toggle":"a","actor":"ci@example.com","kind":"local","valueType":"bool","default":false,"category":"release"}"#
    static let reused =
        #"{"schema":1,"id":"1","at":"2026-01-02T00:00:00Z","type":"created","toggle":"b","actor":"ci@example.com","kind":"local","valueType":"bool","default":false,"category":"release"}"#
    static let unknown = #"{"schema":1,"id":"2","at":"2026-01-03T00:00:00Z","type":"renamed","toggle":"a","actor":"ci@example.com"}"#
    static let now = Timestamp(rfc3339: "2026-03-01T00:00:00Z")!

    @Test func aReusedIDIsAnErrorAndAnUnknownTypeAWarningUnlessStrict() throws {
        let log = try ScratchLog()
        try log.write("2026/01/x.jsonl", [Self.created, Self.reused, Self.unknown].joined(separator: "\n") + "\n")
        let audit = try log.ledger.audit(now: Self.now, strict: false)
        #expect(audit.findings.map(\.severity) == [.error, .warning], "\(audit.findings)")
        #expect(audit.findings[0].location == "events/2026/01/x.jsonl:2")
        #expect(audit.findings[1].message == #"events/2026/01/x.jsonl:3: unknown event type "renamed" (id 2); kept, ignored by replay"#)
        #expect(audit.errorCount == 1 && !audit.isValid)
        let strict = try log.ledger.audit(now: Self.now, strict: true)
        #expect(strict.findings.map(\.severity) == [.error, .error])
    }

    @Test func aFutureEventIsFoundAndTheDocumentCarriesIt() throws {
        let log = try ScratchLog()
        try log.write("2026/01/x.jsonl", Self.created + "\n")
        let audit = try log.ledger.audit(now: Timestamp(rfc3339: "2025-12-01T00:00:00Z")!, strict: false)
        #expect(audit.isValid)
        #expect(audit.findings.map(\.severity) == [.warning])
        #expect(audit.findings[0].message.contains("is dated 2026-01-01T00:00:00Z, after now (2025-12-01T00:00:00Z); no command writes a future event"))
        let document = JSONWriter.pretty(audit.jsonDocument)
        #expect(document.hasPrefix("{\n  \"valid\": true,\n  \"segments\": 1,\n  \"events\": 1,\n  \"duplicates\": 0,\n  \"toggles\": 1,\n  \"findings\": ["), "\(document)")
        #expect(!document.contains("\"git\""))
    }

    @Test func theHistoryAddsItsEditsAsErrorsAndItsSummaryToTheDocument() throws {
        let log = try ScratchLog()
        try log.write("2026/01/x.jsonl", Self.created + "\n")
        var audit = try log.ledger.audit(now: Self.now, strict: false)
        var history = GitHistoryReport()
        history.shallow = true
        history.commits = 2
        history.findings = [
            .init(commit: "abc1234", author: "Ann", date: "2026-01-05", subject: "tidy", location: "events/2026/01/x.jsonl:1", kind: "deleted", old: Self.created, new: nil)
        ]
        audit.include(history)
        #expect(audit.errorCount == 2)
        #expect(audit.findings[0].message.hasPrefix("the repository is a shallow clone"))
        #expect(audit.findings[1].message.hasPrefix(#"events/2026/01/x.jsonl:1: event line deleted in commit abc1234 by Ann on 2026-01-05 ("tidy"); was: {"#))
        guard case .object(let document) = audit.jsonDocument, case .object(let git)? = document["git"] else {
            Issue.record("no git member")
            return
        }
        #expect(git["commits"] == .number("2"))
        #expect(git["shallow"] == .bool(true))
    }

    @Test func checkSeesTheSameErrorsInThePastTense() {
        let location = LineLocation(file: "events/x.jsonl", line: 4)
        let warnings: [LogWarning] = [.missingFinalNewline(location, offset: 10)]
        let lenient = LogAudit.classify(warnings: warnings, violations: [], unknownTypes: [], strict: false, skipped: true)
        #expect(lenient.map(\.severity) == [.warning], "a damaged last line does not make the log invalid")
        let strict = LogAudit.classify(warnings: warnings, violations: [], unknownTypes: [], strict: true)
        #expect(strict.map(\.severity) == [.error])
    }
}

@Suite struct ReportFormatTests {
    @Test func theStaleReportFormatsAreTheOnesTheCommandsAccept() {
        #expect(ReportFormat.staleReport.map(\.rawValue) == ["text", "json", "markdown", "csv", "sarif", "github", "junit", "gitlab"])
        #expect(ReportFormat.textOrJSON.map(\.rawValue) == ["text", "json"])
        #expect(ReportFormat(rawValue: "yaml") == nil)
    }
}
