import LedgerPlatform
import LedgerModel
import LedgerCore

/// Draws the lifespan timeline: one row per toggle, a bar from creation to removal (or now)
/// textured by stage, the stale stretch underlined, and marks for the expiry date, the end
/// of the category lifetime, each extension and the removal. Past now, shaded, it runs on to
/// the coming deadlines (``upcomingDeadlines``), each marked on its row. Each row also says in
/// words what it shows (a status at the right and a tooltip), so nothing depends on colour.
struct TimelineSVG {
    static let width = 1100.0
    static let plotLeft = 250.0
    static let plotRight = 850.0
    static let statusLeft = 862.0
    static let headerHeight = 34.0
    static let rowHeight = 20.0
    static let nameCharacters = 34
    static let statusCharacters = 36
    /// How the stretch waiting for retirement looks: hollow, outlined in dashes. Attributes,
    /// not a rule of the style sheet, so that a page without such a toggle stays as it was.
    static let waitingLook: StaticString = ##"fill="#fff" stroke-dasharray="3 2""##
    /// How far past now the timeline looks for deadlines: a year. A later one (an expiry
    /// date in 2099) would squeeze the whole history into a sliver; its row still says it.
    static let deadlineHorizonDays = 366
    /// The least the timeline runs past now, deadlines or not.
    static let minimumFutureDays = 14

    let timeline: LedgerTimeline
    /// The stale report's reasons, by toggle name (live toggles only).
    let reasons: [String: [StaleReason]]
    /// The next deadline of each live toggle that is not overdue yet, by name: what
    /// `toggles due` lists within ``deadlineHorizonDays``, by the same rule.
    let deadlines: [String: DueList.Item]
    let scale: TimeScale

    init(timeline: LedgerTimeline, reasons: [String: [StaleReason]], deadlines: [String: DueList.Item] = [:]) {
        self.timeline = timeline
        self.reasons = reasons
        self.deadlines = deadlines
        // Past now, on to the last coming deadline (and a few days more, so its mark shows whole).
        let latest = deadlines.values.compactMap { $0.dueAt ?? $0.dueDate.exactStartOfDay }.max()
        let minimum = timeline.end.adding(days: Self.minimumFutureDays)
        let end = latest.map { max($0.adding(days: 3), minimum) } ?? minimum
        scale = TimeScale(start: timeline.start, end: end, left: Self.plotLeft, right: Self.plotRight)
    }

    /// The items of `report`'s due list within ``deadlineHorizonDays`` that are still ahead.
    static func upcomingDeadlines(_ report: StaleReport) -> [String: DueList.Item] {
        let list = DueList(report: report, windowDays: deadlineHorizonDays)
        var deadlines: [String: DueList.Item] = [:]
        for item in list.items where !item.isOverdue && item.entry.toggle.removedAt == nil {
            deadlines[item.name] = item
        }
        return deadlines
    }

    /// Appends the chart with the first `rows` lifespans.
    func render(rows: Int, to output: inout OutputBuffer) {
        let shown = timeline.lifespans.prefix(rows)
        let height = Self.headerHeight + Double(shown.count) * Self.rowHeight + 8
        DebtChartSVG.openChart("timeline", width: Self.width, height: height, to: &output)
        output.append("Lifespan of each toggle, ")
        output.appendDecimal(shown.count)
        output.append(shown.count == 1 ? " row" : " rows")
        output.append("</title>\n")
        axis(height: height, to: &output)
        for (index, life) in shown.enumerated() {
            row(life, top: Self.headerHeight + Double(index) * Self.rowHeight, band: index % 2 == 0, to: &output)
        }
        ahead(height: height, to: &output)
        output.append("</svg>\n")
    }

