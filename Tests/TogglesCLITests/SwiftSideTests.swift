import Foundation
import Testing
import TestSupport

/// A small log with every kind of toggle, written through the CLI.
enum SwiftSideLog {
    static func make(in directory: TemporaryDirectory) throws {
        let commands: [[String]] = [
            [
                "create", "debug", "--kind", "build", "--type", "bool", "--default", "true", "--category", "permission", "--owner", "ios@example.com", "--description",
                "Debug builds",
            ],
            ["create", "production", "--kind", "build", "--type", "bool", "--default", "false", "--category", "permission"],
            ["create", "isSwiftUIEnabled", "--kind", "local", "--type", "bool", "--default", "true", "--owner", "ui@example.com", "--expires", "2027-01-31"],
            [
                "create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--category", "experiment", "--owner", "mei@example.com", "--description",
                "Rounded avatars", "--expires", "2026-03-12",
            ],
            ["publish", "isRoundedAvatar", "--value", "false", "--when", "Chinese users", "device.language in ['zh']", "true"],
            ["create", "isStoriesEnabled", "--kind", "remote", "--type", "bool", "--default", "true"],
            ["create", "appPrimaryColor", "--kind", "remote", "--type", "string", "--default", "#FBB03B", "--category", "remote-config"],
            ["create", "planetImageScaleFactor", "--kind", "remote", "--type", "number", "--default", "0.33", "--category", "remote-config"],
            ["create", "isOldOnboarding", "--kind", "remote", "--type", "bool", "--default", "true"],
            ["remove", "isOldOnboarding", "--reason", "launched"],
        ]
        for (offset, command) in commands.enumerated() {
            let at = String(format: "2026-03-%02dT10:00:00Z", offset + 1)
            let run = toggles(command + ["--at", at, "--actor", "test@example.com", "--id", "swift-side-\(offset)"], in: directory.url)
            try #require(run.status == 0, "\(run)")
        }
    }

    /// Copies `Fixtures/<name>/` into `directory`.
    static func copyFixture(_ name: String, into directory: TemporaryDirectory, file: String = #filePath) throws {
        let source = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
        let enumerator = try #require(FileManager.default.enumerator(at: source, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let relative = String(url.path.dropFirst(source.path.count + 1))
            try directory.write(relative, try String(contentsOf: url, encoding: .utf8))
        }
    }
}

@Suite struct ScanCommandTests {
    @Test func scanCommandOutputs() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.copyFixture("scanCommandOutputs", into: directory)
        try SwiftSideLog.make(in: directory)
        let text = toggles(["scan"], in: directory.url)
        #expect(text.status == 0, "\(text)")
        try assertSnapshot(text.stdout, named: "scan.txt")
        let json = toggles(["scan", "App", "--format", "json"], in: directory.url)
        #expect(json.status == 0)
        try assertSnapshot(json.stdout, named: "scan.json")
        // Without the log, string keys of unknown parameters are not claimed.
        let withoutLog = toggles(["scan", "App", "--log", "nowhere"], in: directory.url)
        #expect(withoutLog.status == 2)
        try FileManager.default.removeItem(at: directory.file("events"))
        let noLog = toggles(["scan", "App"], in: directory.url)
        #expect(noLog.status == 0)
        #expect(!noLog.stdout.contains("appPrimaryColor"))
        #expect(noLog.stdout.contains("isRoundedAvatar"))
    }

    @Test func scanErrors() throws {
        let directory = try TemporaryDirectory()
        let missing = toggles(["scan", "NoSuchFolder"], in: directory.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("NoSuchFolder: no such file or directory"))
        let format = toggles(["scan", "--format", "xml"], in: directory.url)
        #expect(format.status == 64)
    }
}

@Suite struct ExportSwiftCommandTests {
    @Test func exportSwiftWritesTheEnums() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.make(in: directory)
        let printed = toggles(["export", "swift", "--now", "2026-11-22"], in: directory.url)
        #expect(printed.status == 0, "\(printed)")
        try assertSnapshot(printed.stdout, named: "export-swift.swift")

