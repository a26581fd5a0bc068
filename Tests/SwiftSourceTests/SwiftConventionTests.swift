import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// The conventions real apps use (issue 17), each on the fixture folder named after its test
/// (`Fixtures/<testName>/`), with no configuration unless the test is about the setting.
@Suite struct SwiftConventionTests {
    static let fixtures = SwiftReferenceScannerTests.fixtures

    func scan(_ name: String, kinds: [String: ToggleKind] = [:], settings: SwiftScanSettings = SwiftScanSettings()) throws -> [String] {
        let result = try SwiftSourceScan(toggleKinds: kinds, settings: settings).run(paths: [name], currentDirectory: Self.fixtures)
        return result.references.map { reference in
            let ambiguity = reference.ambiguousWith.isEmpty ? "" : " ambiguous with \(reference.ambiguousWith.joined(separator: ","))"
            return
                "\(reference.file.dropFirst(name.count + 1)):\(reference.line):\(reference.column) \(reference.kind.rawValue) \(reference.toggle) \(reference.symbol)\(ambiguity)"
        }
    }

    @Test func featureFlagEnumAcrossModules() throws {
        // The log knows the flag by its Remote Config key, the code by the case.
        let found = try scan("featureFlagEnumAcrossModules", kinds: ["new_settings_storage": .remote, "sync": .remote])
        #expect(
            found == [
                // `section == .sync` (line 24) is SettingsSection.sync; comments and strings never count.
                "App Module/Settings Screen/Settings View.swift:15:43 implicit-member aiChat .aiChat",
                "App Module/Settings Screen/Settings View.swift:16:48 implicit-member sync .sync",
                "App Module/Settings Screen/Settings View.swift:17:32 implicit-member debugMenu .debugMenu",
                "App Module/Settings Screen/Settings View.swift:27:32 member new_settings_storage FeatureFlag.newSettingsStorage",
                "App Module/Settings Screen/Settings View.swift:31:17 member debugMenu FeatureFlag.debugMenu",
                "App Module/Settings Screen/Settings View.swift:35:54 implicit-member aiChat .aiChat",
                "App Module/Settings Screen/Settings View.swift:36:37 member sync FeatureFlag.sync",
                // Arrays and labels named for flags take implicit members even when another enum has the name;
                // `[SettingsSection] = [.sync]` (line 43) does not.
                "App Module/Settings Screen/Settings View.swift:40:60 implicit-member sync .sync",
                "App Module/Settings Screen/Settings View.swift:40:67 implicit-member aiChat .aiChat",
                "App Module/Settings Screen/Settings View.swift:41:36 implicit-member sync .sync",
                "App Module/Settings Screen/Settings View.swift:42:63 implicit-member sync .sync",
                "Core/Sources/Core/FeatureFlag.swift:4:10 declaration debugMenu case debugMenu",
                "Core/Sources/Core/FeatureFlag.swift:5:10 declaration sync case sync",
                "Core/Sources/Core/FeatureFlag.swift:6:10 declaration aiChat case aiChat",
                "Core/Sources/Core/FeatureFlag.swift:8:10 declaration new_settings_storage case newSettingsStorage",
                // The enum's own labels (issue 27: in its declaring type).
                "Core/Sources/Core/FeatureFlag.swift:14:14 implicit-member debugMenu .debugMenu",
                "Core/Sources/Core/FeatureFlag.swift:14:26 implicit-member aiChat .aiChat",
            ])
    }

    @Test func intFeatureFlagEnums() throws {
        // ScreenSwitch has no raw type: not a toggle enum, and its `.inbox` is not the toggle.
        #expect(
            try scan("intFeatureFlagEnums") == [
                "FeatureFlag.swift:3:10 declaration barcodeScanner case barcodeScanner",
                "FeatureFlag.swift:4:10 declaration inbox case inbox",
                "FeatureFlag.swift:12:37 implicit-member barcodeScanner .barcodeScanner",
                "FeatureFlag.swift:13:8 member inbox FeatureFlag.inbox",
            ])
    }

    @Test func switchOverAFlag() throws {
        // MainTab declares inbox and pointOfSale too: `switch featureFlag`'s case labels are the
        // flag's; `= .inbox` of a MainTab, the case labels of `switch tab` and of
        // `switch FeatureFlagRows(rawValue: row)` are not.
        #expect(
            try scan("switchOverAFlag") == [
                "FeatureFlagService.swift:4:10 declaration inbox case inbox",
                "FeatureFlagService.swift:5:10 declaration pointOfSale case pointOfSale",
                "FeatureFlagService.swift:6:10 declaration sync case sync",
                "FeatureFlagService.swift:17:14 implicit-member inbox .inbox",
                "FeatureFlagService.swift:17:22 implicit-member pointOfSale .pointOfSale",
                "FeatureFlagService.swift:19:14 implicit-member sync .sync",
                "FeatureFlagService.swift:56:10 implicit-member sync .sync",
            ])
        let path = Self.fixtures + "/switchOverAFlag/FeatureFlagService.swift"
        let why = try SwiftSourceScan().explain(paths: [path], currentDirectory: "/", file: path, line: 17)
        #expect(why.first?.hasSuffix("17:14: `.inbox` is inbox (implicit-member: a toggle case or a toggle the log knows, a case of switch featureFlag)") == true, "\(why)")
        let inner = try SwiftSourceScan().explain(paths: [path], currentDirectory: "/", file: path, line: 22)
        #expect(inner.first?.contains("not a reference: .inbox is also a case of FeatureFlagRows, MainTab") == true, "\(inner)")
        // `switch FeatureFlagRows(rawValue: row)` is over a row enum, not a flag.
        let rows = try SwiftSourceScan().explain(paths: [path], currentDirectory: "/", file: path, line: 43)
        #expect(rows.first?.contains("not a reference: .inbox is also a case of FeatureFlagRows, MainTab") == true, "\(rows)")
        // `if case .sync = destination` in a case body of `switch featureFlag` is Destination's.
        let pattern = try SwiftSourceScan().explain(paths: [path], currentDirectory: "/", file: path, line: 57)
        #expect(pattern.first?.contains("not a reference: .sync is also a case of Destination") == true, "\(pattern)")
    }

    @Test func keyEnumsFoundThroughTheLog() throws {
        let found = try scan("keyEnumsFoundThroughTheLog", kinds: ["admin_code": .remote, "ai_workout_generation_enabled": .remote])
        #expect(
            found == [
                // Profile.Key is a CodingKey enum and AnalyticsKey's raw values are not toggles: nothing.
                // The client's accessor property named as the toggle (issue 27: a property of a config type).
                "RemoteConfigClient.swift:6:9 declaration admin_code var adminCode",
                "RemoteConfigClient.swift:7:42 member admin_code Key.adminCode",
                "RemoteConfigClient.swift:11:42 member ai_workout_generation_enabled Key.aiWorkoutGenerationEnabled",
                "RemoteConfigClient.swift:17:14 declaration admin_code case adminCode",
                "RemoteConfigClient.swift:18:14 declaration ai_workout_generation_enabled case aiWorkoutGenerationEnabled",
            ])
    }

    @Test func stringKeysByStore() throws {
        let found = try scan("stringKeysByStore", kinds: ["beta_search": .remote, "showDebugOverlay": .local])
        #expect(
            found == [
                // @AppStorage("beta_search"), UserDefaults' "beta_search" and config["showDebugOverlay"] are the other store's.
                "Settings.swift:5:17 string-key showDebugOverlay AppStorage(\"showDebugOverlay\")",
                // The wrapped property named as the toggle (issue 27).
                "Settings.swift:5:41 declaration showDebugOverlay @AppStorage var showDebugOverlay",
                "Settings.swift:10:54 string-key beta_search [\"beta_search\"]",
                "Settings.swift:14:49 string-key beta_search forKey: \"beta_search\"",
                "Settings.swift:16:49 string-key showDebugOverlay forKey: \"showDebugOverlay\"",
                "Settings.swift:17:48 string-key showDebugOverlay forKey: \"showDebugOverlay\"",
            ])
    }

    @Test func ambiguousImplicitMembers() throws {
        let found = try scan("ambiguousImplicitMembers")
        #expect(
            found == [
                "Flags.swift:2:10 declaration payments_checkout case checkout",
                "Flags.swift:6:10 declaration onboarding_checkout case checkout",
                "Flags.swift:10:24 implicit-member onboarding_checkout .checkout ambiguous with payments_checkout",
                "Flags.swift:10:24 implicit-member payments_checkout .checkout ambiguous with onboarding_checkout",
                "Flags.swift:11:24 member payments_checkout PaymentsFeature.checkout",
            ])
    }

    @Test func settingNamesEnumsMethodsAndKeyStyles() throws {
        let settings = SwiftScanSettings(toggleEnums: ["Experiments"], queryMethods: ["variant"], keyStyles: [.snakeCase])
        let found = try scan("settingNamesEnumsMethodsAndKeyStyles", kinds: ["new_paywall": .remote, "compact_timeline": .remote], settings: settings)
        #expect(
            found == [
                "Experiments.swift:2:10 declaration new_paywall case newPaywall",
                "Experiments.swift:3:10 declaration compact_timeline case compactTimeline",
                "Experiments.swift:7:17 implicit-member new_paywall .newPaywall",
                "Experiments.swift:10:16 member compact_timeline Experiments.compactTimeline",
            ])
        // Without the setting, Experiments is named for toggles and the log knows one of its
        // cases in another spelling (issue 27): a toggle enum, its other case untracked.
        #expect(
            try scan("settingNamesEnumsMethodsAndKeyStyles", kinds: ["new_paywall": .remote]) == [
                "Experiments.swift:2:10 declaration new_paywall case newPaywall",
                "Experiments.swift:3:10 declaration compactTimeline case compactTimeline",
                "Experiments.swift:7:17 implicit-member new_paywall .newPaywall",
                "Experiments.swift:10:16 member compactTimeline Experiments.compactTimeline",
            ])
    }

    @Test func explainSaysWhichRuleMatchedOrWhyNone() throws {
        let scan = SwiftSourceScan(toggleKinds: ["sync": .remote, "aiChat": .remote])
        let path = "featureFlagEnumAcrossModules/App Module/Settings Screen/Settings View.swift"
        let matched = try scan.explain(paths: ["featureFlagEnumAcrossModules"], currentDirectory: Self.fixtures, file: path, line: 16)
        #expect(matched == ["\(path):16:48: `.sync` is sync (implicit-member: a toggle case or a toggle the log knows, the argument of isFeatureOn)"])
        let rejected = try scan.explain(paths: ["featureFlagEnumAcrossModules"], currentDirectory: Self.fixtures, file: path, line: 24)
        #expect(
            rejected == [
                "\(path):24:20: not a reference: .sync is also a case of SettingsSection (not a toggle enum); it counts only as the argument of a query method such as isFeatureOn(.sync) or as a case of a switch over a flag"
            ])
        let comment = try scan.explain(paths: ["featureFlagEnumAcrossModules"], currentDirectory: Self.fixtures, file: path, line: 18)
        #expect(comment == ["\(path):18: no code on this line (comments and string contents are never code)"])
    }

    @Test func settingIsReadStrictly() throws {
        let settings = try SwiftScanSettings.parse(Array(#"{"schema": 1, "swift": {"toggleEnums": ["Experiments"], "keyStyles": ["kebab-case"]}}"#.utf8), file: "policy.json")
        #expect(settings.toggleEnums == ["Experiments"] && settings.keyStyles == [.kebabCase])
        #expect(SwiftScanSettings.KeyStyle.snakeCase.spell("aiChatV2") == "ai_chat_v2")
        #expect(throws: PolicyError(file: "policy.json", field: "swift.keyStyles", message: "'SCREAMING' is not a key style; expected camelCase, snake_case or kebab-case")) {
            try SwiftScanSettings.parse(Array(#"{"swift": {"keyStyles": ["SCREAMING"]}}"#.utf8), file: "policy.json")
        }
        // policy.json may carry the setting: the stale policy ignores it.
        #expect(throws: Never.self) { try PolicyFile.parse(Array(#"{"schema": 1, "swift": {"toggleEnums": []}}"#.utf8), file: "policy.json") }
    }
}
