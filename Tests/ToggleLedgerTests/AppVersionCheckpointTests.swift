import Foundation
import Testing
import ToggleLedger
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
import TestSupport

/// The log-wide state and the removal version go through the same append, replay and
/// checkpoint as everything else, and the checkpoint gives the full replay's answer.
@Suite struct AppVersionCheckpointTests {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("appversion-\(UUID().uuidString)")
    var path: String { url.path }

    func ledger(checkpointing: Bool) -> Ledger {
        Ledger(directory: path, options: checkpointing ? ReplayOptions.checkpointing(minimumLogBytes: 1) : ReplayOptions(usesCheckpoint: false))
    }

    func append(_ events: [Event], checkpointing: Bool = true) throws {
        _ = try ledger(checkpointing: checkpointing).append(events)
    }

    @Test func theCheckpointStoresTheMinimumAndTheRemovalVersion() throws {
        defer { try? FileManager.default.removeItem(at: url) }
        try append(
            RemovalByAppVersionTests.life.prefix(2) + [
                RemovalByAppVersionTests.event(.created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(true))), at: 1, toggle: "other")
            ])
        try Data(LogWriter.gitignore.utf8).write(to: url.appendingPathComponent(".gitignore"))
        for event in RemovalByAppVersionTests.life[2...5] { try append([event]) }
        // Full replay writes the checkpoint; the next read restores from it.
        _ = try ledger(checkpointing: true).replay()
        #expect(FileManager.default.fileExists(atPath: TestCheckpoints.file(forLog: path).path))
        let restored = try ledger(checkpointing: true).replay()
        #expect(restored.path == .checkpoint)
        let full = try ledger(checkpointing: false).replay()
        #expect(restored.projection.supportedVersions == full.projection.supportedVersions)
        #expect(restored.projection.supportedVersions.minimum == AppVersion("2.5"))
        #expect(restored.projection.sortedToggles == full.projection.sortedToggles)
        #expect(restored.projection.toggles["isRoundedAvatar"]?.removedInAppVersion == AppVersion("2.5.0"))

        // A snapshot of toggles in use keeps the one still served, restored or replayed.
        let snapshot = try ledger(checkpointing: true).snapshot(includingRemoved: false)
        #expect(snapshot.path == .checkpoint)
        #expect(snapshot.toggles.map(\.name) == ["isRoundedAvatar", "other"])
        #expect(snapshot.supportedVersions == full.projection.supportedVersions)

        // Events appended after the checkpoint fold onto it, log-wide ones included.
        try append([RemovalByAppVersionTests.event(.minimumVersionChanged(minimum: AppVersion("2.6")!, reason: nil), at: 60)])
        let after = try ledger(checkpointing: true).snapshot(includingRemoved: false)
        #expect(after.supportedVersions.minimum == AppVersion("2.6"))
        try append([RemovalByAppVersionTests.life[6]])
        let retired = try ledger(checkpointing: true).snapshot(includingRemoved: false)
        #expect(retired.toggles.map(\.name) == ["other"])
        let replayed = try ledger(checkpointing: false).snapshot(includingRemoved: false)
        #expect(retired.toggles == replayed.toggles && retired.supportedVersions == replayed.supportedVersions)
    }

    @Test func anAppendChecksTheNewEventsWithAndWithoutACheckpoint() throws {
        defer { try? FileManager.default.removeItem(at: url) }
        for checkpointing in [false, true] {
            try? FileManager.default.removeItem(at: url)
            try append(
                Array(RemovalByAppVersionTests.life.prefix(2)) + [
                    RemovalByAppVersionTests.event(.created(ToggleDefinition(kind: .remote, valueType: .bool, defaultValue: .bool(true))), at: 1, toggle: "other")
                ], checkpointing: checkpointing)
            try Data(LogWriter.gitignore.utf8).write(to: url.appendingPathComponent(".gitignore"))
            _ = try ledger(checkpointing: checkpointing).replay()
            // Log-wide events never meet a toggle's rules, alone or in a batch with toggle events.
            try append([RemovalByAppVersionTests.life[2], RemovalByAppVersionTests.life[3]], checkpointing: checkpointing)
            try append([RemovalByAppVersionTests.life[4]], checkpointing: checkpointing)
            // A retirement of a toggle still in the code, or the reserved name created, is refused.
            for refused in [
                RemovalByAppVersionTests.event(.retired(reason: nil), at: 80, toggle: "other"),
                RemovalByAppVersionTests.event(.created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(true))), at: 80, toggle: "_app"),
            ] {
                #expect(throws: LedgerError.self) { try append([refused], checkpointing: checkpointing) }
            }
            let replay = try ledger(checkpointing: false).replay()
            #expect(replay.projection.violations.isEmpty)
            #expect(replay.projection.supportedVersions.changes.count == 2)
            #expect(replay.summary.eventCount == 6)
        }
    }
}