        let written = toggles(["export", "swift", "--now", "2026-11-22", "--output", "Sources/Toggles.generated.swift"], in: directory.url)
        #expect(written.status == 2, "the folder does not exist yet")
        try FileManager.default.createDirectory(at: directory.file("Sources"), withIntermediateDirectories: true)
        let second = toggles(["export", "swift", "--now", "2026-11-22", "--output", "Sources/Toggles.generated.swift"], in: directory.url)
        #expect(second.status == 0)
        #expect(second.stdout.isEmpty)
        #expect(try directory.read("Sources/Toggles.generated.swift") == printed.stdout)

        // --at: before isOldOnboarding was removed, it is generated.
        let past = toggles(["export", "swift", "--at", "2026-03-09T12:00:00Z"], in: directory.url)
        #expect(past.stdout.contains("case isOldOnboarding"))
        #expect(!printed.stdout.contains("isOldOnboarding"))
    }

    @Test func exportSwiftUsageErrors() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.make(in: directory)
        #expect(toggles(["export", "swift", "--access", "open"], in: directory.url).status == 64)
        #expect(toggles(["export", "swift", "extra"], in: directory.url).status == 64)
        #expect(toggles(["export", "swift", "--log", "missing"], in: directory.url).status == 2)
        let help = toggles(["help", "export", "swift"], in: directory.url)
        #expect(help.status == 0 && help.stdout.contains("usage: toggles export swift"))
    }

    /// Compiles the generated enums with a small program against the ToggleKit module in the
    /// build folder, runs it, and compares the defaults it reports with the log's.
    @Test(.tags(.swiftToolchain)) func generatedCodeCompilesAgainstToggleKitAndReportsTheLogDefaults() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.make(in: directory)
        let build = TogglesBinary.url.deletingLastPathComponent()
        let modules = build.appendingPathComponent("Modules")
        let objectsFolder = build.appendingPathComponent("ToggleKit.build")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("ToggleKit.swiftmodule").path), "build ToggleKit first")
        let objects = try FileManager.default.contentsOfDirectory(atPath: objectsFolder.path)
            .filter { $0.hasSuffix(".o") }.map { objectsFolder.appendingPathComponent($0).path }
        try #require(!objects.isEmpty)

        // On 2026-03-15 the standard policy finds only isRoundedAvatar stale (it expired on 03-12).
        let generated = toggles(["export", "swift", "--now", "2026-03-15", "--output", "Toggles.swift"], in: directory.url)
        try #require(generated.status == 0, "\(generated)")
        #expect(try directory.read("Toggles.swift").components(separatedBy: "@available(*, deprecated").count == 2)
        try directory.write(
            "main.swift",
            """
            import Foundation
            import ToggleKit

            func show(_ toggles: [any ToggleType]) { for toggle in toggles { print("\\(toggle.key)=\\(toggle.defaultValue)") } }
            show(BuildTargetToggle.allCases)
            show(InternalToggle.allCases)
            show(RemoteToggle.allCases)
            for key in RemoteConfigKeys.allCases { print("\\(key.key)=\\(key.defaultValue)") }
            // The stores fall back to the generated defaults before anything is fetched.
            let provider = try TemplateRemoteConfigProvider(data: Data("{}".utf8))
            let remote = RemoteTogglesDataStore(provider: provider)
            print("store:isStoriesEnabled=\\(remote.isToggleOn(RemoteToggle.isStoriesEnabled))")
            print("store:planetImageScaleFactor=\\(provider.double(RemoteConfigKeys.planetImageScaleFactor) ?? -1)")
            print("deprecated-use:\\(RemoteToggle.isRoundedAvatar.key)")
            """)
        let compile = try Subprocess.run("/usr/bin/env", ["swiftc", "-I", modules.path, "main.swift", "Toggles.swift"] + objects + ["-o", "app"], in: directory.url)
        #expect(compile.status == 0, "\(compile)")
        // The deprecated case warns where it is used, and only there.
        #expect(compile.stderr.contains("main.swift:14:"))
        #expect(
            compile.stderr.contains("'isRoundedAvatar' is deprecated: expired on 2026-03-12, 3 days ago; remove it or extend it with `toggles extend` (owner: mei@example.com)"))
        let warnings = compile.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(!compile.stderr.contains("Toggles.swift:"), "the generated file itself compiles without warnings")

        let run = try Subprocess.run(directory.file("app").path, [], in: directory.url)
        #expect(run.status == 0, "\(run)")
        let reported = Dictionary(
            uniqueKeysWithValues: run.stdout.split(separator: "\n").map { line -> (String, String) in
                let parts = line.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            })
        // The log's live toggles and their defaults, from `toggles state --format json`.
        let state = TestSupport.toggles(["state", "--format", "json"], in: directory.url)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        let toggles = try #require(json["toggles"] as? [[String: Any]])
        var expected: [String: String] = [:]
        for toggle in toggles where toggle["removedAt"] == nil || toggle["removedAt"] is NSNull {
            guard let name = toggle["name"] as? String, let value = toggle["default"] else { continue }
            switch value {
            case let text as String: expected[name] = text
            case let number as NSNumber where toggle["type"] as? String == "bool": expected[name] = number.boolValue ? "true" : "false"
            case let number as NSNumber: expected[name] = number.stringValue
            default: Issue.record("unexpected default \(value)")
            }
        }
        #expect(expected.count == 7, "\(state.stdout)")
        #expect(reported.filter { !$0.key.contains(":") } == expected)
        #expect(reported["store:isStoriesEnabled"] == "true")
        #expect(reported["store:planetImageScaleFactor"] == "0.33")
    }
}

