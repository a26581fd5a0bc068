import LedgerPlatform
import LedgerModel
import LedgerStore
/// Compares two versions of one segment, as git stored them, and says whether the newer
/// one only appended to the older.
///
/// The log's promise is that an event line, once written, is never edited or deleted.
/// Segments are written whole and never touched again, with one exception: the repair of a
/// torn tail, which cuts an unterminated fragment that is not a valid event (the writer was
/// killed) or adds the newline a complete last event lacked. Both are allowed here; every
/// other change of an existing line is a finding.
package enum SegmentRevision {
    /// What happened to one line of the older version.
    package struct LineChange: Sendable, Hashable {
        package enum Kind: String, Sendable {
            /// The line is gone and no line with its event id took its place.
            case deleted
            /// A line with the same event id but different bytes took its place.
            case edited
        }

        package var kind: Kind
        /// 1-based line number in the older version.
        package var line: Int
        /// The older line's bytes (without the newline).
        package var old: [UInt8]
        /// For an edit, the line that replaced it.
        package var new: [UInt8]?
    }

    /// The verdict on one pair of versions.
    package struct Comparison: Sendable {
        /// Lines edited or deleted; empty when the change was append-only.
        package var changes: [LineChange] = []
        /// Whether a torn fragment (not a valid event) was cut from the end.
        package var cutTornTail = false
        /// Lines present only in the newer version.
        var addedLineCount = 0
    }

    /// Compares `old` with `new`; `new` is nil when the segment was deleted.
    package static func compare(old: [UInt8], new: [UInt8]?) -> Comparison {
        var result = Comparison()
        let oldLines = lines(of: old)
        let newLines = new.map { lines(of: $0) } ?? []
        var newSet = Set(newLines.map(\.bytes))
        var newByID: [String: [UInt8]] = [:]
        for line in newLines {
            if let id = eventID(of: line.bytes) { newByID[id] = line.bytes }
        }
        for (index, line) in oldLines.enumerated() {
            if index < newLines.count && newLines[index].bytes == line.bytes { continue }
            if newSet.contains(line.bytes) { continue }  // kept, only moved by an insertion
            if !line.terminated && !isValidEvent(line.bytes) {
                result.cutTornTail = true  // a torn tail's repair
                continue
            }
            if let id = eventID(of: line.bytes), let replacement = newByID[id] {
                result.changes.append(LineChange(kind: .edited, line: index + 1, old: line.bytes, new: replacement))
            } else {
                result.changes.append(LineChange(kind: .deleted, line: index + 1, old: line.bytes, new: nil))
            }
        }
        for line in oldLines { newSet.remove(line.bytes) }
        result.addedLineCount = newSet.count
        return result
    }

    package struct Line {
        package var bytes: [UInt8]
        package var terminated: Bool
    }

    /// The lines of a segment, without their newlines (a trailing CR is kept: it is part of
    /// the bytes git stored). The last line may be unterminated.
    package static func lines(of bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            result.append(Line(bytes: Array(bytes[start..<index]), terminated: true))
            start = index + 1
        }
        if start < bytes.count { result.append(Line(bytes: Array(bytes[start...]), terminated: false)) }
        return result
    }

    /// The `id` of a line that is a JSON object with a string id, else nil.
    package static func eventID(of line: [UInt8]) -> String? {
        guard case .object(let object)? = try? JSONParser.parse(line) else { return nil }
        return object["id"]?.stringValue
    }

    static func isValidEvent(_ line: [UInt8]) -> Bool {
        guard let value = try? JSONParser.parse(line) else { return false }
        return (try? EventCodec.decode(value)) != nil
    }
}
