/// An instant with nanosecond precision, parsed from and printed as RFC 3339.
///
/// The log stores instants in UTC (`Z`). Input may carry an offset (`+02:00`), which is
/// normalised away. Ordering compares the instant, never the text.
///
/// Instants are nanoseconds since 1970 in 64 bits, so they run from ``earliest``
/// (1677-09-21T00:12:44Z) to ``latest`` (2262-04-11T23:47:16.854775807Z). Parsing refuses
/// anything outside; arithmetic saturates at the ends rather than trapping. Calendar dates
/// (``CalendarDate``, an expiry such as 9999-12-31) have their own, wider range.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    public var nanoseconds: Int64

    /// The earliest instant the log can record: the first whole second whose nanoseconds fit.
    public static let earliest = Timestamp(nanoseconds: -9_223_372_036_000_000_000)
    /// The latest instant the log can record.
    public static let latest = Timestamp(nanoseconds: .max)

    @inlinable
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The instant `seconds` after 1970, clamped to ``earliest``...``latest``.
    public init(secondsSince1970 seconds: Int64) {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        nanoseconds = overflow ? (seconds < 0 ? Timestamp.earliest : Timestamp.latest).nanoseconds : max(scaled, Timestamp.earliest.nanoseconds)
    }

    /// The instant `seconds` after 1970, or nil outside ``earliest``...``latest``.
    public init?(exactSecondsSince1970 seconds: Int64) {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, scaled >= Timestamp.earliest.nanoseconds else { return nil }
        self.nanoseconds = scaled
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public var secondsSince1970: Int64 { floorDivide(nanoseconds, 1_000_000_000) }

    /// The nanoseconds past ``secondsSince1970`` (0 to 999,999,999); never overflows.
    package var fractionNanoseconds: Int64 {
        let remainder = nanoseconds % 1_000_000_000
        return remainder < 0 ? remainder + 1_000_000_000 : remainder
    }

    /// This instant moved by `seconds`, clamped to ``earliest``...``latest`` (a lifetime
    /// added to an instant near 2262 saturates instead of trapping).
    public func adding(seconds: Int64) -> Timestamp {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, sumOverflow) = nanoseconds.addingReportingOverflow(scaled)
        if overflow || sumOverflow { return seconds < 0 ? .earliest : .latest }
        return Timestamp(nanoseconds: max(sum, Timestamp.earliest.nanoseconds))
    }

    /// ``adding(seconds:)`` for whole days of 86,400 seconds, saturating the same way.
    public func adding(days: Int) -> Timestamp {
        let (seconds, overflow) = Int64(days).multipliedReportingOverflow(by: 86_400)
        if overflow { return days < 0 ? .earliest : .latest }
        return adding(seconds: seconds)
    }

    /// The calendar day (UTC) this instant falls on.
    public var date: CalendarDate { CalendarDate(daysSince1970: floorDivide(secondsSince1970, 86_400)) }

    /// RFC 3339 in UTC: `2026-11-22T10:00:00Z`, with a fraction only when there is one.
    public var description: String {
        // Written into a fixed buffer: this runs for every instant of every report.
        var formatted = true
        let text = String(unsafeUninitializedCapacity: Self.maximumLength) { buffer in
            guard let length = format(into: buffer.baseAddress!) else { formatted = false; return 0 }
            return length
        }
        if formatted { return text }
        let seconds = secondsSince1970
        let fraction = fractionNanoseconds
        let secondOfDay = seconds - floorDivide(seconds, 86_400) * 86_400
        return date.description + "T" + twoDigits(secondOfDay / 3600) + ":" + twoDigits(secondOfDay / 60 % 60) + ":"
            + twoDigits(secondOfDay % 60) + (fraction == 0 ? "" : "." + String(String(fraction + 1_000_000_000).dropFirst()).trimmingZeros()) + "Z"
    }

    /// The longest ``description`` of an instant in years 0 to 9999.
    package static let maximumLength = 30

    /// Appends ``description`` without making a `String` (the log writer and the append
    /// report run this for every event of a batch).
    package func writeDescription(to output: inout OutputBuffer) {
        var formatted = true
        output.write(maximum: Self.maximumLength) { pointer in
            guard let length = format(into: pointer) else {
                formatted = false
                return 0
            }
            return length
        }
        if !formatted { output.append(description) }
    }

    /// Writes ``description`` (at most ``maximumLength`` bytes) and returns its length; nil
    /// for an instant outside years 0 to 9999, which ``description`` spells differently.
    package func format(into buffer: UnsafeMutablePointer<UInt8>) -> Int? {
        let seconds = secondsSince1970
        let fraction = fractionNanoseconds
        let secondOfDay = seconds - floorDivide(seconds, 86_400) * 86_400
        let (year, month, day) = date.components
        guard (0...9999).contains(year) else { return nil }
        var digits = fraction == 0 ? 0 : 9
        var trimmed = fraction
        while digits > 0 && trimmed % 10 == 0 { trimmed /= 10; digits -= 1 }
        let length = 20 + (digits > 0 ? digits + 1 : 0)
        @inline(__always) func two(_ value: Int64, at position: Int) {
            buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
            buffer[position + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        }
        two(year / 100, at: 0); two(year % 100, at: 2); buffer[4] = UInt8(ascii: "-")
        two(month, at: 5); buffer[7] = UInt8(ascii: "-")
        two(day, at: 8); buffer[10] = UInt8(ascii: "T")
        two(secondOfDay / 3600, at: 11); buffer[13] = UInt8(ascii: ":")
        two(secondOfDay / 60 % 60, at: 14); buffer[16] = UInt8(ascii: ":")
        two(secondOfDay % 60, at: 17)
        if digits > 0 {
            buffer[19] = UInt8(ascii: ".")
            for offset in stride(from: digits - 1, through: 0, by: -1) {
                buffer[20 + offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: trimmed % 10)
                trimmed /= 10
            }
        }
        buffer[length - 1] = UInt8(ascii: "Z")
        return length
    }

    /// Parses an RFC 3339 date-time (`2026-11-22T10:00:00Z`, `2026-11-22T11:00:00.5+01:00`).
    /// Returns nil for anything else, including leap seconds and out-of-range fields.
    public init?(rfc3339 text: String) {
        var text = text
        guard let instant = text.withUTF8({ Timestamp.parse($0) }) else { return nil }
        self = instant
    }

    /// ``init(rfc3339:)`` on UTF-8 bytes, for decoders that have not made a `String`.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        var bytes = ByteCursor(text)
        guard let date = CalendarDate.parsePrefix(&bytes),
            let separator = bytes.popFirst(), separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t"),
            let hour = bytes.number(digits: 2), hour < 24,
            bytes.popFirst() == UInt8(ascii: ":"),
            let minute = bytes.number(digits: 2), minute < 60,
            bytes.popFirst() == UInt8(ascii: ":"),
            let second = bytes.number(digits: 2), second < 60
        else { return nil }
        var fraction: Int64 = 0
        if bytes.first == UInt8(ascii: ".") {
            _ = bytes.popFirst()
            var count = 0
            while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                _ = bytes.popFirst()
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
            guard let offsetHour = bytes.number(digits: 2), offsetHour < 24,
                bytes.popFirst() == UInt8(ascii: ":"),
                let offsetMinute = bytes.number(digits: 2), offsetMinute < 60
            else { return nil }
            offsetSeconds = (offsetHour * 3600 + offsetMinute * 60) * (zone == UInt8(ascii: "+") ? 1 : -1)
        default:
            return nil
        }
        guard bytes.isEmpty else { return nil }
        let seconds = date.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        // Nanoseconds since 1970 fit in 64 bits until 2262; later instants are rejected, not a crash.
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, scaled <= Int64.max - fraction else { return nil }
        return Timestamp(nanoseconds: scaled + fraction)
    }

    /// Accepts what a person types on the command line: RFC 3339, or a bare `YYYY-MM-DD`
    /// meaning midnight UTC.
    public init?(userInput text: String) {
        if let instant = Timestamp(rfc3339: text) {
            self = instant
        } else if let date = CalendarDate(text), let midnight = date.exactStartOfDay {
            self = midnight
        } else {
            return nil
        }
    }

}

