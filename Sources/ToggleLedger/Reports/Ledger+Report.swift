import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore

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
        // What `toggles audit` would call errors: `check` refuses to judge such a log.
        let problems = LogAudit.classify(
            warnings: snapshot.summary.warnings, violations: snapshot.violations, unknownTypes: [], strict: false, skipped: true
        ).filter(\.isError).map(\.message)
        var result = ReportResult(policy: policy, snapshot: snapshot, report: report, timeline: timeline, problems: problems)
        if let gate = request.gate {
            guard problems.isEmpty else { return result }
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
