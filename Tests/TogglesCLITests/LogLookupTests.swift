import Foundation
import Testing
import TestSupport

/// Issue 25: without `--log`, the log is found as git finds its repository, so every command
/// works from a subfolder, and none starts a second log there.
@Suite struct LogLookupTests {
    let repository: TemporaryDirectory
    let subfolder: URL

    init() throws {
        repository = try TemporaryDirectory()
        // The root is where `.git` is, as git and RepositoryRoot find it; no git needed for that.
        try FileManager.default.createDirectory(at: repository.file(".git"), withIntermediateDirectories: true)
        subfolder = repository.file("Sources/App")
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
    }

    @discardableResult
    func toggles(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = ["USER": "tester"], stdin: String = "") -> TogglesBinary.Run {
        InProcessToggles.run(arguments, in: directory ?? subfolder, stdin: stdin, environment: environment)
    }

    @Test func theFirstCreateInASubfolderWritesTheRootLogAndSaysSo() throws {
        let first = toggles(["create", "isStories", "--kind", "remote", "--type", "bool", "--default", "false", "--at", "2026-01-01"])
        #expect(first.status == 0, "\(first)")
        #expect(first.stderr.contains("no log yet between here and the repository root; using ../../events"), "\(first)")
        #expect(first.stdout.contains("appended to ../../events/2026/01/"), "messages name the log used: \(first)")
        #expect(repository.segments().count == 1)
        #expect(!FileManager.default.fileExists(atPath: subfolder.appendingPathComponent("events").path), "no second log")
        let second = toggles(["change", "isStories", "--default", "true", "--at", "2026-01-02"])
        #expect(second.status == 0 && second.stderr.isEmpty, "the log exists now: \(second)")
    }

