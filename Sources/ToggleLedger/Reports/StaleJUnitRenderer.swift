import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``StaleReport`` as JUnit XML, so GitLab, Jenkins and other test views list the
/// toggles: one test case per live toggle, named by the toggle, failing when it is stale,
/// with every reason in the failure. With `check`'s verdict, a toggle stale only for reasons
/// outside `--fail-on` is skipped instead. A scan of the code (`--scan`) adds a second suite
/// with a failing case per code finding, and a conflict of the minimum supported version
/// (`_app`, no toggle) a suite of its own, so the live suite's `tests` is the toggles in use.
///
/// The test case's `classname` is `toggles.<category>`; `file` and `line` point where an
/// annotation would (the declaration in the code when scanned, else the log line that
/// created the toggle), relative to the repository root.
package enum StaleJUnitRenderer {
    private struct Case {
        var name: String
        var classname: String
        var site: FindingSite?
        /// The failure's type, message and text, or nil when it passes.
        var failure: (type: String, message: String, text: String)?
        var skipped: String?
    }

    public static func render(_ report: StaleReport, verdict: StaleGate.Verdict? = nil, paths: RepositoryPaths = .workingDirectoryIsRoot) -> String {
        var live: [Case] = []
        var logWide: [Case] = []
        for entry in report.entries {
            let site = CIFindings.codeSite(of: entry, in: report, paths: paths) ?? CIFindings.logSite(of: entry, paths: paths)
            var test = Case(name: entry.name, classname: "toggles." + entry.toggle.definition.category, site: site)
            if entry.isStale {
                let counted = verdict.map { verdict in entry.reasons.contains { verdict.gate.failOn.contains($0.code) } } ?? true
                if counted {
                    var lines = entry.reasons.map { "\($0.code.rawValue): \($0.message)" }
                    if let hint = CIFindings.cleanupHint(of: entry, in: report) { lines.append(hint) }
                    lines.append("owner: \(entry.owner ?? "none")")
                    if !entry.isLogWide { lines.append("stage: \(entry.toggle.stage.words) for \(StaleReason.days(entry.stageDays))") }
                    if let created = entry.declaredAt { lines.append("created at \(paths.relative(created.file)):\(created.line)") }
                    test.failure = (
                        entry.reasons.map(\.code.rawValue).joined(separator: ","),
                        entry.reasons.map(\.message).joined(separator: "; "), lines.map(TerminalText.sanitize).joined(separator: "\n")
                    )
                } else {
                    test.skipped = "stale only for reasons outside --fail-on: " + entry.reasons.map(\.code.rawValue).joined(separator: ", ")
                }
            }
            if entry.isLogWide { logWide.append(test) } else { live.append(test) }
        }
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        var suites = [suite("toggles: live toggles", live, properties: properties(report, verdict))]
        if !logWide.isEmpty { suites.append(suite("toggles: log-wide", logWide, properties: [])) }
        if let findings = report.codeFindings {
            let cases = findings.map { finding in
                let counted = verdict?.gate.failOn.contains(finding.code) ?? true
                let message = CIFindings.message(finding, paths: paths)
                let places = finding.references.map { "\(paths.relative($0.file)):\($0.line):\($0.column) \($0.symbol)" }
                return Case(
                    name: finding.toggle, classname: "toggles." + finding.code.rawValue,
                    site: finding.references.first.map { CIFindings.site(of: $0, paths: paths) },
                    failure: counted ? (finding.code.rawValue, message, ([message] + places).map(TerminalText.sanitize).joined(separator: "\n")) : nil,
                    skipped: counted ? nil : "\(finding.code.rawValue) is outside --fail-on")
            }
            suites.append(suite("toggles: code scan", cases, properties: []))
        }
        let all = live.count + logWide.count + (report.codeFindings?.count ?? 0)
        let failures = suites.reduce(0) { $0 + $1.failures }
        let skipped = suites.reduce(0) { $0 + $1.skipped }
        output += "<testsuites" + XMLText.attribute("name", "toggles") + " tests=\"\(all)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"0\">\n"
        output += suites.map(\.xml).joined()
        output += "</testsuites>\n"
        return output
    }

    private static func properties(_ report: StaleReport, _ verdict: StaleGate.Verdict?) -> [(String, String)] {
        let summary = report.summary
        var properties = [
            ("asOf", report.asOf.description), ("live", String(summary.live)), ("inUse", String(summary.inUse)), ("stale", String(summary.stale)),
            ("health", String(summary.health)),
        ]
        if let verdict {
            properties.append(("failOn", verdict.gate.failOnCodes.map(\.rawValue).joined(separator: ",")))
            properties.append(("maxStale", String(verdict.gate.maximumStale)))
            properties.append(("verdict", StaleTextRenderer.verdictLine(report, verdict)))
        }
        return properties
    }

    private static func suite(_ name: String, _ cases: [Case], properties: [(String, String)]) -> (xml: String, failures: Int, skipped: Int) {
        let failures = cases.filter { $0.failure != nil }.count
        let skipped = cases.filter { $0.skipped != nil }.count
        var xml =
            "  <testsuite" + XMLText.attribute("name", name)
            + " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"0\">\n"
        if !properties.isEmpty {
            xml += "    <properties>\n"
            for (key, value) in properties {
                xml += "      <property" + XMLText.attribute("name", key) + XMLText.attribute("value", value) + "/>\n"
            }
            xml += "    </properties>\n"
        }
        for test in cases {
            xml += "    <testcase" + XMLText.attribute("name", test.name) + XMLText.attribute("classname", test.classname)
            if let site = test.site { xml += XMLText.attribute("file", site.path) + " line=\"\(site.line)\"" }
            xml += " time=\"0\""
            if let failure = test.failure {
                xml += ">\n      <failure" + XMLText.attribute("type", failure.type) + XMLText.attribute("message", failure.message) + ">"
                xml += XMLText.escape(failure.text, .text) + "</failure>\n    </testcase>\n"
            } else if let skipped = test.skipped {
                xml += ">\n      <skipped" + XMLText.attribute("message", skipped) + "/>\n    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        return (xml + "  </testsuite>\n", failures, skipped)
    }
}
