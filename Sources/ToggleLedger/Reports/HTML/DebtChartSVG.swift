import LedgerPlatform
import LedgerModel
import LedgerCore

/// Draws the debt over time: live temporary and stale toggles at the end of each week
/// (two lines, told apart by colour, dash and marker shape, and labelled at their ends), and
/// the overdue toggle-days of each week (bars). Every point and bar has a tooltip with its
/// figures; the page also lists them in a table.
struct DebtChartSVG {
    static let width = 1100.0
    static let plotLeft = 56.0
    static let plotRight = 940.0

    let debt: DebtSeries
    let scale: TimeScale

    init(debt: DebtSeries, end: Timestamp) {
        self.debt = debt
        let start = debt.periods.first?.start ?? end
        scale = TimeScale(start: start, end: debt.periods.last?.end ?? end, left: Self.plotLeft, right: Self.plotRight)
    }

    /// The chart of toggle counts: live temporary and stale.
    func renderCounts(to output: inout OutputBuffer) {
        let top = 14.0
        let bottom = 200.0
        let peak = debt.periods.reduce(0) { max($0, $1.liveTemporary, $1.stale) }
        let axis = Self.axis(peak: Double(peak))
        open("debt-counts", height: bottom + 26, title: "Live temporary and stale toggles at the end of each week", to: &output)
        grid(axis, top: top, bottom: bottom, unit: "", to: &output)
        let y = { (value: Int) in bottom - (bottom - top) * Double(value) / axis.maximum }
        series(\.liveTemporary, y: y, className: "temporary", square: false, words: "live temporary toggles", to: &output)
        series(\.stale, y: y, className: "stale", square: true, words: "stale toggles", to: &output)
        if let last = debt.periods.last {
            var labels = [(y(last.liveTemporary), "live temporary: \(last.liveTemporary)"), (y(last.stale), "stale: \(last.stale)")]
            // Two ends close together: move the lower label down, the upper one up.
            if abs(labels[0].0 - labels[1].0) < 13 {
                let middle = (labels[0].0 + labels[1].0) / 2
                let upperFirst = labels[0].0 <= labels[1].0
                labels[0].0 = middle + (upperFirst ? -7 : 7)
                labels[1].0 = middle + (upperFirst ? 7 : -7)
            }
            for (position, label) in labels {
                output.append("<text class=\"end-label\" x=\"")
                output.number(scale.x(last.end) + 8)
                output.append("\" y=\"")
                output.number(position + 4)
                output.append("\">")
                output.append(label)
                output.append("</text>")
            }
        }
        output.append("</svg>\n")
    }

    /// The chart of overdue toggle-days per period.
    func renderOverdue(to output: inout OutputBuffer) {
        let top = 14.0
        let bottom = 150.0
        let peak = debt.periods.reduce(0.0) { max($0, $1.overdueToggleDays) }
        let axis = Self.axis(peak: peak)
        open("debt-overdue", height: bottom + 26, title: "Overdue toggle-days in each week", to: &output)
        grid(axis, top: top, bottom: bottom, unit: "", to: &output)
        for period in debt.periods {
            let x1 = scale.x(period.start)
            let x2 = scale.x(period.end)
            let height = (bottom - top) * period.overdueToggleDays / axis.maximum
            output.append("<rect class=\"bar-overdue\" data-period=\"")
            output.append(period.start.date.description)
            output.append("\" x=\"")
            output.number(x1 + min(1, (x2 - x1) / 4))
            output.append("\" y=\"")
            output.number(bottom - height)
            output.append("\" width=\"")
            output.number(max(x2 - x1 - min(2, (x2 - x1) / 2), 0.5))
            output.append("\" height=\"")
            output.number(height)
            output.append("\"><title>")
            periodWords(period, to: &output)
            output.append(": ")
            output.append(Self.days(period.overdueToggleDays))
            output.append(" overdue toggle-days</title></rect>")
        }
        output.append("</svg>\n")
    }

    /// `week of 2026-11-16` (or `2026-11-02 to 2026-11-29` for grouped weeks).
    func periodWords(_ period: DebtSeries.Period, to output: inout OutputBuffer) {
        if debt.periodDays == 7 {
            output.append("week of ")
            output.append(period.start.date.description)
        } else {
            output.append(period.start.date.description)
            output.append(" to ")
            output.append(period.end.date.description)
        }
    }