    @Test func everyCommandRunsFromASubfolder() throws {
        let writers: [[String]] = [
            ["create", "isStories", "--kind", "remote", "--type", "bool", "--default", "false", "--category", "ops", "--at", "2026-01-01"],
            ["create", "isReels", "--kind", "local", "--type", "bool", "--default", "false", "--at", "2026-01-01"],
            ["change", "isReels", "--default", "true", "--at", "2026-01-02"],
            ["publish", "isStories", "--value", "true", "--at", "2026-01-03"],
            ["extend", "isStories", "--expires", "2027-06-01", "--reason", "later", "--at", "2026-01-04"],
            ["set", "isStories", "--owner", "mei@moments.example", "--at", "2026-01-05"],
            ["support", "--minimum", "2.0", "--at", "2026-01-06"],
            ["remove", "isReels", "--reason", "shipped", "--at", "2026-01-07"],
        ]
        for command in writers {
            let run = toggles(command)
            #expect(run.status == 0, "\(command): \(run)")
        }
        #expect(
            toggles(
                ["append"],
                stdin: #"{"type":"created","toggle":"isFeed","kind":"local","valueType":"bool","default":false,"category":"release","at":"2026-01-08T00:00:00Z"}"# + "\n"
            ).status == 0)
        try repository.write("Sources/App/defaults.plist", #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>isFeed</key><true/></dict></plist>"#)
        let imported = toggles(["import", "plist", "defaults.plist", "--at", "2026-01-09"])
        #expect(imported.status == 0 && imported.stdout.contains("appended 1 event to ../../events/"), "\(imported)")
        let readers: [[String]] = [
            ["state"], ["history", "isStories"], ["report"], ["report", "--format", "sarif"], ["check", "--now", "2026-01-10"],
            ["due", "--within", "30d", "--now", "2026-01-10"], ["audit"], ["replay"], ["diff", "--from", "2026-01-01"],
            ["export", "plist"], ["export", "firebase"], ["export", "swift"], ["scan", "."], ["drift", "firebase", "../../template.json"],
        ]
        try repository.write("template.json", #"{"parameters":{"isStories":{"defaultValue":{"value":"true"},"valueType":"BOOLEAN"}}}"#)
        for command in readers {
            let run = toggles(command)
            #expect(run.status == 0 || (command[0] == "drift" && run.status == 1), "\(command): \(run)")
            #expect(!run.stderr.contains("does not exist"), "\(command): \(run)")
        }
        #expect(toggles(["state"]).stdout.contains("isStories"))
        #expect(!FileManager.default.fileExists(atPath: subfolder.appendingPathComponent("events").path), "no second log")
        #expect(repository.segments().count == writers.count + 2)
    }

    @Test func aMissingLogIsNamedAsFound() throws {
        let run = toggles(["state"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("../../events does not exist"), "\(run)")
        let change = toggles(["change", "isStories", "--default", "true"])
        #expect(change.status == 65 && change.stderr.contains("no toggle named isStories exists in ../../events"), "\(change)")
    }

    @Test func theNearestLogBelowTheRootAnEnvironmentVariableAndTheRootConfiguration() throws {
        // A package with its own log: found from below it, before the root's.
        let package = repository.file("Packages/Kit")
        let deep = package.appendingPathComponent("Sources/Kit")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        #expect(toggles(["create", "isKit", "--kind", "local", "--type", "bool", "--default", "false", "--log", "events"], in: package).status == 0)
        #expect(toggles(["create", "isApp", "--kind", "local", "--type", "bool", "--default", "false"], in: repository.url).status == 0)
        let kit = toggles(["state"], in: deep)
        #expect(kit.stdout.contains("isKit") && !kit.stdout.contains("isApp"), "\(kit)")
        #expect(toggles(["state"]).stdout.contains("isApp"))

        // TOGGLES_LOG wins over the lookup, relative to the working directory.
        var environment = ["USER": "tester", "TOGGLES_LOG": "../../Packages/Kit/events"]
        #expect(toggles(["state"], environment: environment).stdout.contains("isKit"))
        environment["TOGGLES_LOG"] = repository.file("elsewhere").path
        #expect(toggles(["create", "isElsewhere", "--kind", "local", "--type", "bool", "--default", "false"], environment: environment).status == 0)
        #expect(repository.segments(under: "elsewhere").count == 1)

        // The root's .toggles.json names another folder.
        try repository.write(".toggles.json", #"{"log": "config/toggles"}"#)
        let configured = toggles(["create", "isConfigured", "--kind", "local", "--type", "bool", "--default", "false"])
        #expect(configured.status == 0 && configured.stdout.contains("appended to ../../config/toggles/"), "\(configured)")
        #expect(repository.segments(under: "config/toggles").count == 1)
        try repository.write(".toggles.json", #"{"folder": "x"}"#)
        let invalid = toggles(["state"])
        #expect(invalid.status == 2 && invalid.stderr.contains(".toggles.json: unknown setting \"folder\""), "\(invalid)")
    }

    /// A subfolder's `events/` holding only hidden `.jsonl` files (a writer's temporary file,
    /// an editor's) holds no segment a reader replays: the lookup passes it by, as readers do,
    /// instead of reading an empty log there and starting a second one.
    @Test func hiddenFilesAreNoSegmentsToTheLookup() throws {
        try repository.write("Sources/App/events/.draft.jsonl", "")
        try repository.write("Sources/App/events/.cache/2026/01/a.jsonl", "")
        let run = toggles(["create", "isStories", "--kind", "local", "--type", "bool", "--default", "false"])
        #expect(run.status == 0 && run.stdout.contains("appended to ../../events/"), "\(run)")
        #expect(repository.segments().count == 1)
    }

    /// `.toggles.json` comes with the repository: a clone must not make `toggles` write outside
    /// it (`/tmp/x`, `../elsewhere`, a link leading out) or into `.git`, where git neither keeps
    /// the log nor lets `audit --git` and `diff --from-rev` read it.
    @Test func theRootConfigurationMayNotNameAFolderOutsideTheRepository() throws {
        let outside = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: repository.file("linked").path, withDestinationPath: outside.url.path)
        // Both temporary directories are in the same folder: `../NAME` leads to `outside`.
        let sibling = "../" + outside.url.lastPathComponent
        for folder in [outside.url.path, sibling, "config/../" + sibling, "linked", "linked/events", ".git", "./.git/toggles"] {
            try repository.write(".toggles.json", #"{"log": "\#(folder)"}"#)
            let run = toggles(["create", "isStories", "--kind", "local", "--type", "bool", "--default", "false"])
            #expect(run.status == 2, "\(folder): \(run)")
            #expect(run.stderr.contains(".toggles.json: \"log\" must name a folder inside the repository"), "\(folder): \(run)")
            #expect(outside.segments(under: "").isEmpty && repository.segments(under: ".git").isEmpty, "\(folder): nothing written outside")
        }
        // Inside the repository, however spelt, is fine.
        try repository.write(".toggles.json", #"{"log": "./config/../config/toggles/"}"#)
        let inside = toggles(["create", "isStories", "--kind", "local", "--type", "bool", "--default", "false"])
        #expect(inside.status == 0, "\(inside)")
        #expect(repository.segments(under: "config/toggles").count == 1)
    }

    /// Run from a subfolder, a `.toggles.json` that cannot be read is named by its path: the
    /// bare name would point at a file in the working directory that does not exist.
    @Test func anUnreadableRootConfigurationIsNamedByItsPath() throws {
        try FileManager.default.createDirectory(at: repository.file(".toggles.json"), withIntermediateDirectories: true)
        let run = toggles(["state"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains(repository.file(".toggles.json").path + " is a directory"), "\(run)")
    }

    @Test func outsideARepositoryTheWorkingDirectoryKeepsItsLog() throws {
        let plain = try TemporaryDirectory()
        let run = InProcessToggles.run(["create", "isStories", "--kind", "local", "--type", "bool", "--default", "false"], in: plain.url)
        #expect(run.status == 0 && run.stdout.contains("appended to events/"), "\(run)")
        #expect(plain.segments().count == 1)
    }
}
