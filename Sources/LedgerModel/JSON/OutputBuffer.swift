/// The package's one output buffer: every writer and renderer builds its bytes here (log
/// lines, JSON, the text, state and HTML reports). A growable byte buffer written through a
/// pointer, for output made of many small pieces (a segment of 100,000 events is over a
/// million of them): appending to `[UInt8]` costs a uniqueness and capacity check and a
/// generic call per piece, here it is a bounds check and a store. JSON is written into it by
/// ``JSONWriter``'s extension.
package struct OutputBuffer: ~Copyable {
    // Settable only here; @usableFromInline so that the appends below inline into the
    // renderers and the writer in other targets (a call per piece cost 3% of an append).
    @usableFromInline package internal(set) var base: UnsafeMutablePointer<UInt8>
    @usableFromInline package internal(set) var count = 0
    @usableFromInline var capacity: Int

    package init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far; valid until the next append.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    package var array: [UInt8] { Array(bytes) }

    /// The bytes written so far as text.
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    package mutating func reserve(_ extra: Int) {
        if extra > capacity - count { grow(to: count + extra) }
    }

    @usableFromInline @inline(never)
    mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    package mutating func removeAll() { count = 0 }

    /// Forgets everything after the first `count` bytes.
    package mutating func truncate(to count: Int) {
        precondition(count <= self.count)
        self.count = count
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always)
    package mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inlinable @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends the UTF-8 of `text`.
    @inlinable
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends a whole number in decimal (named apart from ``append(_:)-(UInt8)``, which an
    /// integer literal would otherwise pick).
    package mutating func appendDecimal(_ number: Int) {
        guard number >= 0 else { return append(String(number)) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: more than Int.max has digits
        var length = 0
        var rest = number
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                length += 1
                buffer[24 - length] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            append(UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + 24 - length, count: length))
        }
    }

    /// Writes at most `maximum` bytes with `body`, which returns how many it wrote.
    @inlinable @inline(__always)
    package mutating func write(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximum)
        count += body(base + count)
    }

    /// Whether every byte of `bytes` is printable ASCII (0x20 to 0x7E), eight at a time.
    package static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(start)
        var offset = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 || hasZeroByte(word & 0xE0E0_E0E0_E0E0_E0E0) || hasZeroByte(word ^ (ones &* 0x7F)) {
                return false
            }
            offset += 8
        }
        while offset < bytes.count {
            guard start[offset] >= 0x20 && start[offset] < 0x7F else { return false }
            offset += 1
        }
        return true
    }

    /// Whether one of the eight bytes of `value` is zero (exact: no false positives).
    @inline(__always)
    static func hasZeroByte(_ value: UInt64) -> Bool {
        let highs: UInt64 = 0x8080_8080_8080_8080
        return ((value & ~highs) &+ ~highs | value) & highs != highs
    }
}