    /// What lies ahead of now, shaded over the rows (translucent, so their marks show
    /// through): the stretch a team plans for.
    private func ahead(height: Double, to output: inout OutputBuffer) {
        let now = scale.x(timeline.end)
        output.append("<rect class=\"ahead\" x=\"")
        output.number(now)
        output.append("\" y=\"18\" width=\"")
        output.number(Self.plotRight - now)
        output.append("\" height=\"")
        output.number(height - 22)
        output.append("\"><title>ahead of now: the deadlines to ")
        output.append(scale.end.date.description)
        output.append("</title></rect>\n")
    }

    private func axis(height: Double, to output: inout OutputBuffer) {
        output.append("<g class=\"axis grid\">")
        for tick in scale.ticks(maximum: 7) {
            let x = scale.x(tick.at)
            output.append("<line x1=\"")
            output.number(x)
            output.append("\" y1=\"22\" x2=\"")
            output.number(x)
            output.append("\" y2=\"")
            output.number(height - 4)
            output.append("\"/><text x=\"")
            output.number(x)
            output.append("\" y=\"14\" text-anchor=\"middle\">")
            output.append(tick.label)
            output.append("</text>")
        }
        let now = scale.x(timeline.end)
        output.append("<line class=\"now\" x1=\"")
        output.number(now)
        output.append("\" y1=\"18\" x2=\"")
        output.number(now)
        output.append("\" y2=\"")
        output.number(height - 4)
        output.append("\"/><text x=\"")
        output.number(now)
        output.append("\" y=\"30\" text-anchor=\"middle\">now ")
        output.append(timeline.end.date.description)
        output.append("</text><text x=\"4\" y=\"30\">toggle</text><text x=\"")
        output.number(Self.statusLeft)
        output.append("\" y=\"30\">status at the end</text></g>\n")
    }

    private func row(_ life: ToggleLifespan, top: Double, band: Bool, to output: inout OutputBuffer) {
        output.append("<g class=\"row")
        output.append(life.isStale ? " stale" : life.isWaitingForRetirement ? " waiting" : life.isLive ? " live" : " removed")
        output.append("\" data-toggle=\"")
        output.escaped(life.name)
        output.append("\"><title>")
        tooltip(life, to: &output)
        output.append("</title>")
        if band {
            output.append("<rect class=\"band\" x=\"0\" y=\"")
            output.number(top)
            output.append("\" width=\"")
            output.number(Self.width)
            output.append("\" height=\"")
            output.number(Self.rowHeight)
            output.append("\"/>")
        }
        text(life.name, limit: Self.nameCharacters, x: 4, y: top + 14, className: "name", to: &output)
        segments(life, top: top, to: &output)
        marks(life, middle: top + Self.rowHeight / 2, to: &output)
        text(status(life), limit: Self.statusCharacters, x: Self.statusLeft, y: top + 14, className: "status", to: &output)
        output.append("</g>\n")
    }

    /// The stage bars, merging those too short to see, the stretch waiting for retirement,
    /// and the overdue underline.
    private func segments(_ life: ToggleLifespan, top: Double, to output: inout OutputBuffer) {
        let finish = life.removedAt ?? timeline.end
        let stagesEnd = life.codeRemoval?.at ?? finish
        var drawnTo = -1.0
        for (index, change) in life.stages.enumerated() {
            let until = index + 1 < life.stages.count ? life.stages[index + 1].at : stagesEnd
            guard until > scale.start else { continue }
            let x1 = max(scale.x(change.at), drawnTo)
            let x2 = scale.x(until)
            // Shorter than a fifth of a unit: the next stage's bar covers it.
            guard x2 - x1 >= 0.2 || index + 1 == life.stages.count else { continue }
            output.append("<rect class=\"seg s-")
            output.append(change.stage.rawValue)
            output.append("\" x=\"")
            output.number(x1)
            output.append("\" y=\"")
            output.number(top + 4)
            output.append("\" width=\"")
            output.number(max(x2 - x1, 0.5))
            output.append("\" height=\"11\"/>")
            drawnTo = x2
        }
        if let removal = life.codeRemoval, finish > scale.start {
            let x1 = max(scale.x(removal.at), drawnTo)
            output.append("<rect class=\"seg s-waiting\" ")
            output.append(Self.waitingLook)
            output.append(" x=\"")
            output.number(x1)
            output.append("\" y=\"")
            output.number(top + 4)
            output.append("\" width=\"")
            output.number(max(scale.x(finish) - x1, 0.5))
            output.append("\" height=\"11\"/>")
        }
        if let staleSince = life.staleSince {
            output.append("<line class=\"overdue\" x1=\"")
            output.number(scale.x(staleSince))
            output.append("\" y1=\"")
            output.number(top + 17.5)
            output.append("\" x2=\"")
            output.number(scale.x(finish))
            output.append("\" y2=\"")
            output.number(top + 17.5)
            output.append("\"/>")
        }
    }

