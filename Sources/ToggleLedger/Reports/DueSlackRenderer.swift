import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``DueList`` as a Slack Block Kit message payload, for a scheduled CI job to post
/// to an incoming webhook (`curl --data-binary @due.json "$SLACK_WEBHOOK_URL"`); `toggles` itself makes
/// no network call.
///
/// The payload stays within Block Kit's limits: at most ``maximumBlocks`` blocks, a section's
/// text at most ``maximumSectionText`` characters, and all text together under
/// ``maximumTotalText`` (Slack refuses larger messages as `msg_blocks_too_long`). What does not
/// fit is cut, and a last block says how many toggles are not shown. Text from the log is
/// escaped for mrkdwn (`&`, `<`, `>`), so it cannot form links or mentions; owners are code
/// spans, so it cannot add formatting.
package enum DueSlackRenderer {
    public static let maximumBlocks = 50
    public static let maximumSectionText = 3000
    public static let maximumTotalText = 12_000
    /// An owner's heading (who, and the CODEOWNERS rule) at most: whatever the owners' names,
    /// a section has room for the heading and its toggles.
    public static let maximumHeading = 600

    public static func render(_ list: DueList) -> String {
        JSONWriter.pretty(payload(list)) + "\n"
    }

    public static func payload(_ list: DueList) -> JSONValue {
        let title = "Toggles due within \(StaleReason.days(list.windowDays))"
        var blocks: [JSONValue] = [
            .object(
                JSONObject([
                    .init("type", .string("header")),
                    .init("text", .object(JSONObject([.init("type", .string("plain_text")), .init("text", .string(title))]))),
                ])),
            context(summary(list)),
        ]
        // Kept back for the note on what was left out.
        let noteLength = 200
        var budget = maximumTotalText - title.utf16.count - summary(list).utf16.count - noteLength
        var shown = 0
        // One block is kept for the note on what was left out.
        for group in list.groups where blocks.count < maximumBlocks - 1 {
            let heading = "*\(owner(group.owner))*"
            var text = heading
            var count = 0
            for item in group.items {
                let line = "\n• " + self.line(item)
                let rest = group.items.count - count - 1
                let reserve = rest > 0 ? 40 : 0
                guard text.utf16.count + line.utf16.count + reserve <= min(maximumSectionText, budget) else { break }
                text += line
                count += 1
            }
            // This group's first line did not fit what is left; a later, shorter one may.
            guard count > 0 else { continue }
            if count < group.items.count { text += "\n… and \(group.items.count - count) more of this owner" }
            blocks.append(section(text))
            budget -= text.utf16.count
            shown += count
        }
        if list.count == 0 {
            blocks.append(section("Nothing comes due within \(StaleReason.days(list.windowDays))."))
        } else if shown < list.count {
            let missing = list.count - shown
            blocks.append(
                context(
                    "\(missing == 1 ? "1 more toggle is" : "\(missing) more toggles are") not shown (Slack's message limits); run `toggles due --within \(list.windowDays)d` for the full list."
                ))
        }
        let fallback =
            list.count == 0
            ? "Nothing comes due within \(StaleReason.days(list.windowDays))"
            : "\(list.count == 1 ? "1 toggle" : "\(list.count) toggles") due within \(StaleReason.days(list.windowDays)), \(list.overdueCount) overdue"
        return .object(JSONObject([.init("text", .string(fallback)), .init("blocks", .array(blocks))]))
    }

    /// `` `isRoundedAvatar` — *overdue by 21 days* (2026-11-01) · expiry date ``
    private static func line(_ item: DueList.Item) -> String {
        let when = DueTextRenderer.when(item)
        return "`\(item.name)` — \(item.isOverdue ? "*\(when)*" : when) (\(item.dueDate)) · \(escape(DueTextRenderer.why(item)))"
    }

    private static func summary(_ list: DueList) -> String {
        "\(list.count == 1 ? "1 toggle" : "\(list.count) toggles") · \(list.overdueCount) overdue · until \(list.horizon) · as of \(list.asOf)"
    }

    private static func owner(_ owner: DueList.Owner) -> String {
        switch owner {
        case .declared(let name): return codeSpan(name)
        case .codeOwners(let match):
            // A rule may list many long owners; those that fit the heading say who to ask.
            let rule = " (CODEOWNERS \(codeSpan(match.rule.description)))"
            var heading = ""
            var shown = 0
            for name in match.owners {
                let span = (shown == 0 ? "" : " ") + codeSpan(name)
                let rest = match.owners.count - shown - 1
                let note = rest > 0 ? " and \(rest) more".utf16.count : 0
                guard heading.utf16.count + span.utf16.count + note + rule.utf16.count <= maximumHeading - 2 || shown == 0 else { break }
                heading += span
                shown += 1
            }
            if shown < match.owners.count { heading += " and \(match.owners.count - shown) more" }
            return heading + rule
        case .unowned: return "No owner"
        }
    }

    private static func section(_ text: String) -> JSONValue {
        .object(
            JSONObject([
                .init("type", .string("section")),
                .init("text", .object(JSONObject([.init("type", .string("mrkdwn")), .init("text", .string(text))]))),
            ]))
    }

    private static func context(_ text: String) -> JSONValue {
        .object(
            JSONObject([
                .init("type", .string("context")),
                .init("elements", .array([.object(JSONObject([.init("type", .string("mrkdwn")), .init("text", .string(text))]))])),
            ]))
    }

    /// Slack's mrkdwn escaping: `&`, `<` and `>` are the only characters that form links and
    /// mentions (`<!channel>`, `<https://…|text>`); control characters are made visible.
    package static func escape(_ text: String) -> String {
        TerminalText.sanitize(text).replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    /// Text in a code span: no formatting applies inside; a backtick would end it, so it
    /// becomes a prime. Long text is cut so one owner cannot fill a section: at most
    /// ``maximumCodeSpan`` UTF-16 units once escaped (an `&` takes five).
    private static func codeSpan(_ text: String) -> String {
        let clean = TerminalText.sanitize(text).replacing("`", with: "ʹ")
        var escaped = escape(clean)
        if escaped.utf16.count > maximumCodeSpan {
            escaped = ""
            for character in clean {
                let piece = escape(String(character))
                guard escaped.utf16.count + piece.utf16.count < maximumCodeSpan else { break }
                escaped += piece
            }
            escaped += "…"
        }
        return "`\(escaped.isEmpty ? " " : escaped)`"
    }

    private static let maximumCodeSpan = 200
}
