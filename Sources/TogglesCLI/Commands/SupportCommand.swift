import ToggleLedger

/// `toggles support`: appends a log-wide `minimum-version-changed` event.
enum SupportCommand: Command {
    static let helpPage = """
        Record the oldest app version the team still supports.

        usage: toggles support --minimum VERSION [--reason TEXT]

        Versions compare part by part as numbers: 2.10.0 is newer than 2.9.1, and 2.5 is 2.5.0. Once the minimum reaches the
        version a remote toggle was removed from the code in (`toggles remove NAME --app-version`), no supported version reads
        its remote parameter: `report` and `check` show it as `retire-remote` and `export firebase` leaves it out. The minimum
        may also be lowered. `toggles state` shows the minimum, `toggles history --app` every change. The event records the
        minimum this command saw (`previous`): two branches that each changed it make, merged, a `minimum-version` conflict
        (the highest version stands until `toggles resolve _app` settles it).

        options:
          --minimum VERSION  the oldest supported app version, such as 2.6.0 (CFBundleShortVersionString: 1 to 4 numbers)
          --reason TEXT      why: a forced update shipped, the older versions' share is negligible
          --log --at --actor --id

        examples:
          $ toggles support --minimum 2.6.0 --reason 'forced update to 2.6 shipped'
        """
    static let spec = CommandSpec(help: helpPage, shared: CommonOptions.appending)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard let minimum = try CommonOptions.appVersion(arguments, "--minimum", command: spec.name) else {
            throw UsageError("missing --minimum VERSION: the oldest app version still supported, such as 2.6.0", command: spec.name)
        }
        let ledger = CommonOptions.ledger(arguments, context)
        var event = try CommonOptions.envelope(
            arguments, context, toggle: Event.appToggle, command: spec.name,
            change: .minimumVersionChanged(minimum: minimum, reason: arguments.value("--reason")))
        // The minimum this writer saw: replay tells a change made meanwhile on another branch by it.
        let seen = try minimumInForce(before: event, undated: arguments.value("--at") == nil, in: ledger).tracker.supportedVersions.minimum
        event.change = .minimumVersionChanged(minimum: minimum, reason: arguments.value("--reason"), previous: PreviousMinimum(seen))
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: ledger, context)
    }

    /// The log-wide events that replay before `event` (all of them when it is `undated`: the
    /// log dates it after everything; else those before its instant), folded: the minimum in
    /// force and the open minimum-version conflicts.
    static func minimumInForce(before event: Event, undated: Bool, in ledger: Ledger) throws -> ConflictTracker {
        var tracker = ConflictTracker()
        let events: [LoggedEvent]
        do {
            events = try ledger.history(of: Event.appToggle).events
        } catch LogError.directoryMissing {
            return tracker  // the first event of a new log: no minimum yet
        }
        for logged in events
        where undated || logged.event.at < event.at || (logged.event.at == event.at && utf8Precedes(logged.event.id, event.id)) {
            _ = tracker.apply(logged)
        }
        return tracker
    }
}
