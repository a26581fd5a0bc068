import LedgerPlatform
import LedgerModel
import LedgerStore
extension LogAudit {
    /// The audit as `toggles audit --format json` prints it.
    public var jsonDocument: JSONValue {
        var object = JSONObject([
            .init("valid", .bool(isValid)),
            .init("segments", .number(String(summary.segmentCount))),
            .init("events", .number(String(summary.eventCount))),
            .init("duplicates", .number(String(summary.duplicateCount))),
            .init("toggles", .number(String(toggleCount))),
            .objects("findings", findings) { finding in
                [
                    .init("severity", .string(finding.severity.rawValue)),
                    .init("location", .string(finding.location)),
                    .init("message", .string(finding.message)),
                ]
            },
        ])
        if let history {
            object["git"] = .object(
                JSONObject([
                    .init("shallow", .bool(history.shallow)),
                    .init("commits", .number(String(history.commits))),
                    .init("segmentsAdded", .number(String(history.segmentsAdded))),
                    .init("repairs", .array(history.repairs.map(JSONValue.string))),
                    .init("trackedCheckpoints", .array(history.trackedCheckpoints.map(JSONValue.string))),
                    .objects("findings", history.findings) { finding in
                        [
                            .init("commit", .string(finding.commit)),
                            .init("author", .string(finding.author)),
                            .init("date", .string(finding.date)),
                            .init("subject", .string(finding.subject)),
                            .init("location", .string(finding.location)),
                            .init("kind", .string(finding.kind)),
                            .init("old", .string(finding.old)),
                            .init("new", finding.new.map(JSONValue.string) ?? .null),
                        ]
                    },
                ]))
        }
        return .object(object)
    }
}
