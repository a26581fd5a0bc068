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
    package var repository: RepositoryPaths
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
    package var snapshot: ReplaySnapshot
    /// The stale report, after ``ReportRequest/baseline``.
    public var report: StaleReport
    /// HTML only: every toggle's lifespan and the weekly debt.
    package var timeline: LedgerTimeline?
    /// With a gate, what `toggles audit` would call errors (reused ids, events breaking
    /// lifecycle rules): a log with any is not judged (no verdict, no output). Without a gate,
    /// empty: `report` prints whatever the log holds.
    public var problems: [String]
    /// The gate's verdict; nil without a gate or when ``problems`` is not empty.
    public var verdict: StaleGate.Verdict?
    /// The report in ``ReportRequest/format``; nil without a format or when not judged.
    public var output: String?

    /// The judgement: the log can be judged and the gate (if any) passes.
    public var passed: Bool { problems.isEmpty && (verdict?.passed ?? true) }
}

extension Ledger {
    /// The stale report of the log, judged and rendered: what `toggles report` and
    /// `toggles check` print, in one call.
    ///
    /// Every format but HTML judges a snapshot, which the log's checkpoint stands in for when
    /// it is current (``snapshot(until:includingRemoved:)``). The HTML page draws every
    /// toggle's lifespan (its stages, extensions, former expiry dates, removed toggles) and
    /// the debt of every week since the first event: a checkpoint holds states, not history,
    /// so the page replays the whole log, once, and judges the snapshot that replay ends with.
    /// - Throws: ``PolicyError`` for an invalid policy file, ``LogError`` when the log cannot be
    ///   read, and whatever ``ReportRequest/scan`` or ``ReportRequest/baseline`` throw.
    public func report(_ request: ReportRequest) throws -> ReportResult {
        let policy = try request.policy.load()
        let snapshot: ReplaySnapshot
        var timeline: LedgerTimeline?
        if request.format == .html {
            (timeline, snapshot) = try self.timeline(until: request.now, since: request.since, policy: policy)
        } else {
            // Live toggles (and those still served to older app versions) are all a report
            // judges; a scan also needs the removed ones.
            snapshot = try self.snapshot(until: request.now, includingRemoved: request.scan != nil)
        }
        var report = try judge(snapshot, policy: policy, request)
        var result = ReportResult(policy: policy, snapshot: snapshot, report: report, timeline: timeline, problems: [])
        if let gate = request.gate {
            // What `toggles audit` would call errors: `check` refuses to judge such a log.
            result.problems = LogAudit.classify(
                warnings: snapshot.summary.warnings, violations: snapshot.violations, unknownTypes: [], strict: false, skipped: true
            ).filter(\.isError).map(\.message)
            guard result.problems.isEmpty else { return result }
            if let baseline = request.baseline { report = try baseline(report) }
            result.report = report
            result.verdict = gate.verdict(on: report)
        }
        if let format = request.format {
            result.output = render(result, format: format, request)
        }
        return result
    }

    /// The stale report of a snapshot at `now`, with the code scan: warnings go to
    /// ``ReportRequest/warn``, and so do the toggles whose category the policy does not define.
    private func judge(_ snapshot: ReplaySnapshot, policy: StalePolicy, _ request: ReportRequest) throws -> StaleReport {
        for warning in snapshot.summary.warnings { request.warn(warning.description) }
        var report = StaleReport(
            sortedToggles: snapshot.toggles, declaredAt: snapshot.creationSites, policy: policy, now: request.now,
            supportedVersions: snapshot.supportedVersions)
        if let scanCode = request.scan {
            let toggles = snapshot.togglesByName
            let scan = try scanCode(toggles.mapValues(\.kind))
            for problem in scan.problems { request.warn(problem) }
            report.codeFindings = CodeFindings.evaluate(scan, toggles: toggles)
            report.codeReferences = Dictionary(grouping: scan.references, by: \.toggle)
        }
        // Open conflicts are judged like stale reasons (`conflict`), named with their events.
        if !snapshot.conflictedToggles.isEmpty {
            let (conflicts, states) = try openConflicts(in: snapshot, until: request.now)
            report.include(conflicts: conflicts, toggles: states)
        }
        for category in report.unknownCategories {
            let names = report.entries.filter { $0.toggle.definition.category == category }.map(\.name)
            let rule = policy.lifetime(of: category).map { "\($0) days" } ?? "permanent"
            request.warn("category \(JSONWriter.quoted(category)) of \(names.joined(separator: ", ")) is not in the policy; treated as \(policy.fallbackCategory) (\(rule))")
        }
        return report
    }

