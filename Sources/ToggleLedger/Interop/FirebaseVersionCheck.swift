import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Compares Firebase's version history (a `listVersions` response) with the versions the log
/// has imported, so who published what and when sits beside the log, and missed versions show.
///
/// It appends nothing. A version is `imported` when the log has events from it (ids
/// `firebase-x<rank>-v<N>-…`); `missing` when it is newer than the oldest imported version but the
/// log has nothing from it (a CI job did not run, or the version changed nothing the log
/// tracks: importing it settles which); `before-log` when it is older than everything imported.
package enum FirebaseVersionCheck {
    package enum Status: String, Sendable {
        case imported
        case missing
        case beforeLog = "before-log"
    }

    package struct Entry: Sendable {
        package var version: FirebaseVersion
        package var status: Status
        /// How many log events came from this version.
        package var eventCount: Int
        /// The instant and actor the log recorded for it, when imported.
        package var loggedAt: Timestamp?
        package var loggedActor: String?

        /// Whether the log's instant and actor agree with Firebase's record (nil when not imported).
        package var agrees: Bool? {
            guard status == .imported else { return nil }
            let timeAgrees = version.updateTime == nil || version.updateTime == loggedAt
            let actorAgrees = version.updateUserEmail == nil || version.updateUserEmail == loggedActor
            return timeAgrees && actorAgrees
        }
    }

    /// One entry per listed version, in the list's order (newest first).
    package static func check(_ list: FirebaseVersionList, history: [Event]) -> [Entry] {
        var imported: [String: (count: Int, at: Timestamp, actor: String)] = [:]
        for event in history {
            guard let version = importedVersion(of: event) else { continue }
            if let known = imported[version] {
                imported[version] = (known.count + 1, known.at, known.actor)
            } else {
                imported[version] = (1, event.at, event.actor)
            }
        }
        let oldest = imported.keys.compactMap { Int64($0) }.min()
        return list.versions.map { version in
            let number = version.versionNumber ?? ""
            if let found = imported[number] {
                return Entry(version: version, status: .imported, eventCount: found.count, loggedAt: found.at, loggedActor: found.actor)
            }
            let status: Status = if let oldest, let value = Int64(number), value < oldest { .beforeLog } else { .missing }
            return Entry(version: version, status: status, eventCount: 0)
        }
    }

    /// The template version an event was imported from, by its id (`firebase-x0001-v<N>-…`,
    /// or `firebase-v<N>-…` as older versions wrote it).
    static func importedVersion(of event: Event) -> String? {
        ImportEventID.parse(event.id)?.version
    }
}
