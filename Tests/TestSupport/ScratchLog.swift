import Foundation
import LedgerModel
import LedgerCore

/// A scratch log directory, removed when the test ends.
package final class ScratchLog {
    /// The folder itself: created and removed by the one scratch-directory helper.
    package let directory: TemporaryDirectory
    package var path: String { directory.path }

    package init() throws { directory = try TemporaryDirectory("ledger") }

    package var ledger: Ledger { Ledger(directory: path, displayName: "events") }

    package func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    package func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    package static func line(_ id: String, _ at: String, _ type: String, _ toggle: String = "t", payload: String = "") -> String {
        let extra = payload.isEmpty ? "" : "," + payload
        return #"{"schema":1,"id":"\#(id)","at":"\#(at)","type":"\#(type)","toggle":"\#(toggle)","actor":"a"\#(extra)}"#
    }

    package static func created(_ id: String, _ at: String, _ toggle: String = "t", default value: String = "false") -> String {
        line(id, at, "created", toggle, payload: #""kind":"local","valueType":"bool","default":\#(value),"category":"release""#)
    }

    package static func changed(_ id: String, _ at: String, _ toggle: String = "t", to value: String) -> String {
        line(id, at, "default-changed", toggle, payload: #""default":\#(value)"#)
    }
}
