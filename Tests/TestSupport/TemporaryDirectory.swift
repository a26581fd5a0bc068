import Foundation

/// A fresh directory under the system's temporary directory, removed when the test ends.
package final class TemporaryDirectory {
    package let url: URL

    package init(_ name: String = "toggles-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    package var path: String { url.path }

    package func file(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    package func write(_ relative: String, _ contents: String) throws {
        let target = file(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: target)
    }

    package func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: file(relative)), as: UTF8.self)
    }

    /// The `.jsonl` segments under `relative`, sorted, relative to this directory.
    package func segments(under relative: String = "events") -> [String] {
        let root = file(relative)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { ($0 as? URL)?.path }
            .filter { $0.hasSuffix(".jsonl") }
            .map { String($0.dropFirst(url.path.count + 1)) }
            .sorted()
    }

    /// Every event line of the log under `relative`, in file order.
    package func eventLines(under relative: String = "events") throws -> [String] {
        try segments(under: relative).flatMap { try read($0).split(separator: "\n").map(String.init) }
    }
}
