import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger

@Suite struct LifecycleTests {
    static func event(_ change: Change, at day: Int, toggle: String = "isRoundedAvatar", id: String? = nil) -> Event {
        Event(
            id: id ?? "e\(day)-\(change.typeName)", at: CalendarDate("2026-01-01")!.adding(days: Int64(day)).startOfDay,
            toggle: toggle, actor: "tester", change: change)
    }

    static let createdRemoteBool = Change.created(ToggleDefinition(kind: .remote, valueType: .bool, defaultValue: .bool(false)))
    static let createdLocalBool = Change.created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(false)))

    /// Folds events and returns the final state and the reason of the first violation.
    static func fold(_ events: [Event]) -> (ToggleState?, LifecycleViolation.Reason?) {
        var state: ToggleState?
        for event in events {
            switch Lifecycle.apply(event, to: state) {
            case .success(let next): state = next
            case .failure(let violation): return (state, violation.reason)
            }
        }
        return (state, nil)
    }

    @Test func aWholeLifeIsAccepted() throws {
        let (state, violation) = Self.fold([
            Self.event(Self.createdRemoteBool, at: 0),
            Self.event(
                .published(RemoteValue(value: .bool(false), conditions: [ConditionalValue(name: "zh", expression: "device.language in ['zh']", value: .bool(true))])), at: 1),
            Self.event(.defaultChanged(.bool(true)), at: 2),
            Self.event(.expiryExtended(expires: CalendarDate("2026-12-31")!, reason: "2.5 slipped"), at: 3),
            Self.event(.unpublished(templateVersion: "9"), at: 4),
            Self.event(.removed(reason: "done"), at: 5),
        ])
        #expect(violation == nil)
        let final = try #require(state)
        #expect(final.defaultValue == .bool(true))
        #expect(final.remote == nil)
        #expect(final.definition.expires == CalendarDate("2026-12-31"))
        #expect(final.removalReason == "done")
        #expect(final.eventCount == 6)
        #expect(!final.isLive)
    }

    @Test(arguments: [
        ("change before create", [event(.defaultChanged(.bool(true)), at: 0)], "unknownToggle"),
        ("second creation", [event(createdRemoteBool, at: 0), event(createdLocalBool, at: 1, id: "again")], "alreadyExists"),
        ("second creation, same definition", [event(createdRemoteBool, at: 0), event(createdRemoteBool, at: 1, id: "again")], "sameCreation"),
        ("change after removal", [event(createdRemoteBool, at: 0), event(.removed(reason: nil), at: 1), event(.defaultChanged(.bool(true)), at: 2)], "removed"),
        ("publish to a local toggle", [event(createdLocalBool, at: 0), event(.published(RemoteValue(value: .bool(true))), at: 1)], "notRemote"),
        ("wrong default type", [event(createdRemoteBool, at: 0), event(.defaultChanged(.string("yes")), at: 1)], "wrongValueType"),
        (
            "number beyond a double",
            [event(.created(ToggleDefinition(kind: .remote, valueType: .number, defaultValue: .number("1"))), at: 0), event(.defaultChanged(.number("1e999")), at: 1)],
            "wrongValueType"
        ),
        (
            "wrong conditional type",
            [
                event(createdRemoteBool, at: 0),
                event(.published(RemoteValue(value: .bool(true), conditions: [ConditionalValue(name: "c", expression: "true", value: .number("1"))])), at: 1),
            ], "wrongValueType"
        ),
        (
            "expiry moved earlier",
            [
                event(.created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(false), expires: CalendarDate("2026-06-01"))), at: 0),
                event(.expiryExtended(expires: CalendarDate("2026-05-01")!, reason: "r"), at: 1),
            ], "expiryNotLater"
        ),
        ("bad category", [event(.created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(false), category: "Release Toggle")), at: 0)], "invalidField"),
        ("re-create before the removal", [event(createdRemoteBool, at: 5), event(.removed(reason: nil), at: 6), event(createdRemoteBool, at: 5, id: "z-again")], "beforeRemoval"),
    ])
    func everyRuleRejectsItsViolation(name: String, events: [Event], expected: String) {
        let (_, violation) = Self.fold(events)
        let reason = violation.map { String(describing: $0) } ?? "none"
        #expect(reason.hasPrefix(expected), "\(name): got \(reason)")
    }

    /// Events that are not lifecycle changes (an unknown type; `template-conditions`) leave the
    /// state alone, whether the toggle exists, was removed, or never existed.
    @Test func eventsThatAreNotLifecycleChangesAreIgnoredWhateverTheToggle() throws {
        let conditions = Change.templateConditions([TemplateCondition(name: "ios", expression: "device.os == 'ios'", tagColor: "BLUE")])
        for change in [Change.unknown(type: "audience-defined"), conditions] {
            let (never, neverViolation) = Self.fold([Self.event(change, at: 0)])
            #expect(never == nil && neverViolation == nil, "\(change) for a toggle that never existed")
            let (removed, removedViolation) = Self.fold([Self.event(Self.createdRemoteBool, at: 0), Self.event(.removed(reason: nil), at: 1), Self.event(change, at: 2)])
            #expect(removedViolation == nil && removed?.eventCount == 2, "\(change) after a removal")
            let (early, earlyViolation) = Self.fold([Self.event(change, at: 0), Self.event(Self.createdRemoteBool, at: 1)])
            #expect(earlyViolation == nil && early?.eventCount == 1, "\(change) before the creation")
        }
        var projection = Projection()
        projection.apply(Self.event(.unknown(type: "audience-defined"), at: 0, toggle: "_segments"))
        #expect(projection.violations.isEmpty && projection.toggles.values.isEmpty && projection.unknownTypes.count == 1)
    }

    @Test func aRemovedToggleCanBeCreatedAgainLater() throws {
        let (state, violation) = Self.fold([
            Self.event(Self.createdRemoteBool, at: 0),
            Self.event(.removed(reason: nil), at: 1),
            Self.event(Self.createdLocalBool, at: 2, id: "again"),
        ])
        #expect(violation == nil)
        #expect(state?.kind == .local)
        #expect(state?.isLive == true)
    }

    @Test func anInsertedEventMustNotInvalidateALaterOne() {
        let existing = [Self.event(Self.createdRemoteBool, at: 0), Self.event(.defaultChanged(.bool(true)), at: 10)]
        let backdatedRemoval = Self.event(.removed(reason: nil), at: 5)
        let violations = BatchValidation.check(new: [backdatedRemoval], existing: existing)
        #expect(violations.count == 1)
        guard case .invalidatesLater(let later)? = violations.first?.reason else {
            Issue.record("expected invalidatesLater, got \(violations)")
            return
        }
        #expect(later.eventID == "e10-default-changed")
        #expect(BatchValidation.check(new: [Self.event(.removed(reason: nil), at: 11)], existing: existing).isEmpty)
    }
}
