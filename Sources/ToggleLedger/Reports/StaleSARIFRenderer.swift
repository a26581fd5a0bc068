import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``StaleReport`` as SARIF 2.1.0, so code-scanning dashboards (GitHub code
/// scanning, GitLab, Azure DevOps) list stale toggles.
///
/// One rule per stale reason code, each with a short and a full description and help; one
/// result per reason of each stale toggle, located at the toggle's declaration in the code
/// when the code was scanned (the log line that created it then a related location), else at
/// that log line; one result per code site of each code finding. Each result has a partial
/// fingerprint without a line number (`toggle/code`, and for a code site the file and the
/// occurrence in it), so code scanning tracks an alert when lines move. Paths are relative to
/// the repository root (`uriBaseId` `%SRCROOT%`), and `automationDetails.id` names the
/// analysis, so uploads for several logs of one commit do not replace each other.
package enum StaleSARIFRenderer {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The `uriBaseId` of every repository-relative location.
    public static let sourceRoot = "%SRCROOT%"

    /// - Parameters:
    ///   - toolVersion: the `toggles` version, for `tool.driver.version`.
    ///   - verdict: from `toggles check`: results that count are `error`, the others `note`.
    ///     Without it (`toggles report`) every result is a `warning`.
    ///   - paths: maps the report's paths to the repository root.
    ///   - automationID: `runAutomationDetails.id`, `category/` (code scanning keeps one
    ///     analysis per category and commit).
    public static func render(
        _ report: StaleReport, toolVersion: String, verdict: StaleGate.Verdict? = nil,
        paths: RepositoryPaths = .workingDirectoryIsRoot, automationID: String = "toggles/"
    ) -> String {
        // The scan's rules only when the code was scanned (`--scan`); any other code a reason has, too.
        let listed = Set(report.codeFindings == nil ? StaleReason.Code.policyCodes : StaleReason.Code.allCases)
        let used = Set(report.entries.flatMap { $0.reasons.map(\.code) })
        let codes = StaleReason.Code.allCases.filter { listed.contains($0) || used.contains($0) }
        let rules: [JSONValue] = codes.map { code in
            .object(
                JSONObject([
                    .init("id", .string(code.rawValue)),
                    .init("name", .string(ruleName(code))),
                    .init("shortDescription", .object(JSONObject([.init("text", .string(code.summary))]))),
                    .init("fullDescription", .object(JSONObject([.init("text", .string(fullDescription(code, report.policy)))]))),
                    .init("help", .object(JSONObject([.init("text", .string(help(code)))]))),
                    .init("defaultConfiguration", .object(JSONObject([.init("level", .string("warning"))]))),
                    .init("properties", .object(JSONObject([.init("tags", .array([.string("feature-toggle"), .string("maintainability")]))]))),
                ]))
        }
        var results: [JSONValue] = []
        for entry in report.entries {
            let codeSite = CIFindings.codeSite(of: entry, in: report, paths: paths)
            let logSite = CIFindings.logSite(of: entry, paths: paths)
            for reason in entry.reasons {
                var level = "warning"
                if let verdict { level = verdict.gate.failOn.contains(reason.code) && !verdict.passed ? "error" : "note" }
                var result = JSONObject([
                    .init("ruleId", .string(reason.code.rawValue)),
                    .init("ruleIndex", .number(String(codes.firstIndex(of: reason.code)!))),
                    .init("level", .string(level)),
                    .init(
                        "message",
                        .object(
                            JSONObject([
                                .init(
                                    "text",
                                    .string(
                                        "\(entry.name) (owner \(entry.owner ?? "unknown")): \(reason.message)"
                                            + (CIFindings.cleanupHint(of: entry, in: report).map { "; " + $0 } ?? "")))
                            ]))),
                    .init("locations", .array([location(codeSite ?? logSite, toggle: entry.name)])),
                    .init(
                        "partialFingerprints",
                        .object(
                            JSONObject([
                                .init("toggleReason/v1", .string("\(entry.name)/\(reason.code.rawValue)"))
                            ]))),
                    .init(
                        "properties",
                        .object(
                            JSONObject([
                                .init("toggle", .string(entry.name)),
                                .init("stage", .string(entry.toggle.stage.rawValue)),
                                .init("owner", entry.owner.map(JSONValue.string) ?? .null),
                                .init("days", .number(String(reason.days))),
                                .init("extensions", .number(String(entry.toggle.extensions.count))),
                            ]))),
                ])
                if codeSite != nil, let logSite {
                    var related = location(logSite, toggle: nil).objectValue!
                    related.members.insert(.init("id", .number("1")), at: 0)
                    related.members.append(.init("message", .object(JSONObject([.init("text", .string("the log line that created \(entry.name)"))]))))
                    result.members.insert(.init("relatedLocations", .array([.object(related)])), at: 5)
                }
                results.append(.object(result))
            }
        }
        for finding in CIFindings.codeSites(report, verdict: verdict, paths: paths) {
            var level = "warning"
            if let verdict { level = verdict.gate.failOn.contains(finding.code) && !verdict.passed ? "error" : "note" }
            results.append(
                .object(
                    JSONObject([
                        .init("ruleId", .string(finding.code.rawValue)),
                        .init("ruleIndex", .number(String(codes.firstIndex(of: finding.code)!))),
                        .init("level", .string(level)),
                        .init("message", .object(JSONObject([.init("text", .string(finding.message))]))),
                        .init("locations", .array([location(finding.site, toggle: finding.toggle)])),
                        .init(
                            "partialFingerprints",
                            .object(
                                JSONObject([
                                    .init("toggleReason/v1", .string(finding.fingerprintKey))
                                ]))),
                        .init(
                            "properties",
                            .object(
                                JSONObject([
                                    .init("toggle", .string(finding.toggle)),
                                    .init("reference", finding.reference.map { .string($0.kind.rawValue) } ?? .null),
                                    .init("symbol", finding.reference.map { .string($0.symbol) } ?? .null),
                                ]))),
                    ])))
        }
        let summary = report.summary
        let document = JSONValue.object(
            JSONObject([
                .init("$schema", .string(schemaURI)),
                .init("version", .string("2.1.0")),
                .init(
                    "runs",
                    .array([
                        .object(
                            JSONObject([
                                .init(
                                    "tool",
                                    .object(
                                        JSONObject([
                                            .init(
                                                "driver",
                                                .object(
                                                    JSONObject([
                                                        .init("name", .string("toggles")),
                                                        .init("semanticVersion", .string(toolVersion)),
                                                        .init("rules", .array(rules)),
                                                    ])))
                                        ]))),
                                .init("automationDetails", .object(JSONObject([.init("id", .string(automationID))]))),
                                .init("results", .array(results)),
                                .init(
                                    "properties",
                                    .object(
                                        JSONObject([
                                            .init("asOf", .string(report.asOf.description)),
                                            .init("live", .number(String(summary.live))),
                                            .init("inUse", .number(String(summary.inUse))),
                                            .init("stale", .number(String(summary.stale))),
                                            .init("launched", .number(String(summary.launched))),
                                            .init("health", .number(String(summary.health))),
                                        ]))),
                            ]))
                    ])),
            ]))
        return JSONWriter.pretty(document) + "\n"
    }

    static func ruleName(_ code: StaleReason.Code) -> String {
        switch code {
        case .expired: "ExpiredToggle"
        case .overLifetime: "ToggleOverLifetime"
        case .launched: "LaunchedToggle"
        case .overExtended: "ToggleOverExtended"
        case .removedButReferenced: "RemovedToggleStillReferenced"
        case .untracked: "UntrackedToggle"
        case .retireRemote: "RemoteParameterToRetire"
        case .conflict: "ConcurrentLifecycleEdits"
        }
    }

    static func fullDescription(_ code: StaleReason.Code, _ policy: StalePolicy) -> String {
        switch code {
        case .expired:
            return
                "The toggle has an expiry date (set with --expires at creation or moved with `toggles extend`) and that day has begun. This applies to every category, permanent ones included."
        case .overLifetime:
            let lifetimes = policy.categories.compactMap { category in policy.lifetimes[category]?.days.map { "\(category) \($0) days" } }
            return "The toggle has no expiry date and is older than its category's expected lifetime (\(lifetimes.joined(separator: ", ")))."
        case .launched:
            return
                "The toggle has served the same value to everyone for more than \(policy.launchGraceDays) days: it is tested, so the toggle and its dead branch should be removed from the code. Permanent categories are exempt."
        case .overExtended:
            let limits = policy.extensionLimits.keys.sorted().compactMap { category -> String? in
                let limit = policy.extensionLimits[category]!
                let parts = [limit.maxExtensions.map { "at most \($0) extensions" }, limit.maxLifetimeDays.map { "at most \($0) days with extensions" }].compactMap { $0 }
                return parts.isEmpty ? nil : "\(category): " + parts.joined(separator: ", ")
            }
            return
                "The toggle's expiry date was extended more times than its category allows, or the toggle, which has an expiry date, is older than its category's lifetime with extensions, whatever its current expiry date says (\(limits.isEmpty ? "no category has limits" : limits.joined(separator: "; ")))."
        case .removedButReferenced:
            return
                "The log records the toggle's removal, but a scan of the Swift sources still finds its enum case, a member reference or a string key. Each result is one place in the code."
        case .untracked:
            return
                "A toggle enum (RemoteToggle, InternalToggle, BuildTargetToggle, RemoteConfigKeys or a ToggleType enum) declares the toggle, but the log has no created event for it, so no policy can judge it."
        case .retireRemote:
            return
                "The toggle was removed from the code in an app version (`toggles remove NAME --app-version VERSION`) and the minimum supported app version (`toggles support --minimum`) has reached it: no supported version reads the remote parameter, which Remote Config still serves."
        case .conflict:
            return
                "Two branches merged with concurrent lifecycle edits of the toggle that cannot both stand (created twice with different definitions, changed after a removal, removed twice, a change for another declaration, two extensions). Replay keeps one side by a fixed rule (docs/log.md) until a `resolved` event settles it."
        }
    }

    package static func help(_ code: StaleReason.Code) -> String {
        switch code {
        case .expired: "Remove the toggle (`toggles remove NAME`), or record why it needs longer with `toggles extend NAME --expires DATE --reason TEXT`."
        case .overLifetime: "Remove the toggle, or give it an explicit deadline with `toggles extend NAME --expires DATE --reason TEXT`."
        case .launched: "Delete the toggle and the code path for its old value, then record it with `toggles remove NAME`."
        case .overExtended: "Decide and remove the toggle (`toggles remove NAME`); extending it again does not clear this."
        case .removedButReferenced: "Delete the remaining references and the enum case (`toggles scan` lists them)."
        case .untracked: "Record the toggle with `toggles create NAME …` or `toggles sync swift PATH`, or delete the case."
        case .retireRemote: "Delete the parameter from Remote Config (`toggles export firebase` no longer writes it), then record it with `toggles retire NAME`."
        case .conflict: "Choose a side with `toggles resolve NAME --keep EVENT-ID` (or give the definition); `toggles history NAME` shows both sides."
        }
    }

    /// A SARIF location: the file and line (and column in the code), and the toggle as a
    /// logical location.
    package static func location(_ site: FindingSite?, toggle: String?) -> JSONValue {
        var location = JSONObject([])
        if let site {
            var artifact = JSONObject([.init("uri", .string(uri(forPath: site.path)))])
            if !site.path.hasPrefix("/") { artifact.members.append(.init("uriBaseId", .string(sourceRoot))) }
            var region = JSONObject([.init("startLine", .number(String(site.line)))])
            if let column = site.column { region.members.append(.init("startColumn", .number(String(column)))) }
            location.members.append(
                .init(
                    "physicalLocation",
                    .object(
                        JSONObject([
                            .init("artifactLocation", .object(artifact)),
                            .init("region", .object(region)),
                        ]))))
        }
        if let toggle {
            location.members.append(
                .init(
                    "logicalLocations",
                    .array([
                        .object(
                            JSONObject([
                                .init("name", .string(toggle)),
                                .init("kind", .string("member")),
                            ]))
                    ])))
        }
        return .object(location)
    }

    /// A relative path as a relative URI reference; an absolute one as a `file://` URI.
    /// Characters outside RFC 3986's unreserved set and `/` are percent-encoded.
    package static func uri(forPath path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "-._~/".contains(character) {
                encoded.append(character)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
