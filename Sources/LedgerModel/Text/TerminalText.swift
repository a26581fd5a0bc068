/// Makes text from the log safe to print on a terminal.
package enum TerminalText {
    /// Replaces newlines and tabs with spaces and every other control character (C0, DEL,
    /// C1, including ESC) and every invisible character that reorders or hides text (see
    /// ``isControl(_:)``) with a visible `\u{…}` escape.
    package static func sanitize(_ text: String) -> String {
        if isPrintableASCII(text) { return text }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return text.escapingScalars { scalar in
            if scalar == "\n" || scalar == "\t" || scalar == "\r" { return " " }
            return isControl(scalar) ? visibleEscape(scalar) : nil
        }
    }

    /// Appends `text`, sanitized, to `output`.
    package static func append(_ text: String, to output: inout String) {
        if isPrintableASCII(text) { output += text } else { output += sanitize(text) }
    }

    /// A name quoted in a message, cut to its first `limit` characters and an ellipsis when
    /// longer, with how long it is: a 1 MB identifier makes a line, not a megabyte of one.
    package static func abbreviated(_ text: String, limit: Int = 80) -> String {
        // Counting characters would walk all of a huge name: its bytes are counted in constant
        // time, and only the first `limit` characters are walked.
        let bytes = text.utf8.count
        guard bytes > limit else { return text }
        let head = text.prefix(limit)
        return head.endIndex == text.endIndex ? text : String(head) + "… (\(bytes) bytes)"
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

    /// The one rule of what no output shows raw (text, JSON through ``JSONEscaping``,
    /// Markdown, HTML, XML, generated Swift): C0, DEL, C1, the line and paragraph separators,
    /// the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the bidi
    /// marks (LRM U+200E, RLM U+200F, ALM U+061C) and the byte-order mark U+FEFF. A mark moves
    /// the neutral characters around it as an override does, only less visibly.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x0600 { return value < 0x20 || (0x7F...0x9F).contains(value) }
        return value == 0x061C || value == 0x200E || value == 0x200F
            || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0xFEFF
    }
}

extension OutputBuffer {
    /// Appends text from the log through ``TerminalText/sanitize(_:)``: copied as it is when
    /// it is all printable ASCII (nearly always), sanitized otherwise.
    package mutating func appendSanitized(_ text: String) {
        let start = count
        append(text)
        if !OutputBuffer.isPrintableASCII(UnsafeBufferPointer(start: base + start, count: count - start)) {
            truncate(to: start)
            append(TerminalText.sanitize(text))
        }
    }
}
