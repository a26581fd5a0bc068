/// The payload of an `attributes-changed` event: the new owner, category or description of a
/// live toggle, only the fields that change. Owners leave, experiments become kill switches,
/// descriptions are corrected: each such change is a fact of the toggle's life, recorded as an
/// event like every other, so `history` and `diff` show who changed what and when.
public struct AttributeChanges: Sendable, Hashable {
    /// A new policy category (``ToggleDefinition/category``): its lifetime applies from now on.
    public var category: String?
    /// A new owner; an empty string clears it (the toggle then has none).
    public var owner: String?
    /// A new description; an empty string clears it.
    public var description: String?

    public init(category: String? = nil, owner: String? = nil, description: String? = nil) {
        self.category = category
        self.owner = owner
        self.description = description
    }

    /// Whether the event names no field at all, which no writer records.
    public var isEmpty: Bool { category == nil && owner == nil && description == nil }

    /// `definition` with these changes made.
    @inlinable
    public func applied(to definition: ToggleDefinition) -> ToggleDefinition {
        var result = definition
        if let category { result.category = category }
        if let owner { result.owner = owner.isEmpty ? nil : owner }
        if let description { result.description = description.isEmpty ? nil : description }
        return result
    }

    /// The fields that differ from `definition`, or nil when none does: what a command records.
    public func differences(from definition: ToggleDefinition) -> AttributeChanges? {
        let after = applied(to: definition)
        let changes = AttributeChanges(
            category: after.category != definition.category ? after.category : nil,
            owner: after.owner != definition.owner ? (after.owner ?? "") : nil,
            description: after.description != definition.description ? (after.description ?? "") : nil)
        return changes.isEmpty ? nil : changes
    }
}
