import LedgerModel

/// Code a Swift compiler would not read as the lexer does: a NUL byte between tokens (swiftc
/// takes it for a space, with a warning, so `ba\0d` is two names) or an identifier that is not
/// valid UTF-8 (swiftc refuses the file). A scan does not guess at such a file's names: it says
/// where the first one is and passes the file over, as for a file with too many tokens.
struct SwiftMalformedCode: Error, Sendable, Equatable {
    package var line: Int
    package var column: Int
    package var reason: String

    static let nul = "a NUL byte in code (Swift reads it as a space and warns; delete it)"
    static let invalidUTF8 = "an identifier that is not valid UTF-8 (Swift refuses the file; fix its encoding)"
}

extension SwiftMalformedCode {
    /// The position of the first NUL (unless `allowsNUL`) or of the first byte of an invalid
    /// UTF-8 sequence in `bytes[start..<end]` (``UTF8Scalar``), or nil.
    static func firstPosition(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, allowsNUL: Bool) -> Int? {
        var position = start
        while position < end {
            let byte = bytes[position]
            if byte < 0x80 {
                if byte == 0 && !allowsNUL { return position }
                position += 1
            } else if case .valid(let length) = UTF8Scalar.check(bytes, at: position, end: end) {
                position += length
            } else {
                return position
            }
        }
        return nil
    }
}
