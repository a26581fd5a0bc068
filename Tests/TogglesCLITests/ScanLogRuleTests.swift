import Foundation
@testable import SwiftSource
import Testing
import TestSupport

/// `toggles scan` with a log (issue 27 §1 and §3): the log's names in any spelling, the
/// arguments of a property wrapper's attribute and key paths as reads, and the members and
/// declarations that the syntax places in another type than the toggle's.
@Suite struct ScanLogRuleTests {
    /// `file:line toggle kind symbol` of each reference `scan App --format json` reports, with a log
    /// creating `toggles` (remote, Bool) and `files` under App/.
    func references(toggles: [String], files: [String: String]) throws -> [String] {
        let directory = try TemporaryDirectory()
        for toggle in toggles {
            let created = InProcessToggles.run(["create", toggle, "--kind", "remote", "--type", "bool", "--default", "false", "--actor", "t@example.com"], in: directory.url)
            try #require(created.status == 0, "\(created)")
        }
        for (path, text) in files { try directory.write("App/\(path)", text) }
        let run = InProcessToggles.run(["scan", "App", "--format", "json"], in: directory.url)
        try #require(run.status == 0, "\(run)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let references = try #require(document["references"] as? [[String: Any]])
        return references.map { "\($0["file"]!):\($0["line"]!) \($0["toggle"]!) \($0["kind"]!) \($0["symbol"]!)" }
    }

    @Test func aNameMatchesEverySpellingOfIt() throws {
        let found = try references(
            toggles: ["system_messages", "discussionsEnabled"],
            files: [
                "Capability.swift": """
                enum TalkCapability: String {
                    case systemMessages = "system-messages"
                    case other = "other"
                }
                """,
                "Use.swift": """
                func load(_ manager: Manager, config: Config) {
                    if manager.serverHasTalkCapability(.systemMessages) { show() }
                    if config.bool(forKey: "DISCUSSIONS_ENABLED") { discuss() }
                }
                """,
            ])
        #expect(found.contains("App/Capability.swift:2 system_messages declaration case systemMessages"), "\(found)")
        #expect(found.contains("App/Use.swift:2 system_messages implicit-member .systemMessages"), "\(found)")
        #expect(found.contains { $0.hasPrefix("App/Use.swift:3 discussionsEnabled string-key") }, "\(found)")
        #expect(!found.contains { $0.contains("other") }, "\(found)")
    }

