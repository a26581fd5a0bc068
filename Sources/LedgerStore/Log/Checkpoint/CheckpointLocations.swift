import LedgerPlatform
import LedgerModel
// MARK: Locations

/// Locations are stored relative to the log directory (`base` is its display name and a
/// slash), so a log opened under another name or copied elsewhere still names its own files.
extension CheckpointEncoder {
    /// In the header: the file inline.
    mutating func inlineLocation(_ location: LineLocation?, base: String) {
        guard let location else { return u8(0) }
        let relative = location.file.hasPrefix(base)
        u8(relative ? 1 : 2)
        inlineString(relative ? String(location.file.dropFirst(base.count)) : location.file)
        int(location.line)
    }

    /// In the projection: the file from the string table.
    package mutating func location(_ location: LineLocation?, base: String) {
        guard let location else { return u8(0) }
        let relative = location.file.hasPrefix(base)
        u8(relative ? 1 : 2)
        string(relative ? String(location.file.dropFirst(base.count)) : location.file)
        int(location.line)
    }
}

extension CheckpointDecoder {
    mutating func inlineLocation(base: String) throws(CheckpointCorrupt) -> LineLocation? {
        let kind = try u8()
        guard kind != 0 else { return nil }
        guard kind <= 2 else { throw CheckpointCorrupt() }
        let file = try inlineString()
        return LineLocation(file: kind == 1 ? base + file : file, line: try int())
    }
}

extension CheckpointDecoder {
    /// Steps over a location of the projection.
    mutating func skipLocation() throws(CheckpointCorrupt) {
        switch try u8() {
        case 0: return
        case 1, 2: _ = try raw(12)
        default: throw CheckpointCorrupt()
        }
    }
}

/// Restores locations of the projection, building each segment's display path once.
struct LocationDecoder {
    package let base: String
    private var files: [String?] = []

    init(base: String) {
        self.base = base
    }

    package mutating func location(_ decoder: inout CheckpointDecoder) throws(CheckpointCorrupt) -> LineLocation? {
        switch try decoder.u8() {
        case 0: return nil
        case 1:
            let position = try decoder.stringIndex()
            if files.isEmpty { files = [String?](repeating: nil, count: decoder.stringCount) }
            let file: String
            if let known = files[position] {
                file = known
            } else {
                file = base + decoder.string(at: position)
                files[position] = file
            }
            return LineLocation(file: file, line: try decoder.int())
        case 2: return LineLocation(file: try decoder.string(), line: try decoder.int())
        default: throw CheckpointCorrupt()
        }
    }
}
