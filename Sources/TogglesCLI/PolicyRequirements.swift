import ToggleLedger

/// The policy's `require` (fields a new toggle of a category must declare), applied to every
/// batch a command writes: create, import, sync and append all create toggles, and each goes
/// through ``check(_:ledger:)`` before appending, so none can slip a toggle past the rule.
enum PolicyRequirements {
    /// Throws the batch's `created` events that lack a field their category requires, as
    /// lifecycle rejections (exit 65) naming the field and the policy file; nothing is written.
    /// - Parameter inForce: for `attributes-changed` events (`toggles set`), the definition
    ///   of each toggle before the change: a new category's requirements apply to it too, and
    ///   a change may not clear a field its category requires.
    static func check(_ events: [Event], ledger: Ledger, inForce: [String: ToggleDefinition] = [:]) throws {
        // Most batches create nothing: the policy file is not even looked for.
        guard
            events.contains(where: {
                switch $0.change {
                case .created: true
                case .attributesChanged: inForce[$0.toggle] != nil
                default: false
                }
            })
        else { return }
        let display = (ledger.writer.displayName.hasSuffix("/") ? ledger.writer.displayName : ledger.writer.displayName + "/") + PolicyFile.name
        let policy: StalePolicy
        do {
            guard let loaded = try PolicyFile.load(path: ledger.writer.directory + "/" + PolicyFile.name, displayName: display) else { return }
            policy = loaded
        } catch {
            throw CommandFailure(status: .invalidLog, message: "invalid policy: \(error)")
        }
        var violations: [LifecycleViolation] = []
        for event in events {
            let definition: ToggleDefinition
            var missing: [String]
            switch event.change {
            case .created(let created):
                definition = created
                missing = policy.missingFields(of: definition)
            case .attributesChanged(let changes):
                guard let before = inForce[event.toggle] else { continue }
                definition = changes.applied(to: before)
                missing = policy.missingFields(of: definition)
                // Under the same category, only what this change clears: a toggle created
                // before the policy required a field is not refused an unrelated change.
                if definition.category == before.category {
                    let alreadyMissing = policy.missingFields(of: before)
                    missing.removeAll(where: alreadyMissing.contains)
                }
            default:
                continue
            }
            guard !missing.isEmpty else { continue }
            let fields = missing.map { "\"\($0)\" (--\($0))" }.joined(separator: ", ")
            violations.append(
                LifecycleViolation(
                    eventID: event.id, toggle: event.toggle, type: event.type, at: event.at,
                    reason: .invalidField("the policy \(display) requires \(fields) for a toggle of category \(JSONWriter.quoted(definition.category))")))
        }
        if !violations.isEmpty { throw LedgerError.rejected(violations) }
    }
}