    /// Random words in camelCase, snake_case, kebab-case and SCREAMING_SNAKE_CASE have one
    /// normalized form, and each spelling's variants are the others. Words of two letters or
    /// more: camelCase cannot tell `oT` (o, t) from one word.
    /// Two logged names with the same words (`fooBar` and `foo_bar`): each is found as itself,
    /// and a spelling both share (`FOO_BAR`, `foo-bar`) is neither's, not the first by sort order's.
    @Test func aSpellingTwoLoggedNamesShareIsNeithers() throws {
        let found = try references(
            toggles: ["fooBar", "foo_bar"],
            files: [
                "Use.swift": """
                func load(config: Config) {
                    if config.bool(forKey: "fooBar") { a() }
                    if config.bool(forKey: "foo_bar") { b() }
                    if config.bool(forKey: "FOO_BAR") { c() }
                    if config.bool(forKey: "foo-bar") { d() }
                }
                """
            ])
        #expect(
            found == [
                "App/Use.swift:2 fooBar string-key forKey: \"fooBar\"",
                "App/Use.swift:3 foo_bar string-key forKey: \"foo_bar\"",
            ], "\(found)")
    }

    @Test func everySpellingOfRandomWordsNormalizesAlike() {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for _ in 0..<500 {
            let words = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                String((0..<Int.random(in: 2...7, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
                    + (Bool.random(using: &generator) ? String(Int.random(in: 0...99, using: &generator)) : "")
            }
            let camel = words.enumerated().map { $0 == 0 ? $1 : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
            let snake = words.joined(separator: "_")
            let spellings = [camel, snake, words.joined(separator: "-"), snake.uppercased()]
            for spelling in spellings {
                #expect(NameSpelling.normalized(spelling) == snake, "\(spelling)")
                #expect(Set(NameSpelling.variants(of: spelling)).isSuperset(of: spellings), "\(spelling): \(NameSpelling.variants(of: spelling))")
            }
        }
    }

    @Test func aPropertyWrappersArgumentIsARead() throws {
        let found = try references(
            toggles: ["drawings"],
            files: [
                "Flags.swift": """
                enum FeatureFlag { case drawings }
                enum Route { case drawings }
                @propertyWrapper
                struct FeatureFlagged {
                    var flag: FeatureFlag
                    var wrappedValue: Bool { false }
                    init(_ flag: FeatureFlag) { self.flag = flag }
                }
                """,
                "Map.swift": """
                struct MapView {
                    @FeatureFlagged(.drawings) private var allowMapDrawings
                    var route: Route = .drawings
                }
                """,
            ])
        #expect(found.contains("App/Map.swift:2 drawings implicit-member .drawings"), "\(found)")
        #expect(!found.contains { $0.hasPrefix("App/Map.swift:3") }, "\(found)")
    }

    /// Code inside `\( … )` is code in every kind of string literal; the string's own text is not.
    @Test func aToggleReadByItsBareNameInItsOwnTypeIsARead() throws {
        let found = try references(
            toggles: ["quickReply", "siriEnabled"],
            files: [
                "Flags.swift": ##"""
                struct FeatureFlags {
                    let quickReply: Bool
                    let siriEnabled: Bool
                    init() {
                        #if SIRI_ENABLED
                        self.siriEnabled = true
                        #else
                        self.siriEnabled = false
                        #endif
                        self.quickReply = true
                    }
                }
                extension FeatureFlags: CustomDebugStringConvertible {
                    var debugDescription: String {
                        "* quickReply: \(quickReply)" + "siriEnabled, quickReply"
                    }
                    var multiline: String {
                        """
                        siriEnabled:
                        \(format(siriEnabled ? "on" : "off", (1, 2)))
                        """
                    }
                    var raw: String { #"quickReply \#(quickReply) \(siriEnabled)"# }
                    func copy(quickReply: Bool) -> FeatureFlags { FeatureFlags(quickReply: quickReply, siriEnabled: siriEnabled) }
                }
                """##,
                "Screen.swift": #"""
                struct Screen {
                    let siriEnabled = false
                    var text: String { "\(siriEnabled) \(quickReply)" }
                }
                """#,
            ])
        let flags = found.filter { $0.hasPrefix("App/Flags.swift") && ($0.hasSuffix("member quickReply") || $0.hasSuffix("member siriEnabled")) }
        #expect(
            flags == [
                "App/Flags.swift:15 quickReply member quickReply",
                "App/Flags.swift:20 siriEnabled member siriEnabled",
                "App/Flags.swift:23 quickReply member quickReply",
            ], "\(found)")
        // `FeatureFlags(quickReply: quickReply)`: the value named like its label is the label's line.
        #expect(found.contains("App/Flags.swift:24 quickReply member FeatureFlags(quickReply: …)"), "\(found)")
        // The string's text, the `#if` condition, the raw string's `\(…)` (text, not an interpolation) and another type's names are not reads.
        #expect(!found.contains { $0.hasPrefix("App/Flags.swift:5 ") || $0.hasPrefix("App/Flags.swift:19 ") || $0.hasPrefix("App/Screen.swift") }, "\(found)")
        #expect(found.filter { $0.hasPrefix("App/Flags.swift:23 ") }.count == 1, "\(found)")
    }

    /// `UserDefaults.group?.x` inside `var x: Bool { … }` of a flags type: the toggle's own body
    /// reads its override, though another type declares a property of that name.
    @Test func aReadInTheTogglesOwnAccessorIsItsOwnBody() throws {
        let found = try references(
            toggles: ["allowDebugFeatures"],
            files: [
                "Flags.swift": """
                struct FeatureFlags {}
                extension FeatureFlags {
                    var allowDebugFeatures: Bool {
                        if debugEnabled { return true }
                        return UserDefaults.group?.allowDebugFeatures ?? false
                    }
                    var other: Bool { UserDefaults.group?.allowDebugFeatures ?? false }
                }
                """,
                "Defaults.swift": """
                extension UserDefaults {
                    enum Key: String { case allowDebugFeatures = "com.app.allowDebugFeatures" }
                    var allowDebugFeatures: Bool { bool(forKey: Key.allowDebugFeatures.rawValue) }
                }
                """,
            ])
        #expect(found.contains("App/Flags.swift:5 allowDebugFeatures member UserDefaults.group.allowDebugFeatures"), "\(found)")
        #expect(!found.contains { $0.hasPrefix("App/Flags.swift:7 ") }, "\(found)")
    }

    @Test func aKeyPathRootedAtTheFlagsTypeIsARead() throws {
        let found = try references(
            toggles: ["vpnAccelerator"],
            files: [
                "Flags.swift": """
                struct FeatureFlags { let vpnAccelerator: Bool }
                enum ClientConfiguration: String { case vpnAccelerator, other }
                """,
                "Feature.swift": """
                enum Accelerator {
                    static let featureFlag: KeyPath<FeatureFlags, Bool>? = \\.vpnAccelerator
                    static let setting: KeyPath<Preferences, Bool> = \\.vpnAccelerator
                }
                """,
            ])
        #expect(found.contains("App/Feature.swift:2 vpnAccelerator implicit-member .vpnAccelerator"), "\(found)")
        #expect(!found.contains { $0.hasPrefix("App/Feature.swift:3") }, "\(found)")
    }

    @Test func anotherTypesMemberNamedLikeTheToggleIsNotIt() throws {
        let found = try references(
            toggles: ["safeMode", "PUSH_NOTIFICATIONS"],
            files: [
                "Flags.swift": """
                struct FeatureFlags { let safeMode: Bool }
                extension AppConfig {
                    var pushNotificationsEnabled: Bool { bool(forKey: "PUSH_NOTIFICATIONS") }
                    var brazeConfig: BrazeConfig { BrazeConfig() }
                }
                struct BrazeConfig { var pushNotificationsEnabled: Bool = false }
                """,
                "Settings.swift": """
                final class AdvancedSettingsViewModel {
                    let flags: FeatureFlags
                    let connection: Connection
                    var safeMode: Bool { flags.safeMode }
                    func apply() { self.safeMode = connection.safeMode }
                    func push(config: AppConfig) -> Bool { config.pushNotificationsEnabled && config.brazeConfig.pushNotificationsEnabled }
                    let features = (safeMode: Cell(), other: Cell())
                    func cell() -> Cell { features.safeMode }
                }
                """,
            ])
        let settings = found.filter { $0.hasPrefix("App/Settings.swift") }
        #expect(settings == ["App/Settings.swift:4 safeMode member flags.safeMode", "App/Settings.swift:6 PUSH_NOTIFICATIONS member config.pushNotificationsEnabled"], "\(found)")
        #expect(found.contains("App/Flags.swift:1 safeMode declaration let safeMode"), "\(found)")
    }

    @Test func aToggleEnumsCaseIsNotReadThroughAValue() throws {
        let found = try references(
            toggles: ["room_description", "typing_privacy"],
            files: [
                "Capability.swift": """
                enum TalkCapability: String {
                    case roomDescription = "room-description"
                    case typingIndicators = "typing-privacy"
                }
                """,
                "Room.swift": """
                func show(room: Room, capabilities: Capabilities) {
                    if has(.roomDescription) { label.text = room.roomDescription }
                    capabilities.typingPrivacy = true
                    if TalkCapability.typingIndicators.rawValue.isEmpty { return }
                }
                """,
            ])
        let room = found.filter { $0.hasPrefix("App/Room.swift") }
        #expect(
            room == ["App/Room.swift:2 room_description implicit-member .roomDescription", "App/Room.swift:4 typing_privacy member TalkCapability.typingIndicators"], "\(found)")
    }

    @Test func anImplicitMemberComparedWithAnotherTypesMemberIsNotTheToggle() throws {
        let found = try references(
            toggles: ["note_to_self"],
            files: [
                "Capability.swift": """
                enum TalkCapability: String { case noteToSelf = "note-to-self" }
                """,
                "Room.swift": """
                func show(room: Room, capability: TalkCapability) {
                    guard room.type != .noteToSelf else { return }
                    if capability == .noteToSelf { note() }
                }
                """,
            ])
        let room = found.filter { $0.hasPrefix("App/Room.swift") }
        #expect(room == ["App/Room.swift:3 note_to_self implicit-member .noteToSelf"], "\(found)")
    }

    @Test func aCaseOfAnotherEnumNamedLikeAToggleCaseIsNotOne() throws {
        let found = try references(
            toggles: ["debugMenu"],
            files: [
                "Flags.swift": """
                enum FeatureFlag: String { case debugMenu, sync }
                enum VPNConfigurationRemovalReason: String { case signedOut, debugMenu }
                """
            ])
        #expect(found.filter { $0.contains("debugMenu") } == ["App/Flags.swift:1 debugMenu declaration case debugMenu"], "\(found)")
    }

    @Test func aCaseTheToggleEnumMapsToAnotherTypesMemberIsThatTypesElsewhere() throws {
        let found = try references(
            toggles: ["history"],
            files: [
                "Flags.swift": """
                enum FeatureFlag: String { case history }
                extension FeatureFlag {
                    var source: Source {
                        switch self {
                        case .history: return .remoteReleasable(.feature(.history))
                        }
                    }
                }
                """,
                "Use.swift": """
                func load(flagger: FeatureFlagger, configuration: PrivacyConfiguration) {
                    let settings = configuration.settings(for: .history)
                    if flagger.isFeatureOn(.history) { show(settings) }
                }
                """,
            ])
        #expect(found.filter { $0.hasPrefix("App/Use.swift") } == ["App/Use.swift:3 history implicit-member .history"], "\(found)")
    }

    /// A key type's instance (`static let program: Self = "…"` in `extension FeatureFlagKey`) is the
    /// toggle's key: a function taking that type is a query, so `.program` given to it counts
    /// even nested in a wrapper's argument, while another type's `.program` does not.
    @Test func anImplicitMemberGivenToAFunctionTakingTheKeyTypeIsARead() throws {
        let found = try references(
            toggles: ["program"],
            files: [
                "Keys.swift": """
                struct FeatureFlagKey: ExpressibleByStringLiteral {
                    let name: String
                    init(stringLiteral value: String) { name = value }
                }
                extension FeatureFlagKey {
                    static let program: Self = "program_feature_enabled"
                }
                extension SharedReaderKey {
                    static func featureFlag(_ key: FeatureFlagKey) -> Self { .appStorage(key.name) }
                }
                """,
                "Targets.swift": """
                enum Tab { case program, runs }
                extension Target { static func feature(_ tab: Tab) -> Target { Target() } }
                """,
                "Settings.swift": """
                struct SettingsFeature {
                    @Shared(.featureFlag(.program)) var programEnabled: Bool = false
                    var tab: Tab = .program
                    let target: Target = .feature(.program)
                }
                """,
            ])
        #expect(found.contains("App/Keys.swift:6 program declaration static let program"), "\(found)")
        #expect(found.filter { $0.hasPrefix("App/Settings.swift") } == ["App/Settings.swift:2 program implicit-member .program"], "\(found)")
    }

    /// A string-literal key type declaring `names` as its instances: the toggles' home.
    func keyType(_ names: [String]) -> String {
        """
        struct FeatureFlagKey: ExpressibleByStringLiteral {
            let name: String
            init(stringLiteral value: String) { name = value }
        }
        extension FeatureFlagKey {

        """ + names.map { "    static let \($0): Self = \"\($0)_feature_enabled\"\n" }.joined() + "}\n"
    }

    /// Where a key type declares the toggle's key, a type named like a feature only by its name
    /// (`L10n.Settings.BetaFeatures`, localized strings) declares its own member so named.
    @Test func aLocalizedStringNamedLikeAToggleIsNotIt() throws {
        let found = try references(
            toggles: ["runDetail"],
            files: [
                "Keys.swift": keyType(["runDetail"]),
                "Strings.swift": """
                enum L10n {
                    enum Settings {
                        enum BetaFeatures {
                            static let runDetail = L10n.tr("Localizable", "settings.beta_features.run_detail")
                        }
                    }
                    static func tr(_ table: String, _ key: String) -> String { key }
                }
                """,
                "Settings.swift": """
                func render(defaults: UserDefaults) {
                    let toggle = Toggle(L10n.Settings.BetaFeatures.runDetail, isOn: binding)
                    defaults.set(true, forKey: FeatureFlagKey.runDetail.name)
                }
                """,
            ])
        #expect(
            found == [
                "App/Keys.swift:6 runDetail declaration static let runDetail",
                "App/Settings.swift:3 runDetail member FeatureFlagKey.runDetail",
            ], "\(found)")
    }

    /// A managed object's relation spelled like a toggle (`@NSManaged var runDetail: RunDetailEntity?`)
    /// is a wrapped value of another type, not a wrapped toggle.
    @Test func aWrappedStoredValueOfAnotherTypeIsNotAToggle() throws {
        let found = try references(
            toggles: ["runDetail"],
            files: [
                "Keys.swift": keyType(["runDetail"]),
                "Entity.swift": """
                final class SampleEntity: NSManagedObject {
                    @NSManaged public var runDetail: RunDetailEntity?
                }
                """,
            ])
        #expect(found == ["App/Keys.swift:6 runDetail declaration static let runDetail"], "\(found)")
    }

    /// `self.history = history` and `init(history:)` in a `State` nested in a reducer named
    /// `…Feature` are `State`'s: `self` and an `init` belong to the innermost type.
    @Test func selfAndAnInitsLabelsAreTheInnermostTypes() throws {
        let found = try references(
            toggles: ["history"],
            files: [
                "Keys.swift": keyType(["history"]),
                "History.swift": """
                struct GoalHistoryFeature {
                    struct State {
                        var history: [Int] = []
                        init(history: [Int]) { self.history = history }
                    }
                }
                """,
            ])
        #expect(found == ["App/Keys.swift:6 history declaration static let history"], "\(found)")
    }

    /// Key aliases: a flags type's `Bool` linked to the logged key only in its own methods
    /// (`x = raw.value(forKey: "k")`, `Raw(key: "k", enabled: x)`) is read by its property name.
    @Test func aPropertyLinkedToALoggedKeyInItsTypesMethodsIsThatKeysToggle() throws {
        let found = try references(
            toggles: ["enable_config_refresh_v2"],
            files: [
                "FeatureFlags.swift": """
                struct FeatureFlags: Codable {
                    var enableConfigRefresh: Bool
                    init(from decoder: Decoder) throws {
                        let raw = try decoder.singleValueContainer().decode([Raw].self)
                        enableConfigRefresh = raw.value(forKey: "enable_config_refresh_v2", default: false)
                    }
                    func encode(to encoder: Encoder) throws {
                        let raw = [Raw(key: "enable_config_refresh_v2", enabled: enableConfigRefresh)]
                        try raw.encode(to: encoder)
                    }
                    init(enableConfigRefresh: Bool) {
                        self.enableConfigRefresh = enableConfigRefresh
                    }
                }
                struct Banner {
                    var title: String
                    init(store: Store) {
                        title = store.string(forKey: "enable_config_refresh_v2")
                    }
                }
                """,
                "Use.swift": """
                func load(config: Config?, featureFlags: FeatureFlags?, banner: Banner) {
                    if config?.featureFlags.enableConfigRefresh == true { refresh() }
                    if featureFlags?.enableConfigRefresh == true { refresh() }
                    let stub = FeatureFlags.stub().setting(\\.enableConfigRefresh, to: true)
                    let handler = Handler(enableConfigRefresh: true)
                    print(banner.title)
                }
                """,
            ])
        let alias = found.filter { !$0.contains("string-key") }
        #expect(
            alias == [
                "App/FeatureFlags.swift:2 enable_config_refresh_v2 declaration var enableConfigRefresh",
                "App/FeatureFlags.swift:5 enable_config_refresh_v2 member enableConfigRefresh = …",
                "App/FeatureFlags.swift:8 enable_config_refresh_v2 member enabled: enableConfigRefresh",
                "App/FeatureFlags.swift:11 enable_config_refresh_v2 member init(enableConfigRefresh: …)",
                "App/FeatureFlags.swift:12 enable_config_refresh_v2 member self.enableConfigRefresh",
                "App/Use.swift:2 enable_config_refresh_v2 member config.featureFlags.enableConfigRefresh",
                "App/Use.swift:3 enable_config_refresh_v2 member featureFlags.enableConfigRefresh",
                "App/Use.swift:4 enable_config_refresh_v2 implicit-member .enableConfigRefresh",
            ], "\(found)")
    }

    /// A flags type's own methods use its toggle properties by their bare names; another
    /// configuration type's property so named (beside the toggle's key getter) is its own.
    @Test func aFlagsTypesOwnMethodsAssignAndPassItsTogglesByTheirBareNames() throws {
        let found = try references(
            toggles: ["new_onboarding", "PUSH_NOTIFICATIONS"],
            files: [
                "FeatureFlags.swift": """
                struct FeatureFlags {
                    var newOnboarding: Bool
                    init(raw: [Raw]) {
                        newOnboarding = raw.value(
                            forKey: "onboarding_v2", default: false)
                    }
                    func encode() -> [Raw] {
                        [Raw(key: "onboarding_v2", enabled: newOnboarding)]
                    }
                }
                extension AppConfig {
                    var pushEnabled: Bool { bool(forKey: "PUSH_NOTIFICATIONS") }
                }
                class BrazeConfig {
                    var pushEnabled: Bool = false
                    init(dictionary: [String: Bool]) {
                        pushEnabled = dictionary["ENABLED"] ?? false
                    }
                }
                """
            ])
        #expect(
            found.filter { $0.contains(" member ") } == [
                "App/FeatureFlags.swift:4 new_onboarding member newOnboarding = …",
                "App/FeatureFlags.swift:8 new_onboarding member enabled: newOnboarding",
            ], "\(found)")
    }

    /// JSON in a test's string literal carries the server's keys: a JSON member's key or value that
    /// is exactly a logged key is a key reference, on its own line; another spelling of it is text,
    /// and code quoted in a literal is not code.
    @Test func aLoggedKeyQuotedInAStringLiteralIsAKeyReference() throws {
        let found = try references(
            toggles: ["enable_expression_params"],
            files: [
                "FlagsTests.swift": """
                struct FlagsTests {
                    let json = \"\"\"
                    [
                      { "key": "enable_expression_params", "enabled": true },
                      { "key": "enable_postback", "enabled": true },
                      { "key": "EnableExpressionParams", "enabled": true }
                    ]
                    \"\"\"
                    let raw = #"{"key": "enable_expression_params"}"#
                    let text = "enable expression params"
                    let code = #"remoteConfig["enable_expression_params"]"#
                }
                """
            ])
        #expect(
            found == [
                "App/FlagsTests.swift:4 enable_expression_params string-key \"enable_expression_params\" quoted in a string literal",
                "App/FlagsTests.swift:9 enable_expression_params string-key \"enable_expression_params\" quoted in a string literal",
            ], "\(found)")
    }
}
