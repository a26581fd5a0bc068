import Foundation
import Testing
import TestSupport

/// `sync swift` and `scan` with no log on toggle types found by shape (issue 27 §2): one
/// message asks for `--kind`, then every shape's members are created.
@Suite struct SyncSwiftDiscoveryTests {
    static let flags = """
        import Foundation

        enum FeatureFlags {
            static let allowOfflineMode = true
            static let quickReply: Bool = false
            static var compactTimeline: Bool { false }
        }

        struct LabFeatures {
            static let shared = LabFeatures()
            var showGrid = true
            var name = "lab"
        }

        @propertyWrapper
        struct FeatureFlag {
            var wrappedValue: Bool { false }
            init(key: String) {}
        }

        final class PlayerSettings {
            @FeatureFlag(key: "picture_in_picture") var pictureInPicture
        }

        enum Experiment {
            case searchV2
        }

        protocol ExperimentService {
            func isEnabled(_ experiment: Experiment) -> Bool
        }

        struct FeatureCell {
            var isExpanded: Bool = false
        }
        """

    static let use = """
        func render(service: ExperimentService) {
            if FeatureFlags.allowOfflineMode, LabFeatures.shared.showGrid { draw() }
            if service.isEnabled(.searchV2) { search() }
        }
        """

    func app() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("App/Flags.swift", Self.flags)
        try directory.write("App/Use.swift", Self.use)
        return directory
    }

    @Test func withoutKindOneMessageCountsTheToggles() throws {
        let directory = try app()
        let refused = InProcessToggles.run(["sync", "swift", "App"], in: directory.url)
        #expect(refused.status == 64, "\(refused)")
        let messages = refused.stderr.split(separator: "\n").filter { $0.contains("no kind") }
        #expect(messages.count == 1, "\(refused.stderr)")
        #expect(
            messages.first?.contains(
                "6 toggles found in FeatureFlags (3 in App/Flags.swift), LabFeatures (1 in App/Flags.swift), PlayerSettings (1 in App/Flags.swift), Experiment (1 in App/Flags.swift) have no kind; pass --kind local|remote|build"
            ) == true, "\(refused.stderr)")
        #expect(refused.stderr.contains("pass --kind local|remote|build"))
        #expect(refused.stderr.contains("nothing was appended"))
        #expect(directory.segments().isEmpty)
    }

    @Test func withKindCreatesEveryShapesMembers() throws {
        let directory = try app()
        let dryRun = InProcessToggles.run(["sync", "swift", "App", "--kind", "remote", "--dry-run"], in: directory.url)
        #expect(dryRun.status == 0, "\(dryRun)")
        let created = dryRun.stdout.split(separator: "\n").map(String.init)
        #expect(
            created == [
                "would create allowOfflineMode (remote bool, default true) declared at App/Flags.swift:4",
                "would create quickReply (remote bool, default false) declared at App/Flags.swift:5",
                "would create compactTimeline (remote bool, default false) declared at App/Flags.swift:6",
                "would create showGrid (remote bool, default true) declared at App/Flags.swift:11",
                "would create picture_in_picture (remote bool, default false) declared at App/Flags.swift:22",
                "would create searchV2 (remote bool, default false) declared at App/Flags.swift:26",
            ], "\(dryRun.stdout)")
        #expect(directory.segments().isEmpty)
        let sync = InProcessToggles.run(["sync", "swift", "App", "--kind", "remote"], in: directory.url)
        #expect(sync.status == 0, "\(sync)")
        #expect(try directory.eventLines().count == 6)
        let again = InProcessToggles.run(["sync", "swift", "App", "--kind", "remote"], in: directory.url)
        #expect(again.status == 0)
        #expect(again.stderr.contains("nothing to append"), "\(again.stderr)")
    }

    @Test func scanWithoutALogFindsTheShapesAndExplains() throws {
        let directory = try app()
        let scan = InProcessToggles.run(["scan", "App"], in: directory.url)
        #expect(scan.status == 0, "\(scan)")
        for expected in [
            "App/Use.swift:2:8: allowOfflineMode: member FeatureFlags.allowOfflineMode",
            "App/Use.swift:2:51: showGrid: member shared.showGrid",
            "App/Use.swift:3:26: searchV2: implicit-member .searchV2",
            "App/Flags.swift:22:49: picture_in_picture: declaration @FeatureFlag var pictureInPicture",
        ] {
            #expect(scan.stdout.contains(expected), "\(expected)\n\(scan.stdout)")
        }
        #expect(!scan.stdout.contains("isExpanded"))
        let namespace = InProcessToggles.run(["scan", "App", "--explain", "App/Flags.swift:3"], in: directory.url)
        #expect(namespace.stdout.contains("enum FeatureFlags is a toggle enum: a case-less enum named for toggles with 3 Bool properties"), "\(namespace)")
        let property = InProcessToggles.run(["scan", "App", "--explain", "App/Flags.swift:5"], in: directory.url)
        #expect(property.stdout.contains("static let quickReply declares the toggle quickReply; FeatureFlags is a case-less enum named for toggles"), "\(property)")
        let query = InProcessToggles.run(["scan", "App", "--explain", "App/Flags.swift:25"], in: directory.url)
        #expect(query.stdout.contains("cases are the argument of the Bool query isEnabled(_:) -> Bool at App/Flags.swift:30"), "\(query)")
        let lookalike = InProcessToggles.run(["scan", "App", "--explain", "App/Flags.swift:33"], in: directory.url)
        #expect(lookalike.stdout.split(separator: "\n").allSatisfy { !$0.contains("is a toggle") }, "\(lookalike)")
    }
    /// A closure asked for a case is a Bool query as a `func` is: a property
    /// `var isFeatureEnabled: (Feature) -> Bool`, a parameter `@escaping (Experiment) -> Bool`, an
    /// optional `((LabToggle) -> Bool)?`, a `typealias … = (DebugSwitch) -> Bool`, even in a file
    /// that declares nothing else. A closure returning something else asks nothing.
    @Test func aClosureTypedBoolQueryTakesItsEnum() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/Feature.swift",
            """
            public enum Feature: CaseIterable {
                case venueCheckIn
                case localStatistics

                public static let productionEnabledFeatures: [Feature] = [
                    .venueCheckIn,
                ]
            }

            extension Feature {
                var title: String {
                    switch self {
                    case .venueCheckIn: return "Venues"
                    case .localStatistics: return "Statistics"
                    }
                }
            }

            enum Experiment { case searchV2 }
            enum LabToggle { case grid }
            enum DebugSwitch { case verboseLogs }
            typealias DebugCheck = (DebugSwitch) -> Bool
            enum PremiumFeature { case customIcons }
            """)
        try directory.write(
            "App/Coordinator.swift",
            """
            final class Coordinator {
                private var isFeatureEnabled: (Feature) -> Bool
                var onPurchase: (PremiumFeature) -> Void = { _ in }
                var labCheck: ((LabToggle) -> Bool)?

                init(enabledFeatures: [Feature], isExperimentOn: @escaping (Experiment) -> Bool) {
                    isFeatureEnabled = { enabledFeatures.contains($0) }
                }

                func start() {
                    show(venues: isFeatureEnabled(.venueCheckIn), statistics: Feature.localStatistics)
                    onPurchase(.customIcons)
                }
            }
            """)
        let run = InProcessToggles.run(["scan", "App", "--format", "json"], in: directory.url)
        try #require(run.status == 0, "\(run)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let found = try #require(document["references"] as? [[String: Any]]).map { "\($0["file"]!):\($0["line"]!) \($0["kind"]!) \($0["toggle"]!)" }
        #expect(
            found == [
                "App/Coordinator.swift:11 implicit-member venueCheckIn", "App/Coordinator.swift:11 member localStatistics",
                "App/Feature.swift:2 declaration venueCheckIn", "App/Feature.swift:3 declaration localStatistics",
                "App/Feature.swift:6 implicit-member venueCheckIn", "App/Feature.swift:13 implicit-member venueCheckIn",
                "App/Feature.swift:14 implicit-member localStatistics", "App/Feature.swift:19 declaration searchV2",
                "App/Feature.swift:20 declaration grid", "App/Feature.swift:21 declaration verboseLogs",
            ], "\(found)")
        let feature = InProcessToggles.run(["scan", "App", "--explain", "App/Feature.swift:1"], in: directory.url)
        #expect(
            feature.stdout.contains(
                "enum Feature is a toggle enum: an enum named for toggles whose cases are the argument of the Bool query `isFeatureEnabled: (Feature) -> Bool` at App/Coordinator.swift:2 (2 cases)"
            ), "\(feature)")
        for (line, query) in [
            (19, "`isExperimentOn: (Experiment) -> Bool` at App/Coordinator.swift:6"), (20, "`labCheck: (LabToggle) -> Bool` at App/Coordinator.swift:4"),
            (21, "`DebugCheck = (DebugSwitch) -> Bool` at App/Feature.swift:22"),
        ] {
            let why = InProcessToggles.run(["scan", "App", "--explain", "App/Feature.swift:\(line)"], in: directory.url)
            #expect(why.stdout.contains("whose cases are the argument of the Bool query \(query) (1 case)"), "\(why)")
        }
        let premium = InProcessToggles.run(["scan", "App", "--explain", "App/Feature.swift:23"], in: directory.url)
        #expect(premium.stdout.contains("enum PremiumFeature is not a toggle enum"), "\(premium)")
    }
}
