import LedgerModel

/// The JSON writer as it was before the package had one writer (``JSONWriter`` and the fast
/// paths now all write through ``OutputBuffer``): appending to `[UInt8]`, sharing nothing
/// with the production writer but ``JSONEscaping``'s table. The oracle tests compare every
/// production path against it, so a change in the one writer cannot hide behind itself.
package enum ReferenceJSONWriter {
    package static func string(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        write(value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    package static func write(_ value: JSONValue, to output: inout String) {
        output += string(value)
    }

    /// Appends the compact form of `value` to `output` as UTF-8.
    package static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &output)
        case .bool(let flag): append(flag ? "true" : "false", to: &output)
        case .number(let lexeme): output.append(contentsOf: lexeme.utf8)
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(member.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    package static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        writeString(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    package static func writeString(_ text: String, to output: inout String) {
        output += quoted(text)
    }

    /// Appends `text` as a JSON string, escaping what ``JSONEscaping`` says: the bytes
    /// between escapes are copied as they are.
    package static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let length = JSONEscaping.escapedLength(bytes, at: index)
                guard length > 0 else { index += 1; continue }
                if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                JSONEscaping.writeEscape(bytes, at: index, length: length) { output.append($0) }
                index += length
                runStart = index
            }
            if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Pretty-printed JSON with two-space indentation, for human-facing `--format json` output.
    package static func pretty(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        writePretty(value, indent: 0, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the pretty form of `value`, as if it were nested `indent` levels deep.
    package static func writePretty(_ value: JSONValue, indent: Int, to output: inout [UInt8]) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            output.append(contentsOf: [UInt8(ascii: "["), 0x0A])
            for (position, element) in elements.enumerated() {
                pad(indent + 1, &output)
                writePretty(element, indent: indent + 1, to: &output)
                if position < elements.count - 1 { output.append(UInt8(ascii: ",")) }
                output.append(0x0A)
            }
            pad(indent, &output)
            output.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            output.append(contentsOf: [UInt8(ascii: "{"), 0x0A])
            for (position, member) in object.members.enumerated() {
                pad(indent + 1, &output)
                writeString(member.key, to: &output)
                output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
                writePretty(member.value, indent: indent + 1, to: &output)
                if position < object.members.count - 1 { output.append(UInt8(ascii: ",")) }
                output.append(0x0A)
            }
            pad(indent, &output)
            output.append(UInt8(ascii: "}"))
        default:
            write(value, to: &output)
        }
    }

    private static func pad(_ indent: Int, _ output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private static func append(_ literal: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
