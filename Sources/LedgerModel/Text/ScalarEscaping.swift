extension String {
    /// This text with every scalar for which `replacement` gives a string replaced by that
    /// string, the others kept: the one loop behind the package's text escapers (XML, Swift
    /// string literals, percent-encoding, terminal text), each of which states only its rules.
    /// By scalar, not by `Character`: "\r\n" is one character, which no rule would match.
    package func escapingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var output = ""
        output.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) { output += replaced } else { output.unicodeScalars.append(scalar) }
        }
        return output
    }
}

extension TerminalText {
    /// `\u{1B}`: how every output shows a character it must not print raw.
    package static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