@Suite struct SyncSwiftCommandTests {
    @Test func syncSwiftAppendsCreatedAndRemoved() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.copyFixture("syncSwiftAppendsCreatedAndRemoved", into: directory)
        try SwiftSideLog.make(in: directory)
        let before = directory.segments()
        let common = ["sync", "swift", "App", "--defaults", "RemoteConfigDefaults.plist", "--at", "2026-06-01T09:00:00Z", "--actor", "ci@example.com"]

        let dryRun = toggles(common + ["--dry-run"], in: directory.url)
        #expect(dryRun.status == 0, "\(dryRun)")
        #expect(
            dryRun.stdout == """
                would create isLikeButtonEnabled (local bool, default true) declared at App/Toggles.swift:9
                would create isBrandNewThing (remote bool, default true) declared at App/Toggles.swift:21
                would create welcomeMessage (remote string, default "Hello, \\"moments\\"") declared at App/Toggles.swift:27
                would create maximumMoments (remote number, default 40) declared at App/Toggles.swift:28
                would remove isStoriesEnabled: no RemoteToggle case declares it

                """)
        #expect(directory.segments() == before)
        let dryJSON = toggles(common + ["--dry-run", "--format", "json"], in: directory.url)
        #expect(dryJSON.stdout.split(separator: "\n").count == 5)
        #expect(
            dryJSON.stdout.contains(
                #""type":"created","toggle":"welcomeMessage","actor":"ci@example.com","kind":"remote","valueType":"string","default":"Hello, \"moments\"","category":"remote-config""#
            ))

        let sync = toggles(common, in: directory.url)
        #expect(sync.status == 0, "\(sync)")
        #expect(directory.segments().count == before.count + 1)
        let state = toggles(["state", "--format", "json"], in: directory.url)
        #expect(state.stdout.contains(#""name": "isLikeButtonEnabled""#))
        let removal = try directory.eventLines().filter { $0.contains(#""type":"removed","toggle":"isStoriesEnabled""#) }
        #expect(removal.count == 1)
        #expect(removal.first?.contains(#""reason":"no RemoteToggle case declares it in App (toggles sync swift)""#) == true, "\(removal)")

        // In step now: a second run (a retried CI job) appends nothing.
        let again = toggles(common, in: directory.url)
        #expect(again.status == 0)
        #expect(again.stderr.contains("nothing to append"))
        #expect(directory.segments().count == before.count + 1)
    }

    @Test func syncSwiftRefuses() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.copyFixture("syncSwiftRefuses", into: directory)
        try SwiftSideLog.make(in: directory)
        let before = directory.segments()
        let refused = toggles(["sync", "swift", "App"], in: directory.url)
        #expect(refused.status == 65, "\(refused)")
        for expected in [
            "App/Toggles.swift:4: RemoteToggle.isOldOnboarding is declared, but isOldOnboarding was removed from the log",
            "App/Toggles.swift:5: cannot read RemoteToggle.isComputedDefault's default",
            "1 toggle found in CheckoutToggle (App/Toggles.swift) has no kind; pass --kind local|remote|build",
            "App/Toggles.swift:17: RemoteConfigKeys.bannerText is new and needs a typed default",
            "nothing was appended",
        ] {
            #expect(refused.stderr.contains(expected), "\(expected)\n\(refused.stderr)")
        }
        #expect(directory.segments() == before)

        // No toggle enum at all is refused too, rather than removing every toggle.
        try directory.write("Empty/Nothing.swift", "let x = 1\n")
        let empty = toggles(["sync", "swift", "Empty"], in: directory.url)
        #expect(empty.status == 65)
        #expect(empty.stderr.contains("no toggle enum cases found"))
        #expect(toggles(["sync", "swift"], in: directory.url).status == 64)
        #expect(toggles(["sync", "swift", "App", "--defaults", "missing.plist"], in: directory.url).status == 2)
    }
}