    /// The report in `format`, with the verdict when there is one. The CI formats locate
    /// findings relative to the repository root.
    private func render(_ result: ReportResult, format: ReportFormat, _ request: ReportRequest) -> String {
        let (report, verdict, paths) = (result.report, result.verdict, request.repository)
        switch format {
        case .json: return StaleJSONRenderer.render(report, verdict: verdict)
        case .markdown: return StaleMarkdownRenderer.render(report, verdict: verdict)
        case .csv: return StaleCSVRenderer.render(report)
        case .sarif:
            // One code-scanning category per log: a repository with several logs uploads each.
            let logPath = paths.relative(request.logDirectory ?? reader.directory)
            // A log outside the repository is named by its absolute path, without doubling the slash.
            let automationID = "toggles/" + (logPath == "." ? "" : logPath.drop { $0 == "/" } + "/")
            return StaleSARIFRenderer.render(report, toolVersion: request.toolVersion, verdict: verdict, paths: paths, automationID: automationID)
        case .github: return StaleGitHubRenderer.render(report, verdict: verdict, paths: paths)
        case .junit: return StaleJUnitRenderer.render(report, verdict: verdict, paths: paths)
        case .gitlab: return StaleGitLabRenderer.render(report, verdict: verdict, paths: paths, logDirectory: request.logName)
        case .html:
            let options = HTMLReportRenderer.Options(
                logName: request.logName, maximumTimelineRows: request.maximumTimelineRows, toolVersion: request.toolVersion,
                codeLinkBase: request.codeLinkBase)
            // report(_:) replays the timeline whenever the format is HTML.
            return HTMLReportRenderer.render(report, timeline: result.timeline!, options: options)
        case .text, .slack:
            if let verdict { return StaleTextRenderer.check(report, verdict, colour: request.colour) }
            return StaleTextRenderer.table(report, colour: request.colour)
        }
    }
}

/// Maps the paths a report names (log segments, scanned Swift files), which are relative to
/// the command's working directory, to paths relative to the repository root: GitHub
/// annotations, GitLab Code Quality and code scanning locate findings that way, whatever
/// directory the job ran the command in.
package struct RepositoryPaths: Sendable, Hashable {
    /// The repository root, an absolute path.
    public var root: String
    /// The directory relative paths in the report start from, an absolute path.
    public var workingDirectory: String
    private var keepsPaths = false

    public init(root: String, workingDirectory: String) {
        self.root = root
        self.workingDirectory = workingDirectory
    }

    /// Paths stay exactly as the report has them: the working directory is the root.
    public static let workingDirectoryIsRoot: RepositoryPaths = {
        var paths = RepositoryPaths(root: "/", workingDirectory: "/")
        paths.keepsPaths = true
        return paths
    }()

    /// `path` relative to the root, `.` and `..` resolved (`./events/a.jsonl` → `events/a.jsonl`);
    /// a path outside the root comes back absolute.
    public func relative(_ path: String) -> String {
        if keepsPaths { return path }
        let components = Self.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
        let base = Self.normalized(root)
        guard components.count >= base.count, Array(components.prefix(base.count)) == base else {
            return "/" + components.joined(separator: "/")
        }
        let inside = components.dropFirst(base.count)
        return inside.isEmpty ? "." : inside.joined(separator: "/")
    }

    /// Whether `path` lies inside the root.
    public func contains(_ path: String) -> Bool {
        !relative(path).hasPrefix("/")
    }

    /// `path`, absolute, with `.` and `..` resolved (lexically: symbolic links stay).
    public static func absolute(_ path: String, from directory: String) -> String {
        "/" + normalized(path.hasPrefix("/") ? path : directory + "/" + path).joined(separator: "/")
    }

    private static func normalized(_ absolute: String) -> [String] {
        var components: [String] = []
        for component in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(String(component))
            }
        }
        return components
    }
}
