import LedgerPlatform
import LedgerModel
import LedgerCore

/// The tables of the HTML report: stale toggles (reasons, owners, code sites), what a scan
/// of the code found, and the live toggles that are not stale. Numeric cells carry
/// `data-sort` so the page's script sorts them as numbers.
enum HTMLReportTables {
    /// At most this many code sites per toggle; the rest are counted.
    static let maximumSites = 5

    /// - Parameter codeLinkBase: what comes before a relative file's path in the link to a
    ///   code site (``HTMLReportRenderer/Options/codeLinkBase``).
    static func stale(_ report: StaleReport, codeLinkBase: String = "", to output: inout OutputBuffer) {
        output.append("<section id=\"stale\"><h2>Stale toggles</h2>\n")
        guard report.entries.contains(where: \.isStale) else {
            output.append("<p>No live toggle is stale.</p></section>\n")
            return
        }
        let scanned = report.codeReferences != nil
        if !scanned {
            output.append("<p class=\"note\">Add <code>--scan</code> with the app's Swift sources (<code>toggles report --format html ")
            output.append("--scan Sources/App</code>) to list where each stale toggle is used, linked, and the command that removes it from the code.</p>\n")
        }
        output.append("<table class=\"sortable\"><thead><tr><th>Toggle</th><th>Owner</th><th>Category</th><th>Stage</th>")
        output.append("<th class=\"num\">Age (days)</th><th>Stale because</th>")
        output.append(scanned ? "<th>In the code</th></tr></thead><tbody>\n" : "</tr></thead><tbody>\n")
        forEach(in: report, where: true) { entry in
            output.append("<tr class=\"stale\">")
            leadingCells(entry, to: &output)
            output.append("<td><ul>")
            for reason in entry.reasons {
                output.append("<li><span class=\"tag\">")
                output.append(reason.code.rawValue)
                output.append("</span>: ")
                codeSpans(reason.message, to: &output)
                output.append("</li>")
            }
            output.append("</ul>")
            // The command that records the removal once the code no longer uses it.
            if entry.callsForRemoval {
                let retire = entry.reasons.contains { $0.code == .retireRemote }
                output.append(retire ? "<p class=\"then\">Then: <code>toggles retire " : "<p class=\"then\">Then: <code>toggles remove ")
                output.escaped(entry.name)
                output.append("</code></p>")
            }
            output.append("</td>")
            if scanned {
                output.append("<td>")
                let references = report.codeReferences?[entry.name] ?? []
                sites(references, linkBase: codeLinkBase, to: &output)
                if !references.isEmpty { cleanupCommand(RemovalPlan(entry.toggle).cleanupCommand(entry.name), to: &output) }
                output.append("</td>")
            }
            output.append("</tr>\n")
        }
        output.append("</tbody></table></section>\n")
    }

