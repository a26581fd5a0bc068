import Foundation
import Testing
import TestSupport

/// Import a template into an empty log, export it: the same parameters, values, conditional
/// values, value types (absent stays absent), descriptions, conditions (expression, tag colour,
/// order) and parameter groups. For every template fixture, end to end through the binary.
@Suite struct FirebaseRoundTripTests {
    typealias Interop = InteropCommandTests

    static let templates = [
        "firebaseRoundTrip/quickstart-shape", "firebaseRoundTrip/groups-and-managed-values", "firebaseRoundTrip/no-value-types",
        "firebaseRoundTrip/unused-conditions",
        "importFirebase/v5", "importFirebase/v6", "importFirebase/v7-rollback",
    ]

    /// What a PUT of the template would set, in a form that compares by value: JSON values
    /// parsed (their spacing is not a fact), groups as a parameter's property.
    static func shape(_ text: String) throws -> NSDictionary {
        let root = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        var parameters: [String: Any] = [:]
        var groups: [String: Any] = [:]
        func add(_ members: [String: Any], group: String?) {
            for (key, value) in members {
                var parameter = value as! [String: Any]
                parameter["group"] = group ?? NSNull()
                if parameter["valueType"] as? String == "JSON" {
                    func parsed(_ option: Any) -> Any {
                        guard var object = option as? [String: Any], let text = object["value"] as? String else { return option }
                        object["value"] = try! JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
                        return object
                    }
                    parameter["defaultValue"] = parameter["defaultValue"].map(parsed)
                    parameter["conditionalValues"] = (parameter["conditionalValues"] as? [String: Any])?.mapValues(parsed)
                }
                parameters[key] = parameter
            }
        }
        add(root["parameters"] as? [String: Any] ?? [:], group: nil)
        for (name, group) in root["parameterGroups"] as? [String: Any] ?? [:] {
            let group = group as! [String: Any]
            groups[name] = group["description"] ?? NSNull()
            add(group["parameters"] as? [String: Any] ?? [:], group: name)
        }
        return ["parameters": parameters, "groups": groups, "conditions": root["conditions"] ?? []] as NSDictionary
    }

    @Test(arguments: templates)
    func importThenExportGivesTheTemplateBack(name: String) throws {
        let directory = try TemporaryDirectory("toggles-round-trip")
        let file = Interop.fixture(name + ".json")
        try Interop.run(["import", "firebase", file, "--at", "2026-01-05T00:00:00Z", "--actor", "ci@moments.example"], in: directory)
        let export = try Interop.run(["export", "firebase"], in: directory)
        let original = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
        let expected = try Self.shape(original), actual = try Self.shape(export.stdout)
        for key in ["conditions", "groups"] {
            #expect(actual[key] as? NSObject == expected[key] as? NSObject, "\(name): \(key)\n\(export.stdout)")
        }
        let expectedParameters = expected["parameters"] as! [String: NSDictionary], actualParameters = actual["parameters"] as! [String: NSDictionary]
        #expect(Set(actualParameters.keys) == Set(expectedParameters.keys), "\(name)")
        for (key, parameter) in expectedParameters {
            #expect(actualParameters[key] == parameter, "\(name): parameter \(key)\nexpected \(parameter)\nactual \(actualParameters[key] as Any)")
        }
        // And the exported file imports back as "nothing to append".
        try directory.write("exported.json", export.stdout)
        let again = try Interop.run(["import", "firebase", "exported.json", "--at", "2026-01-06T00:00:00Z", "--actor", "ci@moments.example"], in: directory)
        #expect(again.stdout.contains("nothing to append"), "\(name): \(again)")
    }