    private func marks(_ life: ToggleLifespan, middle y: Double, to output: inout OutputBuffer) {
        if let ends = life.lifetimeEndsAt, let days = life.lifetimeDays, scale.contains(ends) {
            let x = scale.x(ends)
            output.append("<path class=\"lifetime\" d=\"M")
            output.number(x)
            output.append(" ")
            output.number(y - 9)
            output.append("v18m-3.5 -18h7l-3.5 4z\"><title>end of the ")
            output.escaped(life.category)
            output.append(" lifetime (")
            output.append(StaleReason.days(days))
            output.append("): ")
            output.append(ends.date.description)
            output.append("</title></path>")
        }
        for superseded in life.extensions.compactMap(\.from) {
            diamond(at: superseded, old: true, middle: y, title: "former expiry date ", to: &output)
        }
        if let expires = life.expires {
            diamond(at: expires, old: false, middle: y, title: "expires ", to: &output)
        }
        for move in life.extensions where scale.contains(move.at) {
            output.append("<circle class=\"extension\" cx=\"")
            output.number(scale.x(move.at))
            output.append("\" cy=\"")
            output.number(y)
            output.append("\" r=\"3.5\"><title>extended on ")
            output.append(move.at.date.description)
            output.append(move.from == nil ? "" : " from ")
            output.append(move.from?.description ?? "")
            output.append(" to ")
            output.append(move.to.description)
            output.append(": ")
            output.escaped(move.reason)
            output.append("</title></circle>")
        }
        if let due = deadlines[life.name], life.isLive, let at = due.dueAt ?? due.dueDate.exactStartOfDay, scale.contains(at) {
            let x = scale.x(at)
            output.append("<path class=\"due\" data-due=\"")
            output.append(due.dueDate.description)
            output.append("\" d=\"M")
            output.number(x - 5)
            output.append(" ")
            output.number(y - 10)
            output.append("h10l-5 7z\"><title>")
            Self.dueNote(due, to: &output)
            output.append("</title></path>")
        }
        if let removedAt = life.removedAt, scale.contains(removedAt) {
            output.append("<path class=\"removal\" d=\"M")
            output.number(scale.x(removedAt) - 4)
            output.append(" ")
            output.number(y - 4)
            output.append(life.codeRemoval == nil ? "l8 8m0 -8l-8 8\"><title>removed " : "l8 8m0 -8l-8 8\"><title>no longer served ")
            output.append(removedAt.date.description)
            if let reason = life.removalReason {
                output.append(": ")
                output.escaped(reason)
            }
            output.append("</title></path>")
        }
    }

    private func diamond(at date: CalendarDate, old: Bool, middle y: Double, title: StaticString, to output: inout OutputBuffer) {
        let instant = date.startOfDay
        guard scale.contains(instant) else { return }
        output.append(old ? "<path class=\"expiry old\" d=\"M" : "<path class=\"expiry\" d=\"M")
        output.number(scale.x(instant))
        output.append(" ")
        output.number(y - 6)
        output.append("l4.5 6l-4.5 6l-4.5 -6z\"><title>")
        output.append(title)
        output.append(date.description)
        output.append("</title></path>")
    }

