/// An instant with nanosecond precision, parsed from and printed as RFC 3339.
///
/// The log stores instants in UTC (`Z`). Input may carry an offset (`+02:00`), which is
/// normalised away. Ordering compares the instant, never the text.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Instants outside what 64-bit nanoseconds hold (about 1677 to 2262) saturate at the
    /// nearest end, so a far date such as an expiry of 9999-12-31 compares correctly
    /// instead of trapping.
    public init(secondsSince1970 seconds: Int64) {
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        self.nanoseconds = overflow ? (seconds < 0 ? .min : .max) : product
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public var secondsSince1970: Int64 { floorDivide(nanoseconds, 1_000_000_000) }

    public func adding(seconds: Int64) -> Timestamp { Timestamp(nanoseconds: nanoseconds + seconds * 1_000_000_000) }

    /// The calendar day (UTC) this instant falls on.
    public var date: CalendarDate { CalendarDate(daysSince1970: floorDivide(secondsSince1970, 86_400)) }

    /// RFC 3339 in UTC: `2026-11-22T10:00:00Z`, with a fraction only when there is one.
    public var description: String {
        let seconds = secondsSince1970
        let fraction = nanoseconds - seconds * 1_000_000_000
        let secondOfDay = seconds - floorDivide(seconds, 86_400) * 86_400
        var text = date.description
        text += "T" + twoDigits(secondOfDay / 3600) + ":" + twoDigits(secondOfDay / 60 % 60) + ":" + twoDigits(secondOfDay % 60)
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 9 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    /// Parses an RFC 3339 date-time (`2026-11-22T10:00:00Z`, `2026-11-22T11:00:00.5+01:00`).
    /// Returns nil for anything else, including leap seconds and out-of-range fields.
    public init?(rfc3339 text: String) {
        var bytes = Array(text.utf8)[...]
        guard let date = CalendarDate.parsePrefix(&bytes),
              let separator = bytes.popFirst(), separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t"),
              let hour = Self.number(&bytes, digits: 2), hour < 24,
              bytes.popFirst() == UInt8(ascii: ":"),
              let minute = Self.number(&bytes, digits: 2), minute < 60,
              bytes.popFirst() == UInt8(ascii: ":"),
              let second = Self.number(&bytes, digits: 2), second < 60
        else { return nil }
        var fraction: Int64 = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            var count = 0
            while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                bytes.removeFirst()
                count += 1
                guard count <= 9 else { return nil }
                fraction = fraction * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            guard count > 0 else { return nil }
            for _ in count..<9 { fraction *= 10 }
        }
        var offsetSeconds: Int64 = 0
        guard let zone = bytes.popFirst() else { return nil }
        switch zone {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            break
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let offsetHour = Self.number(&bytes, digits: 2), offsetHour < 24,
                  bytes.popFirst() == UInt8(ascii: ":"),
                  let offsetMinute = Self.number(&bytes, digits: 2), offsetMinute < 60
            else { return nil }
            offsetSeconds = (offsetHour * 3600 + offsetMinute * 60) * (zone == UInt8(ascii: "+") ? 1 : -1)
        default:
            return nil
        }
        guard bytes.isEmpty else { return nil }
        let seconds = date.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        // Outside about 1677...2262 the instant does not fit in 64-bit nanoseconds: rejected.
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowAgain) = scaled.addingReportingOverflow(fraction)
        guard !overflow && !overflowAgain else { return nil }
        self.nanoseconds = total
    }

    /// Accepts what a person types on the command line: RFC 3339, or a bare `YYYY-MM-DD`
    /// meaning midnight UTC.
    public init?(userInput text: String) {
        if let instant = Timestamp(rfc3339: text) {
            self = instant
        } else if let date = CalendarDate(text),
                  !date.daysSince1970.multipliedReportingOverflow(by: 86_400_000_000_000).overflow {
            self = date.startOfDay
        } else {
            return nil
        }
    }

    static func number(_ bytes: inout ArraySlice<UInt8>, digits: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<digits {
            guard let byte = bytes.popFirst(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

/// A day on the proleptic Gregorian calendar, written `YYYY-MM-DD`; used for expiry dates.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var daysSince1970: Int64

    public init(daysSince1970: Int64) {
        self.daysSince1970 = daysSince1970
    }

    public init?(year: Int64, month: Int64, day: Int64) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
              day <= CalendarDate.daysIn(month: month, year: year)
        else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        self.daysSince1970 = era * 146_097 + dayOfEra - 719_468
    }

    public init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        guard let date = CalendarDate.parsePrefix(&bytes), bytes.isEmpty else { return nil }
        self = date
    }

    static func parsePrefix(_ bytes: inout ArraySlice<UInt8>) -> CalendarDate? {
        guard let year = Timestamp.number(&bytes, digits: 4),
              bytes.popFirst() == UInt8(ascii: "-"),
              let month = Timestamp.number(&bytes, digits: 2),
              bytes.popFirst() == UInt8(ascii: "-"),
              let day = Timestamp.number(&bytes, digits: 2)
        else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    public var startOfDay: Timestamp { Timestamp(secondsSince1970: daysSince1970 * 86_400) }

    public func adding(days: Int64) -> CalendarDate { CalendarDate(daysSince1970: daysSince1970 + days) }

    public var components: (year: Int64, month: Int64, day: Int64) {
        // Howard Hinnant's civil_from_days.
        let z = daysSince1970 + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public var description: String {
        let (year, month, day) = components
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + twoDigits(month) + "-" + twoDigits(day)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}

func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
