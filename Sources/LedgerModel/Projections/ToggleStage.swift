/// Where a toggle is in its life, derived from what its events say everyone is served.
///
/// For a boolean toggle "on" means `true`. For a string, number or JSON toggle there is no
/// "on", so the baseline is the in-app default declared when the toggle was created: serving
/// that baseline to everyone is "in development", serving one other value to everyone is
/// "launched" (the new colour or scale factor is what everyone sees), and serving different
/// values to different audiences is "partially rolled out".
public enum ToggleStage: String, Sendable, Hashable, CaseIterable {
    /// Everyone gets "off": `false`, or for non-booleans the baseline declared at creation.
    case inDevelopment = "in-development"
    /// A conditional remote value gives some audience a different value than everyone else.
    case partiallyRolledOut = "partially-rolled-out"
    /// Everyone gets the same "on" value: `true`, or for non-booleans one value other than the
    /// baseline, with no condition serving anything else.
    case launched
    /// A `removed` event: gone from the code and the server.
    case removed

    /// `partially rolled out`: the stage in words, for prose.
    public var words: String {
        switch self {
        case .inDevelopment: "in development"
        case .partiallyRolledOut: "partially rolled out"
        case .launched: "launched"
        case .removed: "removed"
        }
    }

    /// The stage of a live toggle: what everyone is served, compared with "off".
    ///
    /// A remote toggle that is not published (or was unpublished) serves the in-app default;
    /// a remote value or conditional value of nil also means the in-app default.
    public static func of(
        valueType: ValueType, defaultValue: JSONValue, remote: RemoteValue?, baseline: JSONValue
    ) -> ToggleStage {
        // Partially rolled out when the values served differ; no array: this runs per event.
        let everyone = remote.map { $0.value ?? defaultValue } ?? defaultValue
        for condition in remote?.conditions ?? [] where (condition.value ?? defaultValue) != everyone {
            return .partiallyRolledOut
        }
        if valueType == .bool { return everyone == .bool(true) ? .launched : .inDevelopment }
        return everyone == baseline ? .inDevelopment : .launched
    }
}

extension ToggleState {
    /// Recomputes ``stage`` after an event at `instant`. ``stageSince`` moves only when the
    /// stage changes, so "launched for 45 days" survives a republish of the same value.
    @usableFromInline
    mutating func updateStage(at instant: Timestamp) {
        let next: ToggleStage = removedAt != nil ? .removed : ToggleStage.of(
            valueType: valueType, defaultValue: defaultValue, remote: remote, baseline: baselineValue)
        if next != stage || eventCount <= 1 {
            stage = next
            stageSince = instant
        }
    }
}
