/// The one escaping rule of every JSON string the tool writes: log lines, `--format json`
/// output of every command, exported templates.
///
/// Besides what RFC 8259 requires (`"`, `\` and the C0 controls) it escapes, as `\uXXXX`,
/// the characters that act on a terminal or reorder text when the JSON is shown: DEL, the
/// C1 controls (U+0080–U+009F, among them the one-byte CSI), the line and paragraph
/// separators (U+2028, U+2029, also invalid in older JavaScript strings), the bidi
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069), the bidi marks (U+061C, U+200E,
/// U+200F) and the byte-order mark (U+FEFF): what `TerminalText.isControl` names, the rule of
/// every output. A parser reads back the same
/// string. ``JSONWriter`` and ``OutputBuffer`` both follow it (tests compare the two).
package enum JSONEscaping {
    /// The number of bytes at `index` that one escape stands for (the whole UTF-8 sequence
    /// of an escaped character), or 0 when the byte is copied as it is.
    @inline(__always)
    package static func escapedLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F { return 1 }
        if byte == 0xC2 {
            // U+0080–U+009F: C2 80 … C2 9F.
            return index + 1 < bytes.count && bytes[index + 1] <= 0x9F ? 2 : 0
        }
        if byte == 0xE2, index + 2 < bytes.count {
            // U+200E, U+200F: E2 80 8E, E2 80 8F; U+2028–U+202E: E2 80 A8 … E2 80 AE;
            // U+2066–U+2069: E2 81 A6 … E2 81 A9.
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            if (second == 0x80 && ((0xA8...0xAE).contains(third) || third == 0x8E || third == 0x8F))
                || (second == 0x81 && (0xA6...0xA9).contains(third))
            {
                return 3
            }
        }
        // U+061C: D8 9C.
        if byte == 0xD8 { return index + 1 < bytes.count && bytes[index + 1] == 0x9C ? 2 : 0 }
        // U+FEFF: EF BB BF.
        if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { return 3 }
        return 0
    }

    /// Writes the escape for the `length` bytes at `index` (as ``escapedLength(_:at:)`` gave).
    @inline(__always)
    package static func writeEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int, _ write: (UInt8) -> Void) {
        let scalar: UInt32
        switch length {
        case 1:
            let byte = bytes[index]
            let short: UInt8? =
                switch byte {
                case UInt8(ascii: "\""): UInt8(ascii: "\"")
                case UInt8(ascii: "\\"): UInt8(ascii: "\\")
                case 0x0A: UInt8(ascii: "n")
                case 0x0D: UInt8(ascii: "r")
                case 0x09: UInt8(ascii: "t")
                case 0x08: UInt8(ascii: "b")
                case 0x0C: UInt8(ascii: "f")
                default: nil
                }
            if let short {
                write(UInt8(ascii: "\\"))
                write(short)
                return
            }
            scalar = UInt32(byte)
        case 2:
            // C2 xx is U+00xx for xx in 80…BF; D8 9C is U+061C.
            scalar = UInt32(bytes[index] & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        default:
            scalar = UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        }
        write(UInt8(ascii: "\\"))
        write(UInt8(ascii: "u"))
        for shift in [12, 8, 4, 0] { write(hexDigit(UInt8((scalar >> UInt32(shift)) & 0xF))) }
    }

    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
