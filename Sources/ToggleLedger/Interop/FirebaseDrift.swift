import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// How a Remote Config template downloaded from the project differs from what the log says is
/// published now (`toggles drift firebase`): the changes someone made in the console, or
/// through another tool, without recording them.
///
/// It is the import plan (``FirebaseImport/plan(_:file:history:options:)``) of the template
/// against the end of the log, presented as differences: what `import firebase` would record
/// is exactly what differs, so there is one comparison, and importing the template records
/// every difference.
package enum FirebaseDrift {
    public struct Difference: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// A parameter the log does not know.
            case added
            /// A remote toggle the log serves that the template does not have.
            case removed
            /// A toggle the log does not serve remotely, published in the template.
            case published
            /// Different values for the same conditions.
            case changed
            /// Conditions added, removed, renamed, reordered or with another expression.
            case conditionChanged = "condition-changed"
            /// The same values, in another parameter group.
            case groupMoved = "group-moved"
            /// The same values; the description, value type, a condition's colour or priority differs.
            case metadataChanged = "metadata-changed"
            /// The log removed the toggle; the template still has the parameter.
            case removedInLog = "removed-in-log"
        }

        public var parameter: String
        public var kind: Kind
        /// What the log says, and what the template says, in words.
        public var log: String
        public var template: String
        /// The command that records it in the log (or, for `removed-in-log`, what to do).
        public var record: String
        /// Only a condition's colour (`tagColor`) or the priority order among conditions this
        /// parameter does not use: the parameter serves the same values. A console round trip
        /// after `publish --when` makes these, so drift shows them and still exits 0 for them
        /// unless `--strict`.
        public var cosmetic = false
    }

    public struct Report: Sendable {
        public var differences: [Difference]
        public var version: FirebaseVersion?
        /// The last remote event of the log is later than the template's version: the console
        /// may be behind the log rather than the other way round.
        public var logIsNewer: Timestamp?
        public var inStep: Bool { differences.isEmpty }
        /// Every difference is cosmetic (``Difference/cosmetic``).
        public var onlyCosmetic: Bool { !differences.isEmpty && differences.allSatisfy(\.cosmetic) }
    }

    /// The template facts whose differences change nothing the app is served.
    static let cosmeticFacts: Set<String> = ["tagColors", "conditionPriority"]

    /// Compares `template` (read from `file`, named as the user typed it) with the end of the
    /// log `history` (every event, in replay order).
    public static func compare(_ template: FirebaseTemplate, file: String, history: [Event]) throws(InteropError) -> Report {
        // The plan compares at the template's instant; drift compares with the end of the log.
        var current = template
        current.version?.updateTime = nil
        let plan = try FirebaseImport.plan(current, file: file, history: history, options: FirebaseImport.Options(fallbackAt: .latest, fallbackActor: "drift"))
        let now = FirebaseImport.project(history, through: .latest)
        var facts = TemplateFacts.Tracker()
        for event in history { facts.apply(event) }
        let importAll = "toggles import firebase \(shellQuoted(file))"
        var differences: [Difference] = []
        for skipped in plan.skipped {
            let removedAt = now.toggles[skipped.parameter]?.removedAt.map { " at \($0)" } ?? ""
            differences.append(
                Difference(
                    parameter: skipped.parameter, kind: .removedInLog, log: "removed\(removedAt)", template: "still a parameter",
                    record: "delete \(skipped.parameter) in the Firebase console, or publish `toggles export firebase`"))
        }
        let created = Set(plan.created)
        let published = firstPublished(plan.events)
        for event in plan.events {
            let name = event.toggle
            switch event.change {
            case .created(let definition):
                let remote = published[name]
                let publish = remote.flatMap { publishCommand(name, $0) }
                let create = "toggles create \(name) --kind remote --type \(definition.valueType.rawValue) --default \(shellQuoted(ValueText.describe(definition.defaultValue)))"
                differences.append(
                    Difference(
                        parameter: name, kind: .added, log: "not in the log", template: remote.map(ValueText.describe) ?? "—",
                        record: publish.map { "\(create) && \($0)" } ?? importAll))
            case .published(let remote) where !created.contains(name):
                guard let state = now.toggles[name] else { continue }
                let kind: Difference.Kind
                var log = ValueText.describe(state.remote)
                var served = ValueText.describe(remote)
                if let before = state.remote {
                    if !before.servesSame(as: remote) {
                        let sameConditions = before.conditions.map { [$0.name, $0.expression] } == remote.conditions.map { [$0.name, $0.expression] }
                        kind = sameConditions ? .changed : .conditionChanged
                        if !sameConditions {
                            log += conditionsText(before)
                            served += conditionsText(remote)
                        }
                    } else {
                        let recorded = facts.byToggle[name] ?? TemplateFacts.implied(by: state)
                        let found = TemplateFacts.recorded(in: event) ?? JSONObject()
                        kind = recorded["group"] != found["group"] ? .groupMoved : .metadataChanged
                        log = describe(recorded, against: found)
                        served = describe(found, against: recorded)
                    }
                } else {
                    kind = .published
                    log = "not served remotely"
                }
                let record = kind == .groupMoved || kind == .metadataChanged ? nil : publishCommand(name, remote)
                var difference = Difference(parameter: name, kind: kind, log: log, template: served, record: record ?? importAll)
                if kind == .metadataChanged {
                    let recorded = facts.byToggle[name] ?? TemplateFacts.implied(by: state)
                    let found = TemplateFacts.recorded(in: event) ?? JSONObject()
                    let keys = Set(recorded.keys + found.keys).filter { recorded[$0] != found[$0] }
                    difference.cosmetic = !keys.isEmpty && keys.isSubset(of: cosmeticFacts)
                }
                differences.append(difference)
            case .unpublished:
                differences.append(
                    Difference(
                        parameter: name, kind: .removed, log: ValueText.describe(now.toggles[name]?.remote), template: "no such parameter",
                        record: importAll))
            default:
                continue
            }
        }
        differences.sort { ($0.parameter, Difference.Kind.allCases.firstIndex(of: $0.kind)!) < ($1.parameter, Difference.Kind.allCases.firstIndex(of: $1.kind)!) }
        let lastRemote = history.last { FirebaseImport.isRemoteEvent($0) }?.at
        var logIsNewer: Timestamp?
        if let updateTime = template.version?.updateTime, let lastRemote, lastRemote > updateTime { logIsNewer = lastRemote }
        return Report(differences: differences, version: template.version, logIsNewer: logIsNewer)
    }

    /// Each toggle's first `published` value among `events`, in one pass: looked up per created
    /// toggle by scanning every event, 10,000 parameters the log does not know took 5.4 s.
    static func firstPublished(_ events: [Event]) -> [String: RemoteValue] {
        var found: [String: RemoteValue] = [:]
        for event in events {
            if case .published(let remote) = event.change, found[event.toggle] == nil { found[event.toggle] = remote }
        }
        return found
    }

    /// `toggles publish NAME --value V --when 'C' 'EXPR' V…`, or nil when a value is managed
    /// by the server (a rollout, an experiment), which only an import records.
    static func publishCommand(_ name: String, _ remote: RemoteValue) -> String? {
        guard remote.managed == nil, remote.conditions.allSatisfy({ $0.managed == nil }) else { return nil }
        var command = "toggles publish \(name) " + (remote.value.map { "--value \(shellQuoted(ValueText.describe($0)))" } ?? "--use-in-app-default")
        for condition in remote.conditions {
            guard let value = condition.value else { return nil }  // "use in-app default" per condition: no flag for it
            command += " --when \(shellQuoted(condition.name)) \(shellQuoted(condition.expression)) \(shellQuoted(ValueText.describe(value)))"
        }
        return command
    }

    /// ` [Chinese users: device.language in ['zh']]`
    private static func conditionsText(_ remote: RemoteValue) -> String {
        remote.conditions.isEmpty ? "" : " [" + remote.conditions.map { "\($0.name): \(ClippedText.clip($0.expression))" }.joined(separator: "; ") + "]"
    }

    /// The facts of `facts` that differ from `other`: `group planets, description "…"`.
    private static func describe(_ facts: JSONObject, against other: JSONObject) -> String {
        let keys = (facts.keys + other.keys.filter { !facts.keys.contains($0) })
        let differing = keys.filter { facts[$0] != other[$0] }
        return differing.map { key in "\(key) " + (facts[key].map { JSONWriter.string($0) } ?? "none") }.joined(separator: ", ")
    }

    /// `text` as one shell word.
    static func shellQuoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || "_@%+=:,./-#".utf8.contains(byte)
            }
        return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
