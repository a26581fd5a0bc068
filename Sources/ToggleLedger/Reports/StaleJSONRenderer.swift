import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Renders a ``StaleReport`` as JSON: a stable, documented schema (docs/policy.md).
///
/// ```
/// {"schema": 1, "asOf", "summary": {"live", "stale", "launched", "health"}, "policy": {…},
///  "toggles": [{"name", "stage", "stageSince", "stale", "reasons": [{"code", "message", …}], …}],
///  "check": {…}  // only from `toggles check`
/// }
/// ```
package enum StaleJSONRenderer {
    /// The version of this document's layout; it changes only when a field changes meaning
    /// or disappears (new fields may be added).
    public static let schema = 1

    public static func render(_ report: StaleReport, verdict: StaleGate.Verdict? = nil) -> String {
        JSONWriter.pretty(.object(document(report, verdict: verdict))) + "\n"
    }

    public static func document(_ report: StaleReport, verdict: StaleGate.Verdict?) -> JSONObject {
        let summary = report.summary
        var document = JSONObject([
            .init("schema", number(schema)),
            .init("asOf", .string(report.asOf.description)),
            .object(
                "summary",
                [
                    .init("live", number(summary.live)),
                    .init("inUse", number(summary.inUse)),
                    .init("stale", number(summary.stale)),
                    .init("launched", number(summary.launched)),
                    .init("health", number(summary.health)),
                    .init("awaitingRetirement", number(summary.awaitingRetirement)),
                ]),
            .init("policy", .object(policy(report.policy))),
            .init(
                "toggles",
                .array(
                    report.entries.map { entry in
                        var object = object(for: entry)
                        // With --scan, a stale toggle carries its code sites and what to keep when it goes.
                        if entry.isStale, let references = report.codeReferences?[entry.name] {
                            object.members += [
                                .init("references", .array(references.map(CodeReferenceRenderer.json))),
                                .init("removal", RemovalPlan(entry.toggle).json),
                            ]
                        }
                        return .object(object)
                    })),
        ])
        if let findings = report.codeFindings {
            document.members.append(.init("codeFindings", .array(findings.map { .object(object(for: $0, now: report.asOf)) })))
        }
        if let verdict {
            document.members.append(
                .init(
                    "check",
                    .object(
                        JSONObject([
                            .init("passed", .bool(verdict.passed)),
                            .init("failOn", .array(verdict.gate.failOnCodes.map { .string($0.rawValue) })),
                            .init("maxStale", number(verdict.gate.maximumStale)),
                            .init("counted", .array(verdict.counted.map { .string($0.name) } + verdict.countedFindings.map { .string($0.toggle) })),
                            .init("notCounted", .array(verdict.ignored.map { .string($0.name) } + verdict.ignoredFindings.map { .string($0.toggle) })),
                        ]))))
        }
        return document
    }

    package static func policy(_ policy: StalePolicy) -> JSONObject {
        JSONObject([
            .init("launchGraceDays", number(policy.launchGraceDays)),
            .init("fallbackCategory", .string(policy.fallbackCategory)),
            .init(
                "categories",
                .object(
                    JSONObject(
                        policy.categories.map { category in
                            var rule = JSONObject([.init("lifetimeDays", policy.lifetimes[category]?.days.map(number) ?? .null)])
                            if let limits = policy.extensionLimits[category] {
                                rule["maxExtensions"] = limits.maxExtensions.map(number)
                                rule["maxLifetimeDays"] = limits.maxLifetimeDays.map(number)
                            }
                            return .init(category, .object(rule))
                        }))),
        ])
    }

    public static func object(for entry: StaleReport.Entry) -> JSONObject {
        let toggle = entry.toggle
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return JSONObject([
            .init("name", .string(toggle.name)),
            .init("kind", .string(toggle.kind.rawValue)),
            .init("type", .string(toggle.valueType.rawValue)),
            .init("category", .string(toggle.definition.category)),
            .init("categoryKnown", .bool(entry.categoryIsKnown)),
            .init("lifetimeDays", entry.lifetimeDays.map(number) ?? .null),
            .init("owner", optional(toggle.definition.owner)),
            .init("description", optional(toggle.definition.description)),
            .init("stage", .string(toggle.stage.rawValue)),
            .init("stageSince", .string(toggle.stageSince.description)),
            .init("daysInStage", number(entry.stageDays)),
            .init("createdAt", .string(toggle.createdAt.description)),
            .init("ageDays", number(entry.ageDays)),
            .init("expires", optional(toggle.definition.expires?.description)),
            .init("extensions", .object(extensions(toggle.extensions))),
            .init("removedInAppVersion", optional(toggle.removedInAppVersion?.text)),
            .init("awaitingRetirement", .bool(toggle.awaitsRetirement)),
            .init("stale", .bool(entry.isStale)),
            .init("reasons", .array(entry.reasons.map { .object(object(for: $0)) })),
        ])
    }

    /// `{"code": "launched", "daysLaunched": 45, "launchedAt": …, "graceDays": 14, "owner": …, "message": …}`
    public static func object(for reason: StaleReason) -> JSONObject {
        var object = JSONObject([.init("code", .string(reason.code.rawValue))])
        switch reason.code {
        case .expired:
            object.members += [
                .init("daysOver", number(reason.days)),
                .init("expires", .string(reason.expires?.description ?? reason.since.date.description)),
            ]
        case .overLifetime:
            object.members += [
                .init("daysOver", number(reason.days)),
                .init("lifetimeDays", number(reason.limitDays ?? 0)),
                .init("lifetimeEndedAt", .string(reason.since.description)),
            ]
        case .launched:
            object.members += [
                .init("daysLaunched", number(reason.days)),
                .init("launchedAt", .string(reason.since.description)),
                .init("graceDays", number(reason.limitDays ?? 0)),
            ]
        case .overExtended:
            let tally = reason.extensions ?? ExtensionTally()
            object.members += [
                .init("extensions", number(tally.count)),
                .init("extensionDays", number(tally.days)),
                .init("maxExtensions", reason.limitExtensions.map(number) ?? .null),
                .init("daysOver", number(reason.days)),
                .init("maxLifetimeDays", reason.limitDays.map(number) ?? .null),
                .init("since", .string(reason.since.description)),
            ]
        case .removedButReferenced, .untracked:
            object.members += [.init("days", number(reason.days))]
        case .retireRemote:
            object.members += [
                .init("daysUnread", number(reason.days)),
                .init("unreadSince", .string(reason.since.description)),
                .init("removedInAppVersion", reason.appVersion.map { .string($0.text) } ?? .null),
            ]
        case .conflict:
            if let conflict = reason.conflict { object.members += conflictObject(conflict).members }
        }
        object.members += [
            .init("owner", reason.owner.map(JSONValue.string) ?? .null),
            .init("message", .string(reason.message)),
        ]
        return object
    }

    /// `{"toggle", "code", "removedAt", "days", "message", "references": [{"file", "line", …}]}`
    public static func object(for finding: CodeFinding, now: Timestamp) -> JSONObject {
        JSONObject(
            [
                .init("toggle", .string(finding.toggle)),
                .init("code", .string(finding.code.rawValue)),
                .init("removedAt", finding.removedAt.map { .string($0.description) } ?? .null),
                .init("days", number(finding.days(at: now))),
                .init("message", .string(finding.message)),
                .init("references", .array(finding.references.map(CodeReferenceRenderer.json))),
            ] + (finding.plan.map { [.init("removal", $0.json)] } ?? []))
    }

    /// `{"kind": "created-twice", "standing": id, "overruled": [ids], "events": [ids], "resolvedBy": id or null, "rule": …}`
    static func conflictObject(_ conflict: Conflict) -> JSONObject {
        JSONObject([
            .init("kind", .string(conflict.kind.rawValue)),
            .init("standing", .string(conflict.standing)),
            .init("overruled", .array(conflict.overruled.map(JSONValue.string))),
            .init("events", .array(conflict.eventIDs.map(JSONValue.string))),
            .init("resolvedBy", conflict.resolvedBy.map(JSONValue.string) ?? .null),
            .init("rule", .string(conflict.rule)),
        ])
    }

    /// `{"count": 3, "days": 120, "lastExtendedAt": "…" or null}`
    public static func extensions(_ tally: ExtensionTally) -> JSONObject {
        JSONObject([
            .init("count", number(tally.count)),
            .init("days", number(tally.days)),
            .init("lastExtendedAt", tally.lastAt.map { .string($0.description) } ?? .null),
        ])
    }

    package static func number(_ value: Int) -> JSONValue { .number(String(value)) }
}
