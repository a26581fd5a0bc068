import Foundation
import Testing

/// `import firebase` and `retire` for a toggle removed from the code in an app version, on the
/// seed log and the Remote Config templates of Fixtures/importFirebase: the parameter older
/// versions still read is tracked like a live toggle's, not skipped.
@Suite struct RemovedFromCodeImportTests {
    typealias Interop = InteropCommandTests

    @Test func aTemplateChangingOrDroppingTheParameterIsRecorded() throws {
        let directory = try Interop.seeded()
        try Interop.run(["import", "firebase", Interop.template("v5")], in: directory)
        // Both gone from the code in versions every supported one is older than.
        try Interop.run(["remove", "isRoundedAvatar", "--app-version", "2.5", "--at", "2026-02-05"], in: directory)
        try Interop.run(["remove", "legacyBanner", "--app-version", "3.0", "--at", "2026-02-05"], in: directory)
        // v6 adds a rollout to isRoundedAvatar and drops legacyBanner.
        let imported = try Interop.run(["import", "firebase", Interop.template("v6")], in: directory)
        #expect(!imported.stderr.contains("isRoundedAvatar"), "not skipped: \(imported)")
        let lines = try directory.eventLines().filter { $0.contains(#""templateVersion":"6""#) }
        #expect(lines.contains { $0.contains(#""type":"published","toggle":"isRoundedAvatar""#) && $0.contains("rolloutValue") })
        #expect(lines.contains { $0.contains(#""type":"unpublished","toggle":"legacyBanner""#) })
        let state = try Interop.run(["state", "--format", "json"], in: directory)
        let toggles = (try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])?["toggles"] as? [[String: Any]] ?? []
        let banner = try #require(toggles.first { $0["name"] as? String == "legacyBanner" })
        #expect(banner["remote"] is NSNull && banner["removedInAppVersion"] as? String == "3.0")
        // Nothing left to retire for legacyBanner; isRoundedAvatar is still read by every version.
        let retire = try Interop.run(["retire", "legacyBanner"], in: directory, expect: 65)
        #expect(retire.stderr.contains("nothing to retire"))
    }

    @Test func retiringWhileASupportedVersionReadsItNeedsForce() throws {
        let directory = try Interop.seeded()
        try Interop.run(["import", "firebase", Interop.template("v5")], in: directory)
        try Interop.run(["remove", "isRoundedAvatar", "--app-version", "2.5", "--at", "2026-02-05"], in: directory)
        try Interop.run(["support", "--minimum", "2.4.1", "--at", "2026-02-06"], in: directory)
        let before = try Interop.logBytes(directory)
        let refused = try Interop.run(["retire", "isRoundedAvatar"], in: directory, expect: 65)
        #expect(refused.stderr.contains("app versions before 2.5 still read isRoundedAvatar (the minimum supported version is 2.4.1)"), "\(refused)")
        #expect(try Interop.logBytes(directory) == before)
        try Interop.run(["retire", "isRoundedAvatar", "--force", "--reason", "already deleted in the console"], in: directory)
        let template = try Interop.run(["export", "firebase"], in: directory)
        #expect(!template.stdout.contains("isRoundedAvatar"))
    }
}
