import Foundation
import Testing
import TestSupport

/// `toggles import` and `toggles export`, end to end through the built binary, on the seed log
/// and Remote Config templates in Fixtures/importFirebase (versions 5, 6 and a rollback to 5 as 7).
@Suite struct InteropCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ relative: String) -> String { fixtures.appendingPathComponent(relative).path }

    /// A directory with the seed log in events/.
    static func seeded() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("toggles-interop")
        try directory.write("events/2026/01/seed.jsonl", String(decoding: try Data(contentsOf: URL(fileURLWithPath: fixture("importFirebase/seed.jsonl"))), as: UTF8.self))
        return directory
    }

    /// Every file of the log with its bytes, to prove a command changed nothing.
    static func logBytes(_ directory: TemporaryDirectory) throws -> [String: String] {
        var files: [String: String] = [:]
        for segment in directory.segments() { files[segment] = try directory.read(segment) }
        return files
    }

    @discardableResult
    static func run(_ arguments: [String], in directory: TemporaryDirectory, expect status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> TogglesBinary.Run
    {
        let result = toggles(arguments, in: directory.url)
        #expect(result.status == status, "\(arguments.joined(separator: " "))\n\(result)", sourceLocation: sourceLocation)
        return result
    }

    static func template(_ name: String) -> String { fixture("importFirebase/\(name).json") }

    /// The event lines the imports added to the seed log, in replay order.
    static func importedLines(_ directory: TemporaryDirectory) throws -> String {
        try directory.eventLines().filter { !$0.contains("\"id\":\"seed-") }.sorted { lhs, rhs in
            let l = try! JSONSerialization.jsonObject(with: Data(lhs.utf8)) as! [String: Any]
            let r = try! JSONSerialization.jsonObject(with: Data(rhs.utf8)) as! [String: Any]
            return (l["at"] as! String, l["id"] as! String) < (r["at"] as! String, r["id"] as! String)
        }.joined(separator: "\n") + "\n"
    }

    // MARK: import firebase

    @Test func importFirebaseDryRunPrintsEventsAndAppendsNothing() throws {
        let directory = try Self.seeded()
        let before = try Self.logBytes(directory)
        let result = try Self.run(["import", "firebase", Self.template("v5"), "--dry-run", "--format", "json", "--category", "remote-config"], in: directory)
        #expect(try Self.logBytes(directory) == before)
        try assertSnapshot(result.stdout.replacingOccurrences(of: Self.fixtures.path, with: "Fixtures"), named: "importFirebase-v5-dry-run.json")
    }

    @Test func importFirebaseVersionsInOrderWithRollback() throws {
        let directory = try Self.seeded()
        try Self.run(["import", "firebase", Self.template("v5"), "--category", "remote-config"], in: directory)
        try Self.run(["import", "firebase", Self.template("v6")], in: directory)
        let rollback = try Self.run(["import", "firebase", Self.template("v7-rollback")], in: directory)
        #expect(rollback.stdout.contains("ROLLBACK to version 5"))
        try assertSnapshot(try Self.importedLines(directory), named: "importFirebase-v5-v6-v7.jsonl")

        // Importing any of them again appends nothing.
        let after = try Self.logBytes(directory)
        for name in ["v5", "v6", "v7-rollback"] {
            let again = try Self.run(["import", "firebase", Self.template(name)], in: directory)
            #expect(again.stdout.contains("nothing to append"), "\(again)")
        }
        #expect(try Self.logBytes(directory) == after)
    }

    @Test func importOlderVersionAfterNewerKeepsEveryInstantRight() throws {
        let inOrder = try Self.seeded()
        for name in ["v5", "v6", "v7-rollback"] {
            try Self.run(["import", "firebase", Self.template(name), "--category", "remote-config"], in: inOrder)
        }
        let outOfOrder = try Self.seeded()
        try Self.run(["import", "firebase", Self.template("v6"), "--category", "remote-config"], in: outOfOrder)
        let older = try Self.run(["import", "firebase", Self.template("v5"), "--category", "remote-config"], in: outOfOrder)
        try Self.run(["import", "firebase", Self.template("v7-rollback"), "--category", "remote-config"], in: outOfOrder)
        try assertSnapshot(older.stdout.replacingOccurrences(of: Self.fixtures.path, with: "Fixtures"), named: "importFirebase-v5-after-v6.txt")

        // What was served, and the in-app defaults, agree at every instant, whatever the import order.
        for instant in ["2026-01-20T00:00:00Z", "2026-02-01T10:00:01Z", "2026-02-10T16:30:01Z", "2026-02-12T09:00:00Z", "2026-12-31T00:00:00Z"] {
            for format in ["firebase", "plist"] {
                let expected = try Self.run(["export", format, "--at", instant], in: inOrder)
                let actual = try Self.run(["export", format, "--at", instant], in: outOfOrder)
                #expect(actual.stdout == expected.stdout, "export \(format) --at \(instant)")
            }
        }
    }

    @Test func importFirebaseReadsStandardInputAndUnversionedTemplates() throws {
        let directory = try Self.seeded()
        let template = #"{"parameters": {"welcomeMessage": {"defaultValue": {"value": "Servus"}}}}"#
        let result = toggles(["import", "firebase", "-", "--at", "2026-03-01T12:00:00Z", "--actor", "ci@moments.example", "--format", "json"], in: directory.url, stdin: template)
        #expect(result.status == 0, "\(result)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let events = document["events"] as! [[String: Any]]
        // legacyBanner was served and is not in the template; welcomeMessage changes. The other
        // remote toggles were never published, so there is nothing to unpublish.
        #expect(events.map { "\($0["type"]!) \($0["toggle"]!)" } == ["unpublished legacyBanner", "published welcomeMessage"])
        #expect(events.allSatisfy { ($0["id"] as! String).hasPrefix("firebase-") && $0["templateVersion"] == nil })
        #expect(events.allSatisfy { $0["at"] as? String == "2026-03-01T12:00:00Z" && $0["actor"] as? String == "ci@moments.example" })
    }

    @Test func importFirebaseSkipsRemovedToggles() throws {
        let directory = try Self.seeded()
        try Self.run(["remove", "welcomeMessage", "--reason", "shipped", "--at", "2026-01-20"], in: directory)
        let result = try Self.run(["import", "firebase", Self.template("v5"), "--format", "json"], in: directory)
        #expect(result.stderr.contains("skipped parameter welcomeMessage: the toggle was removed from the log at 2026-01-20T00:00:00Z but is still in the template"), "\(result)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let toggles = (document["events"] as! [[String: Any]]).map { $0["toggle"] as! String }
        #expect(!toggles.contains("welcomeMessage") && toggles.contains("appPrimaryColor"))
    }

    @Test(arguments: [
        ("not-json", "invalid JSON"),
        ("parameters-array", "parameters must be a JSON object"),
        ("boolean-maybe", #"parameter "isRoundedAvatar": default value "maybe" is not a BOOLEAN value"#),
        ("unknown-condition", #"parameter "isRoundedAvatar": conditional value for condition "android""#),
        ("value-not-string", #"parameter "planetImageScaleFactor": defaultValue.value must be a string"#),
        ("type-mismatch", #"parameter "appPrimaryColor": valueType BOOLEAN in the template, but the log has appPrimaryColor as a string toggle"#),
        ("local-toggle", #"parameter "isSwiftUIEnabled": the log has isSwiftUIEnabled as a local toggle"#),
        ("json-invalid", #"parameter "planetConfig": default value "{order: 1}" is not a JSON value"#),
        ("two-options", #"parameter "welcomeMessage": defaultValue must have exactly one of"#),
    ])
    func importFirebaseRejectsMalformed(name: String, message: String) throws {
        let directory = try Self.seeded()
        let before = try Self.logBytes(directory)
        let file = Self.fixture("importFirebaseRejectsMalformed/\(name).json")
        for dryRun in [false, true] {
            let result = try Self.run(["import", "firebase", file] + (dryRun ? ["--dry-run"] : []), in: directory, expect: 65)
            #expect(result.stderr.contains(message), "\(result)")
            #expect(result.stderr.contains("toggles: error: \(file)"), "the message names the file: \(result)")
            #expect(result.stderr.contains("nothing was appended"))
            #expect(result.stdout.isEmpty)
        }
        #expect(try Self.logBytes(directory) == before)
    }

    @Test func importFailsOnUnreadableFileAndUnknownSource() throws {
        let directory = try Self.seeded()
        let before = try Self.logBytes(directory)
        let missing = try Self.run(["import", "firebase", "no-such-template.json"], in: directory, expect: 2)
        #expect(missing.stderr.contains("no-such-template.json does not exist"))
        let unknown = try Self.run(["import", "launchdarkly", "x.json"], in: directory, expect: 64)
        #expect(unknown.stderr.contains("unknown import source 'launchdarkly'"))
        try Self.run(["import", "plist", Self.fixture("importPlist/typed.plist"), "--category", "ops"], in: directory, expect: 64)
        try Self.run(["import", "firebase-versions", Self.fixture("importFirebase/versions.json"), "--dry-run"], in: directory, expect: 64)
        #expect(try Self.logBytes(directory) == before)
    }

    // MARK: import firebase-versions

    @Test func firebaseVersionsListsWhoAndWhenAndReportsMissingVersions() throws {
        let directory = try Self.seeded()
        try Self.run(["import", "firebase", Self.template("v5"), "--category", "remote-config"], in: directory)
        try Self.run(["import", "firebase", Self.template("v6")], in: directory)
        let before = try Self.logBytes(directory)
        let text = try Self.run(["import", "firebase-versions", Self.fixture("importFirebase/versions.json")], in: directory)
        try assertSnapshot(text.stdout, named: "importFirebaseVersions.txt")
        let json = try Self.run(["import", "firebase-versions", Self.fixture("importFirebase/versions.json"), "--format", "json"], in: directory)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(document["missing"] as? [String] == ["8", "7"])
        let snake = try Self.run(["import", "firebase-versions", Self.fixture("importFirebase/versions-snake.json"), "--format", "json"], in: directory)
        let snakeDocument = try JSONSerialization.jsonObject(with: Data(snake.stdout.utf8)) as! [String: Any]
        let versions = snakeDocument["versions"] as! [[String: Any]]
        #expect(versions.map { $0["status"] as? String } == ["imported", "imported"])
        #expect(versions.map { $0["updateUser"] as? String } == ["bob@moments.example", "ana@moments.example"])
        #expect(versions.map { $0["agrees"] as? Bool } == [true, true])
        #expect(try Self.logBytes(directory) == before)
    }

    // MARK: plist

    @Test func importPlistTypedAndDownloadFormsAgree() throws {
        let directory = try Self.seeded()
        let before = try Self.logBytes(directory)
        func dryRun(_ name: String) throws -> (stdout: String, events: [[String: Any]]) {
            let result = try Self.run(
                ["import", "plist", Self.fixture("importPlist/\(name).plist"), "--dry-run", "--format", "json", "--at", "2026-03-01T09:00:00Z", "--actor", "ios@moments.example"],
                in: directory)
            #expect(result.stderr.contains("skipped key unknownKey: not a toggle in the log"))
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
            return (result.stdout, document["events"] as! [[String: Any]])
        }
        let typed = try dryRun("typed")
        let download = try dryRun("download")
        try assertSnapshot(typed.stdout.replacingOccurrences(of: Self.fixtures.path, with: "Fixtures"), named: "importPlist-typed-dry-run.json")
        func withoutIDs(_ events: [[String: Any]]) -> [String] {
            events.map { event in
                var copy = event
                copy["id"] = nil
                return String(decoding: try! JSONSerialization.data(withJSONObject: copy, options: [.sortedKeys]), as: UTF8.self)
            }
        }
        #expect(withoutIDs(typed.events) == withoutIDs(download.events))
        #expect(typed.events.map { $0["toggle"] as! String } == ["isRoundedAvatar", "planetImageScaleFactor", "welcomeMessage"])
        #expect(try Self.logBytes(directory) == before)

        try Self.run(["import", "plist", Self.fixture("importPlist/download.plist"), "--at", "2026-03-01T09:00:00Z"], in: directory)
        let after = try Self.logBytes(directory)
        for name in ["typed", "download"] {
            let again = try Self.run(["import", "plist", Self.fixture("importPlist/\(name).plist")], in: directory)
            #expect(again.stdout.contains("nothing to append"), "\(again)")
        }
        #expect(try Self.logBytes(directory) == after)
    }

    @Test(arguments: [
        ("boolean-maybe", ":4: key \"isRoundedAvatar\": <string>maybe</string> is not a bool value"),
        ("unclosed", ":8: expected </string>, found '</dict>'"),
        ("number-text", ":4: key \"planetImageScaleFactor\": <string>three quarters</string> is not a number value"),
        ("not-a-plist", ":1: expected <plist>"),
    ])
    func importPlistRejectsMalformed(name: String, message: String) throws {
        let directory = try Self.seeded()
        let before = try Self.logBytes(directory)
        let file = Self.fixture("importPlistRejectsMalformed/\(name).plist")
        let result = try Self.run(["import", "plist", file], in: directory, expect: 65)
        #expect(result.stderr.contains("toggles: error: \(file)\(message)"), "\(result)")
        #expect(result.stderr.contains("nothing was appended"))
        #expect(try Self.logBytes(directory) == before)
    }

    // MARK: export and round trips

    @Test func exportFirebaseThenImportAppendsNothing() throws {
        let directory = try Self.seeded()
        try Self.run(["import", "firebase", Self.template("v5"), "--category", "remote-config"], in: directory)
        try Self.run(["import", "firebase", Self.template("v6")], in: directory)
        let export = try Self.run(["export", "firebase", "--output", "template.json"], in: directory)
        #expect(export.stderr.contains("wrote template.json"))
        try assertSnapshot(try directory.read("template.json"), named: "exportFirebase-after-v6.json")
        let before = try Self.logBytes(directory)
        let again = try Self.run(["import", "firebase", "template.json"], in: directory)
        #expect(again.stdout.contains("nothing to append"), "\(again)")
        #expect(try Self.logBytes(directory) == before)
    }

    @Test func exportPlistThenImportAppendsNothing() throws {
        let directory = try Self.seeded()
        try Self.run(["import", "firebase", Self.template("v5"), "--category", "remote-config"], in: directory)
        try Self.run(["create", "bannerText", "--kind", "local", "--type", "string", "--default", "Tom & Jerry <3 \"quotes\"", "--at", "2026-02-02"], in: directory)
        try Self.run(["create", "retryCount", "--kind", "local", "--type", "number", "--default", "1e3", "--at", "2026-02-02"], in: directory)
        try Self.run(["create", "Zeta_mode", "--kind", "local", "--type", "number", "--default", "-2", "--at", "2026-02-02"], in: directory)
        try Self.run(["export", "plist", "--kind", "all", "--output", "Defaults.plist"], in: directory)
        try assertSnapshot(try directory.read("Defaults.plist"), named: "exportPlist-all.plist")
        let before = try Self.logBytes(directory)
        let again = try Self.run(["import", "plist", "Defaults.plist"], in: directory)
        #expect(again.stdout.contains("nothing to append"), "\(again)")
        #expect(try Self.logBytes(directory) == before)
    }

    @Test func exportAtAnInstantWritesThePast() throws {
        let directory = try Self.seeded()
        try Self.run(["import", "firebase", Self.template("v5"), "--category", "remote-config"], in: directory)
        try Self.run(["import", "plist", Self.fixture("importPlist/typed.plist"), "--at", "2026-03-01T09:00:00Z"], in: directory)
        let before = try Self.run(["export", "plist", "--at", "2026-02-15"], in: directory)
        let now = try Self.run(["export", "plist"], in: directory)
        #expect(before.stdout.contains("<key>isRoundedAvatar</key>\n\t<false/>"))
        #expect(now.stdout.contains("<key>isRoundedAvatar</key>\n\t<true/>"))
        let template = try Self.run(["export", "firebase", "--at", "2026-01-31"], in: directory)
        #expect(!template.stdout.contains("planetConfig") && template.stdout.contains("legacyBanner"))
    }

    @Test func exportFlagd() throws {
        let directory = try Self.seeded()
        try Self.run(["import", "firebase", Self.template("v5"), "--category", "remote-config"], in: directory)
        try Self.run(["create", "launchList", "--kind", "local", "--type", "json", "--default", "[1,2]", "--at", "2026-02-02"], in: directory)
        let result = try Self.run(["export", "flagd", "--at", "2026-02-03"], in: directory)
        #expect(result.stderr.contains("skipped launchList: its value is a JSON array"))
        try assertSnapshot(result.stdout, named: "exportFlagd.json")
    }

    @Test func exportFirebaseRefusesConflictingConditions() throws {
        let directory = try Self.seeded()
        try Self.run(["publish", "isRoundedAvatar", "--value", "false", "--when", "ios", "device.os == 'ios'", "true", "--at", "2026-01-12"], in: directory)
        try Self.run(["publish", "welcomeMessage", "--value", "Hi", "--when", "ios", "device.os == 'iOS'", "Hey", "--at", "2026-01-12"], in: directory)
        let result = try Self.run(["export", "firebase"], in: directory, expect: 65)
        #expect(result.stderr.contains(#"condition "ios" is "device.os == 'ios'" for isRoundedAvatar but "device.os == 'iOS'" for welcomeMessage"#), "\(result)")
        try Self.run(["export", "yaml"], in: directory, expect: 64)
        try Self.run(["export", "flagd", "--kind", "remote"], in: directory, expect: 64)
    }
}
