import Foundation
import Testing

/// `import firebase` refuses documents that are not a client template, refuses a template that
/// would unpublish most of what the log serves (unless told), and records a template with the
/// same version number as another but different content. End to end, back to back.
@Suite struct FirebaseImportSafetyTests {
    typealias Interop = InteropCommandTests

    @Test(arguments: [
        ("list-versions", "this is a listVersions response, not a template; read it with `toggles import firebase-versions FILE`"),
        ("empty-object", "the document is an empty object {}, not a template"),
        ("flagd-export", "this is a flagd flag file (what `toggles export flagd` writes)"),
        ("server-template", "this is a server-side Remote Config template"),
        ("defaults-json", "this looks like a defaults file (downloadDefaults?format=JSON"),
        ("version-only", #"no "parameters", "parameterGroups" or "conditions""#),
    ])
    func refusesWhatIsNotATemplate(name: String, message: String) throws {
        let directory = try Interop.seeded()
        let before = try Interop.logBytes(directory)
        let file = Interop.fixture("importFirebaseRefusesNonTemplates/\(name).json")
        for dryRun in [false, true] {
            let result = try Interop.run(["import", "firebase", file] + (dryRun ? ["--dry-run"] : []), in: directory, expect: 65)
            #expect(result.stderr.contains("toggles: error: \(file): not a Remote Config template: \(message)"), "\(result)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try Interop.logBytes(directory) == before)
    }

    @Test func refusesToUnpublishEveryRemoteToggleUnlessAllowed() throws {
        let directory = try Interop.seeded()
        try directory.write("empty.json", #"{"parameters": {}, "version": {"versionNumber": "9", "updateTime": "2026-02-20T12:00:00Z"}}"#)
        let before = try Interop.logBytes(directory)
        let refused = try Interop.run(["import", "firebase", "empty.json"], in: directory, expect: 65)
        #expect(
            refused.stderr.contains("empty.json: the template would unpublish 2 of 2 remote toggles (every remote toggle the log serves: legacyBanner, welcomeMessage)"),
            "\(refused)")
        #expect(refused.stderr.contains("--allow-mass-unpublish"))
        #expect(refused.stdout.isEmpty)
        // The dry run shows the same plan, then fails the same way.
        let dryRun = try Interop.run(["import", "firebase", "empty.json", "--dry-run"], in: directory, expect: 65)
        #expect(dryRun.stdout.contains("would append unpublished legacyBanner"), "\(dryRun)")
        #expect(dryRun.stdout.contains("would append unpublished welcomeMessage"))
        #expect(dryRun.stderr == refused.stderr)
        #expect(try Interop.logBytes(directory) == before)

        let allowed = try Interop.run(["import", "firebase", "empty.json", "--allow-mass-unpublish"], in: directory)
        #expect(allowed.stdout.contains("appended 2 events"), "\(allowed)")
    }

    @Test func refusesToUnpublishMoreThanHalf() throws {
        let directory = try Interop.seeded()
        try Interop.run(["import", "firebase", Interop.template("v5"), "--category", "remote-config"], in: directory)
        try directory.write(
            "one.json", #"{"parameters": {"welcomeMessage": {"defaultValue": {"value": "Hello"}}}, "version": {"versionNumber": "9", "updateTime": "2026-02-20T12:00:00Z"}}"#)
        let refused = try Interop.run(["import", "firebase", "one.json", "--format", "json", "--dry-run"], in: directory, expect: 65)
        #expect(refused.stderr.contains("would unpublish 5 of 6 remote toggles (more than half"), "\(refused)")
        // Half is allowed: the seed serves 2, a template that keeps one of them imports.
        let half = try Interop.seeded()
        try half.write("one.json", #"{"parameters": {"welcomeMessage": {"defaultValue": {"value": "Hello"}}}}"#)
        try Interop.run(["import", "firebase", "one.json", "--at", "2026-03-01"], in: half)
    }

    @Test func sameVersionNumberDifferentContentIsImportedEachTime() throws {
        let directory = try Interop.seeded()
        let version = #""version": {"versionNumber": "6", "updateTime": "2026-02-10T16:30:00Z", "updateUser": {"email": "bob@moments.example"}}"#
        try directory.write(
            "b.json",
            #"{"parameters": {"welcomeMessage": {"defaultValue": {"value": "Hello"}}, "legacyBanner": {"defaultValue": {"value": "x"}}}, "#
                + version + "}")
        try directory.write(
            "a.json",
            #"{"parameters": {"welcomeMessage": {"defaultValue": {"value": "Servus"}}, "legacyBanner": {"defaultValue": {"value": "x"}}}, "#
                + version + "}")
        for file in ["b.json", "a.json", "b.json"] {
            let dryRun = try Interop.run(["import", "firebase", file, "--dry-run"], in: directory)
            let real = try Interop.run(["import", "firebase", file], in: directory)
            let planned = dryRun.stdout.split(separator: "\n").filter { $0.hasPrefix("would append ") }.map { $0.dropFirst("would append ".count) }
            let appended = real.stdout.split(separator: "\n").filter { $0.hasPrefix("published ") || $0.hasPrefix("unpublished ") || $0.hasPrefix("created ") }.map { $0[...] }
            #expect(planned == appended, "\(file): the dry run is the real run\n\(dryRun)\n\(real)")
            #expect(appended.count == 1 || file == "b.json", "\(real)")
        }
        let state = try Interop.run(["export", "firebase"], in: directory)
        #expect(state.stdout.contains("\"Hello\""), "the last template imported wins: \(state)")
        #expect(!state.stdout.contains("Servus"))
    }

    @Test func headerOfATemplateVersionWithoutANumber() throws {
        let directory = try Interop.seeded()
        try directory.write(
            "t.json",
            #"{"parameters": {"welcomeMessage": {"defaultValue": {"value": "Hello"}}, "legacyBanner": {"defaultValue": {"value": "x"}}}, "version": {"description": "hand-made"}}"#)
        let result = try Interop.run(["import", "firebase", "t.json", "--at", "2026-03-01T12:00:00Z", "--actor", "ci@moments.example", "--dry-run"], in: directory)
        #expect(result.stdout.hasPrefix("t.json: a template version without a number; dated 2026-03-01T12:00:00Z by ci@moments.example\n"), "\(result)")
        #expect(!result.stdout.contains("version ?"))
    }
}
