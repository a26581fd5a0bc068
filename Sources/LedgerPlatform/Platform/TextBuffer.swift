#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text built by copying UTF-8 bytes into one growing buffer: for megabytes of report lines
/// much cheaper than appending to a `String` (or an array) piece by piece.
package final class TextBuffer {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) package private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    package init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        SystemCalls.preferHugePages(base, byteCount: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    package func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        memcpy(base + count, source, bytes.count)
        count += bytes.count
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        SystemCalls.preferHugePages(grown, byteCount: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    package func append(_ text: StaticString) {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    package func write(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends text from the log through ``TerminalText/sanitize(_:)``.
    package func appendSanitized(_ text: String) {
        let start = count
        write(text)
        var printable = true
        for index in start..<count { printable = printable && base[index] &- 0x20 < 0x5F }
        if !printable {
            count = start
            write(TerminalText.sanitize(text))
        }
    }

    /// A whole number in decimal.
    package func append(_ number: Int) {
        if number < 0 { return write(String(number)) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: more than Int.max has digits
        var length = 0
        var rest = number
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                length += 1
                buffer[24 - length] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            append(UnsafeRawBufferPointer(rebasing: buffer[(24 - length)...]))
        }
    }

    package var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}

/// `prefix` and `suffix` joined, with one allocation.
package func concatenate(_ prefix: String, _ suffix: String) -> String {
    var prefix = prefix
    var suffix = suffix
    return prefix.withUTF8 { head in
        suffix.withUTF8 { tail in
            String(unsafeUninitializedCapacity: head.count + tail.count) { buffer in
                if let address = buffer.baseAddress {
                    if let start = head.baseAddress { memcpy(address, start, head.count) }
                    if let start = tail.baseAddress { memcpy(address + head.count, start, tail.count) }
                }
                return head.count + tail.count
            }
        }
    }
}
