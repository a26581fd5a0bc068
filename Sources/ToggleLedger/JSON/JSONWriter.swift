/// Serialises ``JSONValue`` as compact JSON (no insignificant whitespace), the form every
/// event line takes.
///
/// Object members keep their order, so a caller that builds an object in a fixed key order
/// gets a canonical byte sequence. Strings escape only what JSON requires plus the other
/// C0 controls and DEL, so a line never carries a raw terminal control byte.
public enum JSONWriter {
    public static func string(_ value: JSONValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    public static func write(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let lexeme): output += lexeme
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                write(element, to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (position, member) in object.members.enumerated() {
                if position > 0 { output += "," }
                writeString(member.key, to: &output)
                output += ":"
                write(member.value, to: &output)
            }
            output += "}"
        }
    }

    public static func quoted(_ text: String) -> String {
        var output = ""
        writeString(text, to: &output)
        return output
    }

    public static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Pretty-printed JSON with two-space indentation, for human-facing `--format json` output.
    public static func pretty(_ value: JSONValue) -> String {
        var output = ""
        writePretty(value, indent: 0, to: &output)
        return output
    }

    private static func writePretty(_ value: JSONValue, indent: Int, to output: inout String) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch value {
        case .array(let elements) where !elements.isEmpty:
            output += "[\n"
            for (position, element) in elements.enumerated() {
                output += pad
                writePretty(element, indent: indent + 1, to: &output)
                output += position == elements.count - 1 ? "\n" : ",\n"
            }
            output += closePad + "]"
        case .object(let object) where !object.isEmpty:
            output += "{\n"
            for (position, member) in object.members.enumerated() {
                output += pad
                writeString(member.key, to: &output)
                output += ": "
                writePretty(member.value, indent: indent + 1, to: &output)
                output += position == object.members.count - 1 ? "\n" : ",\n"
            }
            output += closePad + "}"
        default:
            write(value, to: &output)
        }
    }
}
