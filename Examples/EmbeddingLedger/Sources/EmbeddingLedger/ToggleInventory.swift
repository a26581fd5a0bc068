import ToggleLedger

/// An app's toggles kept in a ledger directory, through the library's public API only: the
/// root package compiles this file in a test target without package access, so a call into
/// anything that is not public would not build.
public enum ToggleInventory {
    /// Records a new remote toggle (category `release`), `false` by default, created by `actor` at `now`.
    ///
    /// `Ledger.append` validates the event against the log (a second `create` of the same
    /// name is rejected) and writes it under the log's lock, as `toggles create` does.
    @discardableResult
    public static func create(_ name: String, in directory: String, by actor: String, now: Timestamp) throws -> AppendOutcome {
        let definition = ToggleDefinition(kind: .remote, valueType: .bool, defaultValue: .bool(false), owner: actor)
        let event = Event(id: EventID.generate(at: now), at: now, toggle: name, actor: actor, change: .created(definition))
        return try Ledger(directory: directory).append([event], now: now)
    }

    /// The names of the toggles alive at `now`, from a replay of the log.
    public static func liveToggles(in directory: String, at now: Timestamp) throws -> [String] {
        let replay = try Ledger(directory: directory).replay(until: now)
        return replay.projection.sortedToggles.filter(\.isLive).map(\.name)
    }

    /// The stale report at `now`, judged by the directory's `policy.json` (or the standard
    /// policy when there is none), rendered as `toggles report` prints it.
    public static func staleReport(of directory: String, now: Timestamp) throws -> String {
        let policy = try PolicyFile.load(path: directory + "/policy.json", displayName: "policy.json") ?? .standard
        let replay = try Ledger(directory: directory).replay(until: now)
        let report = StaleReport(
            toggles: replay.projection.sortedToggles, policy: policy, now: now, declaredAt: replay.projection.creationSites, supportedVersions: replay.projection.supportedVersions)
        return StaleTextRenderer.table(report)
    }
}
