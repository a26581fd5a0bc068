/// What changed between two states of the log (two instants, or the log at two revisions):
/// toggles created and removed, in-app defaults, remote values published or unpublished,
/// owners, expiry dates and stages. Built from the two projections alone, so every field the
/// fold knows can be compared, whatever events made it.
package struct ToggleDiff: Sendable {
    /// One difference of one toggle.
    public struct Change: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            case created
            case removed
            /// Its remote parameter was retired (deleted) after the toggle left the code.
            case retired
            /// Log-wide: the oldest supported app version moved (``toggle`` is empty).
            case minimumVersionChanged = "minimum-version-changed"
            case defaultChanged = "default-changed"
            case published
            case unpublished
            case remoteChanged = "remote-changed"
            case stageChanged = "stage-changed"
            case ownerChanged = "owner-changed"
            case expiryChanged = "expiry-changed"
            case categoryChanged = "category-changed"
            case descriptionChanged = "description-changed"
        }

        public var toggle: String
        public var kind: Kind
        /// The value before and after, as JSON (null when there was none); for `created`,
        /// `before` is null and `after` the declaration.
        public var before: JSONValue
        public var after: JSONValue
        /// The same in words, for text and Markdown.
        public var beforeText: String
        public var afterText: String
        /// When the change happened: the instant of the event that made the later state.
        public var at: Timestamp?
        /// More, in words: a removal's reason, an expiry's extensions.
        public var detail: String?
    }

    /// Every change, by toggle name, then in ``Change/Kind`` order.
    public var changes: [Change]

    public init(changes: [Change]) {
        self.changes = changes
    }

    /// The changes from `before` to `after`: each a list of toggles, live and removed, and
    /// the supported app versions (log-wide) of each side.
    public init(
        from before: [ToggleState], to after: [ToggleState],
        supported: (before: SupportedVersions, after: SupportedVersions) = (SupportedVersions(), SupportedVersions())
    ) {
        let old = Dictionary(before.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        let new = Dictionary(after.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        let names = Set(old.keys).union(new.keys).sorted { utf8Precedes($0, $1) }
        changes = []
        if supported.before.minimum != supported.after.minimum {
            let before = supported.before.minimum?.text
            let after = supported.after.minimum?.text
            changes.append(
                Change(
                    toggle: "", kind: .minimumVersionChanged, before: before.map(JSONValue.string) ?? .null,
                    after: after.map(JSONValue.string) ?? .null, beforeText: before ?? "any", afterText: after ?? "any",
                    at: supported.after.since, detail: supported.after.changes.last?.reason))
        }
        changes += names.flatMap { Self.changes(of: $0, from: old[$0], to: new[$0]) }
    }

    /// How many changes of each kind, in kind order, leaving out kinds with none.
    public var counts: [(kind: Change.Kind, count: Int)] {
        Change.Kind.allCases.compactMap { kind in
            let count = changes.count { $0.kind == kind }
            return count == 0 ? nil : (kind, count)
        }
    }

    /// The names of the toggles that changed, in order.
    public var toggles: [String] {
        var seen = Set<String>()
        return changes.compactMap { seen.insert($0.toggle).inserted ? $0.toggle : nil }
    }

    private static func changes(of name: String, from old: ToggleState?, to new: ToggleState?) -> [Change] {
        func change(_ kind: Change.Kind, _ before: JSONValue, _ after: JSONValue, _ beforeText: String, _ afterText: String, at: Timestamp?, detail: String? = nil) -> Change {
            Change(toggle: name, kind: kind, before: before, after: after, beforeText: beforeText, afterText: afterText, at: at, detail: detail)
        }
        let wasLive = old?.isLive == true
        if let old, let new, !old.isLive, !new.isLive, old.removedAt == new.removedAt {
            // Removed on both sides: only a retirement of its remote parameter can change.
            guard let remote = old.remote, new.remote == nil else { return [] }
            return [change(.retired, json(remote), .null, ValueText.describe(remote), "deleted from Remote Config", at: new.remotePublishedAt ?? new.updatedAt)]
        }
        guard let new, new.isLive else {
            // Removed in between; a toggle that is gone from the later log (another revision)
            // was never written there.
            guard wasLive, let old else { return [] }
            if let new, let removedAt = new.removedAt {
                let version = new.removedInAppVersion.map { "from app version \($0.text)" }
                let detail = [version, new.removalReason].compactMap { $0 }.joined(separator: ": ")
                var result = [change(.removed, .string(old.stage.rawValue), .null, old.stage.rawValue, "removed", at: removedAt, detail: detail.isEmpty ? nil : detail)]
                if new.removedInAppVersion != nil, let remote = old.remote, new.remote == nil {
                    result.append(change(.retired, json(remote), .null, ValueText.describe(remote), "deleted from Remote Config", at: new.remotePublishedAt ?? new.updatedAt))
                }
                return result
            }
            return [change(.removed, .string(old.stage.rawValue), .null, old.stage.rawValue, "not in the log", at: nil, detail: "not in the later log")]
        }
        guard wasLive, let old, old.createdAt == new.createdAt else {
            // Created in between (or created again after a removal).
            var result = [change(.created, .null, declaration(new), "—", ValueText.describe(new.definition), at: new.createdAt, detail: old == nil ? nil : "created again")]
            if let remote = new.remote {
                result.append(change(.published, .null, json(remote), "—", ValueText.describe(remote), at: new.remotePublishedAt))
            }
            return result
        }
        var result: [Change] = []
        if old.defaultValue != new.defaultValue {
            result.append(
                change(.defaultChanged, old.defaultValue, new.defaultValue, ValueText.describe(old.defaultValue), ValueText.describe(new.defaultValue), at: new.updatedAt))
        }
        switch (old.remote, new.remote) {
        case (nil, let remote?):
            result.append(change(.published, .null, json(remote), "not served remotely", ValueText.describe(remote), at: new.remotePublishedAt))
        case (let remote?, nil):
            result.append(change(.unpublished, json(remote), .null, ValueText.describe(remote), "not served remotely", at: new.remotePublishedAt))
        case (let before?, let after?) where !before.servesSame(as: after):
            result.append(change(.remoteChanged, json(before), json(after), ValueText.describe(before), ValueText.describe(after), at: new.remotePublishedAt))
        default:
            break
        }
        if old.stage != new.stage {
            result.append(change(.stageChanged, .string(old.stage.rawValue), .string(new.stage.rawValue), old.stage.rawValue, new.stage.rawValue, at: new.stageSince))
        }
        if old.definition.owner != new.definition.owner {
            result.append(
                change(.ownerChanged, optional(old.definition.owner), optional(new.definition.owner), old.definition.owner ?? "—", new.definition.owner ?? "—", at: new.updatedAt))
        }
        if old.definition.expires != new.definition.expires {
            let count = new.extensions.count - old.extensions.count
            let days = new.extensions.days - old.extensions.days
            let detail = count > 0 ? (count == 1 ? "extended once, +\(days) days" : "extended \(count) times, +\(days) days") : nil
            result.append(
                change(
                    .expiryChanged, optional(old.definition.expires?.description), optional(new.definition.expires?.description),
                    old.definition.expires?.description ?? "—", new.definition.expires?.description ?? "—",
                    at: new.extensions.lastAt ?? new.updatedAt, detail: detail))
        }
        if old.definition.category != new.definition.category {
            result.append(
                change(.categoryChanged, .string(old.definition.category), .string(new.definition.category), old.definition.category, new.definition.category, at: new.updatedAt))
        }
        if old.definition.description != new.definition.description {
            result.append(
                change(
                    .descriptionChanged, optional(old.definition.description), optional(new.definition.description), old.definition.description ?? "—",
                    new.definition.description ?? "—", at: new.updatedAt))
        }
        return result
    }

    private static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// `{"kind", "type", "default", "category", "owner", "expires"}`
    private static func declaration(_ state: ToggleState) -> JSONValue {
        var object = JSONObject([
            .init("kind", .string(state.kind.rawValue)),
            .init("type", .string(state.valueType.rawValue)),
            .init("default", state.defaultValue),
            .init("category", .string(state.definition.category)),
        ])
        object["owner"] = state.definition.owner.map(JSONValue.string)
        object["expires"] = state.definition.expires.map { .string($0.description) }
        return .object(object)
    }

    /// `{"value": …, "conditions": [{"name", "expression", "value"}]}`, as events write it
    /// (a missing value: the in-app default).
    private static func json(_ remote: RemoteValue) -> JSONValue {
        var object = JSONObject([.init("value", remote.value ?? .null)])
        if let managed = remote.managed { object["managed"] = .object(managed) }
        object["conditions"] = .array(
            remote.conditions.map { condition in
                var entry = JSONObject([
                    .init("name", .string(condition.name)),
                    .init("expression", .string(condition.expression)),
                    .init("value", condition.value ?? .null),
                ])
                if let managed = condition.managed { entry["managed"] = .object(managed) }
                return .object(entry)
            })
        return .object(object)
    }
}
