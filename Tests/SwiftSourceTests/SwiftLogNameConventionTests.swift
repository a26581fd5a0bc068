import Testing
@testable import LedgerCore
@testable import SwiftSource
import TestSupport

/// Issue 27: the log's names found in the conventions apps declare toggles in (§1), and the
/// lines that only look like toggles left out (§3). Each source is an idiom of a public app
/// (named at each test), written again small; the log is given as the scan's known names.
@Suite struct SwiftLogNameConventionTests {
    /// `file:line:column kind toggle symbol [form] [own]` for every reference.
    func scan(_ files: [String: String], known: Set<String>) throws -> [String] {
        let sandbox = try TemporaryDirectory("swift-scan")
        for (path, text) in files { try sandbox.write(path, text) }
        let result = try SwiftSourceScan(knownToggles: known).run(paths: ["."], currentDirectory: sandbox.path)
        return result.references.map { reference in
            "\(reference.file.hasPrefix("./") ? String(reference.file.dropFirst(2)) : reference.file):\(reference.line):\(reference.column) \(reference.kind.rawValue) \(reference.toggle) \(reference.symbol)"
                + (reference.form.map { " [\($0)]" } ?? "") + (reference.ownBody ? " own" : "")
        }
    }

    func explain(_ files: [String: String], known: Set<String>, file: String, line: Int) throws -> [String] {
        let sandbox = try TemporaryDirectory("swift-scan")
        for (path, text) in files { try sandbox.write(path, text) }
        return try SwiftSourceScan(knownToggles: known).explain(paths: ["."], currentDirectory: sandbox.path, file: file, line: line)
    }

