import Foundation
import Testing
import TestSupport

/// Whatever sits where the log's checkpoint is (in the checkpoint folder), the commands that read the log answer
/// (issue 15 §4): it is only a cache, and only a regular file is read as one.
@Suite struct CheckpointFileCLITests {
    @Test func aFIFOInPlaceOfTheCheckpointIsIgnored() throws {
        let directory = try TemporaryDirectory()
        for command in [
            ["create", "x", "--kind", "local", "--type", "bool", "--default", "false"],
            ["change", "x", "--default", "true"],
        ] {
            let run = try TogglesBinary.run(command, in: directory.url)
            #expect(run.status == 0, "\(run)")
        }
        // Any log size: the checkpoint is looked for whenever it may be used (and a full
        // replay then writes one in the FIFO's place, so it is made again for each command).
        let cache = directory.file("cache")
        let environment = TogglesBinary.cleanEnvironment(["TOGGLES_CHECKPOINT_MIN_BYTES": "1", "TOGGLES_CHECKPOINT_DIR": cache.path])
        #expect(try TogglesBinary.run(["state"], in: directory.url, environment: environment).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("checkpoints").path)
        try #require(names.count == 1, "one checkpoint, in the checkpoint folder: \(names)")
        let checkpoint = cache.appendingPathComponent("checkpoints/" + names[0]).path
        for command in [["state"], ["check"], ["report"], ["export", "plist"], ["audit"], ["change", "x", "--default", "false"]] {
            try? FileManager.default.removeItem(atPath: checkpoint)
            #expect(mkfifo(checkpoint, 0o644) == 0)
            // Before the fix each of these waited forever for a writer to open the FIFO.
            let run = try TogglesBinary.run(command, in: directory.url, environment: environment, timeout: 20)
            #expect(!run.timedOut, "\(command) hung on the FIFO")
            #expect(run.status == 0, "\(command): \(run)")
        }
        let state = try TogglesBinary.run(["state", "--format", "json"], in: directory.url, environment: environment, timeout: 20)
        #expect(state.stdout.contains(#""default": false"#), "\(state)")
    }
}
