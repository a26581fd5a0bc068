/// Makes text from the log safe to print on a terminal.
package enum TerminalText {
    /// Replaces newlines and tabs with spaces and every other control character (C0, DEL,
    /// C1, including ESC) with a visible `\u{…}` escape.
    package static func sanitize(_ text: String) -> String {
        if isPrintableASCII(text) { return text }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                output += " "
            } else if isControl(scalar) {
                output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Appends `text`, sanitized, to `output`.
    package static func append(_ text: String, to output: inout String) {
        if isPrintableASCII(text) { output += text } else { output += sanitize(text) }
    }

    /// Whether every byte of `text` is printable ASCII (space to `~`): nothing to replace.
    package static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var printable = true
            for byte in bytes { printable = printable && byte &- 0x20 < 0x5F }
            return printable
        }
    }

    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029 || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
