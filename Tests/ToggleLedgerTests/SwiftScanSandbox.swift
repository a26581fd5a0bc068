import Foundation

/// A temporary folder of source files for scan tests, removed when the test ends.
final class SwiftScanSandbox {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("swift-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var path: String { url.path }

    func write(_ relative: String, _ contents: String) throws {
        let target = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: target)
    }
}