    /// Calls `body` with each entry of `report` that is stale or not, lent in place: a copy of
    /// an entry retains and releases every reference in its state, for thousands of rows.
    private static func forEach(in report: StaleReport, where stale: Bool, _ body: (borrowing StaleReport.Entry) -> Void) {
        report.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices where entries[index].isStale == stale { body(entries[index]) }
        }
    }

    /// `toggles cleanup NAME`, the command that removes a toggle from the code, under its sites.
    private static func cleanupCommand(_ command: String?, to output: inout OutputBuffer) {
        guard let command else { return }
        output.append("<p class=\"cleanup\">Remove it with <code>")
        output.escaped(command + " --dry-run")
        output.append("</code></p>")
    }

    /// Removed-but-referenced and untracked toggles (`--scan`); nothing without a scan.
    static func codeFindings(_ report: StaleReport, codeLinkBase: String = "", to output: inout OutputBuffer) {
        guard let findings = report.codeFindings else { return }
        output.append("<section id=\"code\"><h2>In the code</h2>\n")
        guard !findings.isEmpty else {
            output.append("<p>The scan found no removed toggle still in the code and no untracked toggle.</p></section>\n")
            return
        }
        output.append("<table><thead><tr><th>Toggle</th><th>Finding</th><th>Where</th></tr></thead><tbody>\n")
        for finding in findings {
            output.append("<tr><td class=\"name-cell\">")
            output.escaped(finding.toggle)
            output.append("</td><td><span class=\"tag\">")
            output.append(finding.reason.rawValue)
            output.append("</span>: ")
            if finding.reason == .untracked {
                output.append("declared in the code, never created in the log")
            } else {
                output.append("removed ")
                output.append(StaleReason.days(finding.days(at: report.asOf)))
                output.append(" ago, still in the code")
            }
            output.append("</td><td>")
            sites(finding.references, linkBase: codeLinkBase, to: &output)
            cleanupCommand(finding.plan?.cleanupCommand(finding.toggle), to: &output)
            output.append("</td></tr>\n")
        }
        output.append("</tbody></table></section>\n")
    }

    static func others(_ report: StaleReport, to output: inout OutputBuffer) {
        output.append("<section id=\"others\"><h2>Live toggles that are not stale</h2>\n")
        // A toggle removed from the code (awaiting retirement in Remote Config) is not live.
        guard report.entries.contains(where: { !$0.isStale && $0.toggle.removedAt == nil }) else {
            output.append("<p>None.</p></section>\n")
            return
        }
        output.append("<table class=\"sortable\"><thead><tr><th>Toggle</th><th>Owner</th><th>Category</th><th>Stage</th>")
        output.append("<th class=\"num\">Age (days)</th><th>Expires</th></tr></thead><tbody>\n")
        forEach(in: report, where: false) { entry in
            guard entry.toggle.removedAt == nil else { return }
            output.append("<tr>")
            leadingCells(entry, to: &output)
            output.append("<td class=\"nowrap\">")
            output.append(entry.toggle.definition.expires?.description ?? "—")
            output.append("</td></tr>\n")
        }
        output.append("</tbody></table></section>\n")
    }

    /// `text` escaped, its `…` spans (the commands a reason names, such as `toggles extend`)
    /// as `<code>`, as the Markdown report shows them, instead of literal backticks.
    static func codeSpans(_ text: String, to output: inout OutputBuffer) {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        // An odd number of backticks: the last one has no pair, and stays as it is.
        guard parts.count % 2 == 1 else {
            output.escaped(text)
            return
        }
        for (index, part) in parts.enumerated() {
            if index % 2 == 1 { output.append("<code>") }
            output.escaped(String(part))
            if index % 2 == 1 { output.append("</code>") }
        }
    }

    /// Toggle, owner, category, stage and age.
    private static func leadingCells(_ entry: borrowing StaleReport.Entry, to output: inout OutputBuffer) {
        output.append("<td class=\"name-cell\">")
        output.escaped(entry.name)
        if let description = entry.toggle.definition.description {
            output.append("<br><small>")
            output.escaped(description)
            output.append("</small>")
        }
        output.append("</td><td>")
        output.escaped(entry.owner ?? "—")
        output.append("</td><td>")
        output.escaped(entry.toggle.definition.category)
        if !entry.categoryIsKnown {
            output.append(" (as ")
            output.escaped(report(entry))
            output.append(")")
        }
        output.append("</td><td>")
        if entry.isLogWide {
            output.append("—")  // the minimum supported version has no lifecycle stage
        } else {
            output.append(entry.toggle.stage.words)
            // The date whole: a narrow column wraps before it, never inside it.
            output.append(" since <span class=\"nowrap\">")
            output.append(entry.toggle.stageSince.date.description)
            output.append("</span>")
        }
        numberCell(entry.ageDays, to: &output)
        output.append("</td>")
    }

    /// Ends the open cell and starts one holding `value`, with `data-sort` so the page's
    /// script sorts the column as numbers.
    static func numberCell(_ value: Int, to output: inout OutputBuffer) {
        output.append("</td><td class=\"num\" data-sort=\"")
        output.appendDecimal(value)
        output.append("\">")
        output.appendDecimal(value)
    }

    /// How the fallback applies to an unknown category: `30 days` or `permanent`.
    private static func report(_ entry: borrowing StaleReport.Entry) -> String {
        entry.lifetimeDays.map(StaleReason.days) ?? "permanent"
    }

    /// The code sites, each linked to its file and line (`#L12`, as GitHub and most code
    /// browsers take it) when `linkBase` is given.
    private static func sites(_ references: [CodeReference], linkBase: String? = nil, to output: inout OutputBuffer) {
        guard !references.isEmpty else {
            output.append("—")
            return
        }
        output.append("<ul>")
        for reference in references.prefix(maximumSites) {
            output.append("<li>")
            if let linkBase {
                output.append("<a class=\"site\" href=\"")
                output.escaped(link(to: reference, base: linkBase))
                output.append("\">")
            }
            output.append("<code>")
            output.escaped(reference.file)
            output.append(":")
            output.appendDecimal(reference.line)
            output.append(linkBase == nil ? "</code> <code>" : "</code></a> <code>")
            output.escaped(reference.symbol)
            output.append("</code></li>")
        }
        if references.count > maximumSites {
            output.append("<li>and ")
            output.appendDecimal(references.count - maximumSites)
            output.append(" more</li>")
        }
        output.append("</ul>")
    }

    /// The URL of a code site. The path is percent-encoded as SARIF's `uri` is (a `:` too, so
    /// a file named `javascript:…` stays a path, never a scheme); an absolute path is a
    /// `file://` URI of its own.
    static func link(to reference: CodeReference, base: String) -> String {
        let path = StaleSARIFRenderer.uri(forPath: reference.file)
        return (reference.file.hasPrefix("/") ? path : base + path) + "#L\(reference.line)"
    }
}

