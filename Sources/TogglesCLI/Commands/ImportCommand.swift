import Foundation
import ToggleLedger

/// `toggles import`: brings what happened in another tool into the log.
///
/// - `firebase TEMPLATE.json`: a Remote Config template → `created`, `published`, `unpublished`,
///   `template-conditions`.
/// - `firebase-versions VERSIONS.json`: a `listVersions` response, checked against the log.
/// - `plist FILE`: a defaults plist → `default-changed`.
enum ImportCommand: Command {
    static let sources = ["firebase", "firebase-versions", "plist"]

    static let helpPage = """
        Import a Remote Config template, its version list, or a defaults plist into the log.

        usage: toggles import firebase|firebase-versions|plist FILE [--dry-run] [--format text|json] [--category C] [--allow-mass-unpublish] [--at TIME] [--actor WHO]

        firebase compares the template (as GET …/remoteConfig returns it, `firebase remoteconfig:get --json` prints it, or
        `-o` saves it without its version) saves it) with the log at the template's updateTime and appends, dated then and by
        version.updateUser.email, a published event for each parameter whose values changed, created + published for a
        parameter the log does not know, and unpublished for a remote toggle missing from the template, and
        template-conditions when its condition list (used by a parameter or not) changed; a template that would unpublish
        every remote toggle, or more than half of them, is refused unless --allow-mass-unpublish is given. A document that is
        not a template (a listVersions response, a flagd file, {}, a server-side template) is refused, naming what it looks
        like. Ids come from each event's content, so importing the same template again appends nothing. An older version
        imported after a newer one fills in history without changing the present. firebase-versions appends nothing: it lists
        Firebase's versions beside the log's (who, when) and reports versions the log missed. plist appends default-changed
        for each key whose value differs from the toggle's in-app default (typed plist values or Firebase's all-<string>
        download form). Exit status: 0 ok (also when nothing changed), 2 the file or the log cannot be read, 64 usage, 65 the
        file is malformed or conflicts with the log (the message names the parameter or key); nothing is appended unless the
        status is 0. See docs/interop.md.

        arguments:
          SOURCE  what FILE is: firebase (a Remote Config template), firebase-versions (a listVersions response) or plist (a
                  defaults plist)
          FILE    the file to read, or - for standard input

        options:
          --dry-run --format
          --allow-mass-unpublish  firebase: import a template that unpublishes every remote toggle the log serves, or more
                                  than half of them (refused without it)
          --category C            firebase: the category of toggles created for parameters the log does not know (default:
                                  release)
          --at TIME               when the change happened, RFC 3339 or YYYY-MM-DD: plist always; firebase only for a template
                                  without version.updateTime (default: now)
          --actor WHO             who made the change: plist always; firebase only for a template without
                                  version.updateUser.email (default: the CI user, else git user.email, else $USER)
          --log

        examples:
          $ toggles import firebase remoteconfig.template.json
          $ toggles import firebase remoteconfig.template.json --dry-run --format json
          $ firebase remoteconfig:get --json > template.json && toggles import firebase template.json --category remote-config
          $ toggles import firebase-versions versions.json
          $ toggles import plist App/RemoteConfigDefaults.plist --dry-run
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.dryRunEvents, CommonOptions.format(ReportFormat.textOrJSON), CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let source = try CommonOptions.variant(arguments, among: sources, unknown: "import source", command: spec.name)
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        for option in ["--category", "--allow-mass-unpublish"] where source != "firebase" && arguments.has(option) {
            throw UsageError("\(option) applies only to import firebase", command: spec.name)
        }
        if source == "firebase-versions" {
            for option in ["--dry-run", "--at", "--actor"] where arguments.has(option) {
                throw UsageError("\(option) does not apply to import firebase-versions, which appends nothing", command: spec.name)
            }
        }
        let category = arguments.value("--category") ?? "release"
        if let problem = Lifecycle.categoryProblem(category) { throw UsageError("--category: \(problem)", command: spec.name) }
        let file = arguments.positionals[1]
        let bytes = file == "-" ? context.standardInput() : try readFile(context.resolve(file), displayName: file)
        let ledger = CommonOptions.ledger(arguments, context)
        // firebase-versions only reads, and a command that only reads needs the log to exist
        // (as `state` and `check` do); the others append, so a missing log is an empty one.
        let history = try readHistory(ledger, context, missingIsEmpty: source != "firebase-versions")
        switch source {
        case "firebase":
            return try importTemplate(bytes, file: file, history: history, category: category, format: format, arguments, context, ledger)
        case "firebase-versions":
            return try checkVersions(bytes, file: file, history: history, format: format, context)
        default:
            return try importPlist(bytes, file: file, history: history, format: format, arguments, context, ledger)
        }
    }

    /// Every event of the log in replay order; an absent log directory is an empty log when
    /// `missingIsEmpty`, else an error.
    static func readHistory(_ ledger: Ledger, _ context: CommandContext, missingIsEmpty: Bool) throws -> [Event] {
        if missingIsEmpty && !FileManager.default.fileExists(atPath: ledger.reader.directory) { return [] }
        var events: [Event] = []
        let replay = try ledger.replay { logged in events.append(logged.event) }
        for warning in replay.summary.warnings { context.warn(warning.description) }
        return events
    }

    /// A template without a version block: what that costs and what to download instead.
    static func noVersionAdvice(_ file: String) -> String {
        "\(file) has no version block (`firebase remoteconfig:get -o FILE` removes it), so its events are dated now by the actor instead of the publish, and their ids carry no version number for `import firebase-versions` to match; download with `firebase remoteconfig:get --json > template.json` (accepted as is) or the REST API (docs/interop.md) instead"
    }

    static func rejected(_ error: InteropError) -> CommandFailure {
        CommandFailure(status: .rejected, message: "\(error); nothing was appended")
    }

    // MARK: firebase

    static func importTemplate(
        _ bytes: [UInt8], file: String, history: [Event], category: String, format: ReportFormat, _ arguments: ParsedArguments, _ context: CommandContext, _ ledger: Ledger
    ) throws -> ExitStatus {
        let plan: FirebaseImport.Plan
        let fallbackAt = try CommonOptions.timestamp(arguments, "--at", command: spec.name) ?? context.now()
        do {
            let template = try FirebaseTemplate.decode(bytes, file: file)
            let ci = CIEnvironment(context.environment)
            let options = FirebaseImport.Options(
                fallbackAt: fallbackAt, fallbackActor: try actor(arguments, context), category: category,
                provenance: ci.provenance)
            plan = try FirebaseImport.plan(template, file: file, history: history, options: options)
        } catch let error as InteropError {
            throw rejected(error)
        }
        let dryRun = arguments.has("--dry-run")
        let refusal = plan.unpublishesMost && !arguments.has("--allow-mass-unpublish") ? massUnpublishRefusal(plan, file: file) : nil
        if let refusal, !dryRun { throw refusal }
        // Events dated by the clock (a template without a version time, no --at) are dated by the log.
        let undated = arguments.value("--at") == nil ? plan.events.indices.filter { plan.events[$0].at == fallbackAt } : []
        let (written, segment) = try appendUnlessDryRun(plan.events, undated: undated, dryRun: dryRun, ledger, context)
        defer { for skipped in plan.skipped { context.warn("skipped parameter \(skipped.parameter): \(skipped.reason)") } }
        if format == .json {
            var document = JSONObject([
                .init("source", .string("firebase")),
                .init("file", .string(file)),
                .init("dryRun", .bool(dryRun)),
            ])
            if let version = plan.version { document["template"] = .object(versionObject(version)) }
            document["events"] = .array(written.map { .object(EventCodec.object(for: $0)) })
            document["created"] = .array(plan.created.map(JSONValue.string))
            document["skipped"] = .array(plan.skipped.map { .object(JSONObject([.init("parameter", .string($0.parameter)), .init("reason", .string($0.reason))])) })
            document["carriedForward"] = .number(String(plan.carriedForward))
            document["segment"] = segment.map(JSONValue.string) ?? .null
            if let refusal { document["refused"] = .string(refusal.message) }
            context.write(JSONWriter.pretty(.object(document)) + "\n")
        } else {
            var heading = "\(file): "
            if let version = plan.version, version.versionNumber != nil {
                heading += describe(version)
            } else if let version = plan.version {
                heading += describe(version) + "; dated \(plan.at) by \(plan.actor)"
            } else {
                heading += "a template without a version; dated \(plan.at) by \(plan.actor)"
            }
            if plan.version?.versionNumber == nil { context.warn(noVersionAdvice(file)) }
            context.write(TerminalText.sanitize(heading) + "\n")
            writeEvents(written, dryRun: dryRun, context)
            for name in plan.created {
                context.write(
                    TerminalText.sanitize(
                        "new toggle \(name): created as a remote toggle in category \(category); set its owner and expiry, and import the defaults plist for its in-app default")
                        + "\n")
            }
            if plan.carriedForward > 0 {
                context.write("\(plan.carriedForward) event\(plan.carriedForward == 1 ? "" : "s") re-assert the next imported version, because this template is older than it\n")
            }
            if refusal == nil {
                writeOutcome(count: written.count, dryRun: dryRun, segment: segment, nothing: "the log already matches this template", context)
            }
        }
        // A dry run shows the plan, then fails as the real run would.
        if let refusal { throw refusal }
        return .ok
    }

    /// The error for a template that would unpublish most of what the log serves remotely.
    static func massUnpublishRefusal(_ plan: FirebaseImport.Plan, file: String) -> CommandFailure {
        let names = plan.unpublishing.prefix(5).joined(separator: ", ") + (plan.unpublishing.count > 5 ? ", …" : "")
        let share = plan.unpublishing.count == plan.servedRemotely ? "every remote toggle the log serves" : "more than half of the remote toggles the log serves"
        return rejected(
            InteropError(
                file: file,
                "the template would unpublish \(plan.unpublishing.count) of \(plan.servedRemotely) remote toggles (\(share): \(names)); is this the right file? If the parameters really were deleted in Firebase, run again with --allow-mass-unpublish"
            ))
    }

    static func describe(_ version: FirebaseVersion) -> String {
        var text = version.versionNumber.map { "version \($0)" } ?? "a template version without a number"
        var details: [String] = []
        if let time = version.updateTime { details.append(time.description) }
        if let email = version.updateUserEmail { details.append("by \(email)") }
        if let origin = version.updateOrigin { details.append(origin) }
        if let type = version.updateType { details.append(type + (version.rollbackSource.map { " to version \($0)" } ?? "")) }
        if !details.isEmpty { text += " (" + details.joined(separator: ", ") + ")" }
        return text
    }

    static func versionObject(_ version: FirebaseVersion) -> JSONObject {
        var object = JSONObject()
        object["versionNumber"] = version.versionNumber.map(JSONValue.string)
        object["updateTime"] = version.updateTime.map { .string($0.description) }
        object["updateUser"] = version.updateUserEmail.map(JSONValue.string)
        object["updateOrigin"] = version.updateOrigin.map(JSONValue.string)
        object["updateType"] = version.updateType.map(JSONValue.string)
        object["rollbackSource"] = version.rollbackSource.map(JSONValue.string)
        object["description"] = version.description.map(JSONValue.string)
        return object
    }

    /// Appends the planned events, unless this is a dry run; returns what was (or would be)
    /// written and the new segment.
    static func appendUnlessDryRun(_ events: [Event], undated: [Int], dryRun: Bool, _ ledger: Ledger, _ context: CommandContext) throws -> (written: [Event], segment: String?) {
        try PolicyRequirements.check(events, ledger: ledger)
        if dryRun {
            // What the append would refuse, a dry run refuses too.
            let now = context.now()
            let unwritable = events.compactMap { event in
                WriteRules.problem(with: event, now: now).map {
                    LifecycleViolation(eventID: event.id, toggle: event.toggle, type: event.type, at: event.at, reason: .invalidField($0))
                }
            }
            if !unwritable.isEmpty { throw LedgerError.rejected(unwritable) }
        }
        guard !dryRun && !events.isEmpty else { return (events, nil) }
        let outcome = try ledger.append(events, dating: WriterDating(undated: undated, clock: context.now), now: context.now())
        for repair in outcome.repairs { context.note("repaired \(repair)") }
        return (outcome.written, outcome.segment)
    }

    static func writeEvents(_ events: [Event], dryRun: Bool, _ context: CommandContext) {
        for event in events {
            let line =
                "\(dryRun ? "would append " : "")\(event.type) \(event.toggle) at \(event.at) by \(event.actor) (id \(event.id)): \(HistoryRenderer.summary(of: event.change))"
            context.write(TerminalText.sanitize(line) + "\n")
        }
    }

    static func writeOutcome(count: Int, dryRun: Bool, segment: String?, nothing: String, _ context: CommandContext) {
        if count == 0 {
            context.write("nothing to append: \(nothing)\n")
        } else if dryRun {
            context.write("dry run: \(count) event\(count == 1 ? "" : "s") would be appended; nothing was written\n")
        } else if let segment {
            context.write(TerminalText.sanitize("appended \(count) event\(count == 1 ? "" : "s") to \(segment)") + "\n")
        }
    }

    static func actor(_ arguments: ParsedArguments, _ context: CommandContext) throws -> String {
        let actor = try (arguments.value("--actor") ?? CIEnvironment(context.environment).resolveActor(gitEmail: context.gitEmail))
            .trimmingCharacters(in: .whitespaces)
        guard !actor.isEmpty else { throw UsageError("--actor may not be empty", command: spec.name) }
        return actor
    }

    // MARK: firebase-versions

    static func checkVersions(_ bytes: [UInt8], file: String, history: [Event], format: ReportFormat, _ context: CommandContext) throws -> ExitStatus {
        let list: FirebaseVersionList
        switch Result(catching: { () throws(InteropError) in try FirebaseVersionList.decode(bytes, file: file) }) {
        case .success(let decoded): list = decoded
        case .failure(let error): throw CommandFailure(status: .rejected, message: error.description)
        }
        let entries = FirebaseVersionCheck.check(list, history: history)
        let missing = entries.filter { $0.status == .missing }
        if format == .json {
            let rows: [JSONValue] = entries.map { entry in
                var object = versionObject(entry.version)
                object["status"] = .string(entry.status.rawValue)
                object["events"] = .number(String(entry.eventCount))
                object["loggedAt"] = entry.loggedAt.map { .string($0.description) }
                object["loggedActor"] = entry.loggedActor.map(JSONValue.string)
                object["agrees"] = entry.agrees.map(JSONValue.bool)
                return .object(object)
            }
            var document = JSONObject([
                .init("file", .string(file)),
                .init("versions", .array(rows)),
                .init("missing", .array(missing.compactMap { $0.version.versionNumber.map(JSONValue.string) })),
            ])
            document["nextPageToken"] = list.nextPageToken.map(JSONValue.string)
            context.write(JSONWriter.pretty(.object(document)) + "\n")
            return .ok
        }
        var table = TextTable(headers: ["VERSION", "UPDATED", "BY", "ORIGIN", "TYPE", "LOG", "EVENTS"], maximumCellWidth: 40)
        for entry in entries {
            let version = entry.version
            var type = version.updateType ?? ""
            if let source = version.rollbackSource { type += " to \(source)" }
            var status = entry.status.rawValue
            if entry.agrees == false {
                status += " (log: \(entry.loggedAt?.description ?? "?") by \(entry.loggedActor ?? "?"))"
            }
            table.rows.append([
                version.versionNumber ?? "", version.updateTime?.description ?? "", version.updateUserEmail ?? "", version.updateOrigin ?? "", type, status,
                String(entry.eventCount),
            ])
        }
        context.write(table.render())
        let imported = entries.filter { $0.status == .imported }.count
        context.write(
            "\(entries.count) version\(entries.count == 1 ? "" : "s"): \(imported) imported, \(missing.count) missing, \(entries.count - imported - missing.count) before the log\n"
        )
        if list.nextPageToken != nil {
            context.write("more versions exist: fetch the next page with pageToken=\(TerminalText.sanitize(list.nextPageToken!))\n")
        }
        for entry in missing {
            let number = entry.version.versionNumber ?? "?"
            context.write(
                TerminalText.sanitize("missing version \(number): firebase remoteconfig:get -v \(number) --json > v\(number).json && toggles import firebase v\(number).json")
                    + "\n")
        }
        return .ok
    }

    // MARK: plist

    static func importPlist(_ bytes: [UInt8], file: String, history: [Event], format: ReportFormat, _ arguments: ParsedArguments, _ context: CommandContext, _ ledger: Ledger)
        throws -> ExitStatus
    {
        let at = try CommonOptions.timestamp(arguments, "--at", command: spec.name) ?? context.now()
        let plan: DefaultsImport.Plan
        do {
            let entries = try PropertyListReader.dictionary(bytes, file: file)
            let state = FirebaseImport.project(history, through: at)
            plan = try DefaultsImport.plan(
                entries, file: file, state: state, at: at, actor: try actor(arguments, context),
                provenance: CIEnvironment(context.environment).provenance,
                newID: { toggle, at in DefaultsImport.eventID(fileBytes: bytes, toggle: toggle, at: at) })
        } catch let error as InteropError {
            throw rejected(error)
        }
        let dryRun = arguments.has("--dry-run")
        let undated = CommonOptions.undated(arguments, count: plan.events.count)
        let (written, segment) = try appendUnlessDryRun(plan.events, undated: undated, dryRun: dryRun, ledger, context)
        if format == .json {
            var document = JSONObject([
                .init("source", .string("plist")),
                .init("file", .string(file)),
                .init("dryRun", .bool(dryRun)),
                .init("events", .array(written.map { .object(EventCodec.object(for: $0)) })),
                .init("unchanged", .number(String(plan.unchanged))),
                .init("skipped", .array(plan.skipped.map { .object(JSONObject([.init("key", .string($0.key)), .init("reason", .string($0.reason))])) })),
            ])
            document["segment"] = segment.map(JSONValue.string) ?? .null
            context.write(JSONWriter.pretty(.object(document)) + "\n")
        } else {
            writeEvents(written, dryRun: dryRun, context)
            let nothing =
                plan.skipped.isEmpty
                ? "every in-app default already matches \(file)"
                : "\(plan.unchanged) in-app default\(plan.unchanged == 1 ? "" : "s") already match \(file)"
            writeOutcome(count: written.count, dryRun: dryRun, segment: segment, nothing: nothing, context)
            if !plan.skipped.isEmpty {
                let unknown = plan.skipped.filter { $0.reason.hasPrefix("not a toggle") }.count
                context.write(
                    "skipped \(plan.skipped.count) key\(plan.skipped.count == 1 ? "" : "s"): \(unknown) not toggles in the log, \(plan.skipped.count - unknown) removed from it (see the warnings)\n"
                )
            }
        }
        for skipped in plan.skipped { context.warn("skipped key \(skipped.key): \(skipped.reason)") }
        return .ok
    }
}
