import Foundation
import ToggleLedger

/// `toggles export`: writes the files an app or another tool consumes, from the log's state.
///
/// - `plist`: the in-app defaults, byte for byte as `PropertyListSerialization` writes XML.
/// - `firebase`: a Remote Config template the REST API accepts for publishing.
/// - `flagd`: an OpenFeature flagd flag file.
enum ExportCommand: Command {
    static let formats = ["plist", "firebase", "flagd"]

    static let helpPage = """
        Write the defaults plist, a Remote Config template or a flagd flag file from the log.

        usage: toggles export plist|firebase|flagd [--kind remote|local|build|all] [--at TIME] [--output FILE]

        Only live toggles are written. plist holds each toggle's in-app default with sorted keys, tabs, <true/>/<false/>,
        <integer>, <real> (17 significant digits, as Foundation writes), <string>, and JSON values as JSON text in <string>;
        it can replace RemoteConfigDefaults.plist. firebase holds every remote toggle the log says is served remotely, with
        its remote default (or useInAppDefault), conditional values, valueType and description, its parameter group, and every
        condition of the last imported template, used or not, with its tag colour, in its priority order; publish it with PUT
        …/remoteConfig and an If-Match etag. flagd holds every toggle, ENABLED, with the value everyone gets as
        defaultVariant, its conditional values as variants chosen by targeting (JSON Logic on language, country, os,
        appVersion; first match wins; a condition it cannot translate is a warning and that flag keeps its default variant),
        and kind, category, owner, expiry and description in metadata. Exit status: 0 ok, 2 the log or FILE cannot be read or
        written, 64 usage, 65 the log cannot be expressed in the format (two toggles give one condition different expressions
        or priority orders). See docs/interop.md.

        arguments:
          FORMAT  plist (in-app defaults), firebase (a Remote Config template) or flagd (an OpenFeature flag file)

        options:
          --kind KIND  plist: the kind of toggles to write: remote, local, build or all (default: remote)
          --at TIME    write the file as it was at this instant, RFC 3339 or YYYY-MM-DD (default: the end of the log)
          --output --log

        examples:
          $ toggles export plist --output App/RemoteConfigDefaults.plist
          $ toggles export plist --kind local --at 2026-06-01
          $ toggles export firebase --output template.json
          $ toggles export flagd --output flags.flagd.json
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.output, CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.variant(arguments, among: formats, unknown: "export format", hint: " (Swift enums: `toggles export swift`)", command: spec.name)
        var kind: ToggleKind? = .remote
        if let text = arguments.value("--kind") {
            guard format == "plist" else { throw UsageError("--kind applies only to export plist", command: spec.name) }
            if text == "all" {
                kind = nil
            } else {
                guard let parsed = ToggleKind(rawValue: text) else {
                    throw UsageError("--kind must be remote, local, build or all, not '\(text)'", command: spec.name)
                }
                kind = parsed
            }
        }
        let at = try CommonOptions.timestamp(arguments, "--at", command: spec.name)
        // The template facts (descriptions, groups, tag colours, the condition list) live on
        // events, not in the projection, so a Remote Config export watches the events go by.
        var facts = TemplateFacts.Tracker()
        let replay =
            try format == "firebase"
            ? CommonOptions.ledger(arguments, context).replay(until: at) { facts.apply($0.event) }
            : CommonOptions.ledger(arguments, context).replay(until: at)
        for warning in replay.summary.warnings { context.warn(warning.description) }
        let toggles = replay.projection.sortedToggles
        let text: String
        switch format {
        case "plist":
            text = Exports.defaultsPlist(toggles, kind: kind)
        case "firebase":
            switch Result(catching: { () throws(InteropError) in
                try Exports.firebaseTemplate(
                    toggles, facts: facts.byToggle, conditions: facts.conditions, supportedVersions: replay.projection.supportedVersions)
            }) {
            case .success(let template): text = JSONWriter.pretty(template) + "\n"
            case .failure(let error): throw CommandFailure(status: .rejected, message: "cannot export a Remote Config template: \(error)")
            }
        default:
            let flagd = Exports.flagd(toggles, supportedVersions: replay.projection.supportedVersions)
            for skipped in flagd.skipped { context.warn("skipped \(skipped.toggle): \(skipped.reason)") }
            for missed in flagd.untranslated {
                context.warn(
                    "\(missed.toggle) keeps its default variant: condition \(JSONWriter.quoted(missed.condition)) (\(ClippedText.clip(missed.expression))) cannot be translated into flagd targeting: \(missed.reason)"
                )
            }
            text = JSONWriter.pretty(flagd.document) + "\n"
        }
        guard let output = arguments.value("--output") else {
            context.write(text)
            return .ok
        }
        try OutputFile.write(text, to: output, log: CommonOptions.givenLog(arguments), command: spec.name, context)
        return .ok
    }
}
