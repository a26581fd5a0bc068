import LedgerModel
import ToggleLedger

/// A `toggles` subcommand: its interface and what it does.
protocol Command {
    /// The help page `toggles help COMMAND` prints, which is the command's specification
    /// (``CommandSpec``).
    static var helpPage: String { get }
    static var spec: CommandSpec { get }
    /// Runs the command. Throws ``UsageError``, ``LogError``, ``LedgerError`` or
    /// ``CommandFailure``; the dispatcher turns each into its exit status.
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus
}

/// A failure a command reports with its own exit status and message.
struct CommandFailure: Error, CustomStringConvertible {
    var status: ExitStatus
    var message: String
    var description: String { message }
}

/// Options several commands share, so they are spelt and documented once.
enum CommonOptions {
    static let log = OptionSpec(
        "--log DIR  the log directory (default: $TOGGLES_LOG, else found as git finds its repository: the first events/ holding segments from here up to the repository root, else the folder the root's .toggles.json names, else the root's events/)"
    )
    static let at = OptionSpec("--at TIME  when it happened, RFC 3339 or YYYY-MM-DD (default: now, to the millisecond, and after every event already in the log)")
    static let actor = OptionSpec("--actor WHO  who made the change (default: the CI user, else git user.email, else $USER)")
    static let id = OptionSpec("--id ID  idempotency key: an event with this id already in the log makes this a no-op (default: a new ULID)")
    static let appending = [log, at, actor, id]

    /// `--dry-run` of the commands that derive events from a file (`import`, `sync swift`).
    static let dryRunEvents = OptionSpec("--dry-run  print the events it would append and append nothing")
    /// `--output` of the commands that write one file (`export`, `report`).
    static let output = OptionSpec("--output FILE  write to FILE instead of standard output (a file is replaced atomically, a symlink followed, a device or pipe written in place)")

    static func format(_ choices: [ReportFormat]) -> OptionSpec {
        OptionSpec("--format FORMAT  output format: \(choices.map { $0.rawValue }.joined(separator: "|")) (default: \(choices[0].rawValue))")
    }

    /// The first argument of a command whose first word picks what it does (`export plist`,
    /// `import firebase`): one of `choices`, else a usage error naming them all.
    static func variant(_ arguments: ParsedArguments, among choices: [String], unknown what: String, hint: String = "", command: String) throws(UsageError) -> String {
        let word = arguments.positionals[0]
        guard choices.contains(word) else {
            throw UsageError("unknown \(what) '\(word)'; expected one of \(choices.joined(separator: ", "))\(hint)", command: command)
        }
        return word
    }

    static let rev = OptionSpec(
        "--rev REV  read the log as committed at this git revision (a tag, branch or commit), not the files on disk: what the ledger said before later corrections")

    /// The log of `--log`, or with `--rev REV` the log as committed at that revision (copied
    /// as `diff --from-rev` does; keep the returned checkout alive while the ledger is read).
    static func ledgerAtRevision(_ arguments: ParsedArguments, _ context: CommandContext, command: String) throws -> (Ledger, LogAtRevision?) {
        let ledger = ledger(arguments, context)
        guard let revision = arguments.value("--rev") else { return (ledger, nil) }
        let given = givenLog(arguments)
        let checkout = try LogAtRevision(revision: revision, logDirectory: ledger.reader.directory, displayName: given, option: "--rev", command: command)
        // No checkpoint: the copy is thrown away after this one read.
        return (Ledger(directory: checkout.directory, displayName: "\(revision):\(given)", options: ReplayOptions(usesCheckpoint: false)), checkout)
    }

    /// The log directory as given, for messages: the dispatcher supplies the one ``LogLocation``
    /// found when `--log` is not typed; `events` for a command called without it (a test).
    static func givenLog(_ arguments: ParsedArguments) -> String {
        arguments.value("--log") ?? "events"
    }

    /// The log directory from `--log`, resolved, with the name to show in messages.
    static func ledger(_ arguments: ParsedArguments, _ context: CommandContext) -> Ledger {
        let given = givenLog(arguments)
        // Read and checked before any command runs (TogglesCLI.run), so a bad value never gets
        // here; a command called directly (a test) reads its context's environment.
        let options = context.replayOptions ?? (try? ReplayEnvironment.options(in: context.environment)) ?? ReplayOptions()
        return Ledger(directory: context.resolve(given), displayName: given, options: options)
    }

