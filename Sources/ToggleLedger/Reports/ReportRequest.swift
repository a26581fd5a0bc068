import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore

/// What ``Ledger/report(_:)`` is asked for: `toggles report` and `toggles check` as values.
/// Everything comes in here (the instant, the policy, the format and what each format shows);
/// the library reads no environment variable, so CI detection, colour and paths relative to
/// the repository stay with the caller.
public struct ReportRequest {
    /// Where the stale policy comes from.
    public enum Policy {
        case value(StalePolicy)
        /// A policy file (``PolicyFile``); the standard policy when the file does not exist,
        /// as for a log without `policy.json`. `displayName` names it in errors.
        case file(path: String, displayName: String)

        /// The policy itself. An invalid file throws ``PolicyError``, naming the file and line.
        public func load() throws(PolicyError) -> StalePolicy {
            switch self {
            case .value(let policy): policy
            case .file(let path, let displayName): try PolicyFile.load(path: path, displayName: displayName) ?? .standard
            }
        }
    }

    /// Judge the log as of this instant; events after it are ignored.
    public var now: Timestamp
    public var policy: Policy
    /// The format of ``ReportResult/output``; nil to judge without rendering.
    public var format: ReportFormat?
    /// `check`: the gate whose verdict is the judgement, and the text format becomes the
    /// check's (the counted toggles and the verdict). Nil: `report`, no verdict.
    public var gate: StaleGate?
    /// Scans the code for the toggles of the log (name → kind, removed ones included), as
    /// `--scan PATH` does: adds removed-but-referenced and untracked findings.
    public var scan: ((_ toggleKinds: [String: ToggleKind]) throws -> ScanResult)?
    /// Leaves findings out before the verdict (`check --baseline`). Called only when the log
    /// can be judged (``ReportResult/problems`` is empty) and there is a gate.
    public var baseline: ((StaleReport) throws -> StaleReport)?
    /// Receives each warning as it arises, in order: the log's warnings, the scan's problems,
    /// the categories the policy does not define.
    public var warn: (String) -> Void
    /// Text only: ANSI colours.
    public var colour: Bool
    /// The log's name as the user gave it (`events`): the HTML heading, GitLab's paths.
    public var logName: String
    /// The log's directory in the working tree, absolute: SARIF's category is relative to
    /// ``repository``. Nil: the ledger's own directory.
    public var logDirectory: String?
    /// The CI formats (sarif, github, junit, gitlab) locate files relative to its root.
    public var repository: RepositoryPaths
    /// The tool's version, in the SARIF driver and the HTML footer.
    public var toolVersion: String
    /// HTML: the start of the timeline and the debt chart; nil for the log's first event.
    public var since: Timestamp?
    /// HTML: the timeline draws at most this many rows, stale ones first.
    public var maximumTimelineRows: Int
    /// HTML: what comes before a scanned file's path in a link (``HTMLReportRenderer/Options/codeLinkBase``).
    public var codeLinkBase: String

    public init(
        now: Timestamp, policy: Policy = .value(.standard), format: ReportFormat? = .text, gate: StaleGate? = nil,
        logName: String = "events", toolVersion: String = "", warn: @escaping (String) -> Void = { _ in }
    ) {
        self.now = now
        self.policy = policy
        self.format = format
        self.gate = gate
        self.warn = warn
        colour = false
        self.logName = logName
        repository = .workingDirectoryIsRoot
        self.toolVersion = toolVersion
        maximumTimelineRows = 250
        codeLinkBase = ""
    }
}

/// What ``Ledger/report(_:)`` gives: the policy, the judged report, the verdict and the
/// rendered output.
public struct ReportResult: Sendable {
    public var policy: StalePolicy
    /// The replay at ``ReportRequest/now`` the report was judged from.
    public var snapshot: ReplaySnapshot
    /// The stale report, after ``ReportRequest/baseline``.
    public var report: StaleReport
    /// HTML only: every toggle's lifespan and the weekly debt.
    public var timeline: LedgerTimeline?
    /// What `toggles audit` would call errors (reused ids, events breaking lifecycle rules):
    /// with a gate, a log with any is not judged (no verdict, no output).
    public var problems: [String]
    /// The gate's verdict; nil without a gate or when ``problems`` is not empty.
    public var verdict: StaleGate.Verdict?
    /// The report in ``ReportRequest/format``; nil without a format or when not judged.
    public var output: String?

    /// The judgement: the log can be judged and the gate (if any) passes.
    public var passed: Bool { problems.isEmpty && (verdict?.passed ?? true) }
}
