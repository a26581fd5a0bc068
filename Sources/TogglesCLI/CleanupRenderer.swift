import SwiftSource
import ToggleLedger

/// `toggles cleanup`'s report: per file, each site with the rule applied or the reason it was refused.
enum CleanupRenderer {
    static func text(_ plan: CleanupPlan) -> String {
        var out = ""
        for file in plan.files {
            for site in file.sites {
                let verdict = site.refusal.map { "refused: \($0)" } ?? site.rule ?? ""
                out += TerminalText.sanitize("\(file.path):\(site.line):\(site.column): \(site.symbol): \(verdict)") + "\n"
            }
        }
        let sites = plan.files.reduce(0) { $0 + $1.sites.count }
        out += "\(sites) site\(sites == 1 ? "" : "s") of \(plan.toggle) in \(plan.files.count) file\(plan.files.count == 1 ? "" : "s"), \(plan.refusedSites.count) refused\n"
        return out
    }

    static func json(_ plan: CleanupPlan, keep: String, dryRun: Bool, written: Bool) -> JSONValue {
        .object(
            JSONObject([
                .init("toggle", .string(plan.toggle)),
                .init("keep", .bool(plan.keep)),
                .init("why", .string(keep)),
                .init("dryRun", .bool(dryRun)),
                .init("complete", .bool(plan.isComplete)),
                .init("written", .bool(written)),
                .objects("files", plan.files) { file in
                    [
                        .init("file", .string(file.path)),
                        .init("changed", .bool(file.changed)),
                        .init("rewritten", .array(file.sites.filter { $0.refusal == nil }.map { site($0, "rule", $0.rule ?? "") })),
                        .init("refused", .array(file.refused.map { site($0, "reason", $0.refusal ?? "") })),
                    ]
                },
            ]))
    }

    private static func site(_ site: CleanupSiteReport, _ key: String, _ value: String) -> JSONValue {
        .object(
            JSONObject([
                .init("line", .number(String(site.line))), .init("column", .number(String(site.column))),
                .init("symbol", .string(site.symbol)), .init(key, .string(value)),
            ]))
    }
}
