import SwiftSource
import Foundation
import ToggleLedger

/// `toggles scan`: where each toggle is declared and used in Swift sources.
enum ScanCommand: Command {
    static let helpPage = """
        Find where toggles are declared and used in Swift sources (file:line per reference).

        usage: toggles scan [PATH…] [--format text|json] [--log DIR] [--config FILE] [--explain FILE:LINE]

        Walks each PATH (default: the current directory) for .swift files, skipping .build, .git and what .gitignore ignores.
        Toggle enums: RemoteToggle, InternalToggle, BuildTargetToggle, RemoteConfigKeys, enums conforming to ToggleType or
        RemoteConfigKey, String enums named …Flag(s), …FlagKey, …Feature(s), …Toggle(s), …Switch, String enums whose raw
        values the log knows, and the setting's swift.toggleEnums. Reports their case declarations, qualified members
        (FeatureFlag.sync), implicit members (.sync; at isFeatureOn(.sync) or as a case label of switch featureFlag even when
        another enum has the name), and string keys of known toggles (remoteConfig["k"], configValue(forKey: "k") for remote
        toggles; UserDefaults and @AppStorage for local ones). A case is the toggle its raw value names. Comments and string
        contents are never read as code. The setting (swift.toggleEnums, swift.queryMethods, swift.keyStyles) is read from
        --config FILE, else the log's policy.json.

        options:
          --format
          --log DIR            the log whose toggle names string keys and implicit members are matched against (default:
                               events, if present)
          --config
          --explain FILE:LINE  say which rule matched each candidate on that line, or why none did

        examples:
          $ toggles scan
          $ toggles scan Sources/App --format json
          $ toggles scan App Widgets --log ../events
          $ toggles scan Sources --explain Sources/App/Feed.swift:42
        """
    static let spec = CommandSpec(help: helpPage, shared: [CommonOptions.format(ReportFormat.textOrJSON), config])

    static let config = OptionSpec("--config FILE  a JSON file whose \"swift\" object names toggle enums, query methods and key styles (default: the log's policy.json)")

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try CommonOptions.format(arguments, ReportFormat.textOrJSON, command: spec.name)
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let known = try knownToggles(arguments, context)
        let settings = try scanSettings(arguments, context)
        if let target = arguments.value("--explain") {
            guard let (file, line) = explainTarget(target) else {
                throw UsageError("--explain: expected FILE:LINE such as Sources/App/Feed.swift:42 (or FILE:LINE:COLUMN, as scan prints), not '\(target)'", command: spec.name)
            }
            do {
                let notes = try SwiftSourceScan(toggleKinds: known, settings: settings)
                    .explain(paths: paths, currentDirectory: context.currentDirectory, file: file, line: line)
                context.write(notes.map { TerminalText.sanitize($0) + "\n" }.joined())
            } catch let error as CodeScanError {
                if case .lineBeyondEnd = error { throw UsageError("--explain: \(error)", command: spec.name) }
                throw CommandFailure(status: .invalidLog, message: "scan --explain: \(error)")
            }
            return .ok
        }
        let result = try scan(paths: paths, toggleKinds: known, settings: settings, context)
        for problem in result.problems { context.warn(problem) }
        for part in format == .json ? CodeReferenceRenderer.jsonParts(result) : CodeReferenceRenderer.textParts(result) {
            context.write(part)
        }
        return .ok
    }

    /// FILE and LINE of `FILE:LINE`, or of `FILE:LINE:COLUMN` (what scan prints, so a line of its
    /// output can be pasted back); LINE and COLUMN are decimal digits, LINE at least 1.
    static func explainTarget(_ target: String) -> (file: String, line: Int)? {
        func number(_ text: Substring) -> Int? {
            text.isEmpty || !text.allSatisfy({ ("0"..."9").contains($0) }) ? nil : Int(text)
        }
        guard let colon = target.lastIndex(of: ":"), let last = number(target[target.index(after: colon)...]) else { return nil }
        var file = target[..<colon]
        var line = last
        if let previous = file.lastIndex(of: ":"), let first = number(file[file.index(after: previous)...]) {
            file = file[..<previous]
            line = first
        }
        return file.isEmpty || line < 1 ? nil : (String(file), line)
    }

    /// Every toggle name the log knows, live or removed, with its kind; none when the default log is absent.
    static func knownToggles(_ arguments: ParsedArguments, _ context: CommandContext) throws -> [String: ToggleKind] {
        let ledger = CommonOptions.ledger(arguments, context)
        if (!arguments.has("--log") || arguments.supplied.contains("--log")) && !ledgerExists(ledger) { return [:] }
        let replay = try ledger.replay()
        for warning in replay.summary.warnings { context.warn(warning.description) }
        return replay.projection.toggles.dictionary.mapValues(\.kind)
    }

    static func ledgerExists(_ ledger: Ledger) -> Bool {
        (try? ledger.reader.segments()) != nil
    }

    /// The `"swift"` setting from `--config FILE` (which must exist), else `--policy FILE`, else
    /// the log's policy.json when present. An invalid file is exit 2, naming the file and field.
    static func scanSettings(_ arguments: ParsedArguments, _ context: CommandContext) throws -> SwiftScanSettings {
        let display: String
        if let given = arguments.value("--config") ?? arguments.value("--policy") {
            display = given
        } else {
            let log = CommonOptions.givenLog(arguments)
            display = (log.hasSuffix("/") ? log : log + "/") + PolicyFile.name
            guard FileManager.default.fileExists(atPath: context.resolve(display)) else { return SwiftScanSettings() }
        }
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(context.resolve(display), displayName: display, maximumBytes: 1 << 20)
        } catch FileReadError.missing {
            throw CommandFailure(status: .invalidLog, message: "config file \(display) does not exist or cannot be read")
        } catch {
            throw CommandFailure(status: .invalidLog, message: "cannot read the config file: \(error)")
        }
        do {
            return try SwiftScanSettings.parse(bytes, file: display)
        } catch {
            throw CommandFailure(status: .invalidLog, message: "invalid config: \(error)")
        }
    }

    /// Runs a scan, turning a missing path into an I/O failure (exit 2). `adoptingEveryShape`:
    /// declare what discovery finds whatever the log holds (`sync swift`).
    static func scan(
        paths: [String], toggleKinds: [String: ToggleKind], settings: SwiftScanSettings, adoptingEveryShape: Bool = false,
        _ context: CommandContext
    ) throws -> ScanResult {
        var scan = SwiftSourceScan(toggleKinds: toggleKinds, settings: settings)
        scan.scanner.adoptsEveryShape = adoptingEveryShape
        do {
            return try scan.run(paths: paths, currentDirectory: context.currentDirectory)
        } catch let error as CodeScanError {
            throw CommandFailure(status: .invalidLog, message: "scan: \(error)")
        }
    }
}