    /// What the row ends in, in words: `STALE: expired, launched`, `launched`, `removed 2026-03-01`.
    func status(_ life: ToggleLifespan) -> String {
        if let removedAt = life.removedAt { return "removed \(removedAt.date)" }
        let stage = life.stages.last?.stage.words ?? ToggleStage.inDevelopment.words
        if life.isStale {
            let codes = (reasons[life.name] ?? []).map(\.code.rawValue)
            return "STALE: " + (codes.isEmpty ? stage : codes.joined(separator: ", "))
        }
        if life.isWaitingForRetirement { return "waiting for retirement" }
        if let due = deadlines[life.name] { return "\(stage), due \(due.dueDate)" }
        return stage + (life.expires.map { ", expires \($0)" } ?? "")
    }

    /// The row's tooltip: everything the row draws, in words.
    /// `due 2026-12-01 (in 12 days): then retire`, in the mark's title and in the row's tooltip.
    private static func dueNote(_ due: DueList.Item, to output: inout OutputBuffer) {
        output.append("due ")
        output.append(due.dueDate.description)
        output.append(" (in ")
        output.append(StaleReason.days(due.days))
        output.append("): then ")
        output.append(due.code.rawValue)
    }

    private func tooltip(_ life: ToggleLifespan, to output: inout OutputBuffer) {
        output.escaped(life.name)
        output.append("\nowner: ")
        output.escaped(life.owner ?? "none")
        output.append(" · category: ")
        output.escaped(life.category)
        output.append(life.lifetimeDays == nil ? " (permanent)" : " (")
        if let days = life.lifetimeDays {
            output.append(StaleReason.days(days))
            output.append(" lifetime)")
        }
        output.append(" · ")
        output.append(life.kind.rawValue)
        if let description = life.description {
            output.append("\n")
            output.escaped(description)
        }
        output.append("\ncreated ")
        output.append(life.createdAt.date.description)
        // The last few stages: a remote toggle republished daily has hundreds.
        if life.stages.count > 6 { output.append("; …") }
        for (index, change) in life.stages.suffix(6).enumerated() {
            output.append(index == 0 && life.stages.count <= 6 ? "; " : ", ")
            output.append(change.stage.words)
            output.append(" from ")
            output.append(change.at.date.description)
        }
        if let removal = life.codeRemoval {
            output.append("\nremoved from the code in ")
            output.append(removal.appVersion.text)
            output.append(" on ")
            output.append(removal.at.date.description)
            if let reason = removal.reason {
                output.append(" (")
                output.escaped(reason)
                output.append(")")
            }
            output.append(life.removedAt == nil ? "; its parameter is still served to older versions: waiting for retirement" : "")
        }
        if let expires = life.expires {
            output.append("\nexpires ")
            output.append(expires.description)
            if !life.extensions.isEmpty {
                output.append(" (extended ")
                output.appendDecimal(life.extensions.count)
                output.append(life.extensions.count == 1 ? " time)" : " times)")
            }
        }
        if let due = deadlines[life.name], life.isLive {
            output.append("\n")
            Self.dueNote(due, to: &output)
        }
        for reason in reasons[life.name] ?? [] where life.isLive {
            output.append("\nstale: ")
            output.escaped(reason.message)
        }
        if let removedAt = life.removedAt {
            output.append(life.codeRemoval == nil ? "\nremoved " : "\nno longer served ")
            output.append(removedAt.date.description)
        }
    }

    private func text(_ value: String, limit: Int, x: Double, y: Double, className: StaticString, to output: inout OutputBuffer) {
        output.append("<text class=\"")
        output.append(className)
        output.append("\" x=\"")
        output.number(x)
        output.append("\" y=\"")
        output.number(y)
        output.append("\">")
        output.escaped(value.count > limit ? String(value.prefix(limit - 1)) + "…" : value)
        output.append("</text>")
    }
}
