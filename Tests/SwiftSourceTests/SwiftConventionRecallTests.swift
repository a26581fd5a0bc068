import Testing
@testable import LedgerCore
@testable import SwiftSource
import TestSupport

/// Issue 27, the conventions the swiftRecall harness found missing or over-reported: a flags
/// struct's initializer labels, key getters, launch arguments, a toggle enum's own key strings,
/// and the lookalikes (configuration enums with payloads, namespace enums, other types' static
/// members, `Bool?` settings). Each source is an app's idiom written again small.
@Suite struct SwiftConventionRecallTests {
    /// `file:line kind toggle symbol [form] [own]` for every reference.
    func scan(_ files: [String: String], known: Set<String>) throws -> [String] {
        let sandbox = try TemporaryDirectory("swift-scan")
        for (path, text) in files { try sandbox.write(path, text) }
        let result = try SwiftSourceScan(knownToggles: known).run(paths: ["."], currentDirectory: sandbox.path)
        return result.references.map { reference in
            "\(reference.file.hasPrefix("./") ? String(reference.file.dropFirst(2)) : reference.file):\(reference.line) \(reference.kind.rawValue) \(reference.toggle) \(reference.symbol)"
                + (reference.form.map { " [\($0)]" } ?? "") + (reference.ownBody ? " own" : "")
        }
    }

    /// A flags struct decoded from an API (ProtonVPN's `FeatureFlags`): its init's parameters,
    /// `self.x = x`, `self.init(x: …)` and `.init(x: …)` in its extensions, and
    /// `FeatureFlags(x: …)` in mocks; another call's label of the same name is not a reference.
    static let flagsStruct = [
        "FeatureFlags.swift": """
        public struct FeatureFlags: Codable {
            public let netShield: Bool
            public init(netShield: Bool) {
                self.netShield = netShield
            }
            public init() {
                self.init(netShield: true)
            }
        }
        extension FeatureFlags {
            public static let allDisabled: Self = .init(netShield: false)
        }
        """,
        "Mocks.swift": """
        let flags = FeatureFlags(netShield: false)
        let cell = makeCell(netShield: true)
        enum NetShieldLevel { case netShield }
        """,
    ]

