import SwiftSource
import Foundation
import ToggleLedger

/// `toggles export swift`: the toggle enums the app compiles, generated from the log.
enum ExportSwiftCommand: Command {
    static let helpPage = """
        Write the Swift toggle enums (RemoteToggle, InternalToggle, BuildTargetToggle, RemoteConfigKeys) for ToggleKit.

        usage: toggles export swift [--output FILE] [--at TIME] [--now TIME] [--access public|internal] [--enum-name NAME] [--policy FILE]

        Live boolean toggles become cases of BuildTargetToggle, InternalToggle or RemoteToggle by kind; remote strings,
        numbers and JSON become cases of RemoteConfigKeys. Each case has a doc comment with its type, default, owner, category
        and expiry, and the enums carry the log's defaults, so the app's in-app defaults come from the log. Stale toggles are
        marked @available(*, deprecated) so every use site warns until the toggle is removed; the policy is --policy or
        policy.json in the log directory, as for `toggles report`. Needs ToggleKit (the package's ToggleKit product), unless
        --enum-name NAME asks for the app's own enum (`enum FeatureFlag: String`) instead.

        options:
          --output FILE     write to FILE (atomically) instead of standard output
          --at TIME         generate from the log as it was at this instant, RFC 3339 or YYYY-MM-DD (default: all of it)
          --now TIME        the instant staleness is judged at, for deprecation warnings (default: --at, else the clock)
          --access LEVEL    access level of the generated enums: public|internal (default: public)
          --enum-name NAME  write the app's own shape instead: one enum NAME: String, CaseIterable of every live toggle, raw
                            values the keys, no import (no ToggleKit needed)
          --policy --log

        examples:
          $ toggles export swift --output Sources/App/Toggles.generated.swift
          $ toggles export swift --access internal --now 2026-11-22
          $ toggles export swift --enum-name FeatureFlag --access internal --output Sources/App/FeatureFlag.generated.swift
        """
    static let spec = CommandSpec(help: helpPage, shared: [PolicyOptions.policy, CommonOptions.log])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let at = try CommonOptions.timestamp(arguments, "--at", command: spec.name)
        let now = try CommonOptions.timestamp(arguments, "--now", command: spec.name) ?? at ?? context.now()
        if let enumName = arguments.value("--enum-name"), !SwiftAppEnumGenerator.isTypeName(enumName) {
            throw UsageError("--enum-name must be a Swift type name such as FeatureFlag, not '\(enumName)'", command: spec.name)
        }
        let access = arguments.value("--access") ?? "public"
        guard access == "public" || access == "internal" else {
            throw UsageError("--access must be public or internal, not '\(access)'", command: spec.name)
        }
        let replay = try CommonOptions.ledger(arguments, context).replay(until: at)
        for warning in replay.summary.warnings { context.warn(warning.description) }
        let toggles = replay.projection.sortedToggles
        let policy = try PolicyOptions.loadPolicy(arguments, context)
        let deprecations = deprecationMessages(toggles, policy: policy, now: now)
        let code: String
        if let enumName = arguments.value("--enum-name") {
            code = SwiftAppEnumGenerator.generate(toggles, enumName: enumName, deprecations: deprecations, accessLevel: access)
        } else {
            code = SwiftToggleGenerator.generate(toggles, deprecations: deprecations, options: .init(accessLevel: access))
        }
        if let output = arguments.value("--output") {
            try OutputFile.write(code, to: output, log: CommonOptions.givenLog(arguments), command: spec.name, context)
        } else {
            context.write(code)
        }
        return .ok
    }

    /// Why each stale toggle should go, for `@available(*, deprecated, message:)`: the stale
    /// policy's reasons at `now` (`launched 45 days ago; remove it`), and the owner to ask.
    static func deprecationMessages(_ toggles: [ToggleState], policy: StalePolicy, now: Timestamp) -> [String: String] {
        var messages: [String: String] = [:]
        for toggle in toggles {
            let reasons = policy.evaluate(toggle, now: now)
            guard !reasons.isEmpty else { continue }
            let owner = toggle.definition.owner.map { " (owner: \($0))" } ?? ""
            messages[toggle.name] = reasons.map(\.message).joined(separator: "; ") + owner
        }
        return messages
    }
}
