import Foundation
import Testing

/// The README promises that every write is validated and locked. The library keeps that
/// promise only if its one unvalidated, unlocked writer (`LogWriter`) stays out of its public
/// API: a user appends through `Ledger.append`. Access levels are not visible at run time,
/// so this reads the library's sources, wherever the files move.
struct WriteAccessTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    static func swiftFiles() -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var files: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            files.append((url.path, text))
        }
        return files
    }

    @Test func theUnlockedWriterIsNotPublic() throws {
        let files = Self.swiftFiles()
        let writerFiles = files.filter { $0.text.contains("struct LogWriter") || $0.text.contains("extension LogWriter") }
        #expect(!writerFiles.isEmpty, "LogWriter not found under \(Self.sources.path)")
        for file in writerFiles {
            let publicLines = file.text.split(separator: "\n").filter {
                let line = $0.trimmingCharacters(in: .whitespaces)
                return line.hasPrefix("public ") || line.hasPrefix("open ")
            }
            #expect(publicLines.isEmpty, "public in \(file.path): \(publicLines)")
        }
        // Nor reachable through a public property or parameter of another type.
        for file in files {
            for line in file.text.split(separator: "\n") where line.contains("public") && line.contains("LogWriter") {
                Issue.record("LogWriter reachable publicly in \(file.path): \(line)")
            }
        }
    }
}
