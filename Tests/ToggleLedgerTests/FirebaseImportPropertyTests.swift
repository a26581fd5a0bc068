import Foundation
import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import ToggleLedger
import TestSupport

/// `import firebase` on random sequences of templates: reorders, rollbacks, one version number
/// on different content, the same template again, edited copies. For every import, the plan
/// (what `--dry-run` prints) is exactly what the append writes, and afterwards the log's state
/// at the template's instant is that template, its condition list included.
@Suite struct FirebaseImportPropertyTests {
    static let names = ["alpha", "beta", "gamma", "delta"]
    static let instants = ["2026-02-01T10:00:00Z", "2026-02-01T10:00:00.5Z", "2026-02-03T08:00:00Z", "2026-02-05T12:00:00Z"]
    static let values = ["on", "off", "blue", ""]

    /// A template from the small pools above, so versions, instants and contents collide often.
    static func randomTemplate(_ random: inout SeededGenerator) -> FirebaseTemplate {
        // "ios" is used by parameters; "android" by none (only the template's list keeps it).
        var conditions = [FirebaseCondition(name: "ios", expression: "device.os == 'ios'", tagColor: [nil, "BLUE"].randomElement(using: &random)!)]
        if Bool.random(using: &random) {
            conditions.insert(
                FirebaseCondition(name: "android", expression: "device.os == 'android'", tagColor: [nil, "GREEN"].randomElement(using: &random)!),
                at: Int.random(in: 0...1, using: &random))
        }
        var template = FirebaseTemplate(conditions: conditions)
        for name in names where Int.random(in: 0..<4, using: &random) != 0 {
            var parameter = FirebaseParameter(key: name, defaultValue: .value(values.randomElement(using: &random)!))
            switch Int.random(in: 0..<4, using: &random) {
            case 0: parameter.defaultValue = .useInAppDefault
            case 1: parameter.conditionalValues = [("ios", .value(values.randomElement(using: &random)!))]
            default: break
            }
            template.parameters.append(parameter)
        }
        let version = Int.random(in: 5...7, using: &random)
        template.version = FirebaseVersion(
            versionNumber: String(version), updateTime: Timestamp(rfc3339: instants.randomElement(using: &random)!),
            updateUserEmail: "ana@moments.example", updateOrigin: "CONSOLE",
            updateType: Bool.random(using: &random) ? "INCREMENTAL_UPDATE" : "ROLLBACK")
        return template
    }

    static func seed(_ log: ScratchLog) throws {
        let events = names.enumerated().map { position, name in
            Event(
                id: "seed-\(position)", at: Timestamp(rfc3339: "2026-01-01T00:00:00Z")!, toggle: name, actor: "seed",
                change: .created(ToggleDefinition(kind: .remote, valueType: .string, defaultValue: .string("app"))))
        }
        _ = try log.ledger.append(events)
    }

    static func history(_ ledger: Ledger) throws -> [Event] {
        var events: [Event] = []
        _ = try ledger.replay { events.append($0.event) }
        return events
    }

    @Test(arguments: 0..<40)
    func dryRunIsTheRealRunAndTheStateIsTheTemplate(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let log = try ScratchLog()
        try Self.seed(log)
        let options = FirebaseImport.Options(fallbackAt: Timestamp(rfc3339: "2026-03-01T00:00:00Z")!, fallbackActor: "ci")
        var pool: [FirebaseTemplate] = []
        for step in 0..<12 {
            // Half the time import a template seen before (a repeat, a reorder, a rollback's target).
            let template = !pool.isEmpty && Bool.random(using: &random) ? pool.randomElement(using: &random)! : Self.randomTemplate(&random)
            pool.append(template)
            let plan = try FirebaseImport.plan(template, file: "t\(step).json", history: try Self.history(log.ledger), options: options)
            let outcome = try log.ledger.append(plan.events)
            #expect(outcome.written.map(\.id) == plan.events.map(\.id), "seed \(seed) step \(step): the dry run lists exactly what the real run appends")
            #expect(outcome.alreadyRecorded.isEmpty, "seed \(seed) step \(step)")

            let at = template.version!.updateTime!
            let state = FirebaseImport.project(try Self.history(log.ledger), through: at)
            for name in Self.names {
                let served = state.toggles[name]?.remote
                if let parameter = template.parameters.first(where: { $0.key == name }) {
                    let expected = try FirebaseImport.remoteValue(
                        parameter, as: .string, priority: ["ios": 0], expressions: ["ios": "device.os == 'ios'"], templateVersion: nil, file: nil)
                    #expect(served.map { FirebaseImport.sameServing($0, expected) } == true, "seed \(seed) step \(step): \(name) at \(at)")
                } else {
                    #expect(served == nil, "seed \(seed) step \(step): \(name) is not in the template, so not served at \(at)")
                }
            }
            // The template's whole condition list, the unused one included, is in force then.
            var facts = TemplateFacts.Tracker()
            for event in try Self.history(log.ledger) where event.at <= at { facts.apply(event) }
            #expect((facts.conditions ?? []) == TemplateConditionsEvent.list(of: template), "seed \(seed) step \(step): conditions at \(at)")
            // Importing it again right away appends nothing.
            let again = try FirebaseImport.plan(template, file: "t\(step).json", history: try Self.history(log.ledger), options: options)
            #expect(again.events.isEmpty, "seed \(seed) step \(step)")
        }
    }

