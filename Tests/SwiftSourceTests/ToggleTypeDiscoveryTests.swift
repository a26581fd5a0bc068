import Foundation
import Testing
@testable import LedgerCore
@testable import SwiftSource

/// Discovery of toggle types by shape, with no log (issue 27 §2). The sources follow idioms of
/// public apps (names changed): a case-less `FeatureFlags` namespace of `static let` Bools, a
/// protocol of flags and its default struct (the `protocol FeatureFlags { var x: Bool { get } }`
/// idiom), a `@propertyWrapper struct FeatureFlag` keyed by a string (yahoo/Override), an enum
/// read by a manager's `func isEnabled(_ feature: Feature) -> Bool` (a `FeatureManager`
/// idiom), and the lookalikes that are not toggles: a `FeatureFlag` model struct holding one
/// flag's state (p2p-org/p2p-wallet-ios), a `FeatureCell` view, a `PremiumFeature` entitlement.
@Suite struct ToggleTypeDiscoveryTests {
    func scan(_ sources: [(path: String, text: String)]) -> ScanResult {
        SwiftReferenceScanner().scan(sources: sources)
    }

    func lines(_ result: ScanResult) -> [String] {
        result.references.map { "\($0.file):\($0.line) \($0.kind.rawValue) \($0.toggle) \($0.symbol)" }
    }

