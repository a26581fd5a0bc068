import Foundation
import SwiftSource
import Testing
import ToggleLedger
import TestSupport

/// `toggles export swift --enum-name FeatureFlag`: the app's own `enum FeatureFlag: String`,
/// compiled without ToggleKit.
@Suite struct ExportSwiftAppEnumTests {
    @Test(.tags(.swiftToolchain)) func theAppsOwnEnumCompilesWithoutToggleKitAndListsTheLiveToggles() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(at: CIRecipeTests.root.appendingPathComponent("events"), to: directory.file("events"))
        let export = toggles(["export", "swift", "--enum-name", "FeatureFlag", "--access", "internal", "--output", "FeatureFlag.swift"], in: directory.url)
        try #require(export.status == 0, "\(export)")
        let code = try directory.read("FeatureFlag.swift")
        #expect(code.contains("internal enum FeatureFlag: String, CaseIterable {"))
        #expect(!code.contains("import "), "no ToggleKit")
        try directory.write("main.swift", "for flag in FeatureFlag.allCases { print(flag.rawValue) }\n")
        let compile = try Subprocess.run("/usr/bin/env", ["swiftc", "main.swift", "FeatureFlag.swift", "-o", "app"], in: directory.url)
        #expect(compile.status == 0, "\(compile)")
        #expect(!compile.stderr.contains("FeatureFlag.swift:"), "the generated file compiles without warnings: \(compile.stderr)")
        let run = try Subprocess.run(directory.file("app").path, [], in: directory.url)
        let state = try JSONParser.parse(toggles(["state", "--format", "json"], in: directory.url).stdout)
        let live = try #require(state.objectValue?["toggles"]?.arrayValue).compactMap { toggle -> String? in
            let object = toggle.objectValue
            return object?["removedAt"] == nil || object?["removedAt"] == .null ? object?["name"]?.stringValue : nil
        }
        #expect(run.stdout.split(separator: "\n").map(String.init) == live.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "\(run.stdout)")
    }

    @Test func aKeyThatIsNotAnIdentifierKeepsItsRawValue() {
        #expect(SwiftAppEnumGenerator.caseName("isRoundedAvatar") == "isRoundedAvatar")
        #expect(SwiftAppEnumGenerator.caseName("new-checkout.v2") == "newCheckoutV2")
        #expect(SwiftAppEnumGenerator.caseName("2fa_enabled") == "_2faEnabled")
        #expect(SwiftAppEnumGenerator.caseName("default") == "`default`")
    }

    @Test func aBadEnumNameIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let run = toggles(["export", "swift", "--enum-name", "Feature Flag"], in: directory.url)
        #expect(run.status == 64 && run.stderr.contains("--enum-name must be a Swift type name such as FeatureFlag, not 'Feature Flag'"), "\(run)")
    }
}
