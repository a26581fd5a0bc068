import Foundation
import LedgerModel
import LedgerPlatform
import ToggleLedger

/// `check --baseline FILE` / `--write-baseline FILE` (periphery's pattern): a team with forty
/// stale toggles turns the gate on today and fails only on new findings. A finding is a
/// toggle and a reason (`isRoundedAvatar` expired, `isOldFeed` removed-but-referenced), not a
/// line or a date, so it stays the same finding while it lasts.
///
/// The file is JSON, sorted, so its diff in a pull request shows what was accepted:
/// `{"baseline": "toggles check", "version": 1, "findings": [{"toggle": …, "reason": …}]}`.
struct CheckBaseline: Equatable {
    struct Finding: Hashable, Comparable {
        var toggle: String
        var reason: String
        static func < (a: Finding, b: Finding) -> Bool { (a.toggle, a.reason) < (b.toggle, b.reason) }
    }

    var findings: Set<Finding>

    /// Every finding of `report`: each stale reason of each toggle, each code finding.
    init(_ report: StaleReport) {
        var findings = Set<Finding>()
        for entry in report.entries {
            for reason in entry.reasons { findings.insert(Finding(toggle: entry.name, reason: reason.code.rawValue)) }
        }
        for finding in report.codeFindings ?? [] { findings.insert(Finding(toggle: finding.toggle, reason: finding.code.rawValue)) }
        self.findings = findings
    }

    init(findings: Set<Finding>) { self.findings = findings }

    /// The report without the baselined findings: a toggle keeps only its new reasons.
    func filter(_ report: StaleReport) -> StaleReport {
        var kept = report
        for index in kept.entries.indices {
            let name = kept.entries[index].name
            kept.entries[index].reasons.removeAll { findings.contains(Finding(toggle: name, reason: $0.code.rawValue)) }
        }
        kept.codeFindings = kept.codeFindings?.filter { !findings.contains(Finding(toggle: $0.toggle, reason: $0.code.rawValue)) }
        return kept
    }

    var json: String {
        let items = findings.sorted().map { finding in
            JSONValue.object(JSONObject([.init("toggle", .string(finding.toggle)), .init("reason", .string(finding.reason))]))
        }
        return JSONWriter.pretty(
            .object(
                JSONObject([
                    .init("baseline", .string("toggles check")), .init("version", .number("1")), .init("findings", .array(items)),
                ]))) + "\n"
    }

    /// Reads a baseline file; a file that is not one is an error naming it (exit 2).
    static func load(_ given: String, _ context: CommandContext) throws -> CheckBaseline {
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(context.resolve(given), displayName: given, maximumBytes: 64 << 20)
        } catch {
            throw CommandFailure(status: .invalidLog, message: "baseline \(given): \(error); write one with `toggles check --write-baseline \(given)`")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch {
            throw CommandFailure(status: .invalidLog, message: "baseline \(given): not JSON: \(error)")
        }
        guard let object = value.objectValue, object["baseline"] == .string("toggles check"), let items = object["findings"]?.arrayValue else {
            throw CommandFailure(
                status: .invalidLog,
                message: "baseline \(given): not a toggles baseline (expected {\"baseline\": \"toggles check\", \"findings\": […]}, as --write-baseline writes)")
        }
        var findings = Set<Finding>()
        for (index, item) in items.enumerated() {
            guard let toggle = item.objectValue?["toggle"]?.stringValue, let reason = item.objectValue?["reason"]?.stringValue else {
                throw CommandFailure(status: .invalidLog, message: "baseline \(given): findings[\(index)] needs a \"toggle\" and a \"reason\" string")
            }
            findings.insert(Finding(toggle: toggle, reason: reason))
        }
        return CheckBaseline(findings: findings)
    }
}
