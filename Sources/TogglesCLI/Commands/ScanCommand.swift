import ToggleLedger

/// `toggles scan`: where each toggle is declared and used in Swift sources.
enum ScanCommand: Command {
    static let spec = CommandSpec(
        name: "scan",
        summary: "Find where toggles are declared and used in Swift sources (file:line per reference).",
        synopsis: "scan [PATH…] [--format text|json] [--log DIR]",
        variadicPositionals: true,
        options: [
            CommonOptions.format(ReportFormat.textOrJSON),
            .value("--log", "DIR", "the log whose toggle names string keys and implicit members are matched against (default: events, if present)"),
        ],
        discussion: """
            Walks each PATH (default: the current directory) for .swift files, skipping .build, .git and \
            what .gitignore ignores. Reports enum case declarations in toggle enums (RemoteToggle, \
            InternalToggle, BuildTargetToggle, RemoteConfigKeys and enums conforming to ToggleType or \
            RemoteConfigKey), member references (RemoteToggle.isRoundedAvatar), implicit members \
            (.isRoundedAvatar) and string keys (remoteConfig["isRoundedAvatar"], configValue(forKey: "…")) \
            of known toggles. Comments and string contents are never read as code.
            """,
        examples: ["toggles scan", "toggles scan Sources/App --format json", "toggles scan App Widgets --log ../events"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let known = try knownToggles(arguments, context)
        let result = try scan(paths: paths, knownToggles: known, context)
        for problem in result.problems { context.warn(problem) }
        context.write(format == .json ? CodeReferenceRenderer.json(result) : CodeReferenceRenderer.text(result))
        return .ok
    }

    /// Every toggle name the log knows, live or removed; none when the default log is absent.
    static func knownToggles(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Set<String> {
        let ledger = CommonOptions.ledger(arguments, context)
        if !arguments.has("--log") && !ledgerExists(ledger) { return [] }
        let replay = try ledger.replay()
        for warning in replay.summary.warnings { context.warn(warning.description) }
        return Set(replay.projection.toggles.keys)
    }

    static func ledgerExists(_ ledger: Ledger) -> Bool {
        (try? ledger.reader.segments()) != nil
    }

    /// Runs a scan, turning a missing path into an I/O failure (exit 2).
    static func scan(paths: [String], knownToggles: Set<String>, _ context: CommandContext) throws -> ScanResult {
        do {
            return try SwiftSourceScan(knownToggles: knownToggles).run(paths: paths, currentDirectory: context.currentDirectory)
        } catch let error as CodeScanError {
            throw CommandFailure(status: .invalidLog, message: "scan: \(error)")
        }
    }
}
