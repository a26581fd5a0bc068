import LedgerPlatform
/// Escapes text from the log for XML 1.0: markup characters become entities, and characters
/// XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) or a terminal would act on (ESC, C1,
/// bidirectional overrides) become a visible `\u{…}`, as ``TerminalText`` writes them. The
/// result always parses.
enum XMLText {
    /// - Parameter inAttribute: line feeds and tabs become character references, which an
    ///   attribute keeps (a parser turns a literal one into a space).
    package static func escape(_ text: String, inAttribute: Bool) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\n": output += inAttribute ? "&#10;" : "\n"
            case "\t": output += inAttribute ? "&#9;" : "\t"
            default:
                if TerminalText.isControl(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }

    /// ` name="value"`, the value escaped.
    package static func attribute(_ name: String, _ value: String) -> String {
        " \(name)=\"\(escape(value, inAttribute: true))\""
    }
}
