import Foundation
@testable import SwiftSource
import Testing
@testable import TogglesCLI
import TestSupport

/// The conventions beyond toggle enums that the scan finds (issue 27: Bool properties of a flags
/// type, member chains, key constants, string keys, wrapped properties): `toggles cleanup`
/// rewrites their reads and removes their declarations across files, and refuses a write to
/// the property, writing nothing. (The corpus has a pair for each convention.)
@Suite struct CleanupConventionTests {
    static let flags = "enum FeatureFlags {\n    static let allowOfflineMode = true\n    static let sync = true\n}\n"
    static let sync = "func sync() {\n    if FeatureFlags.allowOfflineMode && FeatureFlags.sync {\n        cache()\n    }\n}\n"

    static func repository(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("cleanup-convention")
        for (path, text) in files { try directory.write(path, text) }
        try directory.write("events/2026/07/seed.jsonl", CleanupCommandTests.created("allowOfflineMode") + "\n")
        _ = try Git.process(["init", "-q", "."], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        return directory
    }

    @Test func aNamespacePropertyIsRewrittenAndItsDeclarationRemovedInAnotherFile() throws {
        let directory = try Self.repository(["App/Flags.swift": Self.flags, "App/Sync.swift": Self.sync])
        let run = CleanupCorpusTests.cleanup(["allowOfflineMode", "App", "--value", "true"], in: directory.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("App/Flags.swift:2:16: static let allowOfflineMode: property declaration removed"), "\(run.stdout)")
        #expect(try directory.read("App/Flags.swift") == "enum FeatureFlags {\n    static let sync = true\n}\n")
        #expect(try directory.read("App/Sync.swift") == "func sync() {\n    if FeatureFlags.sync {\n        cache()\n    }\n}\n")
    }

    @Test(.tags(.git)) func theDryRunOfAKeyConstantsCleanupAppliesWithGit() throws {
        let keys = "enum Keys {\n    static let offline = \"allowOfflineMode\"\n}\n"
        let use = "import Foundation\n\nfunc sync() {\n    if !UserDefaults.standard.bool(forKey: Keys.offline) {\n        refresh()\n    }\n}\n"
        let directory = try Self.repository(["App/Keys.swift": keys, "App/Sync.swift": use])
        let dry = CleanupCorpusTests.cleanup(["allowOfflineMode", "App", "--value", "false", "--dry-run"], in: directory.url)
        #expect(dry.status == 0, "\(dry.stdout)\(dry.stderr)")
        #expect(dry.stdout.contains("-    static let offline = \"allowOfflineMode\"\n"))
        #expect(dry.stdout.contains("-    if !UserDefaults.standard.bool(forKey: Keys.offline) {\n-        refresh()\n-    }\n+    refresh()\n"))
        try Data(dry.stdout.utf8).write(to: directory.file("change.diff"))
        let check = try Git.process(["apply", "--check", "change.diff"], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try directory.read("App/Keys.swift") == keys)
    }

    @Test func aWriteToThePropertyIsRefusedAndNothingIsWritten() throws {
        let flags = "final class FeatureFlags {\n    static let shared = FeatureFlags()\n    var allowOfflineMode = false\n}\n"
        let debug = "func debugMenu() {\n    FeatureFlags.shared.allowOfflineMode = true\n}\n"
        let directory = try Self.repository([
            "App/Flags.swift": flags, "App/Sync.swift": Self.sync.replacingOccurrences(of: "FeatureFlags.allowOfflineMode", with: "FeatureFlags.shared.allowOfflineMode"),
            "App/Debug.swift": debug,
        ])
        let run = CleanupCorpusTests.cleanup(["allowOfflineMode", "App", "--value", "true"], in: directory.url)
        #expect(run.status == 65)
        #expect(
            run.stdout.contains(
                "App/Debug.swift:2:25: FeatureFlags.shared.allowOfflineMode: refused: FeatureFlags.shared.allowOfflineMode is written here, so its value is not only the one kept"),
            "\(run.stdout)")
        #expect(run.stderr.contains("nothing written"))
        #expect(try directory.read("App/Flags.swift") == flags)
        #expect(try directory.read("App/Debug.swift") == debug)
    }

