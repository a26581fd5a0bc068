import Foundation
import Testing
import TestSupport

/// `toggles drift firebase` end to end, on the seed log and the Remote Config templates of
/// Fixtures/importFirebase (the published template shape: conditions, parameters, groups,
/// a rollout value, version metadata).
@Suite struct DriftCommandTests {
    typealias Interop = InteropCommandTests

    func drift(_ name: String, in directory: TemporaryDirectory, expect status: Int32, format: String? = nil) throws -> TogglesBinary.Run {
        let run = toggles(["drift", "firebase", Interop.template(name)] + (format.map { ["--format", $0] } ?? []), in: directory.url)
        #expect(run.status == status, "\(run)")
        return run
    }

    /// The rows of the text table: parameter and difference.
    func rows(_ run: TogglesBinary.Run) -> [String] {
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("PARAMETER ") }) else { return [] }
        return lines[(header + 1)...].prefix { !$0.isEmpty }.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
    }

    @Test func inStepAfterTheImportAndEveryDifferenceOfTheNextVersion() throws {
        let directory = try Interop.seeded()
        try Interop.run(["import", "firebase", Interop.template("v5")], in: directory)
        let inStep = try drift("v5", in: directory, expect: 0)
        #expect(inStep.stdout.hasSuffix("in step: the template serves what the log says is published\n"), "\(inStep.stdout)")

        let before = try Interop.logBytes(directory)
        let v6 = try drift("v6", in: directory, expect: 1)
        #expect(try Interop.logBytes(directory) == before, "drift appends nothing")
        #expect(
            rows(v6) == [
                "isRoundedAvatar condition-changed",
                "legacyBanner removed",
                "planetConfig removed",
                "planetImageScaleFactor metadata-changed",
                "welcomeMessage changed",
            ], "\(v6.stdout)")
        #expect(v6.stdout.contains("  welcomeMessage: toggles publish welcomeMessage --value Hi\n"), "\(v6.stdout)")
        #expect(v6.stdout.contains("5 differences; `toggles import firebase \(Interop.template("v6"))` records them all\n"))

        // Each command records its difference: run the one drift printed for welcomeMessage.
        let line = try #require(v6.stdout.split(separator: "\n").first { $0.hasPrefix("  welcomeMessage: toggles publish") })
        let publish = line.dropFirst("  welcomeMessage: ".count)
        let binDirectory = TogglesBinary.url.deletingLastPathComponent().path
        let ran = try Subprocess.run("/bin/sh", ["-c", String(publish)], in: directory.url, environment: TogglesBinary.cleanEnvironment(["PATH": "\(binDirectory):/usr/bin:/bin"]))
        #expect(ran.status == 0, "\(ran)")
        let after = try drift("v6", in: directory, expect: 1)
        #expect(!rows(after).contains("welcomeMessage changed"), "\(after.stdout)")
        #expect(after.stdout.contains("note: the log has remote changes after this template's version"), "\(after.stdout)")

        // import firebase accepts it all.
        try Interop.run(["import", "firebase", Interop.template("v6"), "--allow-mass-unpublish"], in: directory)
        let accepted = try drift("v6", in: directory, expect: 0)
        #expect(rows(accepted).isEmpty)
    }

    @Test func aLogThatNeverImportedSeesWhatTheConsoleAdded() throws {
        let directory = try Interop.seeded()
        let run = try drift("v5", in: directory, expect: 1)
        #expect(
            rows(run) == [
                "appPrimaryColor published",
                "isRoundedAvatar published",
                "legacyBanner metadata-changed",  // the template writes no valueType; the log's publish implied STRING
                "planetConfig added",
                "planetImageScaleFactor published",
                "welcomeMessage changed",
            ], "\(run.stdout)")
        #expect(
            run.stdout.contains("  isRoundedAvatar: toggles publish isRoundedAvatar --value false --when 'Chinese users' 'device.language in ['\\''zh'\\'']' true\n"),
            "\(run.stdout)")
        #expect(
            run.stdout.contains(
                #"  planetConfig: toggles create planetConfig --kind remote --type json --default '{"order":["mercury","venus"],"pluto":false}' && toggles publish planetConfig --value '{"order":["mercury","venus"],"pluto":false}'"#
            ), "\(run.stdout)")
    }

    @Test func aToggleRemovedInTheLogButStillInTheConsole() throws {
        let directory = try Interop.seeded()
        try Interop.run(["import", "firebase", Interop.template("v5")], in: directory)
        try Interop.run(["remove", "welcomeMessage", "--reason", "gone"], in: directory)
        let run = try drift("v5", in: directory, expect: 1)
        #expect(rows(run) == ["welcomeMessage removed-in-log"], "\(run.stdout)")
        #expect(run.stdout.contains("  welcomeMessage: delete welcomeMessage in the Firebase console, or publish `toggles export firebase`\n"))
    }

    @Test(arguments: ["text", "json", "markdown"])
    func everyFormatMatchesItsGoldenFile(format: String) throws {
        let directory = try Interop.seeded()
        try Interop.run(["import", "firebase", Interop.template("v5")], in: directory)
        let run = try drift("v6", in: directory, expect: 1, format: format)
        let ext = ["text": "txt", "json": "json", "markdown": "md"][format]!
        try assertSnapshot(run.stdout.replacingOccurrences(of: Interop.fixtures.path, with: "Fixtures"), named: "drift-v6.\(ext)")
        #expect(run.stderr.isEmpty)
    }

    @Test(arguments: ["list-versions", "empty-object", "flagd-export", "server-template", "defaults-json", "version-only"])
    func refusesWhatImportRefuses(name: String) throws {
        let directory = try Interop.seeded()
        let file = Interop.fixture("importFirebaseRefusesNonTemplates/\(name).json")
        let imported = try Interop.run(["import", "firebase", file], in: directory, expect: 65)
        let drifted = try Interop.run(["drift", "firebase", file], in: directory, expect: 65)
        #expect(drifted.stdout.isEmpty)
        #expect(imported.stderr == drifted.stderr.replacingOccurrences(of: "\n", with: "; nothing was appended\n"), "\(drifted.stderr)")
    }

    @Test func aMissingLogOrFileIsExit2() throws {
        let directory = try TemporaryDirectory()
        try Interop.run(["drift", "firebase", Interop.template("v5")], in: directory, expect: 2)
        let seeded = try Interop.seeded()
        let missing = try Interop.run(["drift", "firebase", "nope.json"], in: seeded, expect: 2)
        #expect(missing.stderr.contains("nope.json"))
        try Interop.run(["drift", "firebase", Interop.template("v5"), "--format", "csv"], in: seeded, expect: 64)
    }
}
