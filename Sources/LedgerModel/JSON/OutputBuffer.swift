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

/// Serialises ``JSONValue`` as compact JSON (no insignificant whitespace), the form every
/// event line takes, or pretty-printed for people.
///
/// Object members keep their order, so a caller that builds an object in a fixed key order
/// gets a canonical byte sequence. Strings escape what JSON requires plus the characters
/// ``JSONEscaping`` names (controls, line separators, bidi overrides), so no JSON the tool
/// writes — a log line or any `--format json` output — carries one raw.
///
/// Everything is written into an ``OutputBuffer`` (the extension below) and turned into a
/// `String` once: appending to a `String` piece by piece costs several times more.
package enum JSONWriter {
    public static func string(_ value: JSONValue) -> String {
        var output = OutputBuffer(capacity: 256)
        output.appendJSON(value)
        return output.string
    }

    public static func write(_ value: JSONValue, to output: inout String) {
        output += string(value)
    }

    /// Appends the compact form of `value` to `output` as UTF-8.
    public static func write(_ value: JSONValue, to output: inout [UInt8]) {
        var buffer = OutputBuffer(capacity: 256)
        buffer.appendJSON(value)
        output.append(contentsOf: buffer.bytes)
    }

    public static func quoted(_ text: String) -> String {
        var output = OutputBuffer(capacity: text.utf8.count + 2)
        output.appendJSONString(text)
        return output.string
    }

    public static func writeString(_ text: String, to output: inout String) {
        output += quoted(text)
    }

    /// Appends `text` as a JSON string, escaping what ``JSONEscaping`` says.
    public static func writeString(_ text: String, to output: inout [UInt8]) {
        var buffer = OutputBuffer(capacity: text.utf8.count + 2)
        buffer.appendJSONString(text)
        output.append(contentsOf: buffer.bytes)
    }

    /// Pretty-printed JSON with two-space indentation, for human-facing `--format json` output.
    public static func pretty(_ value: JSONValue) -> String {
        var output = OutputBuffer(capacity: 1024)
        output.appendJSONPretty(value, indent: 0)
        return output.string
    }

    /// Appends the pretty form of `value`, as if it were nested `indent` levels deep.
    public static func writePretty(_ value: JSONValue, indent: Int, to output: inout [UInt8]) {
        var buffer = OutputBuffer(capacity: 1024)
        buffer.appendJSONPretty(value, indent: indent)
        output.append(contentsOf: buffer.bytes)
    }
}

/// The one JSON writer: ``JSONWriter`` and every fast path (the log writer's event encoder,
/// the state renderer) write JSON through these.
extension OutputBuffer {
    /// Appends `text` as a JSON string, escaping what ``JSONEscaping`` says.
    package mutating func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            if !Self.anyNeedsEscape(utf8) {
                reserve(utf8.count + 2)
                base[count] = UInt8(ascii: "\"")
                if let source = utf8.baseAddress { (base + count + 1).update(from: source, count: utf8.count) }
                base[count + 1 + utf8.count] = UInt8(ascii: "\"")
                count += utf8.count + 2
                return
            }
            // At most six bytes per input byte (`\u001f`), plus the quotes.
            reserve(utf8.count * 6 + 2)
            var output = base + count
            output.pointee = UInt8(ascii: "\"")
            output += 1
            var index = 0
            while index < utf8.count {
                let length = JSONEscaping.escapedLength(utf8, at: index)
                guard length > 0 else {
                    output.pointee = utf8[index]
                    output += 1
                    index += 1
                    continue
                }
                JSONEscaping.writeEscape(utf8, at: index, length: length) { byte in
                    output.pointee = byte
                    output += 1
                }
                index += length
            }
            output.pointee = UInt8(ascii: "\"")
            output += 1
            count = base.distance(to: output)
        }
    }

    /// Appends the compact form of `value`: no insignificant whitespace, members in order.
    package mutating func appendJSON(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let lexeme): append(lexeme)
        case .string(let text): appendJSONString(text)
        case .array(let elements):
            append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { append(UInt8(ascii: ",")) }
                appendJSON(element)
            }
            append(UInt8(ascii: "]"))
        case .object(let object):
            appendJSON(object)
        }
    }

    /// Appends `value` pretty-printed with two-space indentation, as if nested `indent` levels deep.
    package mutating func appendJSONPretty(_ value: JSONValue, indent: Int) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            append("[\n")
            for (position, element) in elements.enumerated() {
                appendIndent(indent + 1)
                appendJSONPretty(element, indent: indent + 1)
                if position < elements.count - 1 { append(UInt8(ascii: ",")) }
                append(0x0A)
            }
            appendIndent(indent)
            append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            append("{\n")
            for (position, member) in object.members.enumerated() {
                appendIndent(indent + 1)
                appendJSONString(member.key)
                append(": ")
                appendJSONPretty(member.value, indent: indent + 1)
                if position < object.members.count - 1 { append(UInt8(ascii: ",")) }
                append(0x0A)
            }
            appendIndent(indent)
            append(UInt8(ascii: "}"))
        default:
            appendJSON(value)
        }
    }

    /// Two spaces per level of `indent`.
    package mutating func appendIndent(_ indent: Int) {
        reserve(indent * 2)
        (base + count).initialize(repeating: 0x20, count: indent * 2)
        count += indent * 2
    }

    package mutating func appendJSON(_ object: JSONObject) {
        append(UInt8(ascii: "{"))
        for (position, member) in object.members.enumerated() {
            if position > 0 { append(UInt8(ascii: ",")) }
            appendJSONString(member.key)
            append(UInt8(ascii: ":"))
            appendJSON(member.value)
        }
        append(UInt8(ascii: "}"))
    }

    /// Whether any byte of `bytes` needs an escape, eight at a time.
    @inline(__always)
    private static func anyNeedsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(start)
        var offset = 0
        while offset + 8 <= bytes.count {
            if wordNeedsEscape(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset += 8
        }
        while offset < bytes.count {
            if needsEscape(start[offset]) { return true }
            offset += 1
        }
        return false
    }

    /// Whether one of the eight bytes of `word` is below 0x20, `"`, `\` or DEL, or the lead
    /// byte (C2, D8, E2, EF) of a character ``JSONEscaping`` may escape (the classic "has a zero byte"
    /// and "has a byte less than n" bit tricks; the lead bytes may be false positives, which
    /// the byte loop settles).
    @inline(__always)
    private static func wordNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        return hasZeroByte(word & 0xE0E0_E0E0_E0E0_E0E0)  // a byte below 0x20
            || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C)) || hasZeroByte(word ^ (ones &* 0x7F))
            || (word & 0x8080_8080_8080_8080 != 0
                && (hasZeroByte(word ^ (ones &* 0xC2)) || hasZeroByte(word ^ (ones &* 0xE2))
                    || hasZeroByte(word ^ (ones &* 0xD8)) || hasZeroByte(word ^ (ones &* 0xEF))))
    }

    /// The ASCII bytes ``JSONEscaping`` escapes, and the lead bytes of the others.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF
    }
}
