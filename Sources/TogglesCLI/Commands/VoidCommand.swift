import ToggleLedger

/// `toggles void`: appends a `voided` event, so replay passes over an event recorded by mistake.
enum VoidCommand: Command {
    static let helpPage = """
        Take back an event recorded by mistake: replay ignores it at every instant; it stays in the log and in history.

        usage: toggles void EVENT-ID --reason TEXT

        For a record that is wrong (a wrong expiry, a wrong kind, an event made by mistake); when the world changed, record
        the change instead. The `voided` event carries the voided event's instant and the id `!void-EVENT-ID`, so it replays
        just before it: `state --at` any instant ignores the voided event, while `state --rev` at a commit before the void
        shows what the ledger said then. Refused (exit 65) when the log would no longer hold together without the event
        (voiding a `created` whose toggle has later events): the message lists what to void first. A `voided` event cannot
        itself be voided.

        arguments:
          EVENT-ID  the id of the event recorded by mistake (`toggles history NAME` shows ids)

        options:
          --reason TEXT  what was wrong (required)
          --log --actor

        examples:
          $ toggles void 01JD3K8Q2W5E6R7T8Y9U0I1O2P --reason 'wrong expiry date: 2026 for 2027'
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.log, CommonOptions.actor])

    /// The prefix of a void's id: `!` sorts before every other printable character, so the
    /// void replays before the event it names, which has the same instant.
    static let idPrefix = "!void-"

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let targetID = arguments.positionals[0]
        guard let reason = arguments.value("--reason"), !reason.isEmpty else {
            throw UsageError("missing --reason: say what was wrong with the event", command: spec.name)
        }
        let ledger = CommonOptions.ledger(arguments, context)
        var found: LoggedEvent?
        _ = try ledger.reader.read { logged in if logged.event.id == targetID { found = logged } }
        guard let target = found?.event else {
            throw UsageError("no event with id \(targetID) in the log (`toggles history NAME` shows ids)", command: spec.name)
        }
        if case .voided = target.change {
            throw CommandFailure(status: .rejected, message: "void: \(targetID) is itself a void; to undo it, append the voided event's content again under a new id")
        }
        guard !targetID.hasPrefix("!") else {
            throw CommandFailure(status: .rejected, message: "void: an id starting with '!' cannot be voided (a void must sort before the event it names)")
        }
        let (events, _) = try ledger.history(of: target.toggle)
        let orphans = eventsBrokenWithout(targetID, events)
        if !orphans.isEmpty {
            let list = orphans.map { "\($0.id) (\($0.type) at \($0.at))" }.joined(separator: ", ")
            throw CommandFailure(
                status: .rejected,
                message: "void: without \(targetID) (\(target.type) \(target.toggle)) these later events would break the lifecycle rules; void them first, latest first: \(list)")
        }
        var actor = try arguments.value("--actor") ?? CIEnvironment(context.environment).resolveActor(gitEmail: context.gitEmail)
        actor = actor.trimmingCharacters(in: .whitespaces)
        let event = Event(
            id: idPrefix + targetID, at: target.at, toggle: target.toggle, actor: actor,
            change: .voided(eventID: targetID, reason: reason))
        return try CommonOptions.append([event], undated: [], to: ledger, context)
    }

    /// The events of the toggle that replay applies now and would skip once `targetID` is
    /// passed over, latest first.
    static func eventsBrokenWithout(_ targetID: String, _ events: [LoggedEvent]) -> [Event] {
        var before = ReplayTracker()
        var after = ReplayTracker()
        var broken: [Event] = []
        for logged in events {
            let valid = before.apply(logged).violation == nil
            guard logged.event.id != targetID else { continue }
            if valid && after.apply(logged).violation != nil { broken.append(logged.event) }
        }
        return broken.reversed()
    }
}
