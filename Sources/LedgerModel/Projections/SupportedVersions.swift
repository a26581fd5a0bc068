/// The app versions the team supports, from the log-wide `minimum-version-changed` events:
/// the projection's one piece of state that belongs to no toggle.
public struct SupportedVersions: Sendable, Hashable {
    /// One `minimum-version-changed` event.
    public struct Change: Sendable, Hashable {
        public var at: Timestamp
        public var minimum: AppVersion
        public var actor: String
        public var reason: String?

        public init(at: Timestamp, minimum: AppVersion, actor: String, reason: String?) {
            self.at = at
            self.minimum = minimum
            self.actor = actor
            self.reason = reason
        }
    }

    /// Every change, in replay order (a handful in a log's life).
    public private(set) var changes: [Change] = []

    public init(changes: [Change] = []) {
        self.changes = changes
    }

    /// The oldest supported app version; nil when the log never said (every version is).
    public var minimum: AppVersion? { changes.last?.minimum }
    /// When the current minimum was set.
    public var since: Timestamp? { changes.last?.at }

    /// Folds a log-wide event; false when `event` is not one.
    @discardableResult
    public mutating func apply(_ event: borrowing Event) -> Bool {
        var conflict: LifecycleViolation?
        return apply(event, conflict: &conflict)
    }

    /// Folds a log-wide event (false when `event` is not one) and sets `conflict` when it
    /// was made concurrently with the minimum in force: its writer saw another minimum
    /// (`previous`) than the one replay reached, so another branch changed it meanwhile. Of
    /// the two, the higher version stands (docs/log.md, Conflicts): the event is applied only
    /// when it is higher. The same version set on both branches is one fact, no conflict.
    /// An event without `previous` (written before it was recorded) is applied as it always was.
    package mutating func apply(_ event: borrowing Event, conflict: inout LifecycleViolation?) -> Bool {
        guard case .minimumVersionChanged(let minimum, let reason, let previous, _) = event.change else { return false }
        let inForce = self.minimum
        if let previous, previous.minimum != inForce {
            guard minimum != inForce else { return true }
            conflict = Lifecycle.violation(event, .concurrentMinimum(seen: previous.minimum, inForce: inForce))
            if let inForce, minimum < inForce { return true }
        }
        changes.append(Change(at: event.at, minimum: minimum, actor: event.actor, reason: reason))
        return true
    }

    /// Whether an app version is still supported: it is not older than the minimum.
    public func supports(_ version: AppVersion) -> Bool {
        guard let minimum else { return true }
        return version >= minimum
    }

    /// Since when no supported version is older than `version`: the start of the run of
    /// changes that has kept the minimum at or above it until now; nil while some supported
    /// version is older. For a toggle removed from the code in `version`, the instant its
    /// remote parameter stopped being read.
    public func noneOlder(than version: AppVersion) -> Timestamp? {
        var since: Timestamp?
        for change in changes {
            if change.minimum >= version {
                if since == nil { since = change.at }
            } else {
                since = nil
            }
        }
        return since
    }
}

extension ToggleState {
    /// When a toggle removed from the code still has its remote parameter served, the instant
    /// since which no supported app version reads it: then the parameter can be deleted
    /// (stale reason `retire-remote`). Nil while a supported version still reads it, and for
    /// every other toggle.
    public func retirementDue(_ supported: SupportedVersions) -> Timestamp? {
        guard awaitsRetirement, let version = removedInAppVersion, let removedAt,
            let since = supported.noneOlder(than: version)
        else { return nil }
        return max(since, removedAt)
    }
}
