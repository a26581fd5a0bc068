import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger

/// `toggles diff`: the changes between the projections at two instants.
@Suite struct ToggleDiffTests {
    /// isA: created 01-01 (remote bool false, expires 03-01); published true to "Chinese users"
    /// 02-01; default true 03-01... see each line.
    static let events: [Event] = {
        func event(_ id: String, _ at: String, _ toggle: String, _ change: Change) -> Event {
            Event(id: id, at: Timestamp(userInput: at)!, toggle: toggle, actor: "mei@example.com", change: change)
        }
        let zh = ConditionalValue(name: "Chinese users", expression: "device.language in ['zh']", value: .bool(true))
        return [
            event(
                "1", "2026-01-01", "isA",
                .created(
                    ToggleDefinition(
                        kind: .remote, valueType: .bool, defaultValue: .bool(false), category: "experiment", owner: "mei@example.com", expires: CalendarDate("2026-03-01")))),
            event("2", "2026-01-01", "isB", .created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(false)))),
            event("3", "2026-02-01", "isA", .published(RemoteValue(value: .bool(false), conditions: [zh]))),
            event("4", "2026-02-15", "isA", .expiryExtended(expires: CalendarDate("2026-04-01")!, reason: "readout")),
            event("5", "2026-02-20", "isA", .expiryExtended(expires: CalendarDate("2026-05-01")!, reason: "again")),
            event("6", "2026-03-01", "isA", .published(RemoteValue(value: .bool(true)))),
            event("7", "2026-03-10", "isB", .defaultChanged(.bool(true))),
            event("8", "2026-04-01", "isA", .unpublished(templateVersion: nil)),
            event("9", "2026-04-02", "isB", .removed(reason: "launched everywhere")),
            event("10", "2026-05-01", "isB", .created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(false), owner: "new@example.com"))),
        ]
    }()

    func state(at instant: String) -> [ToggleState] {
        var projection = Projection()
        for event in Self.events where event.at <= Timestamp(userInput: instant)! { projection.apply(event) }
        #expect(projection.violations.isEmpty)
        return projection.sortedToggles
    }

    func diff(_ from: String, _ to: String) -> [String] {
        ToggleDiff(from: state(at: from), to: state(at: to)).changes.map { "\($0.toggle) \($0.kind.rawValue) \($0.beforeText) → \($0.afterText)" }
    }

    @Test func nothingChangesBetweenAnInstantAndItself() {
        #expect(diff("2026-02-10", "2026-02-10").isEmpty)
        #expect(diff("2026-02-02", "2026-02-14").isEmpty, "no event between")
    }

    @Test func createdTogglesWithWhatTheyAreServed() {
        #expect(
            diff("2025-12-31", "2026-01-01") == [
                "isA created — → remote bool, default false, experiment, owner mei@example.com, expires 2026-03-01",
                "isB created — → local bool, default false, release",
            ])
        // Created and published in between: both.
        #expect(diff("2025-12-31", "2026-02-01").first { $0.hasPrefix("isA published") } == "isA published — → false; Chinese users → true")
    }

    @Test func eachEventJustBeforeAndJustAfter() {
        #expect(
            diff("2026-01-31T23:59:59Z", "2026-02-01") == [
                "isA published not served remotely → false; Chinese users → true",
                "isA stage-changed in-development → partially-rolled-out",
            ])
        #expect(diff("2026-02-14T23:59:59Z", "2026-02-15") == ["isA expiry-changed 2026-03-01 → 2026-04-01"])
        #expect(
            diff("2026-02-28", "2026-03-01") == [
                "isA remote-changed false; Chinese users → true → true",
                "isA stage-changed partially-rolled-out → launched",
            ])
        #expect(
            diff("2026-03-09", "2026-03-10") == [
                "isB default-changed false → true",
                "isB stage-changed in-development → launched",
            ])
        #expect(
            diff("2026-03-31", "2026-04-01") == [
                "isA unpublished true → not served remotely",
                "isA stage-changed launched → in-development",
            ])
        #expect(diff("2026-04-01", "2026-04-02") == ["isB removed launched → removed"])
    }

    @Test func expiryChangesCountTheExtensionsBetween() throws {
        let changes = ToggleDiff(from: state(at: "2026-02-01"), to: state(at: "2026-02-28")).changes
        let expiry = try #require(changes.first { $0.kind == .expiryChanged })
        #expect(expiry.detail == "extended 2 times, +61 days")
        #expect(expiry.before == .string("2026-03-01") && expiry.after == .string("2026-05-01"))
        #expect(expiry.at == Timestamp(userInput: "2026-02-20"))
    }

    @Test func aRemovalCarriesItsReasonAndARecreationIsCreatedAgain() throws {
        let removal = try #require(ToggleDiff(from: state(at: "2026-04-01"), to: state(at: "2026-04-30")).changes.first)
        #expect(removal.kind == .removed && removal.detail == "launched everywhere")
        #expect(removal.at == Timestamp(userInput: "2026-04-02"))
        let again = ToggleDiff(from: state(at: "2026-03-31"), to: state(at: "2026-05-01")).changes.filter { $0.toggle == "isB" }
        #expect(again.map(\.kind) == [.created])
        #expect(again.first?.detail == "created again")
        // Removed before both sides: nothing.
        #expect(ToggleDiff(from: state(at: "2026-04-03"), to: state(at: "2026-04-30")).changes.isEmpty)
    }

    @Test func aToggleMissingFromTheLaterLogIsReported() {
        let changes = ToggleDiff(from: state(at: "2026-01-01"), to: []).changes
        #expect(changes.map(\.kind) == [.removed, .removed])
        #expect(changes.first?.detail == "not in the later log")
    }

    @Test func countsAndTogglesSummarise() {
        let diff = ToggleDiff(from: state(at: "2025-12-31"), to: state(at: "2026-05-01"))
        #expect(diff.toggles == ["isA", "isB"])
        #expect(diff.counts.map { "\($0.kind.rawValue) \($0.count)" } == ["created 2"])
    }
}