    @Test func aPropertyOfAnotherTypeNamedLikeAToggleEnumsCaseIsNotRemoved() throws {
        // The toggle is `case allowOfflineMode` of the flag enum; a view controller's own setting
        // of that name is not its declaration, and `vc.allowOfflineMode` is not its read.
        let flags = "enum FeatureFlag: String {\n    case allowOfflineMode\n    case other\n}\n"
        let view =
            "final class Foo: UIViewController {\n    var allowOfflineMode = false\n}\n\nfunc show(vc: Foo) {\n    if vc.allowOfflineMode { print(\"a\") } else { print(\"b\") }\n}\n"
        let directory = try Self.repository(["App/Flags.swift": flags, "App/VC.swift": view])
        let dry = CleanupCorpusTests.cleanup(["allowOfflineMode", "App", "--value", "true", "--dry-run"], in: directory.url)
        let run = CleanupCorpusTests.cleanup(["allowOfflineMode", "App", "--value", "true"], in: directory.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("App/Flags.swift:2:10: case allowOfflineMode: enum case declaration removed"), "\(run.stdout)")
        #expect(!run.stdout.contains("VC.swift") && !dry.stdout.contains("VC.swift"), "\(run.stdout)\(dry.stdout)")
        #expect(dry.stdout.contains("-    case allowOfflineMode\n"), "\(dry.stdout)")
        #expect(try directory.read("App/VC.swift") == view)
        #expect(try directory.read("App/Flags.swift") == "enum FeatureFlag: String {\n    case other\n}\n")
    }

    @Test func aRemovedPropertyTakesItsDocCommentButNotTheMarkAboveIt() throws {
        let settings =
            "final class Settings {\n    // MARK: - Feature Flags\n    /// Offline reading.\n    var allowOfflineMode = false\n    var inboxEnabled: Bool = true\n    // MARK: - Other\n    var userName = \"\"\n}\n"
        let directory = try Self.repository(["App/Settings.swift": settings])
        let dry = CleanupCorpusTests.cleanup(["allowOfflineMode", "App", "--value", "true", "--dry-run"], in: directory.url)
        #expect(dry.status == 0, "\(dry.stdout)\(dry.stderr)")
        #expect(dry.stdout.contains("     // MARK: - Feature Flags\n-    /// Offline reading.\n-    var allowOfflineMode = false\n"), "\(dry.stdout)")
        let run = CleanupCorpusTests.cleanup(["allowOfflineMode", "App", "--value", "true"], in: directory.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try directory.read("App/Settings.swift") == settings.replacingOccurrences(of: "    /// Offline reading.\n    var allowOfflineMode = false\n", with: ""))
    }

    @Test func aCRLFFileIsRewrittenAsItsLFTwinKeepingItsEndings() throws {
        let flags =
            "struct FeatureFlags {\r\n    static let allowOfflineMode = true\r\n    static let other = false\r\n}\r\n\r\nfunc go() {\r\n    if FeatureFlags.allowOfflineMode {\r\n        print(\"a\")\r\n    } else {\r\n        print(\"b\")\r\n    }\r\n}\r\n"
        let directory = try Self.repository(["App/Flags.swift": flags])
        let dry = CleanupCorpusTests.cleanup(["allowOfflineMode", "App", "--value", "true", "--dry-run"], in: directory.url)
        #expect(dry.status == 0, "\(dry.stdout)\(dry.stderr)")
        #expect(dry.stdout.contains("-    if FeatureFlags.allowOfflineMode {\r\n-        print(\"a\")\r\n"), "\(dry.stdout)")
        #expect(dry.stdout.contains("+    print(\"a\")\r\n"), "\(dry.stdout)")
        let run = CleanupCorpusTests.cleanup(["allowOfflineMode", "App", "--value", "true"], in: directory.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try directory.read("App/Flags.swift") == "struct FeatureFlags {\r\n    static let other = false\r\n}\r\n\r\nfunc go() {\r\n    print(\"a\")\r\n}\r\n")
    }
}