@Suite struct ReportAndCheckScanTests {
    @Test func reportAndCheckWithScan() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.copyFixture("reportAndCheckWithScan", into: directory)
        try SwiftSideLog.make(in: directory)
        let now = ["--now", "2026-03-15"]

        let report = toggles(["report", "--scan", "App"] + now, in: directory.url)
        #expect(report.status == 0, "\(report)")
        try assertSnapshot(report.stdout, named: "report-scan.txt")

        let json = toggles(["report", "--scan", "App", "--format", "json"] + now, in: directory.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["codeFindings"] as? [[String: Any]])
        #expect(findings.map { "\($0["toggle"]!) \($0["code"]!)" } == ["isOldOnboarding removed-but-referenced", "isUnrecorded untracked"])
        #expect((findings[0]["references"] as? [[String: Any]])?.map { "\($0["file"]!):\($0["line"]!)" } == ["App/Onboarding.swift:7", "App/Toggles.swift:5"])
        #expect(findings[0]["days"] as? Int == 4)
        // Without --scan the document has no codeFindings key.
        let plain = toggles(["report", "--format", "json"] + now, in: directory.url)
        #expect(!plain.stdout.contains("codeFindings"))

        let sarif = toggles(["report", "--scan", "App", "--format", "sarif"] + now, in: directory.url)
        #expect(sarif.stdout.contains(#""id": "removed-but-referenced""#))
        #expect(sarif.stdout.contains(#""uri": "App/Onboarding.swift""#))
        #expect(!plain.stdout.contains("untracked"))
        let csv = toggles(["report", "--scan", "App", "--format", "csv"] + now, in: directory.url)
        #expect(csv.stdout.contains("isUnrecorded,,,,untracked,,,,,,true,untracked,"))
        let markdown = toggles(["report", "--scan", "App", "--format", "markdown"] + now, in: directory.url)
        #expect(markdown.stdout.contains("| `isUnrecorded` | **untracked**: declared, never created in the log | `App/Toggles.swift:6` |"))

        // check: the findings fail the build by default with --scan, and obey --fail-on.
        let check = toggles(["check", "--scan", "App"] + now, in: directory.url)
        #expect(check.status == 1)
        #expect(
            check.stdout.contains(
                "isOldOnboarding (in the code)\n  removed-but-referenced: isOldOnboarding was removed at 2026-03-10T10:00:00Z but is still referenced at App/Onboarding.swift:7, App/Toggles.swift:5"
            ), "\(check)")
        #expect(check.stdout.contains("check failed: 3 stale toggles"), "isRoundedAvatar expired, plus two findings")
        let onlyUntracked = toggles(["check", "--scan", "App", "--fail-on", "untracked"] + now, in: directory.url)
        #expect(onlyUntracked.status == 1)
        #expect(onlyUntracked.stdout.contains("(counting untracked;"))
        let notScanned = toggles(["check", "--fail-on", "untracked"] + now, in: directory.url)
        #expect(notScanned.status == 0, "without --scan there are no findings")
        let launchedOnly = toggles(["check", "--scan", "App", "--fail-on", "launched"] + now, in: directory.url)
        #expect(launchedOnly.status == 0)
        #expect(launchedOnly.stdout.contains("not counted (stale only for reasons outside --fail-on): isRoundedAvatar, isOldOnboarding, isUnrecorded"))
        #expect(toggles(["check", "--scan", "Missing"] + now, in: directory.url).status == 2)
    }
}
