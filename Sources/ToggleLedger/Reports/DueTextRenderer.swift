import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``DueList`` for people at a terminal (`toggles due`): a summary line, then one
/// table per owner, soonest first. Everything from the log passes through
/// ``TerminalText/sanitize(_:)``.
package enum DueTextRenderer {
    public static func render(_ list: DueList) -> String {
        var output = TerminalText.sanitize(summary(list)) + "\n"
        for group in list.groups {
            output += "\n" + TerminalText.sanitize(owner(group.owner)) + "\n"
            var table = TextTable(headers: ["TOGGLE", "DUE", "WHEN", "WHY"], maximumCellWidth: 80)
            for item in group.items {
                table.rows.append([item.name, item.dueDate.description, when(item), why(item)])
            }
            output += table.render().split(separator: "\n").map { "  " + $0 + "\n" }.joined()
        }
        return output
    }

    /// `4 toggles due within 14 days (until …), 2 overdue; as of …`.
    package static func summary(_ list: DueList) -> String {
        let window = "within \(StaleReason.days(list.windowDays)) (until \(list.horizon))"
        guard list.count > 0 else { return "nothing due \(window); as of \(list.asOf)" }
        let toggles = list.count == 1 ? "1 toggle" : "\(list.count) toggles"
        return "\(toggles) due \(window), \(list.overdueCount) overdue; as of \(list.asOf)"
    }

    /// The owner line of a group: the log's owner, the CODEOWNERS owners with the rule that
    /// named them, or `no owner`.
    package static func owner(_ owner: DueList.Owner) -> String {
        switch owner {
        case .declared(let name): name
        case .codeOwners(let match): "\(match.owners.joined(separator: " ")) (CODEOWNERS \(match.rule) for \(match.declaredIn))"
        case .unowned: "no owner"
        }
    }

    /// `overdue by 21 days`, `overdue (today)`, `in 9 days`, `today`.
    package static func when(_ item: DueList.Item) -> String {
        if item.isOverdue { return item.days == 0 ? "overdue (today)" : "overdue by \(StaleReason.days(item.days))" }
        return item.days == 0 ? "today" : "in \(StaleReason.days(item.days))"
    }

    /// `expiry date`, `release lifetime (30 days)`, `release lifetime with extensions (90 days)`,
    /// or `extended 3 times, more than release allows`.
    package static func why(_ item: DueList.Item) -> String {
        let category = item.entry.toggle.definition.category
        switch item.code {
        case .overLifetime: return "\(category) lifetime (\(StaleReason.days(item.limitDays ?? 0)))"
        case .overExtended:
            guard let limit = item.limitDays else {
                let count = item.entry.toggle.extensions.count
                return "extended \(count == 1 ? "once" : "\(count) times"), more than \(category) allows"
            }
            return "\(category) lifetime with extensions (\(StaleReason.days(limit)))"
        default: return "expiry date"
        }
    }
}
