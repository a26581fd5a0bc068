import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

@Suite struct CodeFindingsTests {
    @Test func removedButReferencedAndUntracked() {
        var projection = Projection()
        let definition = ToggleDefinition(kind: .remote, valueType: .bool, defaultValue: .bool(false))
        projection.apply(Event(id: "1", at: Timestamp(secondsSince1970: 1_700_000_000), toggle: "isLive", actor: "a", change: .created(definition)))
        projection.apply(Event(id: "2", at: Timestamp(secondsSince1970: 1_700_000_000), toggle: "isGone", actor: "a", change: .created(definition)))
        projection.apply(Event(id: "3", at: Timestamp(secondsSince1970: 1_700_086_400), toggle: "isGone", actor: "a", change: .removed(reason: nil)))
        let scan = SwiftReferenceScanner(knownToggles: ["isLive", "isGone"]).scan(sources: [
            ("Toggles.swift", "enum RemoteToggle: String, ToggleType {\n    case isLive, isNew\n}\n"),
            ("Use.swift", "let a = RemoteToggle.isLive\nlet b = remoteConfig[\"isGone\"]\nlet c = RemoteToggle.isNew\n"),
        ])
        let findings = CodeFindings.evaluate(scan, toggles: projection.toggles.dictionary)
        #expect(findings.map { "\($0.toggle) \($0.reason.rawValue)" } == ["isGone removed-but-referenced", "isNew untracked"])
        #expect(findings[0].message == "isGone was removed at 2023-11-15T22:13:20Z but is still referenced at Use.swift:2; remove it with `toggles cleanup isGone`")
        #expect(findings[1].references.map(\.line) == [2])
        #expect(findings[1].message.hasPrefix("isNew is declared at Toggles.swift:2 but the log never created it"))
    }
}