    @Test func caselessNamespaceOfStaticBools() {
        let result = scan([
            (
                "FeatureFlags.swift",
                """
                enum FeatureFlags {
                    static let allowOfflineMode = true
                    static let newCheckout: Bool = false
                    static var compactTimeline: Bool { ProcessInfo.processInfo.environment["COMPACT"] != nil }
                    static let apiVersion = 3
                    static func reset() { let scratch = true; _ = scratch }
                }
                """
            ),
            (
                "Home.swift",
                """
                final class HomeViewModel {
                    func load() {
                        if FeatureFlags.allowOfflineMode { cache() }
                        guard FeatureFlags.newCheckout else { return }
                    }
                }
                """
            ),
        ])
        #expect(
            result.declarations.map { "\($0.enumName).\($0.caseName) \($0.declaredDefault)" } == [
                "FeatureFlags.allowOfflineMode bool(true)",
                "FeatureFlags.newCheckout bool(false)",
                "FeatureFlags.compactTimeline notDeclared",
            ])
        #expect(
            lines(result) == [
                "FeatureFlags.swift:2 declaration allowOfflineMode static let allowOfflineMode",
                "FeatureFlags.swift:3 declaration newCheckout static let newCheckout",
                "FeatureFlags.swift:4 declaration compactTimeline static var compactTimeline",
                "Home.swift:3 member allowOfflineMode FeatureFlags.allowOfflineMode",
                "Home.swift:4 member newCheckout FeatureFlags.newCheckout",
            ])
    }

    @Test func flagStructsReachedThroughInstances() {
        let result = scan([
            (
                "Flags.swift",
                """
                protocol FeatureFlags {
                    var newMediaDisplayEnabled: Bool { get }
                }

                struct DefaultFeatureFlags: FeatureFlags {
                    let newMediaDisplayEnabled = false
                }

                final class LabFeatures {
                    static let shared = LabFeatures()
                    var showGrid: Bool = false
                    var name: String = "lab"
                }
                """
            ),
            (
                "Gallery.swift",
                """
                struct Gallery {
                    let featureFlags: FeatureFlags
                    func render() {
                        if featureFlags.newMediaDisplayEnabled { draw() }
                        if LabFeatures.shared.showGrid { grid() }
                        if settings.showGrid { never() }
                    }
                }
                """
            ),
        ])
        #expect(
            result.declarations.map { "\($0.enumName).\($0.caseName)" } == [
                "FeatureFlags.newMediaDisplayEnabled", "DefaultFeatureFlags.newMediaDisplayEnabled", "LabFeatures.showGrid",
            ])
        #expect(
            lines(result).filter { $0.hasPrefix("Gallery") } == [
                "Gallery.swift:4 member newMediaDisplayEnabled featureFlags.newMediaDisplayEnabled",
                "Gallery.swift:5 member showGrid shared.showGrid",
            ])
    }

    @Test func propertyWrapperDeclaresItsProperties() {
        let result = scan([
            (
                "FeatureFlag.swift",
                """
                @propertyWrapper
                public struct FeatureFlag {
                    public var wrappedValue: Bool { store.bool(forKey: key) }
                    public init(key: String, defaultState: Bool = false) { self.key = key }
                }
                """
            ),
            (
                "AppFeatures.swift",
                """
                final class PlayerSettings {
                    @FeatureFlag(key: "picture-in-picture") var pictureInPicture
                    @FeatureFlag(key: "sleep-timer", defaultState: true)
                    var sleepTimer: Bool
                    @Published var volume: Double = 1
                }
                """
            ),
        ])
        #expect(
            result.declarations.map { "\($0.enumName).\($0.caseName) \($0.key)" } == [
                "PlayerSettings.pictureInPicture picture-in-picture", "PlayerSettings.sleepTimer sleep-timer",
            ])
        #expect(lines(result).contains("AppFeatures.swift:2 declaration picture-in-picture @FeatureFlag var pictureInPicture"), "\(lines(result))")
    }

    @Test func enumTakenByABoolQueryIsAToggleEnum() {
        let result = scan([
            (
                "FeatureManager.swift",
                """
                enum Feature {
                    case determineAccessibility
                    case offlineSync
                }

                final class FeatureManager {
                    private let enabled: [Feature] = [.determineAccessibility]
                    func isEnabled(_ feature: Feature) -> Bool { enabled.contains(feature) }
                }
                """
            ),
            (
                "Screen.swift",
                """
                func show(manager: FeatureManager) {
                    if manager.isEnabled(.offlineSync) { sync() }
                    let direct = Feature.determineAccessibility
                }
                """
            ),
        ])
        #expect(result.declarations.map { "\($0.enumName).\($0.caseName)" } == ["Feature.determineAccessibility", "Feature.offlineSync"])
        #expect(
            lines(result).filter { $0.hasPrefix("Screen") } == [
                "Screen.swift:2 implicit-member offlineSync .offlineSync",
                "Screen.swift:3 member determineAccessibility Feature.determineAccessibility",
            ])
    }

    @Test func enumWithABoolLookupOverItsCases() {
        let result = scan([
            (
                "Experiment.swift",
                """
                enum Experiment {
                    case searchV2, cardRedesign
                    var isOn: Bool {
                        switch self {
                        case .searchV2: return true
                        case .cardRedesign: return false
                        }
                    }
                }
                """
            )
        ])
        #expect(result.declarations.map(\.caseName) == ["searchV2", "cardRedesign"])
    }

    @Test func lookalikesAreNotDiscovered() {
        let result = scan([
            (
                "Lookalikes.swift",
                """
                public struct FeatureFlag: Equatable {
                    public let feature: Feature
                    public let isEnabled: Bool
                }

                struct FeatureCell: View {
                    @State var isExpanded: Bool = false
                    let title: String
                }

                enum PremiumFeature {
                    case unlimitedHistory, customIcons
                    var title: String { "" }
                }

                struct FeatureFlags {
                    let names: [String]
                }
                """
            ),
            (
                "Use.swift",
                """
                func use(flag: FeatureFlag) { if flag.isEnabled { go() } }
                """
            ),
        ])
        #expect(result.declarations.isEmpty)
        #expect(result.references.isEmpty)
    }

    /// A file without `enum` declares only by shape: pass 1 must lex it too.
    @Test func directoryScanReadsStructOnlyFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("discovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("struct AppFeatureFlags {\n    static let quickReply = true\n}\n".utf8).write(to: directory.appendingPathComponent("Flags.swift"))
        try Data("let reply = AppFeatureFlags.quickReply\n".utf8).write(to: directory.appendingPathComponent("Use.swift"))
        let result = try SwiftSourceScan().run(paths: ["."], currentDirectory: directory.path)
        #expect(
            result.references.map { "\($0.file):\($0.line) \($0.kind.rawValue) \($0.toggle)" } == [
                "Flags.swift:2 declaration quickReply", "Use.swift:1 member quickReply",
            ])
        let notes = try SwiftSourceScan().explain(paths: ["."], currentDirectory: directory.path, file: "Flags.swift", line: 1)
        #expect(notes == ["Flags.swift:1:1: struct AppFeatureFlags is a toggle type: a struct named for toggles with 1 Bool property (1 toggle)"])
    }
}
