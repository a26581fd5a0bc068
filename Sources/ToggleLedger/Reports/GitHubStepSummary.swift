import LedgerPlatform

/// Appends Markdown to a GitHub Actions job summary: the file `$GITHUB_STEP_SUMMARY` names
/// (the caller reads the variable and passes the path). GitHub rejects a step's summary over
/// 1 MiB, so what would pass that is cut at a line, an open `<details>` closed, and a note
/// says what was left out.
package enum GitHubStepSummary {
    /// GitHub's limit on one step's summary, in bytes.
    public static let limit = 1 << 20

    public enum Outcome: Sendable, Hashable {
        /// All of it was appended.
        case appended(bytes: Int)
        /// Only the first `keptBytes` of `totalBytes` fitted; a note says so.
        case truncated(keptBytes: Int, totalBytes: Int)
        /// The file was already too full to take even the note.
        case noRoom
    }

    /// Appends `markdown` to the file at `path` (created when missing), keeping the whole
    /// file under `limit` bytes.
    /// - Throws: ``SystemCallError`` naming the file when it cannot be opened or written;
    ///   ``FileReadError/notARegularFile(file:)`` for a FIFO, a device or a socket.
    @discardableResult
    public static func append(_ markdown: String, toFileAt path: String, limit: Int = Self.limit) throws -> Outcome {
        // Non-blocking, so a FIFO with no reader fails at once (ENXIO) instead of hanging the
        // step; and only a regular file has a size to keep under the limit.
        let descriptor: Int32
        do {
            descriptor = try SystemCalls.open(path, OpenFlags.writeOnly | OpenFlags.append | OpenFlags.create | OpenFlags.nonBlocking)
        } catch SystemCallError.failed(_, _, ErrorCode.noReader) {
            throw FileReadError.notARegularFile(file: path)
        }
        defer { SystemCalls.close(descriptor) }
        guard SystemCalls.regularFileIdentity(descriptor) != nil else { throw FileReadError.notARegularFile(file: path) }
        let existing = Int(try SystemCalls.fileSize(descriptor, path: path))
        let (text, outcome) = fitted(markdown, room: limit - existing, limit: limit)
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBytes { try SystemCalls.writeAll(descriptor, UnsafeRawBufferPointer($0), path: path) }
        return outcome
    }

    /// `markdown` as it fits in `room` bytes, ending with a note when it had to be cut.
    static func fitted(_ markdown: String, room: Int, limit: Int = Self.limit) -> (String, Outcome) {
        let total = markdown.utf8.count
        // A summary starts on a line of its own, after whatever the step appended before.
        if total + 1 <= room { return ("\n" + markdown, .appended(bytes: total + 1)) }
        let note =
            "\n> **Truncated:** the report has \(total) bytes and GitHub takes \(limit) per step; this is the start of it. `toggles report --format markdown` prints all of it.\n"
        let closing = "\n</details>\n"
        let budget = room - 1 - note.utf8.count - closing.utf8.count
        guard budget > 0 else { return ("", .noRoom) }
        // Cut at the last line break that fits (never inside a UTF-8 sequence or a table row).
        let bytes = Array(markdown.utf8)
        var end = budget
        while end > 0 && bytes[end - 1] != UInt8(ascii: "\n") { end -= 1 }
        var kept = String(decoding: bytes[..<end], as: UTF8.self)
        let opened = kept.ranges(of: "<details>").count + kept.ranges(of: "<details ").count
        if opened > kept.ranges(of: "</details>").count { kept += closing }
        let text = "\n" + kept + note
        return (text, .truncated(keptBytes: end, totalBytes: total))
    }
}