    /// The `--format` given, one of `choices` (the first is the default).
    static func format(_ arguments: ParsedArguments, _ choices: [ReportFormat], command: String) throws(UsageError) -> ReportFormat {
        guard let value = arguments.value("--format") else { return choices[0] }
        guard let format = ReportFormat(rawValue: value), choices.contains(format) else {
            throw UsageError("--format must be one of \(choices.map(\.rawValue).joined(separator: ", ")), not '\(value)'", command: command)
        }
        return format
    }

    static func timestamp(_ arguments: ParsedArguments, _ option: String, command: String) throws(UsageError) -> Timestamp? {
        guard let text = arguments.value(option) else { return nil }
        guard let instant = Timestamp(userInput: text) else {
            throw UsageError(
                "\(option) must be an RFC 3339 instant such as 2026-11-22T10:00:00Z or a date such as 2026-11-22, from \(Timestamp.earliest) to \(Timestamp.latest), not '\(text)'",
                command: command)
        }
        return instant
    }

    /// `--expires DATE` of `create` and `extend`, or nil when absent. A toggle is `expired`
    /// from the start of its expiry date, so a date that has already begun when the event
    /// happens (`--at`, else today, UTC) would fail the gate at once: almost always a typo
    /// (`2026-01-01` for `2027-01-01`), refused as a usage error. Recording the past stays
    /// possible: `--at` before the date dates the event when it was true.
    static func expiry(_ arguments: ParsedArguments, _ context: CommandContext, command: String) throws(UsageError) -> CalendarDate? {
        guard let text = arguments.value("--expires") else { return nil }
        guard let expires = CalendarDate(text) else {
            throw UsageError("--expires must be a date such as 2027-01-31, not '\(text)'", command: command)
        }
        if let at = try timestamp(arguments, "--at", command: command) {
            guard at < expires.startOfDay else {
                throw UsageError("--expires \(expires) is not after the event's date (--at \(at)): the toggle would be expired at once; give a later date", command: command)
            }
            return expires
        }
        let today = context.now().date
        guard today < expires else {
            throw UsageError(
                "--expires \(expires) is in the past (today is \(today), UTC): the toggle would be expired at once; give a later date, or --at before \(expires) to record what was decided then",
                command: command)
        }
        return expires
    }

    /// An app version option (``AppVersion``): nil when absent, a usage error naming the
    /// option when it is not a version.
    static func appVersion(_ arguments: ParsedArguments, _ option: String, command: String) throws(UsageError) -> AppVersion? {
        guard let text = arguments.value(option) else { return nil }
        if let problem = AppVersion.problem(with: text) { throw UsageError("\(option) \(problem)", command: command) }
        return AppVersion(text)
    }

    /// Builds the envelope of an event from `--at`, `--actor`, `--id` and the environment.
    static func envelope(_ arguments: ParsedArguments, _ context: CommandContext, toggle: String, command: String, change: Change) throws -> Event {
        let at = try timestamp(arguments, "--at", command: command) ?? context.now()
        let id = arguments.value("--id") ?? EventID.generate(at: at)
        if let problem = EventID.problem(with: id) { throw UsageError("--id: \(problem)", command: command) }
        let ci = CIEnvironment(context.environment)
        var actor = try arguments.value("--actor") ?? ci.resolveActor(gitEmail: context.gitEmail)
        actor = actor.trimmingCharacters(in: .whitespaces)
        guard !actor.isEmpty else { throw UsageError("--actor may not be empty", command: command) }
        return Event(id: id, at: at, toggle: toggle, actor: actor, change: change, source: ci.provenance)
    }

    /// Checks a toggle name argument; an invalid name is a lifecycle rejection (65).
    static func toggleName(_ name: String) throws -> String {
        if let problem = ToggleName.problem(with: name) {
            throw CommandFailure(status: .rejected, message: "invalid toggle name \(JSONWriter.quoted(name)): \(problem)")
        }
        return name
    }

    /// Parses a value typed on the command line for a toggle of `type`; a value of the
    /// wrong type is a lifecycle rejection (65).
    static func value(_ text: String, as type: ValueType, option: String, toggle: String) throws -> JSONValue {
        switch type.parse(text) {
        case .success(let value): return value
        case .failure(let error):
            throw CommandFailure(status: .rejected, message: "\(option) '\(error.text)' is not a \(type.rawValue) value for \(toggle); expected \(error.expected)")
        }
    }

