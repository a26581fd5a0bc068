import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Ids of the events `import firebase` appends, derived from what each event says.
///
/// `firebase-x0002-v6-welcomeMessage-published-3f0c9a1e5b7d2c48`:
/// - `x0002`: the import's rank at that instant: one more than the highest rank already in the
///   log at the same `at` (ids of the older form `firebase-v6-…` count as rank 0). Events at one
///   instant replay in id order, so a later import at the same instant (the same version
///   imported again after another template with that version) replays after the earlier one;
/// - `v6` (or `u` for a template without a version number): the template version;
/// - the toggle and the event type, so a new parameter's `created` sorts before its `published`;
/// - a 64-bit FNV-1a hash of the event's content: instant, type, toggle, actor and payload (not
///   the CI provenance), so two jobs importing the same template into the same log write the
///   same ids and the log records it once, while different content never shares an id.
enum ImportEventID {
    package static let prefix = "firebase-x"
    static let rankDigits = 4

    /// The rank a new import gets at `instant`, given every event of the log in replay order.
    static func nextRank(at instant: Timestamp, in history: [Event]) -> Int {
        var highest = 0
        // `history` is sorted by instant: look only at the events of this instant.
        var low = 0, high = history.count
        while low < high {
            let middle = (low + high) / 2
            if history[middle].at < instant { low = middle + 1 } else { high = middle }
        }
        for event in history[low...] {
            guard event.at == instant else { break }
            if let parsed = parse(event.id) { highest = max(highest, parsed.rank) }
        }
        return highest + 1
    }

    /// The id of `event` (whose own id is ignored) imported at `rank` from `version`.
    package static func make(for event: Event, rank: Int, version: String?) -> String {
        var content = event
        content.id = ""
        content.source = nil
        let hash = ByteHash.fnv1aHex(EventCodec.encode(content).utf8)
        let digits = String(rank)
        let rankText = String(repeating: "0", count: max(0, rankDigits - digits.count)) + digits
        let head = "\(prefix)\(rankText)-\(version.map { "v\($0)" } ?? "u")"
        let id = "\(head)-\(event.toggle)-\(event.type)-\(hash)"
        return id.utf8.count <= 200 ? id : "\(head)-\(ByteHash.fnv1aHex(event.toggle.utf8))-\(event.type)-\(hash)"
    }

    /// The rank and template version of an imported event's id, in either form; nil for an id
    /// `import firebase` did not make.
    package static func parse(_ id: String) -> (rank: Int, version: String?)? {
        let bytes = Array(id.utf8)
        func digits(from start: Int) -> Int {
            var end = start
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
            return end
        }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let legacy = Array("firebase-v".utf8), current = Array(prefix.utf8)
        if bytes.starts(with: legacy) {
            let end = digits(from: legacy.count)
            guard end > legacy.count, end < bytes.count, bytes[end] == UInt8(ascii: "-") else { return nil }
            return (0, text(legacy.count..<end))
        }
        guard bytes.starts(with: current) else { return nil }
        let rankEnd = digits(from: current.count)
        guard rankEnd > current.count, rankEnd + 2 < bytes.count, bytes[rankEnd] == UInt8(ascii: "-"),
            let rank = Int(text(current.count..<rankEnd))
        else { return nil }
        let marker = rankEnd + 1
        if bytes[marker] == UInt8(ascii: "u"), bytes[marker + 1] == UInt8(ascii: "-") { return (rank, nil) }
        guard bytes[marker] == UInt8(ascii: "v") else { return nil }
        let versionEnd = digits(from: marker + 1)
        guard versionEnd > marker + 1, versionEnd < bytes.count, bytes[versionEnd] == UInt8(ascii: "-") else { return nil }
        return (rank, text(marker + 1..<versionEnd))
    }
}