    /// Conditions no parameter uses are exported (a PUT without them deletes them), in the
    /// template's order and colours; a change of the condition list alone is one event, and
    /// `export firebase --at` gives back the list as of then. Commands run back to back.
    @Test func aChangeOfTheConditionListAloneIsRecordedAndExportedAsOfItsInstant() throws {
        let directory = try TemporaryDirectory("toggles-round-trip")
        let template = Interop.fixture("firebaseRoundTrip/unused-conditions.json")
        let first = try Interop.run(["import", "firebase", template], in: directory)
        #expect(
            first.stdout.contains("template-conditions search_suggestions_enabled at 2026-01-05T09:12:44.387Z"), "the first parameter in UTF-8 order anchors the list: \(first)")
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: template))) as! [String: Any]
        let originalConditions = original["conditions"] as! [[String: Any]]

        // v119: of the conditions no parameter uses, the paused holiday one is deleted, and Staff
        // gets a colour and moves before Android (the used ones keep their places).
        var edited = original
        var conditions = originalConditions.filter { $0["name"] as? String != "Holiday 2025 (paused)" }
        var staff = conditions.removeLast()
        staff["tagColor"] = "BROWN"
        conditions.insert(staff, at: 2)
        edited["conditions"] = conditions
        edited["version"] = ["versionNumber": "119", "updateTime": "2026-02-01T08:00:00Z", "updateUser": ["email": "kenji.sato@moments.example"]]
        try directory.write("v119.json", String(decoding: try JSONSerialization.data(withJSONObject: edited), as: UTF8.self))
        let dryRun = try Interop.run(["import", "firebase", "v119.json", "--dry-run"], in: directory)
        let imported = try Interop.run(["import", "firebase", "v119.json"], in: directory)
        #expect(imported.stdout.contains("appended 1 event"), "only the list changed: \(imported)")
        #expect(dryRun.stdout.contains("would append template-conditions search_suggestions_enabled"), "\(dryRun)")
        let again = try Interop.run(["import", "firebase", "v119.json"], in: directory)
        #expect(again.stdout.contains("nothing to append"), "\(again)")

        let before = try Self.shape(try Interop.run(["export", "firebase", "--at", "2026-01-31"], in: directory).stdout)
        let after = try Self.shape(try Interop.run(["export", "firebase"], in: directory).stdout)
        #expect(before["conditions"] as? NSArray == originalConditions as NSArray)
        #expect(after["conditions"] as? NSArray == conditions as NSArray)
        // The anchor's own state is untouched, and audit is clean.
        let history = try Interop.run(["history", "search_suggestions_enabled"], in: directory)
        #expect(history.stdout.contains("template-conditions  kenji.sato@moments.example  the template's conditions → Beta testers"), "\(history)")
        let state = try Interop.run(["state", "--format", "json"], in: directory)
        #expect(state.stdout.contains(#""events": 2"#), "created and published only: \(state)")
        let audit = try Interop.run(["audit", "--strict"], in: directory)
        #expect(audit.stdout.contains("valid"), "\(audit)")
    }

    @Test func exportAtAnInstantGivesBackThatVersionsDescriptionsAndGroups() throws {
        let directory = try TemporaryDirectory("toggles-round-trip")
        let template = Interop.fixture("firebaseRoundTrip/no-value-types.json")
        try Interop.run(["import", "firebase", template], in: directory)
        // The same values, a new description and a group: a change of facts alone is recorded.
        var edited = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: template))) as! [String: Any]
        var parameters = edited["parameters"] as! [String: Any]
        var promo = parameters.removeValue(forKey: "holiday_promo_enabled") as! [String: Any]
        promo["description"] = "the winter promo"
        edited["parameters"] = parameters
        edited["parameterGroups"] = ["Promos & Sales": ["description": "seasonal", "parameters": ["holiday_promo_enabled": promo]]]
        edited["version"] = ["versionNumber": "4", "updateTime": "2026-02-01T08:00:00Z"]
        try directory.write("v4.json", String(decoding: try JSONSerialization.data(withJSONObject: edited), as: UTF8.self))
        let imported = try Interop.run(["import", "firebase", "v4.json"], in: directory)
        #expect(imported.stdout.contains("published holiday_promo_enabled"), "\(imported)")
        // The description in force changes too, as `toggles set --description` records it.
        #expect(imported.stdout.contains("attributes-changed holiday_promo_enabled"), "\(imported)")
        #expect(imported.stdout.contains("appended 2 events"), "\(imported)")

        let before = try Self.shape(try Interop.run(["export", "firebase", "--at", "2026-01-31"], in: directory).stdout)
        let after = try Self.shape(try Interop.run(["export", "firebase"], in: directory).stdout)
        let promoBefore = (before["parameters"] as! [String: NSDictionary])["holiday_promo_enabled"]!
        let promoAfter = (after["parameters"] as! [String: NSDictionary])["holiday_promo_enabled"]!
        #expect(promoBefore["description"] as? String == "this is a promo")
        #expect(promoBefore["group"] is NSNull)
        #expect(promoBefore["valueType"] == nil, "the template had no valueType, and the export keeps it absent")
        #expect(promoAfter["description"] as? String == "the winter promo")
        #expect(promoAfter["group"] as? String == "Promos & Sales")
        #expect((after["groups"] as! [String: Any])["Promos & Sales"] as? String == "seasonal")
    }
}
