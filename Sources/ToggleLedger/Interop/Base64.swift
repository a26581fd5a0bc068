import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// RFC 4648 base64, for `<data>` in property lists (the library does without Foundation).
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64 with `=` padding, on one line.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var position = 0
        while position < bytes.count {
            let count = min(3, bytes.count - position)
            var group = 0
            for offset in 0..<3 { group = group << 8 | Int(offset < count ? bytes[position + offset] : 0) }
            for slot in 0..<4 {
                output.append(slot <= count ? alphabet[(group >> (18 - 6 * slot)) & 63] : UInt8(ascii: "="))
            }
            position += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of base64 `text` (whitespace already removed); nil when it is not base64.
    package static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count / 4 * 3)
        for start in stride(from: 0, to: characters.count, by: 4) {
            var group = 0
            var padding = 0
            for offset in 0..<4 {
                let character = characters[start + offset]
                if character == UInt8(ascii: "=") && start + 4 == characters.count && offset >= 2 {
                    padding += 1
                    group <<= 6
                    continue
                }
                guard padding == 0, let value = alphabet.firstIndex(of: character) else { return nil }
                group = group << 6 | value
            }
            for offset in 0..<(3 - padding) { output.append(UInt8((group >> (16 - 8 * offset)) & 0xFF)) }
        }
        return output
    }
}
