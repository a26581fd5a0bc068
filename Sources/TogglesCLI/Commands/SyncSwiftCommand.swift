import SwiftSource
import ToggleLedger

/// `toggles sync swift`: appends `created`/`removed` for toggle enum cases that appeared in or
/// disappeared from the Swift sources, so a post-merge CI job keeps the log in step.
enum SyncSwiftCommand: Command {
    static let helpPage = """
        Append created/removed events for toggle enum cases added to or deleted from Swift sources.

        usage: toggles sync swift PATH… [--defaults FILE] [--kind build|local|remote] [--dry-run] [--category C] [--owner WHO] [--format text|json] [--config FILE]

        Kinds come from the enums: BuildTargetToggle (build), InternalToggle (local), RemoteToggle (remote booleans),
        RemoteConfigKeys (remote strings, numbers, JSON); other toggle enums (FeatureFlag: String, ToggleType conformers) and
        the toggle types found by shape (a FeatureFlags struct or namespace's Bool properties, the cases of an enum a Bool
        query takes, @propertyWrapper toggles) take --kind; without it, one message counts them (exit 64). A case whose raw
        value the log knows is that toggle. A boolean's default comes from --defaults, else from the enum's `var defaultValue
        { switch self { case .x: true … } }`, else false. A RemoteConfigKeys case needs a typed entry in --defaults. Live
        toggles that no enum declares are removed, but only for kinds whose enum was found. The shapes are found whatever the
        log holds, so a later run diffs them with the log and creates only what is new. A key or name no toggle name can stand
        for (`bool(forKey: "com.app.x")`) is skipped, one warning line each with its file:line, why and the name it would
        need, and the rest is adopted (exit 0, as `import` skips keys). Refused, with exit 65 and nothing appended: a new case
        of unknown kind without --kind, an unreadable default, a case whose toggle the log removed, no toggle enum at all;
        with exit 2, a Swift file that cannot be read or lexed (its cases are unknown). Running it again appends nothing.

        arguments:
          PATH  a folder (walked like `toggles scan`) or a .swift file; more may follow

        options:
          --defaults FILE  in-app defaults: a plist (Apple typed or Firebase download) or a flat JSON object
          --kind KIND      the kind of new toggles whose type does not say it (FeatureFlag, a ToggleType conformer, a
                           FeatureFlags struct found by shape): build, local or remote
          --dry-run
          --category C     category of created toggles (default: release; RemoteConfigKeys get remote-config)
          --owner WHO      owner of created toggles
          --format --config --log --at --actor

        examples:
          $ toggles sync swift Sources/App --dry-run
          $ toggles sync swift Sources/App --defaults Sources/App/RemoteConfigDefaults.plist --owner ios@example.com
        """
    static let spec = CommandSpec(
        help: helpPage,
        shared: [CommonOptions.dryRunEvents, CommonOptions.format(ReportFormat.textOrJSON), ScanCommand.config, CommonOptions.log, CommonOptions.at, CommonOptions.actor])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        let category = arguments.value("--category") ?? "release"
        if let problem = Lifecycle.categoryProblem(category) { throw UsageError("--category: \(problem)", command: spec.name) }
        let ledger = CommonOptions.ledger(arguments, context)
        // It appends, so a missing log directory is an empty log, as for `create` and `import`.
        var toggles: [String: ToggleState] = [:]
        do {
            let replay = try ledger.replay()
            for warning in replay.summary.warnings { context.warn(warning.description) }
            toggles = replay.projection.toggles.dictionary
        } catch LogError.directoryMissing {}
        let scan = try ScanCommand.scan(
            paths: arguments.positionals, toggleKinds: toggles.mapValues(\.kind), settings: try ScanCommand.scanSettings(arguments, context),
            adoptingEveryShape: true, context)
        // A file not scanned may declare cases: its toggles would be counted as deleted.
        guard scan.problems.isEmpty else {
            throw CommandFailure(
                status: .invalidLog,
                message: (scan.problems + ["sync swift refused: the files above were not scanned, so the cases they declare are unknown; nothing was appended"]).joined(
                    separator: "\n"))
        }
        let defaults = try arguments.value("--defaults").map { try readDefaults($0, context) } ?? [:]
        var kind: ToggleKind?
        if let text = arguments.value("--kind") {
            guard let given = ToggleKind(rawValue: text) else { throw UsageError("--kind must be build, local or remote, not '\(text)'", command: spec.name) }
            kind = given
        }
        let plan = SwiftSync.plan(declarations: scan.declarations, toggles: toggles, defaults: defaults, category: category, owner: arguments.value("--owner"), kind: kind)
        // What no toggle can stand for is skipped, one line each, as `import` skips keys: the rest is adopted.
        for line in plan.skipped { context.warn(line) }
        guard plan.refusals.isEmpty else {
            // A missing --kind alone is a usage problem: the flag is all it takes.
            throw CommandFailure(
                status: plan.needsKind && plan.refusals.count == 1 ? .usage : .rejected,
                message: (plan.refusals + ["sync swift refused; nothing was appended"]).joined(separator: "\n"))
        }
        var events: [Event] = []
        for creation in plan.creations {
            events.append(try CommonOptions.envelope(arguments, context, toggle: creation.name, command: spec.name, change: .created(creation.definition)))
        }
        let paths = arguments.positionals.joined(separator: " ")
        for removal in plan.removals {
            events.append(
                try CommonOptions.envelope(
                    arguments, context, toggle: removal.name, command: spec.name,
                    change: .removed(reason: "no \(removal.enumName) case declares it in \(paths) (toggles sync swift)")))
        }
        if events.isEmpty {
            let skipped = plan.skipped.isEmpty ? "" : " (\(plan.skipped.count) skipped: see above)"
            context.note("in step: \(plan.unchanged.count) declared toggle\(plan.unchanged.count == 1 ? "" : "s") already in the log\(skipped); nothing to append")
            return .ok
        }
        if arguments.has("--dry-run") {
            if format == .json {
                for event in events { context.write(EventCodec.encode(event) + "\n") }
            } else {
                for creation in plan.creations {
                    let definition = creation.definition
                    context.write(
                        TerminalText.sanitize(
                            "would create \(creation.name) (\(definition.kind.rawValue) \(definition.valueType.rawValue), default \(JSONWriter.string(definition.defaultValue))) declared at \(creation.declaration.file):\(creation.declaration.line)"
                        ) + "\n")
                }
                for removal in plan.removals {
                    context.write(TerminalText.sanitize("would remove \(removal.name): no \(removal.enumName) case declares it") + "\n")
                }
            }
            context.note("dry run: nothing appended")
            return .ok
        }
        return try CommonOptions.append(events, undated: CommonOptions.undated(arguments, count: events.count), to: ledger, context)
    }

    /// Reads a defaults plist or flat JSON object into typed values.
    static func readDefaults(_ path: String, _ context: CommandContext) throws -> [String: JSONValue] {
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(context.resolve(path), displayName: path)
        } catch {
            throw CommandFailure(status: .invalidLog, message: "--defaults: \(error)")
        }
        if bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "{") {
            do {
                guard case .object(let object) = try JSONParser.parse(bytes) else { throw CommandFailure(status: .rejected, message: "") }
                return Dictionary(object.members.map { ($0.key, $0.value) }) { first, _ in first }
            } catch {
                throw CommandFailure(status: .rejected, message: "--defaults: \(path) is not a flat JSON object: \(error)")
            }
        }
        // The package's own reader, as `import plist` uses: the same file reads the same way in both.
        let entries: [PropertyListEntry]
        do {
            entries = try PropertyListReader.dictionary(bytes, file: path)
        } catch {
            throw CommandFailure(status: .rejected, message: "--defaults: \(error)")
        }
        var values: [String: JSONValue] = [:]
        for entry in entries {
            guard let converted = DefaultsImport.jsonValue(entry.value) else {
                throw CommandFailure(status: .rejected, message: "--defaults: \(path): \(entry.key) has a value of an unsupported type (<\(entry.value.elementName)>)")
            }
            values[entry.key] = converted
        }
        return values
    }
}
