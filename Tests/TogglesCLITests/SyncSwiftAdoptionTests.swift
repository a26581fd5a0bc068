import Foundation
import Testing
import TestSupport

/// `sync swift` run again once a log exists, on toggles found by shape (issue 27 §2), and on
/// declarations no toggle name can stand for: what it adopts, skips and says.
@Suite struct SyncSwiftAdoptionTests {
    static let getter = """
        extension AppConfig {
            var discussionsEnabled: Bool { bool(forKey: "DISCUSSIONS_ENABLED") }
        }

        """

    @Test func aSecondSyncOfAKeyGetterIsANoOpAndAThirdAdoptsOnlyTheNewOne() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App/C.swift", Self.getter)
        let first = InProcessToggles.run(["sync", "swift", "App", "--kind", "remote"], in: directory.url)
        #expect(first.status == 0, "\(first)")
        #expect(try directory.eventLines().count == 1)
        // The log now holds DISCUSSIONS_ENABLED: the getter is still a declaration, not a toggle deleted.
        let again = InProcessToggles.run(["sync", "swift", "App", "--kind", "remote"], in: directory.url)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.isEmpty, "\(again)")
        #expect(again.stderr == "toggles: in step: 1 declared toggle already in the log; nothing to append\n", "\(again)")
        #expect(try directory.eventLines().count == 1)
        let scan = InProcessToggles.run(["scan", "App"], in: directory.url)
        #expect(scan.stdout.contains("App/C.swift:2:49: DISCUSSIONS_ENABLED: string-key forKey: \"DISCUSSIONS_ENABLED\""), "\(scan)")
        // A getter added later, and a Feature Flags section: only what is new is created.
        try directory.write(
            "App/C.swift",
            Self.getter + """
                extension AppConfig {
                    var chatEnabled: Bool { bool(forKey: "CHAT_ENABLED") }
                }

                final class Settings {
                    // MARK: - Feature Flags
                    var threadsEnabled = false
                }
                """)
        let third = InProcessToggles.run(["sync", "swift", "App", "--kind", "remote"], in: directory.url)
        #expect(third.status == 0, "\(third)")
        let created = third.stdout.split(separator: "\n").filter { $0.hasPrefix("created ") }.map { String($0.split(separator: " ")[1]) }
        #expect(created == ["CHAT_ENABLED", "threadsEnabled"], "\(third)")
        #expect(try directory.eventLines().count == 3)
        let fourth = InProcessToggles.run(["sync", "swift", "App", "--kind", "remote"], in: directory.url)
        #expect(fourth.status == 0 && fourth.stderr.contains("in step: 3 declared toggles"), "\(fourth)")
    }

    @Test func keysThatCannotBeToggleNamesAreSkippedOneLineEachAndTheRestAdopted() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "App/C.swift",
            """
            extension AppConfig {
                var x: Bool { bool(forKey: "com.app.x") }
                var onboarding: Bool { bool(forKey: "new-onboarding") }
                var good: Bool { bool(forKey: "GOOD_ONE") }
            }
            """)
        let sync = InProcessToggles.run(["sync", "swift", "App", "--kind", "remote"], in: directory.url)
        #expect(sync.status == 0, "\(sync)")
        #expect(sync.stdout.hasPrefix("created GOOD_ONE "), "\(sync)")
        #expect(
            sync.stderr.split(separator: "\n").map(String.init) == [
                "toggles: warning: App/C.swift:2: not adopted: AppConfig.x reads the key \"com.app.x\", which cannot be a toggle name (a toggle name has only letters, digits and '_'); rename the key to com_app_x",
                "toggles: warning: App/C.swift:3: not adopted: AppConfig.onboarding reads the key \"new-onboarding\", which cannot be a toggle name (a toggle name has only letters, digits and '_'); rename the key to new_onboarding, or track it as new_onboarding with `toggles create new_onboarding --kind …` (the scan reads \"new-onboarding\" as its spelling)",
            ], "\(sync.stderr)")
        #expect(try directory.eventLines().count == 1)
        // Following the advice: the key is then that toggle's, and the sync is in step.
        try #require(InProcessToggles.run(["create", "new_onboarding", "--kind", "remote", "--type", "bool", "--default", "false"], in: directory.url).status == 0)
        let again = InProcessToggles.run(["sync", "swift", "App", "--kind", "remote"], in: directory.url)
        #expect(again.status == 0, "\(again)")
        #expect(again.stderr.contains("in step: 2 declared toggles already in the log (1 skipped: see above); nothing to append"), "\(again)")
        #expect(try directory.eventLines().count == 2)
    }

    @Test func aHugeCaseNameMakesAShortLineNotAMegabyteOne() throws {
        let directory = try TemporaryDirectory()
        let huge = String(repeating: "a", count: 1_000_000)
        try directory.write("App/T.swift", "enum RemoteToggle: String {\n    case small\n    case \(huge)\n}\n")
        let sync = InProcessToggles.run(["sync", "swift", "App"], in: directory.url)
        #expect(sync.status == 0, "\(sync.stderr.prefix(300))")
        let lines = sync.stderr.split(separator: "\n")
        #expect(lines.allSatisfy { $0.utf8.count < 600 }, "\(sync.stderr.prefix(300))")
        #expect(
            lines.first?.hasPrefix("toggles: warning: App/T.swift:3: not adopted: RemoteToggle.\(String(repeating: "a", count: 80))… (1000000 bytes) is named") == true,
            "\(sync.stderr.prefix(300))")
        #expect(try directory.eventLines().count == 1)
    }
}
