import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// The id table keeps only part of each id's hash; a match is confirmed by the caller, so a
/// collision never drops an event, and a duplicate is always found, through every resize.
@Suite struct SeenIDsTests {
    /// Ids laid out as lines of 20 bytes in segments of 1,000 bytes.
    struct Layout {
        let ids: [String]
        func place(_ index: Int) -> (segment: Int, offset: Int64) { (index / 50, Int64(index % 50) * 20) }
        func id(at segment: Int, _ offset: Int64) -> String { ids[segment * 50 + Int(offset) / 20] }
        var sizes: [Int64] { Array(repeating: 1_000, count: (ids.count + 49) / 50) }
    }

    @Test(arguments: [false, true])
    func findsEveryDuplicateAndNothingElse(collidingHashes: Bool) throws {
        let layout = Layout(ids: (0..<20_000).map { "id-\($0)" })
        var seen = SeenIDs()
        seen.configure(segmentSizes: layout.sizes)  // sized for 2,500 ids: it must grow three times
        func hash(_ id: String) -> UInt64 { collidingHashes ? 0xDEAD_BEEF_0000_0000 : SeenIDs.fingerprint(id) }
        // Every id is new the first time, even when all of them share one hash.
        for (index, id) in layout.ids.enumerated() where !collidingHashes || index < 2_000 {
            let place = layout.place(index)
            let earlier = seen.insert(hash(id), segment: place.segment, offset: place.offset) { layout.id(at: $0, $1) == id }
            #expect(earlier == nil)
        }
        // The second time, each is found where it was first seen.
        for (index, id) in layout.ids.enumerated() where index % 7 == 0 && (!collidingHashes || index < 2_000) {
            let earlier = seen.insert(hash(id), segment: 399, offset: 980) { layout.id(at: $0, $1) == id }
            #expect(earlier.map { layout.id(at: $0.segment, $0.offset) } == id)
        }
    }

    /// A line past the size its segment had when the read began (the file grew) is kept
    /// aside, and still found.
    @Test func linesBeyondTheirSegmentAreStillFound() {
        var seen = SeenIDs()
        seen.configure(segmentSizes: [100, 100])
        let outside = (segment: 0, offset: Int64(150))
        #expect(seen.insert(42, segment: outside.segment, offset: outside.offset) { _, _ in false } == nil)
        #expect(seen.insert(43, segment: 1, offset: 10) { _, _ in false } == nil)
        let found = seen.insert(42, segment: 1, offset: 50) { $0 == outside.segment && $1 == outside.offset }
        #expect(found?.segment == 0 && found?.offset == 150)
        #expect(seen.count == 2)
    }
}