    @Test func sameVersionDifferentContentIsNeverSkipped() throws {
        let log = try ScratchLog()
        try Self.seed(log)
        let options = FirebaseImport.Options(fallbackAt: Timestamp(rfc3339: "2026-03-01T00:00:00Z")!, fallbackActor: "ci")
        let version = FirebaseVersion(versionNumber: "6", updateTime: Timestamp(rfc3339: "2026-02-01T10:00:00Z"))
        let b = FirebaseTemplate(parameters: [FirebaseParameter(key: "alpha", defaultValue: .value("true"))], version: version)
        let a = FirebaseTemplate(parameters: [FirebaseParameter(key: "alpha", defaultValue: .value("false"))], version: version)
        for template in [b, a, b] {
            let plan = try FirebaseImport.plan(template, file: nil, history: try Self.history(log.ledger), options: options)
            #expect(plan.events.count == 1)
            #expect(try log.ledger.append(plan.events).written.count == 1)
        }
        let state = try log.ledger.replay().projection
        #expect(state.toggles["alpha"]?.remote?.value == .string("true"))
    }

    /// v1 filled in after v2, where v2 kept v0's list (so recorded none): v2's list is re-asserted
    /// at v2's instant, and the list at every version's instant is that version's.
    @Test func anOlderVersionFilledInLaterDoesNotMoveTheConditionListAfterIt() throws {
        let log = try ScratchLog()
        try Self.seed(log)
        let options = FirebaseImport.Options(fallbackAt: Timestamp(rfc3339: "2026-03-01T00:00:00Z")!, fallbackActor: "ci")
        let listA = [FirebaseCondition(name: "ios", expression: "device.os == 'ios'", tagColor: "BLUE"), FirebaseCondition(name: "android", expression: "device.os == 'android'")]
        let listB = [listA[0]]
        func template(_ version: Int, _ value: String, _ conditions: [FirebaseCondition]) -> FirebaseTemplate {
            FirebaseTemplate(
                conditions: conditions, parameters: [FirebaseParameter(key: "alpha", defaultValue: .value(value))],
                version: FirebaseVersion(versionNumber: String(version), updateTime: Timestamp(rfc3339: "2026-02-0\(version + 1)T10:00:00Z")))
        }
        let versions = [template(0, "a", listA), template(1, "b", listB), template(2, "c", listA)]
        for index in [0, 2, 1] {
            let plan = try FirebaseImport.plan(versions[index], file: nil, history: try Self.history(log.ledger), options: options)
            _ = try log.ledger.append(plan.events)
            if index == 1 { #expect(plan.carriedForward == 1, "v2's list re-asserted: \(plan.events.map(\.id))") }
        }
        for version in versions {
            var facts = TemplateFacts.Tracker()
            for event in try Self.history(log.ledger) where event.at <= version.version!.updateTime! { facts.apply(event) }
            #expect(facts.conditions == TemplateConditionsEvent.list(of: version), "v\(version.version!.versionNumber!)")
        }
    }

    @Test func idsOfEitherFormParseAndTheNewFormSortsAfterTheOld() {
        #expect(ImportEventID.parse("firebase-v6-welcomeMessage-published")! == (0, "6"))
        #expect(ImportEventID.parse("firebase-x0002-v6-welcomeMessage-published-3f0c9a1e5b7d2c48")! == (2, "6"))
        #expect(ImportEventID.parse("firebase-x0001-u-v6-published-3f0c9a1e5b7d2c48")! == (1, nil))
        #expect(ImportEventID.parse("firebase-01JXR5T0C8M3Q2V7N4K6H9D1AB-welcomeMessage-published") == nil)
        #expect(ImportEventID.parse("01JXR5T0C8M3Q2V7N4K6H9D1AB") == nil)
        #expect("firebase-v6-welcomeMessage-published" < "firebase-x0001-v6-welcomeMessage-published-3f0c9a1e5b7d2c48")
        let at = Timestamp(rfc3339: "2026-02-10T16:30:00Z")!
        let legacy = Event(
            id: "firebase-v6-welcomeMessage-published", at: at, toggle: "welcomeMessage", actor: "bob",
            change: .published(RemoteValue(value: .string("Hi"), templateVersion: "6")))
        #expect(ImportEventID.nextRank(at: at, in: [legacy]) == 1)
        var second = legacy
        second.id = ImportEventID.make(for: legacy, rank: 1, version: "6")
        #expect(ImportEventID.nextRank(at: at, in: [legacy, second]) == 2)
        #expect(ImportEventID.nextRank(at: Timestamp(rfc3339: "2026-02-10T16:30:01Z")!, in: [legacy, second]) == 1)
    }
}
