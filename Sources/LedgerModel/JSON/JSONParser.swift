/// A strict RFC 8259 parser working on UTF-8 bytes.
///
/// Strict means it rejects what the RFC rejects: trailing commas, leading zeros, `NaN`,
/// unescaped control characters, invalid UTF-8, lone surrogates, and anything after the
/// value. It also rejects duplicate keys in an object, which the RFC leaves open but which
/// would make an event ambiguous. Nesting is limited so hostile input fails with an error
/// instead of exhausting the stack, and so is the number of values, so it fails instead of
/// exhausting memory.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 256

    /// The most values (objects, arrays, strings, numbers and literals, each counting one)
    /// one text may hold. A ``JSONValue`` costs 24 bytes or more while `0,` or `{},` costs
    /// two or three bytes of input, so without a bound a 40 MB line of `[0,0,…]` took 855 MB.
    /// 2^20 is far above what anything the parser reads can legitimately hold (a Remote
    /// Config template: 3,000 parameters and 1,000,000 characters of values in all; an event:
    /// one such value) and caps the tree near 25 MB plus the strings' own bytes.
    package static let maximumValues = 1 << 20

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private let maximumValues: Int
    /// Values still allowed: each one parsed takes one.
    private var valuesLeft: Int

    /// Parses exactly one JSON value that fills `bytes` (surrounding whitespace allowed),
    /// holding at most `maximumValues` values.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumValues: Int = maximumValues) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumValues: maximumValues)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index != bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return value
    }

    package static func parse(_ bytes: [UInt8], maximumValues: Int = maximumValues) throws(JSONError) -> JSONValue {
        do {
            return try bytes.withUnsafeBufferPointer { buffer in try parse(buffer, maximumValues: maximumValues) }
        } catch let error as JSONError {
            throw error
        } catch {
            preconditionFailure("unreachable: \(error)")
        }
    }

    package static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses one value starting at `start` (no leading whitespace), nested `depth` levels
    /// deep, holding at most `maximumValues` values, and returns it with the index just past
    /// it and the number of values it holds. For decoders that walk the outer object
    /// themselves and hand payload values to the general parser (and keep the line's count).
    package static func parseValue(
        in bytes: UnsafeBufferPointer<UInt8>, at start: Int, depth: Int, maximumValues: Int = maximumValues
    ) throws(JSONError) -> (value: JSONValue, end: Int, values: Int) {
        var parser = JSONParser(bytes: bytes, maximumValues: maximumValues)
        parser.index = start
        parser.depth = depth
        let value = try parser.parseValue()
        return (value, parser.index, maximumValues - parser.valuesLeft)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumValues: Int) {
        self.bytes = bytes
        self.maximumValues = maximumValues
        self.valuesLeft = maximumValues
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        // Counted before the value is built, so the tree never outgrows the bound.
        guard valuesLeft > 0 else {
            throw error("more than \(maximumValues) values (objects, arrays, strings, numbers, literals), expected at most \(maximumValues) in one JSON text")
        }
        valuesLeft -= 1
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func parseObject() throws(JSONError) -> JSONValue {
        try enterContainer()
        index += 1  // {
        var members: [JSONObject.Member] = []
        var seen = Set<String>()
        skipWhitespace()
        if leaveContainer(at: UInt8(ascii: "}")) { return .object(JSONObject(members)) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a string key")
            }
            let keyStart = index
            let key = try parseString()
            if !seen.insert(key).inserted {
                throw JSONError(offset: keyStart, reason: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()), expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONObject.Member(key, value))
            if try endsContainer(at: UInt8(ascii: "}")) { return .object(JSONObject(members)) }
        }
    }

    private mutating func parseArray() throws(JSONError) -> JSONValue {
        try enterContainer()
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if leaveContainer(at: UInt8(ascii: "]")) { return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            if try endsContainer(at: UInt8(ascii: "]")) { return .array(elements) }
        }
    }

    private mutating func enterContainer() throws(JSONError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    /// Consumes the container's `close` and leaves it, when `close` comes next. Inlined
    /// (like the next one): the reader parses a line's JSON values through here.
    @inline(__always)
    private mutating func leaveContainer(at close: UInt8) -> Bool {
        guard peek() == close else { return false }
        index += 1
        depth -= 1
        return true
    }

    /// After a member or an element: true when the container ends there (its `close`
    /// consumed), false after the `,` before the next one.
    @inline(__always)
    private mutating func endsContainer(at close: UInt8) throws(JSONError) -> Bool {
        skipWhitespace()
        if peek() == UInt8(ascii: ",") {
            index += 1
            return false
        }
        guard leaveContainer(at: close) else {
            throw error("unexpected \(describeCurrent()), expected ',' or '\(Character(Unicode.Scalar(close)))'")
        }
        return true
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        guard index + count <= bytes.count else { throw error("unexpected \(describeCurrent()), expected a value") }
        for offset in 0..<count where bytes[index + offset] != start[offset] {
            throw error("unexpected \(describeCurrent()), expected a value")
        }
        index += count
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONError) -> String {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw error("a number needs a digit after '-'") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) { throw error("a number may not have leading zeros") }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let digit = peek(), isDigit(digit) else { throw error("a number needs a digit after '.'") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), isDigit(digit) else { throw error("a number needs a digit in its exponent") }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    // MARK: Strings

    private mutating func parseString() throws(JSONError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes, only validated UTF-8.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("unescaped control character U+\(hex4(UInt32(byte))) in a string") }
            if byte < 0x80 { index += 1 } else { try skipUTF8Scalar() }
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scalars)
            case 0..<0x20:
                throw error("unescaped control character U+\(hex4(UInt32(byte))) in a string")
            case 0x80...:
                let scalarStart = index
                try skipUTF8Scalar()
                scalars.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[scalarStart..<index]))
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(JSONError) {
        index += 1  // backslash
        guard let byte = peek() else { throw error("unterminated escape sequence") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("lone high surrogate \\u\(hex4(scalar))") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("high surrogate \\u\(hex4(scalar)) not followed by a low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("lone low surrogate \\u\(hex4(scalar))")
            }
            appendUTF8(scalar, to: &output)
        default:
            index -= 1
            throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func parseHex4() throws(JSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// Validates one multi-byte UTF-8 scalar at `index` (``UTF8Scalar``) and moves past it.
    private mutating func skipUTF8Scalar() throws(JSONError) {
        switch UTF8Scalar.check(bytes, at: index, end: bytes.count) {
        case .valid(let length): index += length
        case .invalidLead: throw error("invalid UTF-8 byte 0x\(String(bytes[index], radix: 16, uppercase: true))")
        case .truncated: throw error("truncated UTF-8 sequence")
        case .invalidSequence: throw error("invalid UTF-8 sequence")
        }
    }

    private func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | (scalar >> 6)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | (scalar >> 12)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            output.append(UInt8(0xF0 | (scalar >> 18)))
            output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func describeCurrent() -> String {
        guard let byte = peek() else { return "end of input" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func error(_ reason: String) -> JSONError {
        JSONError(offset: index, reason: reason)
    }
}

/// Why a JSON text was rejected, and the byte offset where the parser stopped.
package struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    package var offset: Int
    package var reason: String

    package var description: String { "\(reason) (at byte \(offset + 1))" }
}
