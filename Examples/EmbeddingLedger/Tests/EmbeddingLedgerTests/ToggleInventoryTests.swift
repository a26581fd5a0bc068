import Foundation
import Testing
import ToggleLedger

/// The example compiled inside the root package (its sources are this target's, see
/// Package.swift) without package access: it builds only while it uses public API alone.
@Suite struct ToggleInventoryTests {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("embedding-ledger-\(UUID().uuidString)/events").path
    let created = Timestamp(secondsSince1970: 1_767_225_600)  // 2026-01-01

    @Test func createsReplaysAndReportsAToggle() throws {
        defer { try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent) }
        let outcome = try ToggleInventory.create("new_checkout", in: directory, by: "dev@example.com", now: created)
        #expect(outcome.written.map(\.toggle) == ["new_checkout"])
        #expect(try ToggleInventory.liveToggles(in: directory, at: created) == ["new_checkout"])

        // A release toggle outlives the standard policy's 30 days: stale 120 days on.
        let report = try ToggleInventory.staleReport(of: directory, now: created.adding(days: 120))
        let row = try #require(report.split(separator: "\n").first { $0.hasPrefix("new_checkout") })
        #expect(row.contains("120d") && row.contains("release") && row.contains("dev@example.com"))
        #expect(row.contains("over-lifetime"), "\(report)")
    }

    @Test func refusesASecondCreateOfTheSameName() throws {
        defer { try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent) }
        try ToggleInventory.create("new_checkout", in: directory, by: "dev@example.com", now: created)
        #expect(throws: LedgerError.self) {
            try ToggleInventory.create("new_checkout", in: directory, by: "dev@example.com", now: created.adding(days: 1))
        }
        #expect(try ToggleInventory.liveToggles(in: directory, at: created.adding(days: 1)) == ["new_checkout"])
    }
}
