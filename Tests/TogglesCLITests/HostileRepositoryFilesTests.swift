import Foundation
import Testing
import TestSupport
import ToggleLedger
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files a CI job or a repository hands the CI commands that could hang them: the job
/// summary path naming a FIFO, a CODEOWNERS line built to make pattern matching explode.
/// Each run has a timeout, so a hang fails the test instead of stalling the suite.
@Suite struct HostileRepositoryFilesTests {
    @Test func aJobSummaryThatIsAFIFOWithNoReaderIsAWarningNotAHang() throws {
        let directory = try CIRepository.make()
        #expect(mkfifo(directory.file("summary.md").path, 0o600) == 0)
        let environment = TogglesBinary.cleanEnvironment(["GITHUB_STEP_SUMMARY": directory.file("summary.md").path])
        let run = try TogglesBinary.run(
            ["check", "--format", "github"] + CIRepository.now + ["--log", "../events", "--scan", "."],
            in: directory.file("App"), environment: environment, timeout: 60)
        #expect(!run.timedOut, "waited for a reader of the FIFO")
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("::error "))
        #expect(
            run.stderr
                == "toggles: warning: could not write the job summary (GITHUB_STEP_SUMMARY): \(directory.file("summary.md").path) is not a regular file (a FIFO, a device or a socket); expected a file\n",
            "\(run)")
    }

    /// GitHub accepts a CODEOWNERS file up to 3 MB; a line of many `**` segments once took
    /// time exponential in their number against a deeply nested Swift file.
    @Test(.tags(.git)) func aCodeOwnersLineOfManyDoubleStarsIsMatchedQuickly() throws {
        let repository = try TemporaryDirectory()
        let git = try Git.process(["init", "-q"], in: repository.url, environment: TogglesBinary.cleanEnvironment())
        #expect(git.status == 0, "\(git)")
        let deep = (1...22).map { "level\($0)" }.joined(separator: "/")
        try repository.write(".github/CODEOWNERS", "*  @moments/ios\n" + String(repeating: "**/", count: 22) + "NoSuchFile.swift @moments/nobody\n")
        try repository.write("Sources/\(deep)/DeepToggles.swift", "import ToggleKit\n\nenum RemoteToggle: String, ToggleType {\n    case isDeep\n}\n")
        let create = try TogglesBinary.run(["create", "isDeep", "--kind", "remote", "--type", "bool", "--default", "false"], in: repository.url)
        #expect(create.status == 0, "\(create)")
        let due = try TogglesBinary.run(["due", "--within", "36500d", "--format", "json", "--scan", "Sources"], in: repository.url, timeout: 60)
        #expect(!due.timedOut, "CODEOWNERS matching took over a minute")
        #expect(due.status == 0, "\(due)")
        let owners = try #require(try JSONParser.parse(due.stdout).objectValue?["owners"]?.arrayValue).compactMap(\.objectValue)
        #expect(owners.map { $0["owner"] } == [.string("@moments/ios")], "\(due)")
    }
}
