import LedgerPlatform
import LedgerModel
import LedgerCore

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
