import ToggleLedger

/// `toggles drift firebase`: compares a template downloaded from Firebase with what the log
/// says is published now.
enum DriftCommand: Command {
    static let formats: [ReportFormat] = [.text, .json, .markdown]

    static let helpPage = """
        Compare a Remote Config template downloaded from Firebase with what the log says is published now.

        usage: toggles drift firebase TEMPLATE.json [--format text|json|markdown] [--strict]

        Lists every difference between the template and the end of the log: parameters added, removed or changed outside the
        ledger, conditions changed, parameter groups moved, descriptions changed, and toggles the log removed that the
        template still has; each with the command that records it. `toggles import firebase TEMPLATE.json` records them all
        (drift is the import's plan against the end of the log, shown as differences). A document that is not a client
        template is refused as import refuses it. Appends nothing. Differences that change nothing the app is served (a
        condition's tagColor, the priority of conditions a parameter does not use: what a console round trip after `publish
        --when` makes) are shown as cosmetic and do not fail the run unless --strict. The template may be the file `firebase
        remoteconfig:get -o FILE` writes (it has no version block), or the output of `firebase remoteconfig:get --json`
        ({"status", "result"}) as is. Exit status: 0 in step (or only cosmetic differences), 1 differences found, 2 the log or
        the file cannot be read, 64 usage, 65 the file is not a valid template. See docs/ci.md for a scheduled job.

        arguments:
          TEMPLATE.json  the template (firebase remoteconfig:get --json > FILE, or the REST API's body), or - for standard
                         input

        options:
          --format
          --strict  exit 1 for cosmetic differences too (a condition's colour, the priority of conditions a parameter
                    does not use)
          --log

        examples:
          $ firebase remoteconfig:get --json > template.json && toggles drift firebase template.json
          $ toggles drift firebase template.json --format markdown >> "$GITHUB_STEP_SUMMARY"
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.format(formats), CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, formats, command: spec.name)
        let file = arguments.positionals[0]
        let bytes = file == "-" ? context.standardInput() : try readFile(context.resolve(file), displayName: file)
        let ledger = CommonOptions.ledger(arguments, context)
        let history = try ImportCommand.readHistory(ledger, context, missingIsEmpty: false)
        let report: FirebaseDrift.Report
        do {
            report = try FirebaseDrift.compare(try FirebaseTemplate.decode(bytes, file: file), file: file, history: history)
        } catch {
            throw CommandFailure(status: .rejected, message: error.description)
        }
        switch format {
        case .json: context.write(FirebaseDriftRenderer.json(report, file: file))
        case .markdown: context.write(FirebaseDriftRenderer.markdown(report, file: file))
        default: context.write(FirebaseDriftRenderer.text(report, file: file))
        }
        return report.inStep || (report.onlyCosmetic && !arguments.has("--strict")) ? .ok : .stale
    }
}
