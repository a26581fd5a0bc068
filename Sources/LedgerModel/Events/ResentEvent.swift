/// An event sent to ``Ledger/append(_:)`` whose id the log already holds: the recorded event
/// is kept and nothing is written, and this says whether the one sent was the same.
package struct ResentEvent: Sendable {
    /// The event as the log has it.
    public var recorded: Event
    /// The event as it was sent again.
    public var sent: Event

    package init(recorded: Event, sent: Event) {
        self.recorded = recorded
        self.sent = sent
    }

    /// One field (a top-level member of the event line) whose value differs.
    public struct Difference: Sendable, Hashable {
        public var field: String
        /// The field's JSON in the recorded event, or nil when it has none.
        public var recorded: String?
        /// The field's JSON in the event sent, or nil when it has none.
        public var sent: String?
    }

    /// The fields that differ, in the order of the recorded line (then fields only the event
    /// sent has); empty when the event sent is the recorded one.
    public var differences: [Difference] {
        guard recorded != sent else { return [] }
        let old = EventCodec.object(for: recorded)
        let new = EventCodec.object(for: sent)
        var keys = old.members.map(\.key)
        for member in new.members where old[member.key] == nil { keys.append(member.key) }
        return keys.compactMap { key in
            let (before, after) = (old[key], new[key])
            guard before != after else { return nil }
            return Difference(field: key, recorded: before.map(JSONWriter.string), sent: after.map(JSONWriter.string))
        }
    }
}
