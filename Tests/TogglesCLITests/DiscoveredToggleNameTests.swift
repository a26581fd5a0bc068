import Foundation
import Testing
import TestSupport

/// `scan` without a log on the conventions whose toggles are named by a member or a key rather
/// than by a type (issue 27 §2): key getters, Remote Config key namespaces, feature-flag MARK
/// sections, capability and build-configuration enums taken by a Bool query, and the keys a
/// toggle enum's key property gives its cases. Each shape's names then stand in for the log's.
@Suite struct DiscoveredToggleNameTests {
    /// `scan App --format json` with no log: "file:line kind toggle" per reference.
    func references(_ directory: TemporaryDirectory, log: Bool = false) throws -> [String] {
        let run = InProcessToggles.run(["scan", "App", "--format", "json"] + (log ? ["--log", "events"] : []), in: directory.url)
        try #require(run.status == 0, "\(run)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let references = try #require(document["references"] as? [[String: Any]])
        return references.map { "\($0["file"]!):\($0["line"]!) \($0["kind"]!) \($0["toggle"]!)" }
    }

    func explain(_ directory: TemporaryDirectory, _ place: String) -> String {
        InProcessToggles.run(["scan", "App", "--explain", place], in: directory.url).stdout
    }

    @Test func aKeyGetterNamesItsToggle() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/Config+Features.swift",
            """
            extension AppConfig {
                var discussionsEnabled: Bool {
                    return bool(forKey: "DISCUSSIONS_ENABLED")
                }
                var isVideoTranscriptEnabled: Bool {
                    bool(forKey: "VIDEO_TRANSCRIPT_ENABLED", defaultValue: true)
                }
                var isSecure: Bool { baseURL.hasPrefix("https") }
                var isTitled: Bool { string(forKey: "TITLE") != nil && bool(forKey: "SHOW_TITLE") }
            }
            """)
        try directory.write(
            "App/Screen.swift",
            """
            func render(environment: Environment) {
                if environment.config.discussionsEnabled { showDiscussions() }
                if AppConfig.shared().isVideoTranscriptEnabled { showTranscript() }
                let config = AppConfig(dictionary: ["DISCUSSIONS_ENABLED": true])
            }
            """)
        let found = try references(directory)
        #expect(
            found == [
                "App/Config+Features.swift:2 declaration DISCUSSIONS_ENABLED",
                "App/Config+Features.swift:3 string-key DISCUSSIONS_ENABLED",
                "App/Config+Features.swift:5 declaration VIDEO_TRANSCRIPT_ENABLED",
                "App/Config+Features.swift:6 string-key VIDEO_TRANSCRIPT_ENABLED",
                "App/Screen.swift:2 member DISCUSSIONS_ENABLED",
                "App/Screen.swift:3 member VIDEO_TRANSCRIPT_ENABLED",
                "App/Screen.swift:4 string-key DISCUSSIONS_ENABLED",
            ], "\(found)")
        // A test of a string (`hasPrefix("https")`) and a getter over two keys are not a toggle's getter.
        #expect(!found.contains { $0.contains("https") || $0.contains("TITLE") })
        let why = explain(directory, "App/Config+Features.swift:2")
        #expect(
            why.contains(
                "var discussionsEnabled names the toggle DISCUSSIONS_ENABLED without a log: a key getter: a computed Bool of AppConfig reading the string key \"DISCUSSIONS_ENABLED\" (line 3)"
            ), "\(why)")
        #expect(
            explain(directory, "App/Config+Features.swift:1").contains(
                "extension AppConfig names 2 toggles without a log: discussionsEnabled (DISCUSSIONS_ENABLED), isVideoTranscriptEnabled (VIDEO_TRANSCRIPT_ENABLED)"))
        #expect(explain(directory, "App/Screen.swift:2").contains("a member named as discovery names the toggle"))
    }

    @Test func boolPropertiesUnderAFeatureFlagsMarkAreToggles() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/AppSettings.swift",
            """
            protocol CommonSettings {
                var threadsEnabled: Bool { get }
            }

            final class AppSettings: CommonSettings {
                static let suiteName = "group.app"

                // MARK: - Presence

                @UserPreference(defaultValue: true)
                var sharePresence: Bool

                // MARK: - Feature Flags

                @UserPreference(defaultValue: false)
                var threadsEnabled: Bool

                @UserPreference(defaultValue: false)
                var knockingEnabled: Bool

                var retries = 3

                // MARK: - Other

                var compactLayout = false
            }
            """)
        try directory.write(
            "App/Room.swift",
            """
            func open(appSettings: AppSettings) {
                if appSettings.threadsEnabled, !appSettings.sharePresence { showThreads() }
                Toggle(isOn: $context.knockingEnabled) { Text("Knocking") }
                if appSettings.compactLayout { compact() }
            }
            """)
        let found = try references(directory)
        #expect(
            found == [
                "App/AppSettings.swift:2 declaration threadsEnabled",
                "App/AppSettings.swift:16 declaration threadsEnabled",
                "App/AppSettings.swift:19 declaration knockingEnabled",
                "App/Room.swift:2 member threadsEnabled",
                "App/Room.swift:3 member knockingEnabled",
            ], "\(found)")
        #expect(
            explain(directory, "App/AppSettings.swift:16").contains(
                "var threadsEnabled names the toggle threadsEnabled without a log: a Bool property of AppSettings declared under a MARK comment naming feature flags"))
    }

    /// A MARK line quoted in a multi-line string or inside a block comment is text: Xcode's
    /// outline does not show it, so the Bools after it are no feature-flag section.
    @Test func aMarkInsideAStringOrABlockCommentOpensNoSection() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/Settings.swift",
            #"""
            struct Settings {
                static let banner = """
                // MARK: - Feature Flags
                """
                var isDarkMode: Bool = false
                let opener = "/* not a comment"
                /* Retired:
                // MARK: - Feature Flags
                /* nested */ still retired */
                var isRedTheme: Bool = false
                // MARK: - Feature Flags
                var threadsEnabled: Bool = false
            }
            """#)
        let found = try references(directory)
        #expect(found == ["App/Settings.swift:12 declaration threadsEnabled"], "\(found)")
    }

    /// A Feature Flags MARK in a type whose file has no enum, no static and no type named for
    /// toggles is still read (pass 1 used to skip such files), and a key getter under it names
    /// one toggle, its key, not a second one by its property name.
    @Test func aFeatureFlagsMarkInAPlainSettingsFileIsRead() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/Prefs.swift",
            """
            final class Prefs {
                // MARK: - Lifecycle
                var loaded: Bool = false
                // MARK: - Feature Flags
                var threadsEnabled: Bool = false
                var isURLPreviewEnabled: Bool { defaults.bool(forKey: "URL_PREVIEW_ENABLED") }
            }
            """)
        let found = try references(directory)
        #expect(
            found == [
                "App/Prefs.swift:5 declaration threadsEnabled",
                "App/Prefs.swift:6 declaration URL_PREVIEW_ENABLED",
                "App/Prefs.swift:6 string-key URL_PREVIEW_ENABLED",
            ], "\(found)")
    }

    /// `FeatureFlagConfiguration`: a toggle word right before a word saying the type is a set of
    /// values; its Bool properties are toggles, read through a global instance, by their bare
    /// names in its own body, and in their own accessors. `FeatureRequestConfiguration` is not one.
    @Test func aFlagTypeNamedAsASetOfValuesHoldsToggles() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/FeatureFlags.swift",
            #"""
            let FeatureFlags = FeatureFlagConfiguration()
            struct FeatureFlagConfiguration: Decodable {
                let siriEnabled: Bool
                let title: String
                fileprivate init() {
                    #if SIRI_DISABLED
                    self.siriEnabled = false
                    #else
                    self.siriEnabled = true
                    #endif
                    self.title = "flags"
                }
            }
            extension FeatureFlagConfiguration {
                var debugDescription: String { "* siriEnabled: \(siriEnabled)" }
                var allowDebugFeatures: Bool {
                    UserDefaults.appGroup?.allowDebugFeatures ?? false
                }
            }
            struct FeatureRequestConfiguration {
                let isUrgent: Bool
            }
            """#)
        try directory.write(
            "App/Screen.swift",
            """
            func render(request: FeatureRequestConfiguration) {
                if FeatureFlags.siriEnabled { showSiri() }
                guard FeatureFlags.allowDebugFeatures, request.isUrgent else { return }
            }
            """)
        let found = try references(directory)
        #expect(
            found == [
                "App/FeatureFlags.swift:3 declaration siriEnabled",
                "App/FeatureFlags.swift:7 member siriEnabled",
                "App/FeatureFlags.swift:9 member siriEnabled",
                "App/FeatureFlags.swift:15 member siriEnabled",
                "App/FeatureFlags.swift:16 declaration allowDebugFeatures",
                "App/FeatureFlags.swift:17 member allowDebugFeatures",
                "App/Screen.swift:2 member siriEnabled",
                "App/Screen.swift:3 member allowDebugFeatures",
            ], "\(found)")
    }

    @Test func aRemoteConfigKeyNamespaceListsKeys() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/Constants.swift",
            """
            enum Constants {
                enum RemoteParams {
                    static let addMissingEpisodes = "add_missing_episodes"
                    static let addMissingEpisodesDefault: Bool = true
                    static let endpoint = "https://example.com/config"
                }
                enum Layout {
                    static let title = "episode_title"
                }
            }
            """)
        try directory.write(
            "App/Settings.swift",
            """
            enum Settings {
                static var addMissingEpisodes: Bool {
                    RemoteConfig.remoteConfig().configValue(forKey: Constants.RemoteParams.addMissingEpisodes).boolValue
                }
            }
            """)
        let found = try references(directory)
        #expect(
            found == [
                "App/Constants.swift:3 declaration add_missing_episodes",
                "App/Settings.swift:2 declaration add_missing_episodes",
                "App/Settings.swift:3 member add_missing_episodes",
            ], "\(found)")
        #expect(
            explain(directory, "App/Constants.swift:3").contains(
                "let addMissingEpisodes names the toggle add_missing_episodes without a log: a key constant of RemoteParams, whose name says it lists Remote Config parameters' keys"
            ))
    }

    @Test func capabilityAndBuildConfigurationEnumsTakenByABoolQuery() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/Capabilities.swift",
            """
            public enum TalkCapability: String {
                case chatReferenceId = "chat-reference-id"
                case reactions
            }

            enum BuildConfiguration: String {
                case debug, appStore

                static func `is`(_ configuration: BuildConfiguration) -> Bool { configuration == .debug }
            }

            enum DeviceCapability {
                case camera
            }

            final class Database {
                func serverHasTalkCapability(_ capability: TalkCapability, forAccountId accountId: String) -> Bool { true }
            }
            """)
        try directory.write(
            "App/Chat.swift",
            """
            func send(database: Database, id: String) {
                if database.serverHasTalkCapability(.reactions, forAccountId: id) { react() }
                if BuildConfiguration.is(.debug) { log() }
                let lens: DeviceCapability = .camera
            }
            """)
        let found = try references(directory)
        #expect(
            found == [
                "App/Capabilities.swift:2 declaration chat-reference-id",
                "App/Capabilities.swift:3 declaration reactions",
                "App/Capabilities.swift:7 declaration debug",
                "App/Capabilities.swift:7 declaration appStore",
                "App/Capabilities.swift:9 implicit-member debug",
                "App/Chat.swift:2 implicit-member reactions",
                "App/Chat.swift:3 implicit-member debug",
            ], "\(found)")
        #expect(
            explain(directory, "App/Capabilities.swift:1").contains(
                "enum TalkCapability is a toggle enum: an enum named for capabilities or build configurations whose cases are the argument of the Bool query serverHasTalkCapability(_:_:) -> Bool at App/Capabilities.swift:17 (2 cases)"
            ))
        // No Bool query takes it: a device's capabilities are not toggles.
        #expect(explain(directory, "App/Capabilities.swift:12").contains("enum DeviceCapability is not a toggle enum"))
    }

    static let keyedFlags = """
        public enum FeatureFlag {
            case drawings
            case collaborations
        }

        extension FeatureFlag {
            public var keyName: String {
                switch self {
                case .drawings:
                    "flags.features.map_drawings"
                case .collaborations:
                    return isBeta ? "flags.features.collaboration" : "flags.features.document_collaboration"
                }
            }

            var title: String {
                switch self {
                case .drawings: "Drawings"
                case .collaborations: "Collaborations"
                }
            }
        }

        func isOn(_ flag: FeatureFlag) -> Bool { UserDefaults.standard.bool(forKey: flag.keyName) }
        """

    @Test func aKeyPropertysSwitchGivesEachCaseItsKey() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App/FeatureFlag.swift", Self.keyedFlags)
        let keys = try references(directory).filter { $0.contains("string-key") }
        #expect(
            keys == [
                "App/FeatureFlag.swift:10 string-key drawings",
                "App/FeatureFlag.swift:12 string-key collaborations",
                "App/FeatureFlag.swift:12 string-key collaborations",
            ], "\(keys)")
        #expect(
            explain(directory, "App/FeatureFlag.swift:10").contains(
                "`case .drawings: \"flags.features.map_drawings\"` is drawings (string-key: the key a switch over self in the enum's key property (`var keyName: String`) gives the case); inside the body of the type that declares it"
            ))
        // With a log naming the cases, the keys are theirs too.
        try #require(InProcessToggles.run(["create", "drawings", "--kind", "local", "--type", "bool", "--default", "false"], in: directory.url).status == 0)
        let logged = try references(directory, log: true).filter { $0.contains("string-key") }
        #expect(logged.contains("App/FeatureFlag.swift:10 string-key drawings"), "\(logged)")
    }

    @Test func syncSwiftAdoptsTheNamedToggles() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/Config.swift",
            """
            extension AppConfig {
                var discussionsEnabled: Bool { bool(forKey: "DISCUSSIONS_ENABLED") }
            }

            final class AppSettings {
                // MARK: - Feature Flags
                var threadsEnabled = false
            }
            """)
        let refused = InProcessToggles.run(["sync", "swift", "App"], in: directory.url)
        #expect(refused.status == 64, "\(refused)")
        let messages = refused.stderr.split(separator: "\n").filter { $0.contains("no kind") }
        #expect(
            messages == [
                "toggles: error: 2 toggles found in AppConfig (1 in App/Config.swift), AppSettings (1 in App/Config.swift) have no kind; pass --kind local|remote|build (or create them one by one with `toggles create NAME --kind …`)"
            ], "\(refused.stderr)")
        let dryRun = InProcessToggles.run(["sync", "swift", "App", "--kind", "build", "--dry-run"], in: directory.url)
        #expect(
            dryRun.stdout.split(separator: "\n").map(String.init) == [
                "would create DISCUSSIONS_ENABLED (build bool, default false) declared at App/Config.swift:2",
                "would create threadsEnabled (build bool, default false) declared at App/Config.swift:7",
            ], "\(dryRun)")
    }

    /// `static let runDetail: Self = "run_detail_enabled"` in a type named for flags (a string-literal
    /// key type) names a toggle by its key; the same shape in a type named otherwise (package
    /// targets) does not.
    @Test func aKeyTypesInstancesNameTheirToggles() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/FeatureFlagKey.swift",
            """
            struct FeatureFlagKey: ExpressibleByStringLiteral {
                let name: String
                init(stringLiteral value: String) { name = "feature_flag_" + value }
            }
            extension FeatureFlagKey {
                static let runDetail: Self = "run_detail_enabled"
            }
            extension SharedReaderKey {
                static func featureFlag(_ key: FeatureFlagKey) -> Self { .appStorage(key.name) }
            }
            """)
        try directory.write(
            "App/Targets.swift",
            """
            struct TargetName: ExpressibleByStringLiteral {
                let value: String
                init(stringLiteral value: String) { self.value = value }
            }
            extension TargetName {
                static let runDetail: Self = "RunDetail"
            }
            """)
        try directory.write(
            "App/RunList.swift",
            """
            struct RunListFeature {
                @Shared(.featureFlag(.runDetail)) var showsRunDetail: Bool = false
                let target: TargetName = .runDetail
                func reset(defaults: UserDefaults) {
                    defaults.set(false, forKey: FeatureFlagKey.runDetail.name)
                }
            }
            """)
        let found = try references(directory)
        #expect(
            found == [
                "App/FeatureFlagKey.swift:6 declaration run_detail_enabled",
                "App/RunList.swift:2 implicit-member run_detail_enabled",
                "App/RunList.swift:5 member run_detail_enabled",
            ], "\(found)")
        let why = explain(directory, "App/FeatureFlagKey.swift:6")
        #expect(why.contains("a key of FeatureFlagKey: a static instance of the type written as the string \"run_detail_enabled\""), "\(why)")
    }

    /// A flags struct found by shape, decoded from keyed flags: its own methods use each property
    /// by its bare name, the key they link it to names it (in a call and quoted in a test's JSON),
    /// and it is read through an optional (`featureFlags?.x`).
    @Test func aFlagsStructsPropertyIsFoundThroughItsOwnMethodsAndTheKeyTheyLinkItTo() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/FeatureFlags.swift",
            """
            struct FeatureFlags: Codable {
                var enableConfigRefresh: Bool
                init(from decoder: Decoder) throws {
                    let raw = try decoder.singleValueContainer().decode([Raw].self)
                    enableConfigRefresh = raw.value(forKey: "enable_config_refresh_v2", default: false)
                }
                func encode(to encoder: Encoder) throws {
                    try [Raw(key: "enable_config_refresh_v2", enabled: enableConfigRefresh)].encode(to: encoder)
                }
            }
            """)
        try directory.write(
            "App/Use.swift",
            """
            func load(featureFlags: FeatureFlags?, handler: Handler?) {
                if featureFlags?.enableConfigRefresh == true { refresh() }
                if handler?.enableConfigRefresh == true { refresh() }
            }
            """)
        try directory.write(
            "App/FlagsTests.swift",
            #"""
            let json = """
            [
              { "key": "enable_config_refresh_v2", "enabled": true },
              { "key": "enable_postback", "enabled": true }
            ]
            """
            """#)
        #expect(
            try references(directory) == [
                "App/FeatureFlags.swift:2 declaration enableConfigRefresh",
                "App/FeatureFlags.swift:5 member enableConfigRefresh",
                "App/FeatureFlags.swift:5 string-key enableConfigRefresh",
                "App/FeatureFlags.swift:8 string-key enableConfigRefresh",
                "App/FeatureFlags.swift:8 member enableConfigRefresh",
                "App/FlagsTests.swift:3 string-key enableConfigRefresh",
                "App/Use.swift:2 member enableConfigRefresh",
            ])
    }
}
