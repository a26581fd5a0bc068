import Foundation
import Testing
import TestSupport

/// The replay's environment variables are read by the command line, which passes them to
/// the library as options; a value the variable does not take is a usage error naming it.
@Suite struct ReplayEnvironmentTests {
    static func log() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("toggles-replay-environment")
        for command in [
            ["create", "isA", "--kind", "local", "--type", "bool", "--default", "false"],
            ["change", "isA", "--default", "true"],
        ] {
            let run = try TogglesBinary.run(command, in: directory.url)
            #expect(run.status == 0, "\(run)")
        }
        return directory
    }

    /// The state without its "as of" instant (the clock moves between runs).
    static func answer(_ stdout: String) -> String {
        stdout.replacingOccurrences(of: #"as of \S+"#, with: "as of -", options: .regularExpression)
    }

    @Test func badValuesAreUsageErrorsAndAppendNothing() throws {
        let directory = try Self.log()
        let before = try TogglesBinary.run(["state"], in: directory.url)
        for (name, value, expected) in [
            ("TOGGLES_CHECKPOINT_MIN_BYTES", "4MB", "a number of bytes (0 or more)"),
            ("TOGGLES_CHECKPOINT_MIN_BYTES", "-1", "a number of bytes (0 or more)"),
            ("TOGGLES_READ_THREADS", "0", "a number of threads (1 or more)"),
            ("TOGGLES_READ_THREADS", "two", "a number of threads (1 or more)"),
        ] {
            let environment = TogglesBinary.cleanEnvironment([name: value])
            let state = try TogglesBinary.run(["state"], in: directory.url, environment: environment)
            #expect(state.status == 64, "\(name)=\(value): \(state)")
            #expect(state.stderr.contains("\(name) must be \(expected), not '\(value)'"), "\(state)")
            #expect(state.stdout.isEmpty, "\(state)")
            let change = try TogglesBinary.run(["change", "isA", "--default", "false"], in: directory.url, environment: environment)
            #expect(change.status == 64, "\(name)=\(value): \(change)")
        }
        let after = try TogglesBinary.run(["state"], in: directory.url)
        #expect(Self.answer(after.stdout) == Self.answer(before.stdout), "a rejected command appends nothing")
    }

    @Test func goodValuesGiveTheSameAnswer() throws {
        let directory = try Self.log()
        let cache = directory.file("cache")
        let checkpoints = cache.appendingPathComponent("checkpoints").path
        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            TogglesBinary.cleanEnvironment(extra.merging(["TOGGLES_CHECKPOINT_DIR": cache.path]) { $1 })
        }
        let plain = try TogglesBinary.run(["state"], in: directory.url, environment: environment())
        #expect(plain.status == 0, "\(plain)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: checkpoints)) ?? []).isEmpty, "a tiny log is under the default threshold")
        for extra in [
            ["TOGGLES_READ_THREADS": "1"], ["TOGGLES_READ_THREADS": "2"], ["TOGGLES_READ_THREADS": ""],
            ["TOGGLES_CHECKPOINT_MIN_BYTES": "0"], ["TOGGLES_CHECKPOINT_MIN_BYTES": " 1 "],
        ] {
            let run = try TogglesBinary.run(["state"], in: directory.url, environment: environment(extra))
            #expect(run.status == 0, "\(extra): \(run)")
            #expect(Self.answer(run.stdout) == Self.answer(plain.stdout), "\(extra)")
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: checkpoints)) ?? []).count == 1, "a 0- or 1-byte threshold writes the checkpoint")
        // Back to back: the next command reads from the checkpoint it left, same answer.
        let again = try TogglesBinary.run(["state"], in: directory.url, environment: environment(["TOGGLES_CHECKPOINT_MIN_BYTES": "1"]))
        #expect(Self.answer(again.stdout) == Self.answer(plain.stdout))
    }
}