/// Reads bytes front to back, for the date and time parsers.
struct ByteCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    package var isEmpty: Bool { index == bytes.count }
    package var first: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func popFirst() -> UInt8? {
        guard index < bytes.count else { return nil }
        index += 1
        return bytes[index - 1]
    }

    /// Exactly `digits` ASCII digits as a number.
    package mutating func number(digits: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<digits {
            guard let byte = popFirst(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
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
        var text = text
        guard let date = text.withUTF8({ CalendarDate.parse($0) }) else { return nil }
        self = date
    }

    /// ``init(_:)`` on UTF-8 bytes.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> CalendarDate? {
        var bytes = ByteCursor(text)
        guard let date = parsePrefix(&bytes), bytes.isEmpty else { return nil }
        return date
    }

    static func parsePrefix(_ bytes: inout ByteCursor) -> CalendarDate? {
        guard let year = bytes.number(digits: 4),
            bytes.popFirst() == UInt8(ascii: "-"),
            let month = bytes.number(digits: 2),
            bytes.popFirst() == UInt8(ascii: "-"),
            let day = bytes.number(digits: 2)
        else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// Midnight UTC starting this day, clamped to ``Timestamp/latest`` (the day 9999-12-31,
    /// a common "never", starts after the last instant nanoseconds can count).
    public var startOfDay: Timestamp { Timestamp(secondsSince1970: daysSince1970 * 86_400) }

    /// ``startOfDay``, or nil when that midnight lies outside ``Timestamp/earliest``...``Timestamp/latest``.
    public var exactStartOfDay: Timestamp? { Timestamp(exactSecondsSince1970: daysSince1970 * 86_400) }

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
        guard (0...9999).contains(year) else {
            let yearText = String(year)
            return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + twoDigits(month) + "-" + twoDigits(day)
        }
        // Ten bytes written in place: a small string, no allocation (reports format a date
        // per toggle, thousands of them).
        return String(unsafeUninitializedCapacity: 10) { buffer in
            func digits(_ value: Int64, count: Int, at offset: Int) {
                var rest = value
                for index in (offset..<offset + count).reversed() {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            digits(year, count: 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            digits(month, count: 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            digits(day, count: 2, at: 8)
            return 10
        }
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

package func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}

private extension String {
    func trimmingZeros() -> String {
        var text = self
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

package func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