    /// Looks up a live toggle's current state (for its value type) before building an event.
    /// - Parameter missingLogIsAnError: a missing log is an I/O error (exit 2, "log directory …
    ///   does not exist"), as for `resolve` and `void`, rather than a toggle that does not exist.
    static func liveToggle(_ name: String, in ledger: Ledger, type: String, missingLogIsAnError: Bool = false) throws -> ToggleState {
        var toggles: [String: ToggleState] = [:]
        do {
            toggles = try ledger.replay().projection.toggles.dictionary
        } catch LogError.directoryMissing where !missingLogIsAnError {
            // No log yet: no toggle exists, which is a rejection, not an I/O error.
        }
        guard let state = toggles[name] else {
            throw CommandFailure(status: .rejected, message: "\(type) \(name): " + unknownToggle(name, known: toggles.keys.sorted(), log: ledger.reader.displayName))
        }
        if let removedAt = state.removedAt {
            throw CommandFailure(status: .rejected, message: "\(type) \(name): \(name) was removed at \(removedAt); expected a live toggle")
        }
        return state
    }

    /// Why a toggle name is refused: a likely typo of a toggle in the log is named
    /// ("did you mean isRoundedAvatar?"), since creating the mistyped one is not what was meant.
    static func unknownToggle(_ name: String, known: [String], log: String) -> String {
        if let nearest = NearestSpelling.nearest(to: name, among: known) {
            return "no toggle named \(name); did you mean \(nearest)?"
        }
        // The log is named: found by the lookup, it may not be the one the user expects.
        return "no toggle named \(name) exists in \(log); create it first with `toggles create \(name)`"
    }

    /// The positions of a command's events that the writer dates: all of them, unless `--at` was given.
    static func undated(_ arguments: ParsedArguments, count: Int) -> [Int] {
        arguments.value("--at") == nil ? Array(0..<count) : []
    }

    /// Appends events and reports the outcome on standard output and error. The events at
    /// `undated` came without an instant: the log dates them so they replay after everything
    /// appended before them (``WriterDating``).
    static func append(_ events: consuming [Event], undated: [Int], to ledger: Ledger, _ context: CommandContext) throws -> ExitStatus {
        try PolicyRequirements.check(events, ledger: ledger)
        let outcome: AppendOutcome
        do {
            outcome = try ledger.append(consume events, dating: WriterDating(undated: undated, clock: context.now), now: context.now())
        } catch LedgerError.rejected(let violations) where violations.count == 1 && violations[0].reason == .unknownToggle {
            // A mistyped name (`extend isRoundedAvatr`): say which toggle was probably meant.
            let violation = violations[0]
            let known = (try? ledger.replay().projection.toggles.keys.sorted()) ?? []
            guard NearestSpelling.nearest(to: violation.toggle, among: known) != nil else { throw LedgerError.rejected(violations) }
            throw CommandFailure(
                status: .rejected,
                message: "\(violation.type) \(violation.toggle): \(unknownToggle(violation.toggle, known: known, log: ledger.reader.displayName))\nnothing was appended")
        }
        for warning in outcome.warnings { context.warn(warning.description) }
        for repair in outcome.repairs { context.note("repaired \(repair)") }
        for resent in outcome.resent {
            let event = resent.recorded
            var note = "already recorded: id \(event.id) (\(event.type) \(event.toggle) at \(event.at)); nothing appended"
            let differences = resent.differences
            if !differences.isEmpty {
                func clip(_ json: String?) -> String {
                    guard let json else { return "absent" }
                    return json.count <= 80 ? json : String(json.prefix(79)) + "…"
                }
                note += "; the recorded event is kept, and the one sent differs in "
                note += differences.map { "\($0.field) (recorded \(clip($0.recorded)), sent \(clip($0.sent)))" }.joined(separator: ", ")
            }
            context.note(note)
        }
        AppendReportRenderer.render(outcome.written) { context.write($0) }
        if let segment = outcome.segment { context.write(TerminalText.sanitize("appended to \(segment)") + "\n") }
        return .ok
    }
}

import Foundation

