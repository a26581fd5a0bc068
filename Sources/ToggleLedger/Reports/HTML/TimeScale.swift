import LedgerModel

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