    @Test func caseLessNamespaceOfStaticBools() throws {
        // A case-less `enum FeatureFlags { static let … }` namespace read as `FeatureFlags.x`.
        let found = try scan(
            [
                "Flags.swift": """
                enum FeatureFlags {
                    static let allowOfflineMode = true
                    static var isDarkModeEnabled: Bool { ProcessInfo.processInfo.environment["DARK"] != nil }
                }
                """,
                "Sync.swift": """
                func sync() {
                    if FeatureFlags.allowOfflineMode { cache() }
                    let dark = FeatureFlags.isDarkModeEnabled
                }
                """,
            ], known: ["allowOfflineMode", "isDarkModeEnabled"])
        #expect(
            found == [
                "Flags.swift:2:16 declaration allowOfflineMode static let allowOfflineMode [property]",
                "Flags.swift:3:16 declaration isDarkModeEnabled static var isDarkModeEnabled [property]",
                "Sync.swift:2:21 member allowOfflineMode FeatureFlags.allowOfflineMode [member]",
                "Sync.swift:3:29 member isDarkModeEnabled FeatureFlags.isDarkModeEnabled [member]",
            ])
    }

    @Test func flagsStructPropertiesAndWrappers() throws {
        // A flags struct's stored Bools set in its init, a `@Feature var` wrapper property
        // (hudhud-ios' ExperimentalFeatures), and a chain through a shared instance.
        let found = try scan(
            [
                "LabFeatures.swift": """
                struct LabFeatures {
                    static let shared = LabFeatures(quickReplyEnabled: false)
                    let quickReplyEnabled: Bool
                    @Feature var pictureInPicture
                    var showGrid = LabToggle()
                    init(quickReplyEnabled: Bool) {
                        self.quickReplyEnabled = quickReplyEnabled
                    }
                }
                """,
                "Player.swift": """
                final class Player {
                    let features: LabFeatures
                    func layout() {
                        if LabFeatures.shared.showGrid.isEnabled { drawGrid() }
                        if features.pictureInPicture { startPiP() }
                        let reply = settings.features.quickReplyEnabled
                    }
                }
                """,
            ], known: ["quickReplyEnabled", "pictureInPicture", "showGrid"])
        #expect(
            found == [
                "LabFeatures.swift:2:37 member quickReplyEnabled LabFeatures(quickReplyEnabled: …) [initializer label] own",
                "LabFeatures.swift:3:9 declaration quickReplyEnabled let quickReplyEnabled [property]",
                "LabFeatures.swift:4:18 declaration pictureInPicture @Feature var pictureInPicture [property]",
                "LabFeatures.swift:5:9 declaration showGrid var showGrid [property]",
                "LabFeatures.swift:6:10 member quickReplyEnabled init(quickReplyEnabled: …) [initializer label] own",
                "LabFeatures.swift:7:14 member quickReplyEnabled self.quickReplyEnabled [member] own",
                "Player.swift:4:31 member showGrid LabFeatures.shared.showGrid [member]",
                "Player.swift:5:21 member pictureInPicture features.pictureInPicture [member]",
                "Player.swift:6:39 member quickReplyEnabled settings.features.quickReplyEnabled [member]",
            ])
    }

    @Test func keyConstantsAndTheirUses() throws {
        // `static let x = "key"` constants (FirebaseRemoteConfiguration's RemoteConfigurationValue),
        // read through their type; another type's property of the same name is not the key.
        let files = [
            "RCKeys.swift": """
            struct RCKeys {
                static let roundedAvatar = "isRoundedAvatar"
                static let welcomeText = "welcome_text"
            }
            """,
            "Avatar.swift": """
            func avatar(remoteConfig: RemoteConfig, user: User) -> Bool {
                let rounded = remoteConfig.configValue(forKey: RCKeys.roundedAvatar).boolValue
                return rounded && user.roundedAvatar
            }
            """,
        ]
        let keys = try scan(files, known: ["isRoundedAvatar"])
        #expect(
            keys == [
                "Avatar.swift:2:59 member isRoundedAvatar RCKeys.roundedAvatar [key constant]",
                "RCKeys.swift:2:16 declaration isRoundedAvatar static let roundedAvatar [key constant]",
            ], "\(keys)")
        let why = try explain(files, known: ["isRoundedAvatar"], file: "Avatar.swift", line: 3)
        #expect(why == ["Avatar.swift:3:27: not a reference: user.roundedAvatar: roundedAvatar is a key constant of RCKeys, not of what it is read from"])
    }

    @Test func stringKeysInAnySpelling() throws {
        // Defaults dictionaries keyed by the toggle (camel, snake or kebab-case), and a typed key
        // given to a generic call (Lobster's `ConfigKey<Bool>("experiment_enabled")`).
        let found = try scan(
            [
                "Defaults.swift": """
                let defaults: [String: Any] = ["inbox": true, "new-onboarding-flow": false]
                let values: [String: RemoteValue] = ["newOnboardingFlow": .bool(false)]
                extension ConfigKeys {
                    static let experimentEnabled = ConfigKey<Bool>("experiment_enabled")
                }
                let title = NSLocalizedString("inbox_title", comment: "")
                """
            ], known: ["inbox", "new_onboarding_flow", "experiment_enabled"])
        #expect(
            found == [
                "Defaults.swift:1:32 string-key inbox [\"inbox\": …] [dictionary key]",
                "Defaults.swift:1:47 string-key new_onboarding_flow [\"new-onboarding-flow\": …] [dictionary key]",
                "Defaults.swift:2:38 string-key new_onboarding_flow [\"newOnboardingFlow\": …] [dictionary key]",
                "Defaults.swift:4:16 declaration experiment_enabled static let experimentEnabled [property]",
                "Defaults.swift:4:52 string-key experiment_enabled (\"experiment_enabled\") [string argument]",
            ])
    }

    @Test func queryCallsWhateverTheirNameAndEnumsNamedForToggles() throws {
        // FeatureFlagManager's `enum Feature { case … }` (no raw type) with `func isEnabled(_:)`,
        // a `RemoteConfigValueKey` enum whose cases map to snake_case keys: an enum named for
        // toggles one of whose cases the log knows holds toggles, and a function taking one is a query.
        let found = try scan(
            [
                "Features.swift": """
                enum Feature { case account, tutorial }
                func isAvailable(_ feature: Feature) -> Bool { true }
                func setAvailable(_ feature: Feature, _ on: Bool) {}
                enum OnboardingStep { case tutorial, done }
                """,
                "Home.swift": """
                var step: OnboardingStep = .done
                func home() {
                    if isAvailable(.tutorial) { step = .tutorial }
                    setAvailable(.tutorial, true)
                    if isOn(key: .isForceUpdateRequired) { update() }
                }
                public enum RemoteConfigValueKey { case isForceUpdateRequired }
                """,
            ], known: ["tutorial", "is_force_update_required"])
        #expect(
            found == [
                "Features.swift:1:21 declaration account case account",
                "Features.swift:1:30 declaration tutorial case tutorial",
                "Home.swift:3:20 implicit-member tutorial .tutorial",
                "Home.swift:4:18 implicit-member tutorial .tutorial",
                "Home.swift:5:18 implicit-member is_force_update_required .isForceUpdateRequired",
                "Home.swift:7:41 declaration is_force_update_required case isForceUpdateRequired",
            ])
    }

    @Test func staticMembersOfOtherTypesAreNotToggles() throws {
        // `tabItem = .inbox`, `request: .search`, `.search.localized(…)`: the expected type or
        // another type's static member of that name says they are not the toggles.
        let files = [
            "FeatureFlag.swift": """
            enum FeatureFlag: String { case inbox, search }
            """,
            "Tabs.swift": """
            enum Tab { case inbox, settings }
            struct Request { static let search = Request() }
            extension String { static let search = "Search" }
            final class Root {
                var tabItem: Tab = .settings
                func load(request: Request) {}
                func show() {
                    tabItem = .inbox
                    load(request: .search)
                    title = .search.localized(comment: "")
                    if isFeatureOn(.search) { showSearch() }
                }
            }
            """,
        ]
        let found = try scan(files, known: ["inbox", "search"])
        #expect(
            found == [
                "FeatureFlag.swift:1:33 declaration inbox case inbox",
                "FeatureFlag.swift:1:40 declaration search case search",
                "Tabs.swift:11:24 implicit-member search .search",
            ], "\(found)")
        let why = try explain(files, known: ["inbox", "search"], file: "Tabs.swift", line: 8)
        #expect(why == ["Tabs.swift:8:19: not a reference: .inbox is a Tab: tabItem is declared as Tab, which declares inbox"], "\(why)")
    }

    @Test func enumsNamedLikeToggleEnumsThatTheLogDoesNotHold() throws {
        // Entitlements (`enum PremiumFeature: String`) are not toggles when the log knows none of
        // their cases; an unlogged case of an enum that holds logged toggles is an untracked toggle.
        let files = [
            "Premium.swift": """
            enum PremiumFeature: String { case stickers, themes }
            enum FeatureFlag: String { case inbox, betaSearch }
            let unlocked = PremiumFeature.stickers
            """
        ]
        #expect(
            try scan(files, known: ["inbox"]) == [
                "Premium.swift:2:33 declaration inbox case inbox",
                "Premium.swift:2:40 declaration betaSearch case betaSearch",
            ])
        let why = try explain(files, known: ["inbox"], file: "Premium.swift", line: 1)
        #expect(
            why.first
                == "Premium.swift:1:1: enum PremiumFeature is not a toggle enum: named like a toggle enum, but none of its 2 cases or raw values is a toggle the log knows (an enum of something else, such as entitlements)"
        )
    }

    @Test func explainTellsDeclaredWithoutCasesFromNotDeclared() throws {
        let declared = try explain(["Flags.swift": "enum RemoteToggle {}\nlet x = RemoteToggle.gone\n"], known: ["other"], file: "Flags.swift", line: 2)
        #expect(declared == ["Flags.swift:2:9: not a reference: RemoteToggle.gone: RemoteToggle is declared without cases in the scanned files and the log knows no toggle gone"])
        let missing = try explain(["Use.swift": "let x = RemoteToggle.gone\n"], known: ["other"], file: "Use.swift", line: 1)
        #expect(missing == ["Use.swift:1:9: not a reference: RemoteToggle.gone: RemoteToggle is not declared in the scanned files and the log knows no toggle gone"])
    }

    @Test func usesInTheDeclaringTypeAreReferencesMarkedAsSuch() throws {
        let files = [
            "FeatureFlag.swift": """
            enum FeatureFlag: String {
                case inbox
                var enabled: Bool {
                    switch self { case .inbox: return true }
                }
            }
            """
        ]
        #expect(
            try scan(files, known: ["inbox"]) == [
                "FeatureFlag.swift:2:10 declaration inbox case inbox",
                "FeatureFlag.swift:4:28 implicit-member inbox .inbox own",
            ])
        #expect(
            try explain(files, known: ["inbox"], file: "FeatureFlag.swift", line: 4)
                == [
                    "FeatureFlag.swift:4:28: `.inbox` is inbox (implicit-member: a toggle case or a toggle the log knows, where no other enum has a case of that name); inside the body of the type that declares it, which removing the toggle touches too"
                ])
    }
}
