import Foundation
import Testing
@testable import LedgerModel
@testable import LedgerStore
@testable import SwiftSource
@testable import ToggleLedger
import TestSupport

/// The `attributes-changed` event in the model: its line, its rules, its fold.
@Suite struct AttributeChangesTests {
    static func event(_ changes: AttributeChanges, day: Int = 2, toggle: String = "isStories") -> Event {
        Event(id: "a\(day)", at: Timestamp(secondsSince1970: 1_767_225_600 + Int64(day) * 86_400), toggle: toggle, actor: "mei", change: .attributesChanged(changes))
    }

    @Test(arguments: [
        AttributeChanges(category: "kill-switch"),
        AttributeChanges(owner: "li@moments.example", description: "Stories \u{202E} in the \"feed\""),
        AttributeChanges(category: "ops", owner: "", description: ""),
    ])
    func theLineReadsBackAndMatchesTheWritersOracle(changes: AttributeChanges) throws {
        let event = Self.event(changes)
        let line = EventCodec.encode(event)
        #expect(Array(line.utf8) == EventOracle.bytes(event))
        #expect(try EventCodec.decode(try JSONParser.parse(line)) == event)
        #expect(WriteRules.problem(with: event, now: nil) == nil)
    }

    @Test func anEventThatChangesNothingIsNeitherReadNorWritten() throws {
        let line = #"{"schema":1,"id":"a","at":"2026-01-02T00:00:00Z","type":"attributes-changed","toggle":"isStories","actor":"mei"}"#
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(try JSONParser.parse(line)) }
        #expect(WriteRules.problem(with: Self.event(AttributeChanges()), now: nil) != nil)
    }

    @Test func theFoldChangesALiveToggleAndRefusesARemovedOneOrABadCategory() throws {
        let created = Event(
            id: "c", at: Timestamp(secondsSince1970: 1_767_225_600), toggle: "isStories", actor: "mei",
            change: .created(
                ToggleDefinition(
                    kind: .local, valueType: .bool, defaultValue: .bool(false), category: "experiment", owner: "mei", description: "old")))
        var state: ToggleState?
        #expect(Lifecycle.apply(created, to: &state) == nil)
        #expect(Lifecycle.apply(Self.event(AttributeChanges(category: "ops", owner: "", description: "new")), to: &state) == nil)
        #expect(state?.definition.category == "ops" && state?.definition.owner == nil && state?.definition.description == "new")
        #expect(state?.eventCount == 2)
        let bad = Lifecycle.apply(Self.event(AttributeChanges(category: "Kill Switch"), day: 3), to: &state)
        #expect(bad?.description.contains("must be lowercase letters") == true)
        let removed = Event(id: "r", at: Timestamp(secondsSince1970: 1_767_225_600 + 4 * 86_400), toggle: "isStories", actor: "mei", change: .removed(reason: nil))
        #expect(Lifecycle.apply(removed, to: &state) == nil)
        #expect(Lifecycle.apply(Self.event(AttributeChanges(owner: "li"), day: 5), to: &state) != nil)
    }

    @Test func differencesKeepOnlyWhatChanges() {
        let definition = ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(false), category: "release", owner: "mei")
        #expect(AttributeChanges(category: "release", owner: "mei").differences(from: definition) == nil)
        #expect(AttributeChanges(category: "ops", owner: "mei").differences(from: definition) == AttributeChanges(category: "ops"))
        #expect(AttributeChanges(owner: "").differences(from: definition) == AttributeChanges(owner: ""))
        #expect(AttributeChanges(description: "").differences(from: definition) == nil, "no description to clear")
    }
}

/// A checkpoint written by a version that did not know `attributes-changed` kept such an event
/// as an unknown type and left the toggle's state alone: this version must not trust it.
@Suite struct CheckpointOfAnOlderVersionTests {
    @Test func aSkippedTypeThisVersionKnowsMakesTheCheckpointUnusable() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-older-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func save(_ type: String) -> ReplayCheckpoint? {
            // As the older version stored it: unknown, its fields kept as extra members.
            let event = Event(
                id: "a1", at: Timestamp(secondsSince1970: 1_767_225_600), toggle: "isStories", actor: "mei",
                change: .unknown(type: type), extra: [.init("owner", .string("li"))])
            let projection = Projection(toggles: [], violations: [], unknownTypes: [(nil, event)], eventCount: 1, creationSites: [:])
            ReplayCheckpoint.save(
                segments: [], lastKey: OrderKey(at: event.at, id: event.id), summary: ReadSummary(segmentCount: 0),
                ids: IDBloomFilter(capacity: 16), projection: projection, to: TestCheckpoints.store(forLog: directory), displayName: directory)
            return ReplayCheckpoint.load(from: TestCheckpoints.store(forLog: directory), displayName: directory, logBytes: 0)
        }
        let unknown = try #require(save("archived"))
        #expect((try? unknown.projection(displayName: directory))?.unknownTypes.count == 1, "still unknown: usable")
        let known = try #require(save("attributes-changed"))
        #expect(throws: CheckpointCorrupt.self) { try known.projection(displayName: directory) }
    }
}
