import Foundation
import Testing
import ToggleLedger
import TestSupport

/// Issue 25: a writer records only the event types this version knows, and says which one was
/// meant; readers keep skipping the types a newer version wrote (LifecycleCommandTests).
@Suite struct EventTypeSpellingTests {
    @Test func aMisspeltTypeIsRefusedNamingTheNearestKnownType() throws {
        let directory = try TemporaryDirectory()
        @discardableResult
        func toggles(_ arguments: String..., stdin: String = "") -> TogglesBinary.Run {
            InProcessToggles.run(arguments, in: directory.url, stdin: stdin)
        }
        #expect(toggles("create", "isStories", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01").status == 0)
        let before = try directory.eventLines()
        let misspelt = toggles("append", stdin: #"{"type":"remvoed","toggle":"isStories","reason":"shipped"}"# + "\n")
        #expect(misspelt.status == 65, "\(misspelt)")
        #expect(misspelt.stderr.contains(#"stdin:1: event type "remvoed" is not one this version of toggles knows (did you mean removed?)"#), "\(misspelt)")
        #expect(try directory.eventLines() == before, "nothing appended")

        // Complete lines take the reader's fast path: refused all the same.
        let complete = toggles("append", stdin: #"{"schema":1,"id":"x1","at":"2026-02-01T00:00:00Z","type":"publihsed","toggle":"isStories","actor":"a"}"# + "\n")
        #expect(complete.status == 65 && complete.stderr.contains("did you mean published?"), "\(complete)")
        #expect(try directory.eventLines() == before)
    }

    /// The rule is the writer's, not `append`'s: the library refuses the event whoever built it.
    @Test func theLibraryRefusesAnUnknownTypeFromAnyWriter() throws {
        let directory = try TemporaryDirectory()
        let ledger = Ledger(directory: directory.file("events").path)
        let event = Event(id: "e1", at: Timestamp(rfc3339: "2026-01-01T00:00:00Z")!, toggle: "isStories", actor: "a", change: .unknown(type: "creatd"))
        #expect(WriteRules.problem(with: event, now: nil)?.contains("did you mean created?") == true)
        #expect(throws: LedgerError.self) { try ledger.append([event]) }
        #expect(directory.segments().isEmpty)
    }
}
