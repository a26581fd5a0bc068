import Testing
@testable import LedgerPlatform
@testable import SwiftSource
@testable import ToggleLedger

/// A Swift file read from disk is lexed under a token limit, so the scan's memory follows the
/// file's size: a 40 MB file of `{` was 40 million tokens of 32 bytes (1.3 GB, 2 GB of address
/// space as the array doubled) and aborted under `ulimit -v`.
@Suite struct SwiftTokenLimitTests {
    /// The limit keeps the tokens within 4 times the file plus a fixed 64 MB, whatever the size.
    @Test func theLimitKeepsTokenMemoryWithinFourTimesTheFilePlusABase() {
        for size in [0, 1, 4_096, 1 << 20, 40 << 20, 1 << 32] {
            let memory = SwiftLexer.maximumTokens(forBytes: size) * MemoryLayout<SwiftToken>.stride
            #expect(memory <= 4 * size + 64_000_000, "\(size) bytes: \(memory) bytes of tokens")
        }
    }

    @Test func aFileOfOnlyBracesIsRefusedNamingTheLimit() {
        let bytes = [UInt8](repeating: UInt8(ascii: "{"), count: 3_000_000)
        #expect(throws: SwiftTokenLimitExceeded(byteCount: 3_000_000, limit: 2_375_000)) {
            _ = try SwiftLexer.tokenizeFile(bytes)
        }
        #expect(
            SwiftTokenLimitExceeded(byteCount: 3_000_000, limit: 2_375_000).reason
                == "more than 2375000 tokens, the most a Swift file of 3000000 bytes may have (2,000,000 plus one per 8 bytes, so memory stays in proportion to the file)")
    }

    /// A file at the limit is lexed whole; one token more is refused.
    @Test func aFileAtTheLimitIsLexedWholeAndOneTokenMoreIsRefused() throws {
        // `a,` is two tokens in two bytes: pairs up to the limit, then spaces to the file's size.
        let size = 2_400_000
        let limit = SwiftLexer.maximumTokens(forBytes: size)
        var bytes = Array(String(repeating: "a,", count: limit / 2).utf8)
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: size - bytes.count)
        let pairs = limit / 2
        let bounded = try SwiftLexer.tokenizeFile(bytes)
        #expect(bounded.count == 2 * pairs)
        #expect(bounded.last == SwiftToken(kind: .punctuation, text: ",", line: 1, column: 2 * pairs, spaceBefore: false))
        bytes[bytes.count - 1] = UInt8(ascii: ";")
        #expect(throws: SwiftTokenLimitExceeded.self) { _ = try SwiftLexer.tokenizeFile(bytes) }
    }
}