    /// Overdue toggle-days with one decimal.
    static func days(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private func open(_ name: StaticString, height: Double, title: StaticString, to output: inout OutputBuffer) {
        Self.openChart(name, width: Self.width, height: height, to: &output)
        output.append(title)
        output.append("</title>\n")
    }

    /// `<svg class="chart NAME" …><title id="NAME-title">`: the opening every chart of the
    /// page shares; the caller writes the title's text and closes it.
    static func openChart(_ name: StaticString, width: Double, height: Double, to output: inout OutputBuffer) {
        output.append("<svg class=\"chart ")
        output.append(name)
        output.append("\" role=\"img\" aria-labelledby=\"")
        output.append(name)
        output.append("-title\" viewBox=\"0 0 ")
        output.number(width)
        output.append(" ")
        output.number(height)
        output.append("\" width=\"")
        output.number(width)
        output.append("\" height=\"")
        output.number(height)
        output.append("\"><title id=\"")
        output.append(name)
        output.append("-title\">")
    }

    private func grid(_ axis: (maximum: Double, step: Double), top: Double, bottom: Double, unit: StaticString, to output: inout OutputBuffer) {
        output.append("<g class=\"axis grid\">")
        var value = 0.0
        while value <= axis.maximum + axis.step / 2 {
            let y = bottom - (bottom - top) * value / axis.maximum
            output.append("<line x1=\"")
            output.number(Self.plotLeft)
            output.append("\" y1=\"")
            output.number(y)
            output.append("\" x2=\"")
            output.number(Self.plotRight)
            output.append("\" y2=\"")
            output.number(y)
            output.append("\"/><text x=\"")
            output.number(Self.plotLeft - 6)
            output.append("\" y=\"")
            output.number(y + 4)
            output.append("\" text-anchor=\"end\">")
            output.append(svgNumber(value))
            output.append("</text>")
            value += axis.step
        }
        for tick in scale.ticks(maximum: 11) {
            output.append("<text x=\"")
            output.number(scale.x(tick.at))
            output.append("\" y=\"")
            output.number(bottom + 18)
            output.append("\" text-anchor=\"middle\">")
            output.append(tick.label)
            output.append("</text>")
        }
        output.append("</g>\n")
    }

    private func series(_ value: KeyPath<DebtSeries.Period, Int>, y: (Int) -> Double, className: StaticString, square: Bool, words: StaticString, to output: inout OutputBuffer) {
        output.append("<polyline class=\"line-")
        output.append(className)
        output.append("\" points=\"")
        for (index, period) in debt.periods.enumerated() {
            if index > 0 { output.append(" ") }
            output.number(scale.x(period.end))
            output.append(",")
            output.number(y(period[keyPath: value]))
        }
        output.append("\"/>\n")
        for period in debt.periods {
            let x = scale.x(period.end)
            output.append(square ? "<rect class=\"dot-" : "<circle class=\"dot-")
            output.append(className)
            output.append("\" data-period=\"")
            output.append(period.start.date.description)
            if square {
                output.append("\" x=\"")
                output.number(x - 3)
                output.append("\" y=\"")
                output.number(y(period[keyPath: value]) - 3)
                output.append("\" width=\"6\" height=\"6\"><title>")
            } else {
                output.append("\" cx=\"")
                output.number(x)
                output.append("\" cy=\"")
                output.number(y(period[keyPath: value]))
                output.append("\" r=\"3\"><title>")
            }
            periodWords(period, to: &output)
            output.append(": ")
            output.appendDecimal(period[keyPath: value])
            output.append(" ")
            output.append(words)
            output.append(square ? "</title></rect>" : "</title></circle>")
        }
        output.append("\n")
    }

    /// A round maximum at or above `peak` and a step that divides it in 2 to 5 parts.
    static func axis(peak: Double) -> (maximum: Double, step: Double) {
        guard peak > 0 else { return (1, 1) }
        var magnitude = 1.0
        while magnitude * 10 <= peak { magnitude *= 10 }
        for multiple in [1.0, 2.0, 5.0, 10.0] {
            let step = magnitude * multiple / 5 >= 1 ? magnitude * multiple / 5 : 1
            let maximum = (peak / step).rounded(.up) * step
            if maximum / step <= 5 { return (maximum, step) }
        }
        return (magnitude * 10, magnitude * 2)
    }
}

/// Maps instants to horizontal positions in a chart, and picks the month ticks of its axis.
struct TimeScale {
    let start: Timestamp
    let end: Timestamp
    /// The horizontal extent of the plot, in SVG units.
    let left: Double
    let right: Double

    init(start: Timestamp, end: Timestamp, left: Double, right: Double) {
        self.start = start
        // A window of one instant still gets a width.
        self.end = end > start ? end : start.adding(days: 1)
        self.left = left
        self.right = right
    }

    /// The position of `instant`, clamped to the plot.
    func x(_ instant: Timestamp) -> Double {
        if instant <= start { return left }
        if instant >= end { return right }
        let span = Double(end.secondsSince1970 - start.secondsSince1970)
        return left + (right - left) * Double(instant.secondsSince1970 - start.secondsSince1970) / span
    }

    func contains(_ instant: Timestamp) -> Bool { instant >= start && instant <= end }

    /// The first days of months inside the window, every 1, 2, 3, 6, 12… months so that at
    /// most `maximum` are labelled; each with its label (`Mar 2026`, or `2026` for years).
    func ticks(maximum: Int) -> [(at: Timestamp, label: String)] {
        let first = start.date.components
        let last = end.date.components
        let months = Int((last.year - first.year) * 12 + (last.month - first.month)) + 1
        let step = [1, 2, 3, 6, 12, 24, 60, 120, 600, 1200].first { months / $0 <= maximum } ?? max(months / maximum, 1)
        var year = first.year
        var month = first.month
        // Start at the next month boundary that is a multiple of the step (January-aligned).
        var ticks: [(Timestamp, String)] = []
        while true {
            month += 1
            if month > 12 { month = 1; year += 1 }
            guard (month - 1) % Int64(min(step, 12)) == 0, step <= 12 || year % Int64(step / 12) == 0 else { continue }
            guard let date = CalendarDate(year: year, month: month, day: 1) else { break }
            let instant = date.startOfDay
            if instant > end { break }
            ticks.append((instant, step >= 12 ? "\(year)" : "\(Self.monthNames[Int(month) - 1]) \(year)"))
            if ticks.count > 24 { break }
        }
        return ticks
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

/// A number for an SVG attribute: at most one decimal, no trailing `.0`.
func svgNumber(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    guard tenths.isFinite, abs(tenths) < 1e12 else { return "0" }
    let whole = Int(tenths)
    return whole % 10 == 0 ? String(whole / 10) : (whole < 0 && whole > -10 ? "-0." : "\(whole / 10).") + String(abs(whole % 10))
}
