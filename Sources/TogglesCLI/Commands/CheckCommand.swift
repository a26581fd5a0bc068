import Foundation
import ToggleLedger

/// `toggles check`: the CI gate. Exit 0 when nothing counted is stale, 1 when something is.
enum CheckCommand: Command {
    static let helpPage = """
        Fail (exit 1) when toggles are stale, printing which and why: the CI gate.

        usage: toggles check [--now TIME] [--format text|json|markdown|csv|sarif|github|junit|gitlab] [--fail-on CODES] [--max-stale N] [--policy FILE] [--scan PATH]… [--baseline FILE] [--write-baseline FILE]

        Exit 0 when at most --max-stale toggles are stale for a reason in --fail-on, 1 when more are, 2 when the log or the
        policy file is invalid (as `toggles audit` would report: malformed lines, events breaking lifecycle rules, reused
        ids). Concurrent lifecycle edits from merged branches are not an invalid log: each open one is the reason `conflict`
        of its toggle until `toggles resolve` settles it. The text format lists each counted toggle, its owner and its
        reasons; the other formats print the full report with the verdict (markdown for a pull-request comment, sarif for code
        scanning, github for annotations in GitHub Actions and, when GITHUB_STEP_SUMMARY is set, the Markdown report in the
        job summary, junit for test views, gitlab for GitLab Code Quality; files relative to the repository root, see
        docs/ci.md). With --scan PATH the Swift sources are scanned too: removed-but-referenced and untracked toggles count
        like stale ones (results located in the code in sarif). To turn the gate on with a backlog, record it once with
        --write-baseline toggles-baseline.json, commit the file, and run check --baseline toggles-baseline.json: a finding is
        a toggle and a reason, baselined ones are left out of the report and the verdict (standard error says how many), and
        fixed ones are named so the baseline can shrink.

        options:
          --now --format
          --fail-on CODES        comma-separated stale reasons that fail the check: expired, over-lifetime, launched,
                                 over-extended, retire-remote, conflict, and with --scan removed-but-referenced, untracked
                                 (default: all)
          --max-stale N          tolerate up to N stale toggles, to pay a backlog down (default: 0)
          --policy --scan
          --baseline FILE        findings recorded in FILE (by --write-baseline) do not count: only new ones fail the check
          --write-baseline FILE  record today's findings in FILE and pass; with --baseline, keep only the baselined findings
                                 that remain (fixed ones leave it)
          --log

        examples:
          $ toggles check
          $ toggles check --fail-on expired,launched
          $ toggles check --max-stale 5
          $ toggles check --now 2027-01-01 --format markdown > comment.md
          $ toggles check --format sarif > toggles.sarif
          $ toggles check --format github
          $ toggles check --format junit > toggles-junit.xml
          $ toggles check --policy ci/strict-policy.json --log app/events
          $ toggles check --scan Sources/App --fail-on launched,removed-but-referenced,untracked
          $ toggles check --write-baseline toggles-baseline.json
          $ toggles check --baseline toggles-baseline.json --format github
        """
    static let spec = CommandSpec(
        help: helpPage, shared: [PolicyOptions.now, CommonOptions.format(ReportFormat.staleReport), PolicyOptions.policy, PolicyOptions.scan, CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ReportFormat.staleReport, command: spec.name)
        let now = try PolicyOptions.instant(arguments, context, command: spec.name)
        let gate = StaleGate(failOn: try failOn(arguments), maximumStale: try maximumStale(arguments))
        let written = arguments.value("--write-baseline")
        // Writing a baseline records the findings and passes: nothing to render.
        var request = try PolicyOptions.request(arguments, context, now: now, format: written == nil ? format : nil)
        request.gate = gate
        request.colour = PolicyOptions.useColour(context)
        if written == nil, let given = arguments.value("--baseline") {
            request.baseline = { report in try baseline(given, leavingOutOf: report, context) }
        }
        let result = try PolicyOptions.report(request, arguments, context, command: spec.name)
        if !result.problems.isEmpty {
            throw CommandFailure(
                status: .invalidLog,
                message: (result.problems + [
                    "the log is invalid, so its stale toggles cannot be judged; run `toggles audit` for details"
                ]).joined(separator: "\n"))
        }
        if let written {
            return try writeBaseline(result.report, to: written, arguments, context)
        }
        context.write(result.output ?? "")
        PolicyOptions.appendJobSummary(result.report, format: format, verdict: result.verdict, context)
        let passed = result.passed
        context.discard(result)
        return passed ? .ok : .stale
    }

    /// `--baseline FILE`: the report without the baselined findings, saying on standard error
    /// how many were left out and which are fixed.
    static func baseline(_ given: String, leavingOutOf report: StaleReport, _ context: CommandContext) throws -> StaleReport {
        let baseline = try CheckBaseline.load(given, context)
        let current = CheckBaseline(report)
        let kept = baseline.findings.intersection(current.findings).count
        if kept > 0 { context.note("\(kept) finding\(kept == 1 ? " is" : "s are") in the baseline \(given) and do\(kept == 1 ? "es" : "") not count") }
        let fixed = baseline.findings.subtracting(current.findings).sorted()
        if !fixed.isEmpty {
            context.note(
                "\(fixed.count) baselined finding\(fixed.count == 1 ? " is" : "s are") fixed (\(fixed.prefix(5).map { "\($0.toggle) \($0.reason)" }.joined(separator: ", "))\(fixed.count > 5 ? ", …" : "")); shrink the baseline with `toggles check --baseline \(given) --write-baseline \(given)`"
            )
        }
        return baseline.filter(report)
    }

    /// Records the findings (with --baseline: only those of the baseline that remain, so the
    /// file only shrinks and a new finding is never accepted by accident) and passes.
    static func writeBaseline(_ report: StaleReport, to path: String, _ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        var baseline = CheckBaseline(report)
        if let given = arguments.value("--baseline") {
            baseline.findings.formIntersection(try CheckBaseline.load(given, context).findings)
        }
        try OutputFile.write(baseline.json, to: path, log: arguments.value("--log") ?? "events", command: spec.name, context)
        let count = baseline.findings.count
        context.note("wrote \(count) finding\(count == 1 ? "" : "s") to the baseline \(path); `toggles check --baseline \(path)` now fails only on new ones")
        return .ok
    }

    static func failOn(_ arguments: ParsedArguments) throws(UsageError) -> Set<StaleReason.Code> {
        guard let text = arguments.value("--fail-on") else {
            // The scan's reasons count by default only when there is a scan.
            return Set(StaleReason.Code.policyCodes + (arguments.has("--scan") ? StaleReason.Code.codeScanCodes : []))
        }
        var codes = Set<StaleReason.Code>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let code = StaleReason.Code(rawValue: name) else {
                let known = StaleReason.Code.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--fail-on: '\(name)' is not a stale reason; expected a comma-separated list of \(known)", command: spec.name)
            }
            codes.insert(code)
        }
        return codes
    }

    static func maximumStale(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value("--max-stale") else { return 0 }
        guard let count = Int(text), count >= 0 else {
            throw UsageError("--max-stale must be a whole number, 0 or more, not '\(text)'", command: spec.name)
        }
        return count
    }
}
