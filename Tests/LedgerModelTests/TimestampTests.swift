import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger

@Suite struct TimestampTests {
    @Test(arguments: [
        ("2026-11-22T10:00:00Z", "2026-11-22T10:00:00Z"),
        ("2026-11-22t10:00:00z", "2026-11-22T10:00:00Z"),
        ("2026-11-22T11:30:00+01:30", "2026-11-22T10:00:00Z"),
        ("2026-11-22T10:00:00.120Z", "2026-11-22T10:00:00.12Z"),
        ("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59.5Z"),
        ("2024-02-29T00:00:00-00:00", "2024-02-29T00:00:00Z"),
    ])
    func parsesAndNormalisesRFC3339(text: String, normalised: String) throws {
        let instant = try #require(Timestamp(rfc3339: text))
        #expect(instant.description == normalised)
        #expect(Timestamp(rfc3339: instant.description) == instant)
    }

    @Test(arguments: [
        "2026-11-22", "2026-11-22T10:00:00", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
        "2026-11-22T24:00:00Z", "2026-11-22T10:00:60Z", "2026-11-22T10:00:00.Z", "2026-11-22T10:00:00.1234567890Z", " 2026-11-22T10:00:00Z",
    ])
    func rejectsWhatIsNotAnRFC3339Instant(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test func userInputAcceptsABareDateAsMidnightUTC() {
        #expect(Timestamp(userInput: "2026-06-01")?.description == "2026-06-01T00:00:00Z")
        #expect(Timestamp(userInput: "June") == nil)
    }

    @Test func calendarDatesRoundTripAcrossEras() {
        for days in stride(from: Int64(-800_000), through: 2_900_000, by: 997) {
            let date = CalendarDate(daysSince1970: days)
            let (year, month, day) = date.components
            guard (1...9999).contains(year) else { continue }
            #expect(CalendarDate(year: year, month: month, day: day) == date)
            #expect(CalendarDate(date.description) == date)
        }
    }
}
