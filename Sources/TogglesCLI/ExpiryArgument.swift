import ToggleLedger

/// `--expires DATE` of `create` and `extend`. A toggle is `expired` from the start of its
/// expiry date, so a date that has already begun when the event happens fails the gate at
/// once: almost always a typo (`2026-01-01` for `2027-01-01`), refused as a usage error.
/// Recording the past stays possible: `--at` before the date dates the event when it was true.
enum ExpiryArgument {
    /// The date given with `--expires`, or nil when absent; a usage error when it is no date
    /// or not after the day the event happens (`--at`, else today, UTC).
    static func parse(_ arguments: ParsedArguments, _ context: CommandContext, command: String) throws(UsageError) -> CalendarDate? {
        guard let text = arguments.value("--expires") else { return nil }
        guard let expires = CalendarDate(text) else {
            throw UsageError("--expires must be a date such as 2027-01-31, not '\(text)'", command: command)
        }
        if let at = try CommonOptions.timestamp(arguments, "--at", command: command) {
            guard at < expires.startOfDay else {
                throw UsageError("--expires \(expires) is not after the event's date (--at \(at)): the toggle would be expired at once; give a later date", command: command)
            }
            return expires
        }
        let today = context.now().date
        guard today < expires else {
            throw UsageError("--expires \(expires) is in the past (today is \(today), UTC): the toggle would be expired at once; give a later date, or --at before \(expires) to record what was decided then", command: command)
        }
        return expires
    }
}
