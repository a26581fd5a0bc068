import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `toggles scan` writes its output in parts (rendered on every core): whatever stdout is,
/// what arrives is the whole output in order, or a prefix of it, never a splice.
@Suite struct ScanOutputTests {
    /// A tree whose scan prints about 150 KB: more than a pipe holds.
    func largeTree() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("toggles-scan-output")
        try directory.write("App/Flags.swift", "enum FeatureFlag: String {\n" + (0..<40).map { "    case flag\($0)\n" }.joined() + "}\n")
        for file in 0..<60 {
            try directory.write("App/Screen\(file).swift", (0..<50).map { "let v\($0) = FeatureFlag.flag\(($0 + file) % 40)\n" }.joined())
        }
        return directory
    }

    /// A non-blocking stdout whose reader is slow: `write` says EAGAIN, and the rest of a part
    /// was dropped while the next part was written (references missing in the middle).
    @Test func aNonBlockingStdoutGetsTheWholeOutputInOrder() throws {
        let directory = try largeTree()
        let expected = try TogglesBinary.run(["scan", "App"], in: directory.url)
        #expect(expected.status == 0 && expected.stdout.utf8.count > 100_000, "\(expected.stderr)")
        for format in [[], ["--format", "json"]] {
            let full = try TogglesBinary.run(["scan", "App"] + format, in: directory.url).stdout
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            #expect(fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) == 0)
            let process = Process()
            process.executableURL = TogglesBinary.url
            process.arguments = ["scan", "App"] + format
            process.currentDirectoryURL = directory.url
            process.environment = TogglesBinary.cleanEnvironment()
            process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
            process.standardError = FileHandle.nullDevice
            try process.run()
            close(ends[1])
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 8192)
            while true {
                usleep(2000)  // slower than the writer: the pipe fills
                let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress!, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                received += chunk[..<count]
            }
            close(ends[0])
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            // Compared apart from the expectation, which would print both outputs whole.
            let whole = received.elementsEqual(full.utf8)
            let firstDifference = zip(received, full.utf8).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(whole, "received \(received.count) of \(full.utf8.count) bytes, first difference at \(firstDifference.map(String.init) ?? "the end")")
        }
    }

    /// A folder that can be listed but not searched: its files cannot be examined, and are
    /// skipped without a warning, as before the walk took types from the listing.
    @Test(.disabled(if: ReliabilityCLITests.cannotDropPrivileges, "running as root without setpriv: permissions do not stop root"))
    func filesOfAFolderThatCannotBeSearchedAreSkippedSilently() throws {
        let directory = try TemporaryDirectory("toggles-scan-noexec")
        try directory.write("App/Flags.swift", "enum FeatureFlag: String {\n    case sync\n}\n")
        try directory.write("App/Locked/Use.swift", "let a = FeatureFlag.sync\n")
        chmod(directory.file("App").path, 0o755)
        chmod(directory.file("App/Locked").path, 0o644)
        defer { chmod(directory.file("App/Locked").path, 0o755) }
        let run = try ReliabilityCLITests().runUnprivileged(["scan", "App"], in: directory)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr == "", "\(run)")
        #expect(run.stdout.hasSuffix("1 reference to 1 toggle in 1 Swift file\n"), "\(run)")
    }
}
