import LedgerPlatform
import LedgerModel

/// Escapes text from the log for HTML, in element content and in quoted attribute values
/// alike: `& < > " '` become character references, so nothing from the log can open a
/// tag, end an attribute or start a script; control characters, line and paragraph
/// separators and the bidirectional controls (overrides, embeddings, isolates, marks) become
/// visible `\u{…}` text, so a name cannot be made to read as something else ("Trojan
/// Source"); newlines and tabs become spaces.
enum HTMLText {
    /// `text`, escaped.
    package static func escape(_ text: String) -> String {
        var output = OutputBuffer(capacity: text.utf8.count + 16)
        append(text, to: &output)
        return output.string
    }

    /// Appends `text`, escaped, to `output`.
    package static func append(_ text: String, to output: inout OutputBuffer) {
        if isPlain(text) {
            output.append(text)
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output.append("&amp;")
            case "<": output.append("&lt;")
            case ">": output.append("&gt;")
            case "\"": output.append("&quot;")
            case "'": output.append("&#39;")
            case "\n", "\r", "\t": output.append(" ")
            default:
                if isInvisibleControl(scalar) {
                    output.append("\\u{")
                    output.append(String(scalar.value, radix: 16, uppercase: true))
                    output.append("}")
                } else {
                    output.append(String(scalar))
                }
            }
        }
    }

    /// Characters that change how text displays without showing themselves: the one rule
    /// every output follows, ``TerminalText/isControl(_:)``.
    static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        TerminalText.isControl(scalar)
    }

    /// Printable ASCII without a character HTML gives meaning to: copied as is.
    private static func isPlain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var plain = true
            for byte in bytes {
                plain = plain && byte &- 0x20 < 0x5F && byte != 0x26 && byte != 0x3C && byte != 0x3E && byte != 0x22 && byte != 0x27
            }
            return plain
        }
    }
}

extension OutputBuffer {
    /// Appends text from the log, escaped for HTML (``HTMLText``).
    mutating func escaped(_ text: String) {
        HTMLText.append(text, to: &self)
    }

    /// Appends a coordinate or length for an SVG attribute.
    mutating func number(_ value: Double) {
        append(svgNumber(value))
    }
}
