import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// An aligned plain-text table. Every cell passes through ``TerminalText/sanitize(_:)``, so
/// nothing from the log can move the cursor, clear the screen or change colours.
package struct TextTable: Sendable {
    package var headers: [String]
    package var rows: [[String]]
    /// The widest a cell may be before it is cut with `…`.
    package var maximumCellWidth: Int

    package init(headers: [String], rows: [[String]] = [], maximumCellWidth: Int = 48) {
        self.headers = headers
        self.rows = rows
        self.maximumCellWidth = maximumCellWidth
    }

    package func render() -> String {
        let cells = ([headers] + rows).map { row in row.map { fit(TerminalText.sanitize($0)) } }
        var widths = [Int](repeating: 0, count: headers.count)
        for row in cells {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        var output = ""
        for row in cells {
            var line = ""
            for (column, cell) in row.enumerated() {
                if column == row.count - 1 {
                    line += cell
                } else {
                    line += cell + String(repeating: " ", count: widths[column] - cell.count + 2)
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            output += line + "\n"
        }
        return output
    }

    private func fit(_ cell: String) -> String {
        cell.count <= maximumCellWidth ? cell : String(cell.prefix(maximumCellWidth - 1)) + "…"
    }
}