    @Test func flagsStructInitializerLabelsWithTheLog() throws {
        #expect(
            try scan(Self.flagsStruct, known: ["netShield"]) == [
                "FeatureFlags.swift:2 declaration netShield let netShield [property]",
                "FeatureFlags.swift:3 member netShield init(netShield: …) [initializer label] own",
                "FeatureFlags.swift:4 member netShield self.netShield [member] own",
                "FeatureFlags.swift:7 member netShield init(netShield: …) [initializer label] own",
                "FeatureFlags.swift:11 member netShield init(netShield: …) [initializer label] own",
                "Mocks.swift:1 member netShield FeatureFlags(netShield: …) [initializer label]",
            ])
    }

    @Test func flagsStructInitializerLabelsFoundByShape() throws {
        let found = try scan(Self.flagsStruct, known: [])
        #expect(found.contains("FeatureFlags.swift:3 member netShield init(netShield: …) [initializer label] own"))
        #expect(found.contains("FeatureFlags.swift:4 member netShield self.netShield own"))
        #expect(found.contains("Mocks.swift:1 member netShield FeatureFlags(netShield: …) [initializer label]"))
        #expect(!found.contains { $0.hasPrefix("Mocks.swift:2") })
    }

    /// edX's `OEXConfig` extension: Bool getters reading a configuration dictionary by the log's
    /// key; the getter is the toggle's declaration, its reads anywhere are references.
    @Test func keyGettersOfAConfigurationType() throws {
        let found = try scan(
            [
                "OEXConfig+AppFeatures.swift": """
                extension OEXConfig {
                    var profilesEnabled: Bool {
                        return bool(forKey: "USER_PROFILES_ENABLED")
                    }
                    var appVersion: String { string(forKey: "APP_VERSION") ?? "" }
                }
                """,
                "Dashboard.swift": """
                func tabs(environment: Environment) -> Bool {
                    environment.config.profilesEnabled && OEXConfig.shared().profilesEnabled && brazeConfig.appVersion
                }
                """,
            ], known: ["USER_PROFILES_ENABLED"])
        #expect(
            found == [
                "Dashboard.swift:2 member USER_PROFILES_ENABLED environment.config.profilesEnabled [key getter]",
                "Dashboard.swift:2 member USER_PROFILES_ENABLED OEXConfig.shared.profilesEnabled [key getter]",
                "OEXConfig+AppFeatures.swift:2 declaration USER_PROFILES_ENABLED var profilesEnabled [key getter]",
                "OEXConfig+AppFeatures.swift:3 string-key USER_PROFILES_ENABLED forKey: \"USER_PROFILES_ENABLED\"",
            ])
    }

    /// MyHeartCounts: flags backed by launch options (`LaunchOption<Bool>("--x")`) read through a
    /// subscript, and UI tests passing the flag as a launch argument.
    @Test func launchArgumentsAndBoolGenericStatics() throws {
        let files = [
            "FeatureFlags.swift": """
            enum FeatureFlags {
                static var disableFirebase: Bool { LaunchOptions.launchOptions[.disableFirebase] }
            }
            extension LaunchOptions {
                static let disableFirebase = LaunchOption<Bool>("--disableFirebase", default: false)
                static let studyBundle = LaunchOption<URL?>("--studyBundle", default: nil)
            }
            """,
            "UITests.swift": """
            app.launchArguments = ["--disableFirebase", "--verbose", "-disableFirebaseX"]
            """,
        ]
        #expect(
            try scan(files, known: ["disableFirebase"]) == [
                "FeatureFlags.swift:2 declaration disableFirebase static var disableFirebase [property]",
                "FeatureFlags.swift:2 implicit-member disableFirebase .disableFirebase",
                "FeatureFlags.swift:5 declaration disableFirebase static let disableFirebase [property]",
                "FeatureFlags.swift:5 string-key disableFirebase \"--disableFirebase\" [launch argument]",
                "UITests.swift:1 string-key disableFirebase \"--disableFirebase\" [launch argument]",
            ])
        let discovered = try scan(files, known: [])
        #expect(discovered.contains("FeatureFlags.swift:2 implicit-member disableFirebase .disableFirebase own"))
        #expect(discovered.contains("FeatureFlags.swift:5 declaration disableFirebase static let disableFirebase"))
        #expect(discovered.contains("UITests.swift:1 string-key disableFirebase \"--disableFirebase\" [launch argument]"))
    }

    /// Pocket Casts: a toggle enum mapping its cases to remote keys in its own body, and Remote
    /// Config key constants read through their namespace while another type has a static Bool
    /// getter of the same name.
    @Test func ownKeyStringsAndKeyConstantsBesideStaticGetters() throws {
        let found = try scan(
            [
                "FeatureFlag.swift": """
                enum FeatureFlag: String {
                    case deselectChapters
                    case rssChapters
                    var remoteKey: String? {
                        switch self {
                        case .deselectChapters: "deselect_chapters_enabled"
                        case .rssChapters: nil
                        }
                    }
                }
                """,
                "Constants.swift": """
                enum Constants {
                    enum RemoteParams {
                        static let addMissingEpisodes = "add_missing_episodes"
                    }
                    enum UserDefaults {
                        enum kidsProfile { static let showBanner = "kids.showBanner" }
                    }
                }
                """,
                "Settings.swift": """
                class Settings {
                    static var addMissingEpisodes: Bool {
                        RemoteConfig.remoteConfig().configValue(forKey: Constants.RemoteParams.addMissingEpisodes).boolValue
                    }
                    static var kidsBanner: Bool { UserDefaults.standard.bool(forKey: Constants.UserDefaults.kidsProfile.showBanner) }
                }
                """,
            ], known: ["deselect_chapters_enabled", "rss_chapters", "add_missing_episodes", "kids_profile"])
        #expect(
            found == [
                "Constants.swift:3 declaration add_missing_episodes static let addMissingEpisodes [key constant]",
                "FeatureFlag.swift:2 declaration deselectChapters case deselectChapters",
                "FeatureFlag.swift:3 declaration rss_chapters case rssChapters",
                "FeatureFlag.swift:6 implicit-member deselectChapters .deselectChapters own",
                "FeatureFlag.swift:6 string-key deselect_chapters_enabled \"deselect_chapters_enabled\" own",
                "FeatureFlag.swift:7 implicit-member rss_chapters .rssChapters own",
                "Settings.swift:2 declaration add_missing_episodes static var addMissingEpisodes [property]",
                "Settings.swift:3 member add_missing_episodes Constants.RemoteParams.addMissingEpisodes [member]",
            ])
    }

    /// Lookalikes: an enum named for configuration whose cases carry payloads, one of
    /// configurations all of whose cases are logged (Simplenote's build configurations), a case
    /// of an unscanned type that a scanned toggle enum also declares, an implicit member passed
    /// to another type's case inside the toggle enum, and a `Bool?` setting.
    @Test func configurationEnumsAndOtherTypesMembersAreJudgedByWhatTheyHold() throws {
        let found = try scan(
            [
                "Client.swift": """
                enum VpnManagerClientConfiguration {
                    case vpnAccelerator
                    case label(String)
                }
                enum BuildConfiguration: String {
                    case debug
                    case release
                }
                """,
                "FeatureFlag.swift": """
                enum FeatureFlag: String {
                    case history
                    case passwordGeneration
                    var source: Source {
                        switch self {
                        case .history:
                            return .remote(.feature(.history))
                        case .passwordGeneration:
                            return .remote(.subfeature(AutofillSubfeature.passwordGeneration))
                        }
                    }
                }
                """,
                "Gateway.swift": """
                final class Gateway {
                    private var vpnAccelerator: Bool? { provider.vpnAccelerator }
                }
                """,
            ], known: ["vpnAccelerator", "debug", "release", "history", "passwordGeneration"])
        #expect(
            found == [
                "Client.swift:6 declaration debug case debug",
                "Client.swift:7 declaration release case release",
                "FeatureFlag.swift:2 declaration history case history",
                "FeatureFlag.swift:3 declaration passwordGeneration case passwordGeneration",
                "FeatureFlag.swift:6 implicit-member history .history own",
                "FeatureFlag.swift:8 implicit-member passwordGeneration .passwordGeneration own",
            ])
    }
}
