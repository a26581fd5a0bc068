import EmbeddingLedger
import ToggleLedger

// Creates a toggle in the directory named (./events by default), then prints the toggles
// alive and the stale report 120 days on.
let directory = CommandLine.arguments.dropFirst().first ?? "events"
let now = Timestamp(secondsSince1970: 1_767_225_600)  // 2026-01-01, so every run prints the same
do {
    try ToggleInventory.create("new_checkout", in: directory, by: "example@embedding-ledger", now: now)
} catch let error as LedgerError {
    print("not created: \(error)")  // a second run: the log already has it
}
print("live toggles:", try ToggleInventory.liveToggles(in: directory, at: now).joined(separator: ", "))
print(try ToggleInventory.staleReport(of: directory, now: now.adding(days: 120)))