/// The parsed command line of one command.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    private(set) var occurrences: [String: [[String]]] = [:]

    /// The single value of an option, or nil when absent.
    func value(_ name: String) -> String? { occurrences[name]?.last?.first }

    /// Every occurrence of a repeatable option, each with its values.
    func all(_ name: String) -> [[String]] { occurrences[name] ?? [] }

    func has(_ name: String) -> Bool { occurrences[name] != nil }

    /// Options the command did not get on its command line but from a lookup (``LogLocation``).
    private(set) var supplied: Set<String> = []

    /// Sets an option the command line left out, marked as not typed (``supplied``).
    mutating func supply(_ name: String, _ value: String) {
        guard occurrences[name] == nil else { return }
        occurrences[name] = [[value]]
        supplied.insert(name)
    }

    fileprivate mutating func record(_ name: String, _ values: [String]) {
        occurrences[name, default: []].append(values)
    }
}

/// A mistake on the command line. Exit status 64.
struct UsageError: Error, Sendable, CustomStringConvertible {
    var message: String
    /// The command whose usage to show, if known.
    var command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    var description: String { message }
}

enum ArgumentParser {
    /// Whether `--help` or `-h` stands among `arguments` where an option may: not as the value
    /// of an option (`publish x --value --help` publishes the text `--help`) nor after `--`.
    static func asksForHelp(_ arguments: [String], spec: CommandSpec) -> Bool {
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if token == "--" { return false }
            if token == "--help" || token == "-h" { return true }
            if token.hasPrefix("--"), !token.contains("="), let option = spec.options.first(where: { $0.name == token }) {
                index += option.values.count
            }
        }
        return false
    }

    /// Parses `arguments` (after the command name) against `spec`.
    ///
    /// Accepts `--name value` and `--name=value`; everything after `--` is positional.
    /// Unknown options, missing values and a repeated single option are usage errors.
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if onlyPositionals || !token.hasPrefix("--") || token == "-" {
                if !onlyPositionals && token.hasPrefix("-") && token.count > 1 && token != "-" {
                    throw UsageError("unknown option '\(token)'\(suggestion(for: token, in: spec)); options start with --", command: spec.name)
                }
                parsed.positionals.append(token)
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            var name = token
            var inlineValue: String?
            if let equals = token.firstIndex(of: "=") {
                name = String(token[..<equals])
                inlineValue = String(token[token.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)' for \(spec.name)\(suggestion(for: name, in: spec))", command: spec.name)
            }
            if parsed.has(name) && !option.repeatable {
                throw UsageError("\(name) was given twice; it takes one value", command: spec.name)
            }
            var values: [String] = []
            if option.values.isEmpty {
                if inlineValue != nil { throw UsageError("\(name) is a flag and takes no value", command: spec.name) }
            } else if let inlineValue {
                guard option.values.count == 1 else {
                    throw UsageError("\(name) takes \(option.values.count) values: \(name) \(option.values.joined(separator: " "))", command: spec.name)
                }
                values = [inlineValue]
            } else {
                guard index + option.values.count <= arguments.count else {
                    throw UsageError(
                        "\(name) needs \(option.values.count == 1 ? "a value" : "\(option.values.count) values"): \(name) \(option.values.joined(separator: " "))",
                        command: spec.name)
                }
                values = Array(arguments[index..<(index + option.values.count)])
                index += option.values.count
            }
            parsed.record(name, values)
        }
        let required = spec.positionals.count
        if parsed.positionals.count < required {
            let missing = spec.positionals[parsed.positionals.count].name
            throw UsageError("missing \(missing): \(spec.positionals[parsed.positionals.count].help)", command: spec.name)
        }
        if parsed.positionals.count > required && !spec.variadicPositionals {
            throw UsageError("unexpected argument '\(parsed.positionals[required])'", command: spec.name)
        }
        return parsed
    }

    private static func suggestion(for name: String, in spec: CommandSpec) -> String {
        let bare = name.drop { $0 == "-" }
        let candidates = spec.options.map(\.name).filter { candidate in
            let option = candidate.dropFirst(2)
            return option.hasPrefix(bare) || bare.hasPrefix(option) || NearestSpelling.editDistance(Array(option), Array(bare), limit: 2) <= 2
        }
        guard let best = candidates.first else { return "" }
        return "; did you mean '\(best)'?"
    }
}
