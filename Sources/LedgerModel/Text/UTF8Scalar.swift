/// One UTF-8 scalar as RFC 3629 allows it (no overlong forms, no UTF-16 surrogates, nothing
/// above U+10FFFF): the one check the JSON parser and the Swift lexer make on bytes past ASCII.
package enum UTF8Scalar {
    package enum Check: Equatable {
        /// A valid scalar of this many bytes.
        case valid(Int)
        /// The lead byte starts no scalar (a continuation byte, 0xC0, 0xC1, 0xF5…).
        case invalidLead
        /// The sequence runs past `end`.
        case truncated
        /// A continuation byte is missing or out of range.
        case invalidSequence
    }

    /// The scalar whose lead byte (≥ 0x80) is at `position`, within `bytes[..<end]`.
    package static func check(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> Check {
        let lead = bytes[position]
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F  // excludes UTF-16 surrogates
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: return .invalidLead
        }
        guard position + length <= end else { return .truncated }
        let second = bytes[position + 1]
        guard second >= lowerBound && second <= upperBound else { return .invalidSequence }
        for offset in 2..<max(2, length) where bytes[position + offset] & 0xC0 != 0x80 {
            return .invalidSequence
        }
        return .valid(length)
    }
}
