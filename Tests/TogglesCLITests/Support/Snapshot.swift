import Foundation
import Testing

/// Compares `actual` with `Snapshots/<name>` next to this test target, without a snapshot
/// library. With `RECORD_SNAPSHOTS=1` (or when the file is missing) it writes the file and
/// fails, so a new baseline is always looked at before it is committed.
func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent(name)
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil
    if record || !FileManager.default.fileExists(atPath: file.path) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: file)
        Issue.record("Recorded snapshot \(name); check it and run the tests again", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    #expect(actual == expected, "output differs from Snapshots/\(name); rerun with RECORD_SNAPSHOTS=1 to update", sourceLocation: sourceLocation)
}
