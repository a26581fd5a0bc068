/// A file whose every line ends in CRLF (Windows endings), seen by the cleanup as its LF twin:
/// the rewrite rules split lines at `\n`, so a `\r` left before each would end up inside the
/// whitespace they compute (blank lines of spaces and `\r`, a body not dedented).
enum CRLFEndings {
    /// The bytes with each `\r\n` made `\n`, when every `\n` follows a `\r` (and there is one);
    /// nil otherwise: an LF file, or a file mixing both, which is planned as it is.
    static func lineFeedTwin(of bytes: [UInt8]) -> [UInt8]? {
        var twin: [UInt8] = []
        var lineFeeds = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            guard offset > 0, bytes[offset - 1] == 0x0D else { return nil }
            lineFeeds += 1
        }
        guard lineFeeds > 0 else { return nil }
        twin.reserveCapacity(bytes.count - lineFeeds)
        for (offset, byte) in bytes.enumerated() where !(byte == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A) {
            twin.append(byte)
        }
        return twin
    }

    /// The LF twin's cleaned bytes with each `\n` made `\r\n` again.
    static func restored(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            if byte == 0x0A { result.append(0x0D) }
            result.append(byte)
        }
        return result
    }
}