/// `toggles diff` with the app-version events: a removal by app version, the minimum
/// supported version, the retirement of the remote parameter.
@Suite struct ToggleDiffAppVersionTests {
    static let events: [Event] = {
        func event(_ id: String, _ at: String, _ toggle: String, _ change: Change) -> Event {
            Event(id: id, at: Timestamp(userInput: at)!, toggle: toggle, actor: "mei@example.com", change: change)
        }
        return [
            event("1", "2026-01-01", "isRoundedAvatar", .created(ToggleDefinition(kind: .remote, valueType: .bool, defaultValue: .bool(false)))),
            event("2", "2026-01-02", "isRoundedAvatar", .published(RemoteValue(value: .bool(true)))),
            event("3", "2026-02-01", "isRoundedAvatar", .codeRemoved(appVersion: AppVersion("2.5.0")!, reason: "launched")),
            event("4", "2026-03-01", "_app", .minimumVersionChanged(minimum: AppVersion("2.5.0")!, reason: "forced update")),
            event("5", "2026-03-05", "isRoundedAvatar", .retired(reason: nil)),
        ]
    }()

    func diff(_ from: String, _ to: String) -> [String] {
        func projection(_ instant: String) -> Projection {
            var projection = Projection()
            for event in Self.events where event.at <= Timestamp(userInput: instant)! { projection.apply(event) }
            #expect(projection.violations.isEmpty, "\(projection.violations.map(\.violation))")
            return projection
        }
        let (before, after) = (projection(from), projection(to))
        return ToggleDiff(from: before.sortedToggles, to: after.sortedToggles, supported: (before.supportedVersions, after.supportedVersions))
            .changes.map { "\($0.toggle) \($0.kind.rawValue) \($0.beforeText) → \($0.afterText)" + ($0.detail.map { " (\($0))" } ?? "") }
    }

    @Test func eachAppVersionEventJustBeforeAndJustAfter() {
        #expect(diff("2026-01-31", "2026-02-01") == ["isRoundedAvatar removed launched → removed (from app version 2.5.0: launched)"])
        #expect(diff("2026-02-28", "2026-03-01") == [" minimum-version-changed any → 2.5.0 (forced update)"])
        #expect(diff("2026-03-04", "2026-03-05") == ["isRoundedAvatar retired true → deleted from Remote Config"])
        #expect(diff("2026-03-05", "2026-03-06").isEmpty)
        #expect(
            diff("2026-01-31", "2026-03-06") == [
                " minimum-version-changed any → 2.5.0 (forced update)",
                "isRoundedAvatar removed launched → removed (from app version 2.5.0: launched)",
                "isRoundedAvatar retired true → deleted from Remote Config",
            ])
    }
}