/// The report by owner, what a team lead looks for first: for each owner, how many live
/// toggles they have, how many are stale, and which, most stale first; toggles without an
/// owner last.
enum HTMLOwnerTable {
    static func render(_ report: StaleReport, to output: inout OutputBuffer) {
        var byOwner: [String: (live: Int, stale: [String])] = [:]
        for entry in report.entries where entry.toggle.removedAt == nil {
            let owner = entry.owner ?? ""
            byOwner[owner, default: (0, [])].live += 1
            if entry.isStale { byOwner[owner, default: (0, [])].stale.append(entry.name) }
        }
        output.append("<section id=\"owners\"><h2>By owner</h2>\n")
        guard !byOwner.isEmpty else {
            output.append("<p>No live toggle.</p></section>\n")
            return
        }
        let owners = byOwner.keys.sorted { a, b in
            if a.isEmpty != b.isEmpty { return !a.isEmpty }
            let (x, y) = (byOwner[a]!, byOwner[b]!)
            if x.stale.count != y.stale.count { return x.stale.count > y.stale.count }
            if x.live != y.live { return x.live > y.live }
            return a < b
        }
        output.append("<table class=\"sortable\"><thead><tr><th>Owner</th><th class=\"num\">Live</th><th class=\"num\">Stale</th><th>Stale toggles</th></tr></thead><tbody>\n")
        for owner in owners {
            let row = byOwner[owner]!
            output.append(row.stale.isEmpty ? "<tr>" : "<tr class=\"stale\">")
            output.append("<td>")
            output.escaped(owner.isEmpty ? "(no owner)" : owner)
            HTMLReportTables.numberCell(row.live, to: &output)
            HTMLReportTables.numberCell(row.stale.count, to: &output)
            output.append("</td><td class=\"name-cell\">")
            output.escaped(row.stale.isEmpty ? "—" : row.stale.joined(separator: ", "))
            output.append("</td></tr>\n")
        }
        output.append("</tbody></table></section>\n")
    }
}
