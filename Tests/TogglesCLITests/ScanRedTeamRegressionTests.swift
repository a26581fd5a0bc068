import Foundation
import Testing
import TestSupport

/// What a red-team pass on this round's rules found: each case was a false or missed line, or a
/// toggle discovered that is not one, before its fix.
@Suite struct ScanRedTeamRegressionTests {
    let logRules = ScanLogRuleTests()
    let discovery = DiscoveredToggleNameTests()

    /// Data in a test's JSON that happens to spell a toggle (`"action": "sync"`) is not a key; a
    /// member named for keys (`"key": "sync"`) and an object's key (`"search": true`) are.
    @Test func aQuotedValueIsAKeyOnlyUnderAMemberNamedForKeys() throws {
        let found = try logRules.references(
            toggles: ["sync", "search"],
            files: [
                "ApiTests.swift": #"""
                let payload = """
                { "action": "sync", "status": "ok", "type": "search" }
                """
                let query = #"{"q": "search"}"#
                let flags = """
                [ { "key": "sync", "enabled": true }, { "search": false } ]
                """
                """#
            ])
        #expect(
            found.filter { $0.contains("quoted") } == [
                "App/ApiTests.swift:6 sync string-key \"sync\" quoted in a string literal",
                "App/ApiTests.swift:6 search string-key \"search\" quoted in a string literal",
            ], "\(found)")
    }

    /// A second interpolation on a line (`"\(a) \(x)"`, `"\(a)\(x)"`) reads `x` as the first does.
    @Test func everyInterpolationOfALineIsRead() throws {
        let found = try logRules.references(
            toggles: ["quickReply", "inbox"],
            files: [
                "Flags.swift": #"""
                struct FeatureFlags {
                    var quickReply = false
                    var inbox = true
                    var summary: String { "\(inbox) \(quickReply)" + "\(inbox)\(quickReply)" }
                }
                """#
            ])
        #expect(found.filter { $0.hasPrefix("App/Flags.swift:4") }.count == 4, "\(found)")
    }

    /// `isLoaded = store.contains(key: "dark_mode")` beside `let darkMode: Bool` is not a second
    /// property of the toggle: the type already has one spelled as the log spells it.
    @Test func aKeyAliasNeedsATypeWithoutTheKeysOwnProperty() throws {
        let found = try logRules.references(
            toggles: ["dark_mode"],
            files: [
                "Flags.swift": """
                struct FeatureFlags {
                    let darkMode: Bool
                    var isLoaded: Bool = false
                    mutating func load(store: Store) {
                        isLoaded = store.contains(key: "dark_mode")
                    }
                }
                func refresh(flags: FeatureFlags) { if flags.isLoaded { print("ok") } }
                """
            ])
        #expect(!found.contains { $0.contains("isLoaded") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("App/Flags.swift:2 dark_mode declaration") }, "\(found)")
    }

    /// A byte-order mark before the first declaration does not hide it.
    @Test func aByteOrderMarkHidesNothing() throws {
        let found = try logRules.references(
            toggles: ["darkMode"],
            files: [
                "Flags.swift": "\u{FEFF}enum FeatureFlag: String { case darkMode }\n"
            ])
        #expect(found.contains { $0.hasPrefix("App/Flags.swift:1 darkMode declaration") }, "\(found)")
    }

    /// Screens and controls named with a set word are not flag sets: only `…Flag(s)` or
    /// `…Experiment(s)` right before a last set word (`FeatureFlagConfiguration`) is.
    @Test func screensAndControlsAreNotSetsOfFlags() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/Screens.swift",
            """
            final class FeatureSettingsViewController { var darkModeEnabled = false }
            struct SwitchConfiguration { let animated: Bool; let hapticFeedback: Bool }
            struct ToggleOptions { var isOn = false }
            struct FeatureConfig { let title: String; let showsBadge: Bool; let isNew: Bool }
            struct ExperimentSettings { let newCheckout: Bool }
            """)
        let found = try discovery.references(directory)
        #expect(found == ["App/Screens.swift:5 declaration newCheckout"], "\(found)")
    }
}
