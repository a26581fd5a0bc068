import Dispatch

/// Every token text of the process, spelled once, at an address that never moves: a
/// ``SwiftToken`` holds only a pointer to its text, so it is plain data. A token that held its
/// `String` was retained when the lexer made it, released when its file's tokens were freed,
/// and retained and released at every copy the rules made (a `let token = tokens[i]`): about a
/// tenth of a scan of the 5,000-file tree.
///
/// Texts are kept until the process exits (never freed, so no token can outlive its text):
/// as many as the distinct names, string keys and operators of everything lexed, since a
/// spelling seen before is found by its bytes (not by `String` equality, which is canonical
/// equivalence: `café` in NFC and in NFD are two texts, as two tokens they were).
/// ``SwiftNameTable`` asks once per name it adds, so the lock is taken per new name of a
/// thread, never per token.
final class SwiftTokenTexts: @unchecked Sendable {
    static let shared = SwiftTokenTexts()

    /// Texts are stored in blocks that are never moved or freed.
    private static let blockSize = 4_096
    private let lock = DispatchSemaphore(value: 1)
    private var byBytes: [[UInt8]: UnsafePointer<String>] = [:]
    private var block: UnsafeMutablePointer<String>
    private var used = 0

    private init() {
        block = .allocate(capacity: Self.blockSize)
    }

    /// Where the text spelled by `bytes` is kept; `text` is that spelling as a `String`, made
    /// only when it is new.
    func address(of bytes: UnsafeBufferPointer<UInt8>, text: () -> String) -> UnsafePointer<String> {
        let key = Array(bytes)
        lock.wait()
        defer { lock.signal() }
        if let found = byBytes[key] { return found }
        if used == Self.blockSize {
            block = .allocate(capacity: Self.blockSize)
            used = 0
        }
        let slot = block + used
        slot.initialize(to: text())
        used += 1
        let address = UnsafePointer(slot)
        byBytes[key] = address
        return address
    }

    /// Where `text` is kept.
    func address(of text: String) -> UnsafePointer<String> {
        var spelling = text
        return spelling.withUTF8 { bytes in address(of: bytes) { text } }
    }

    /// `""`: the text of a string literal that is not simple, or of a regex literal.
    // Unsafe only in the compiler's eyes: the addresses are of texts never written again.
    nonisolated(unsafe) static let empty = shared.address(of: "")

    /// The text of each ASCII character, by byte: the punctuation the lexer emits.
    nonisolated(unsafe) static let ascii: [UnsafePointer<String>] = (0..<128).map { byte in
        shared.address(of: String(UnicodeScalar(UInt8(byte))))
    }
}
