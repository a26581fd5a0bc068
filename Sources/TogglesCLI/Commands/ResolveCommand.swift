import ToggleLedger

/// `toggles resolve`: appends one `resolved` event that settles a toggle's open conflicts.
enum ResolveCommand: Command {
    static let helpPage = """
        Settle a toggle's conflict (concurrent edits from merged branches) by choosing a side or giving the definition.

        usage: toggles resolve NAME (--keep EVENT-ID | --kind KIND --type TYPE --default VALUE [--category C] [--owner WHO] [--expires DATE] [--description TEXT] | --minimum VERSION) [--reason TEXT]

        Two branches that each edited a toggle validly can, merged, hold edits that cannot both stand (created twice with
        different definitions, changed after the other branch removed it, removed twice, extended twice). Replay keeps one
        side by a fixed rule and reports the conflict (docs/log.md). This appends one `resolved` event naming every event of
        the toggle's open conflicts and the outcome: with --keep, the state replay reaches when the events it conflicts with
        are passed over (so keeping a change made after a removal brings the toggle back, and keeping a change made for an
        overruled creation keeps that creation); with --kind, that definition. A minimum supported version changed on two
        branches is a conflict of `_app`: `toggles resolve _app --keep EVENT-ID` (or --minimum VERSION) appends one
        `minimum-version-changed` event that names the conflict's events. Nothing is deleted: `history` shows both sides and
        the resolution, and `audit --git` stays valid. Exit 65 when the toggle has no open conflict or --keep names an event
        outside it.

        arguments:
          NAME  the toggle with an open conflict (`toggles state` and `toggles report` name them), or _app for the minimum
                supported version

        options:
          --keep EVENT-ID     the event whose side stands: one of the conflict's events (`toggles history NAME` lists them)
          --kind KIND         instead of --keep, the definition to settle on: build, local or remote
          --type TYPE         with --kind: bool, string, number or json
          --default VALUE     with --kind: the in-app default
          --category C        with --kind: the policy category (default: the one in force)
          --owner WHO         with --kind: the owner (default: the one in force)
          --expires DATE      with --kind: the expiry date (default: the one in force)
          --description TEXT  with --kind: the description (default: the one in force)
          --minimum VERSION   for _app, instead of --keep: the minimum supported app version to settle on
          --reason TEXT       why this side
          --log --at --actor --id

        examples:
          $ toggles resolve isStories --keep 01JD3K8Q2W5E6R7T8Y9U0I1O2P --reason 'the remote toggle is the one we ship'
          $ toggles resolve isStories --kind remote --type bool --default false --reason 'agreed in review'
          $ toggles resolve _app --minimum 2.7.0 --reason 'the forced update to 2.7 shipped'
        """
    static let spec = CommandSpec(help: helpPage, shared: CommonOptions.appending)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = try CommonOptions.toggleName(arguments.positionals[0])
        let ledger = CommonOptions.ledger(arguments, context)
        if name == Event.appToggle { return try resolveMinimum(arguments, context, ledger: ledger) }
        if arguments.value("--minimum") != nil {
            throw UsageError("--minimum settles a conflict of the minimum supported version: `toggles resolve \(Event.appToggle) --minimum VERSION`", command: spec.name)
        }
        let (events, _) = try ledger.history(of: name)
        var tracker = ConflictTracker()
        for logged in events { _ = tracker.apply(logged) }
        let open = tracker.open
        guard !open.isEmpty, let provisional = tracker.tracker.toggles[name] else {
            throw CommandFailure(status: .rejected, message: "resolve: \(name) has no open conflict; nothing to resolve")
        }
        let ids = Array(Set(open.flatMap(\.eventIDs))).sorted(by: utf8Precedes)
        let keep = arguments.value("--keep")
        let outcome: (definition: ToggleDefinition, removed: Bool)
        switch (keep, arguments.value("--kind")) {
        case (let keep?, nil):
            guard ids.contains(keep) else {
                throw CommandFailure(status: .rejected, message: "resolve: \(keep) is not an event of \(name)'s open conflicts; choose one of \(ids.joined(separator: ", "))")
            }
            // The state replay reaches when the events the kept one conflicts with are passed
            // over: the other events of the conflicts it is in. Not those of the toggle's other
            // conflicts: a publish overruled for the other branch's declaration needs its own
            // branch's creation, itself overruled by that declaration in a created-twice conflict.
            let passedOver = Set(open.filter { $0.eventIDs.contains(keep) }.flatMap(\.eventIDs)).subtracting([keep])
            var chosen = ReplayTracker()
            for logged in events where !passedOver.contains(logged.event.id) { _ = chosen.apply(logged) }
            guard let state = chosen.toggles[name] else {
                throw CommandFailure(status: .rejected, message: "resolve: keeping \(keep) leaves no \(name) to settle on; keep a creation of it")
            }
            outcome = (state.definition, state.removedAt != nil)
        case (nil, _?):
            outcome = (try givenDefinition(arguments, name: name, inForce: provisional.definition), provisional.removedAt != nil)
        default:
            throw UsageError("give either --keep EVENT-ID (one of \(ids.joined(separator: ", "))) or the definition with --kind, --type and --default", command: spec.name)
        }
        let resolution = Resolution(conflict: ids, keep: keep, definition: outcome.definition, removed: outcome.removed, reason: arguments.value("--reason"))
        let event = try CommonOptions.envelope(arguments, context, toggle: name, command: spec.name, change: .resolved(resolution))
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: ledger, context)
    }

    /// `resolve _app`: settles the open minimum-version conflicts with one `minimum-version-changed`
    /// event that names their events (`resolves`): the version of the event kept, or the one given.
    private static func resolveMinimum(_ arguments: ParsedArguments, _ context: CommandContext, ledger: Ledger) throws -> ExitStatus {
        let placeholder = try CommonOptions.envelope(
            arguments, context, toggle: Event.appToggle, command: spec.name, change: .minimumVersionChanged(minimum: AppVersion("0")!, reason: nil))
        let tracker = try SupportCommand.minimumInForce(before: placeholder, undated: arguments.value("--at") == nil, in: ledger)
        let open = tracker.open
        guard !open.isEmpty else {
            throw CommandFailure(status: .rejected, message: "resolve: the minimum supported version has no open conflict; nothing to resolve")
        }
        let ids = Array(Set(open.flatMap(\.eventIDs))).sorted(by: utf8Precedes)
        if arguments.value("--kind") != nil {
            throw UsageError("--kind gives a toggle's definition; settle the minimum supported version with --keep EVENT-ID or --minimum VERSION", command: spec.name)
        }
        let minimum: AppVersion
        switch (arguments.value("--keep"), try CommonOptions.appVersion(arguments, "--minimum", command: spec.name)) {
        case (let keep?, nil):
            let events = try ledger.history(of: Event.appToggle).events
            guard ids.contains(keep), let kept = events.first(where: { $0.event.id == keep }),
                case .minimumVersionChanged(let version, _, _, _) = kept.event.change
            else {
                throw CommandFailure(
                    status: .rejected, message: "resolve: \(keep) is not an event of the minimum supported version's open conflicts; choose one of \(ids.joined(separator: ", "))")
            }
            minimum = version
        case (nil, let version?):
            minimum = version
        default:
            throw UsageError("give either --keep EVENT-ID (one of \(ids.joined(separator: ", "))) or --minimum VERSION", command: spec.name)
        }
        var event = placeholder
        event.change = .minimumVersionChanged(
            minimum: minimum, reason: arguments.value("--reason"),
            previous: PreviousMinimum(tracker.tracker.supportedVersions.minimum), resolves: ids)
        return try CommonOptions.append([event], undated: CommonOptions.undated(arguments, count: 1), to: ledger, context)
    }

    /// The definition given with --kind, --type and --default; the other fields default to
    /// the ones in force.
    private static func givenDefinition(_ arguments: ParsedArguments, name: String, inForce: ToggleDefinition) throws -> ToggleDefinition {
        let (kind, valueType, defaultValue) = try CreateCommand.kindTypeAndDefault(
            arguments, toggle: name, command: spec.name, whenMissing: " (with --kind, give --type and --default too)")
        var definition = inForce
        definition.kind = kind
        definition.valueType = valueType
        definition.defaultValue = defaultValue
        if let category = arguments.value("--category") {
            if let problem = Lifecycle.categoryProblem(category) { throw UsageError("--category: \(problem)", command: spec.name) }
            definition.category = category
        }
        if let owner = arguments.value("--owner") { definition.owner = owner }
        if let description = arguments.value("--description") { definition.description = description }
        if let text = arguments.value("--expires") {
            guard let date = CalendarDate(text) else {
                throw UsageError("--expires must be a date such as 2027-01-31, not '\(text)'", command: spec.name)
            }
            definition.expires = date
        }
        return definition
    }
}
