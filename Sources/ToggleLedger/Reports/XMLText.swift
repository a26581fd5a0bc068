import LedgerPlatform
import LedgerModel
/// The package's one XML escaper. What it escapes depends on where the text goes, and each
/// place's rules are spelled out in ``Context``; every result parses.
package enum XMLText {
    package enum Context: Sendable {
        /// Element content of a report made from the log (JUnit): markup characters and both
        /// quotes become entities, and characters XML 1.0 forbids (most C0 controls, U+FFFE,
        /// U+FFFF) or a terminal would act on (ESC, C1, bidirectional overrides) become a
        /// visible `\u{…}`, as ``TerminalText`` writes them. Line feeds and tabs are kept.
        case text
        /// An attribute value: as ``text``, and line feeds and tabs become character
        /// references, which an attribute keeps (a parser turns a literal one into a space).
        case attribute
        /// A property list's string, which must read back exactly as it was (Foundation's
        /// `PropertyListSerialization` writes the same): only `&`, `<` and `>` become entities,
        /// and a carriage return `&#13;` (a raw one reaches a parser as a newline). Text XML
        /// cannot carry at all is the writer's to avoid (``PropertyListWriter`` sends it as `<data>`).
        case exact
    }

    package static func escape(_ text: String, _ context: Context) -> String {
        text.escapingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\r" where context == .exact: "&#13;"
            case _ where context == .exact: nil
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\n": context == .attribute ? "&#10;" : nil
            case "\t": context == .attribute ? "&#9;" : nil
            case _ where TerminalText.isControl(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                TerminalText.visibleEscape(scalar)
            default: nil
            }
        }
    }

    /// ` name="value"`, the value escaped.
    package static func attribute(_ name: String, _ value: String) -> String {
        " \(name)=\"\(escape(value, .attribute))\""
    }
}
