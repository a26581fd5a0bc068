import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

@Suite struct SegmentRevisionTests {
    static let first = #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"removed","toggle":"x","actor":"me"}"#
    static let second = #"{"schema":1,"id":"b","at":"2026-01-02T00:00:00Z","type":"removed","toggle":"x","actor":"me"}"#

    func compare(_ old: String, _ new: String?) -> SegmentRevision.Comparison {
        SegmentRevision.compare(old: Array(old.utf8), new: new.map { Array($0.utf8) })
    }

    @Test func identicalAndAppendedAreFine() {
        #expect(compare(Self.first + "\n", Self.first + "\n").changes.isEmpty)
        let appended = compare(Self.first + "\n", Self.first + "\n" + Self.second + "\n")
        #expect(appended.changes.isEmpty)
        #expect(appended.addedLineCount == 1)
    }

    @Test func cuttingATornFragmentIsARepair() {
        let result = compare(Self.first + "\n" + #"{"schema":1,"id":"#, Self.first + "\n")
        #expect(result.changes.isEmpty)
        #expect(result.cutTornTail)
    }

    @Test func addingAMissingNewlineIsFine() {
        #expect(compare(Self.first, Self.first + "\n").changes.isEmpty)
    }

    @Test func removingACompleteUnterminatedEventIsADeletion() {
        let result = compare(Self.first + "\n" + Self.second, Self.first + "\n")
        #expect(result.changes.map(\.kind) == [.deleted])
        #expect(result.changes.first?.line == 2)
    }

    @Test func editedLineIsReportedWithItsReplacement() {
        let edited = Self.first.replacingOccurrences(of: "\"me\"", with: "\"mallory\"")
        let result = compare(Self.first + "\n" + Self.second + "\n", edited + "\n" + Self.second + "\n")
        #expect(result.changes.count == 1)
        #expect(result.changes.first?.kind == .edited)
        #expect(result.changes.first?.line == 1)
        #expect(result.changes.first?.new == Array(edited.utf8))
    }

    @Test func deletedSegmentReportsEveryLine() {
        let result = compare(Self.first + "\n" + Self.second + "\n", nil)
        #expect(result.changes.map(\.line) == [1, 2])
        #expect(result.changes.allSatisfy { $0.kind == .deleted })
    }
}
