import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``FirebaseDrift/Report`` (`toggles drift firebase`): text, JSON, Markdown.
package enum FirebaseDriftRenderer {
    public static func text(_ report: FirebaseDrift.Report, file: String) -> String {
        var output = TerminalText.sanitize(heading(report, file: file)) + "\n"
        if let later = report.logIsNewer {
            output +=
                TerminalText.sanitize(
                    "note: the log has remote changes after this template's version (the last at \(later)): the console may be behind the log; publish `toggles export firebase` rather than importing"
                ) + "\n"
        }
        guard !report.inStep else { return output + "in step: the template serves what the log says is published\n" }
        var table = TextTable(headers: ["PARAMETER", "DIFFERENCE", "LOG", "TEMPLATE"], maximumCellWidth: 60)
        for difference in report.differences {
            table.rows.append([difference.parameter, difference.kind.rawValue + (difference.cosmetic ? " (cosmetic)" : ""), difference.log, difference.template])
        }
        output += table.render()
        output += "\nto record each difference:\n"
        for difference in report.differences {
            output += TerminalText.sanitize("  \(difference.parameter): \(difference.record)") + "\n"
        }
        let count = report.differences.count == 1 ? "1 difference" : "\(report.differences.count) differences"
        output += TerminalText.sanitize("\(count); `\(importCommand(file))` records them all") + "\n"
        if let note = cosmeticNote(report) { output += note + "\n" }
        return output
    }

    /// `{"file", "template": {…}, "inStep", "logIsNewer", "differences": [{"parameter", "difference", "log", "template", "record"}], "recordAll"}`
    public static func json(_ report: FirebaseDrift.Report, file: String) -> String {
        var document = JSONObject([.init("file", .string(file))])
        if let version = report.version {
            var object = JSONObject()
            object["versionNumber"] = version.versionNumber.map(JSONValue.string)
            object["updateTime"] = version.updateTime.map { .string($0.description) }
            object["updateUser"] = version.updateUserEmail.map(JSONValue.string)
            document["template"] = .object(object)
        }
        document["inStep"] = .bool(report.inStep)
        document["logIsNewer"] = report.logIsNewer.map { .string($0.description) } ?? .null
        document["differences"] = .array(
            report.differences.map { difference in
                .object(
                    JSONObject([
                        .init("parameter", .string(difference.parameter)),
                        .init("difference", .string(difference.kind.rawValue)),
                        .init("log", .string(difference.log)),
                        .init("template", .string(difference.template)),
                        .init("record", .string(difference.record)),
                        .init("cosmetic", .bool(difference.cosmetic)),
                    ]))
            })
        document["onlyCosmetic"] = .bool(report.onlyCosmetic)
        document["recordAll"] = report.inStep ? .null : .string(importCommand(file))
        return JSONWriter.pretty(.object(document)) + "\n"
    }

    public static func markdown(_ report: FirebaseDrift.Report, file: String) -> String {
        let code = StaleMarkdownRenderer.codeSpan
        let escape = StaleMarkdownRenderer.escape
        var output = "<!-- toggles-drift -->\n### Remote Config drift\n\n\(escape(heading(report, file: file)))\n"
        if let later = report.logIsNewer {
            output +=
                "\n> The log has remote changes after this template's version (the last at \(StaleMarkdownRenderer.inlineCode(later.description))): the console may be behind the log.\n"
        }
        guard !report.inStep else { return output + "\n✅ **In step**: the template serves what the log says is published.\n" }
        let count = report.differences.count == 1 ? "1 difference" : "\(report.differences.count) differences"
        output += "\n\(report.onlyCosmetic ? "ℹ️" : "❌") **\(count)** outside the ledger; \(StaleMarkdownRenderer.inlineCode(importCommand(file))) records them all.\n\n"
        output += "| Parameter | Difference | Log | Template | Record with |\n| --- | --- | --- | --- | --- |\n"
        for difference in report.differences {
            output +=
                "| \(code(difference.parameter)) | \(difference.kind.rawValue)\(difference.cosmetic ? " (cosmetic)" : "") | \(escape(difference.log)) | \(escape(difference.template)) | \(code(difference.record)) |\n"
        }
        if let note = cosmeticNote(report) { output += "\n" + escape(note) + "\n" }
        return output
    }

    /// Says which differences are cosmetic and what that means for the exit status.
    private static func cosmeticNote(_ report: FirebaseDrift.Report) -> String? {
        let cosmetic = report.differences.filter(\.cosmetic).count
        guard cosmetic > 0 else { return nil }
        let which = cosmetic == report.differences.count ? (cosmetic == 1 ? "it is" : "all are") : "\(cosmetic) \(cosmetic == 1 ? "is" : "are")"
        return
            "\(which) cosmetic: only a condition's colour (tagColor) or the priority of conditions the parameter does not use differ, as a console round trip makes them; the app is served the same values (exit 0 for these unless --strict)"
    }

    private static func heading(_ report: FirebaseDrift.Report, file: String) -> String {
        var text = "\(file): "
        if let version = report.version, let number = version.versionNumber {
            text += "version \(number)"
            if let time = version.updateTime { text += " of \(time)" }
            if let user = version.updateUserEmail { text += " by \(user)" }
        } else {
            text += "a template without a version number"
        }
        return text + ", compared with the end of the log"
    }

    private static func importCommand(_ file: String) -> String { "toggles import firebase \(FirebaseDrift.shellQuoted(file))" }
}
