/// A window typed on the command line: a whole number of days or weeks, `14d` or `6w`.
enum DurationArgument {
    /// The longest window accepted, in days: a century, the longest lifetime a policy may set.
    static let maximumDays = 36_500

    /// What the usage error says is expected.
    static let expected = "a whole number of days or weeks such as 14d or 6w (0d to \(maximumDays)d)"

    /// The number of days `text` stands for. Strict: digits, then `d` or `w`; no sign, space,
    /// fraction or other unit. A number too large for the maximum is an error, never a trap.
    static func days(_ text: String, option: String, command: String) throws(UsageError) -> Int {
        let digits = text.utf8.dropLast()
        guard let unit = text.utf8.last, unit == UInt8(ascii: "d") || unit == UInt8(ascii: "w"),
            !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            throw UsageError("\(option): expected \(expected), not '\(text)'", command: command)
        }
        // Counted digit by digit so that no input can overflow.
        var days = 0
        for digit in digits {
            days = days * 10 + Int(digit - UInt8(ascii: "0"))
            if days > maximumDays { break }
        }
        if unit == UInt8(ascii: "w") && days <= maximumDays { days *= 7 }
        guard days <= maximumDays else {
            throw UsageError("\(option): '\(text)' is longer than \(maximumDays) days (100 years); expected \(expected)", command: command)
        }
        return days
    }
}
