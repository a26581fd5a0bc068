import Foundation
import Testing
import TestSupport

/// `toggles export flagd` with Remote Config conditions: a template imported into an empty log
/// (Fixtures/exportFlagdTargeting) is exported as flagd targeting, which is checked against the
/// official flagd schemas (Fixtures/flagdSchema, vendored from open-feature/flagd-schemas) with
/// python3's `jsonschema`, and structurally in Swift without python.
@Suite struct FlagdTargetingCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let schemaFolder = fixtures.appendingPathComponent("flagdSchema").path

    /// Whether `python3 -c "import jsonschema, referencing"` works on this machine.
    static let pythonHasJSONSchema: Bool = {
        guard let run = try? Subprocess.run("/usr/bin/env", ["python3", "-c", "import jsonschema, referencing"], in: URL(fileURLWithPath: NSTemporaryDirectory())) else {
            return false
        }
        return run.status == 0
    }()

    /// Imports the fixture template into an empty log, then exports flagd (no `--at`).
    static func exported() throws -> (directory: TemporaryDirectory, export: TogglesBinary.Run) {
        let directory = try TemporaryDirectory("toggles-flagd")
        let template = fixtures.appendingPathComponent("exportFlagdTargeting/template.json").path
        let imported = toggles(["import", "firebase", template, "--category", "remote-config"], in: directory.url)
        #expect(imported.status == 0, "\(imported)")
        let export = toggles(["export", "flagd", "--output", "flags.flagd.json"], in: directory.url)
        #expect(export.status == 0, "\(export)")
        return (directory, export)
    }

    static func validate(_ file: String, in directory: TemporaryDirectory) throws -> TogglesBinary.Run {
        try Subprocess.run("/usr/bin/env", ["python3", "\(schemaFolder)/validate.py", schemaFolder, file], in: directory.url)
    }

    @Test(
        .tags(.python),
        .enabled(
            if: pythonHasJSONSchema,
            "skipped: python3 with the jsonschema and referencing modules is not installed, so the official flagd schema cannot be checked here (FlagdTargetingCommandTests.structure still runs)"
        ))
    func exportValidatesAgainstTheFlagdSchema() throws {
        let (directory, _) = try Self.exported()
        let valid = try Self.validate("flags.flagd.json", in: directory)
        #expect(valid.status == 0, "\(valid)")
        // The validator really checks targeting: flagd's sem_ver needs MAJOR.MINOR.PATCH, so the
        // condition's own "2.4" (what the export normalises to 2.4.0) is rejected.
        let text = try directory.read("flags.flagd.json")
        #expect(text.contains("\"2.4.0\""))
        try directory.write("unnormalised.json", text.replacingOccurrences(of: "\"2.4.0\"", with: "\"2.4\""))
        let invalid = try Self.validate("unnormalised.json", in: directory)
        #expect(invalid.status == 1 && invalid.stdout.contains("flags/isRoundedAvatar"), "\(invalid)")
    }

    @Test func structure() throws {
        let (directory, export) = try Self.exported()
        // Conditions it cannot translate are named; their flags keep the default variant only.
        #expect(
            export.stderr.contains(
                #"toggles: warning: planetImageScaleFactor keeps its default variant: condition "Beta testers" (percent <= 10) cannot be translated into flagd targeting: at character 1: expected device.language"#
            ), "\(export)")
        #expect(
            export.stderr.contains(
                #"toggles: warning: newOnboarding keeps its default variant: condition "ios" (device.os == 'ios') cannot be translated into flagd targeting: its value is managed by Firebase (rolloutValue)"#
            ), "\(export)")
        let document = try JSONSerialization.jsonObject(with: Data(try directory.read("flags.flagd.json").utf8)) as! [String: Any]
        #expect(document["$schema"] as? String == "https://flagd.dev/schema/v0/flags.json")
        let flags = document["flags"] as! [String: [String: Any]]
        #expect(Set(flags.keys) == ["isRoundedAvatar", "welcomeMessage", "planetImageScaleFactor", "newOnboarding"])
        for (name, flag) in flags {
            let variants = flag["variants"] as! [String: Any]
            #expect(flag["state"] as? String == "ENABLED", "\(name)")
            #expect(variants[flag["defaultVariant"] as! String] != nil, "\(name): defaultVariant is a variant")
            guard let targeting = flag["targeting"] as? [String: Any] else { continue }
            // One `if` chain: condition, variant, condition, variant…, in priority order.
            let chain = try #require(targeting["if"] as? [Any], "\(name)")
            #expect(targeting.count == 1 && chain.count % 2 == 0, "\(name)")
            for index in stride(from: 1, to: chain.count, by: 2) {
                #expect(variants[chain[index] as! String] != nil, "\(name): \(chain[index]) is a variant")
            }
            for variable in Self.variables(in: targeting) {
                #expect(["language", "country", "os", "appVersion"].contains(variable), "\(name): var \(variable) is documented")
            }
        }
        #expect(flags["planetImageScaleFactor"]?["targeting"] == nil && flags["newOnboarding"]?["targeting"] == nil)
        #expect((flags["planetImageScaleFactor"]?["variants"] as? [String: Any])?.count == 1)
        let avatar = try #require(flags["isRoundedAvatar"]?["targeting"] as? [String: Any])
        let expected: [String: Any] = [
            "if": [
                [
                    "and": [
                        ["in": [["var": "country"], ["DK", "SE", "NO"]]],
                        ["and": [["==": [["var": "os"], "ios"]], ["sem_ver": [["var": "appVersion"], ">=", "2.4.0"]]]],
                    ]
                ],
                "on",
                ["or": [["!": [["==": [["var": "os"], "android"]]]], ["sem_ver": [["var": "appVersion"], "<", "1.9.3"]]]],
                "off",
                ["==": [["var": "os"], "ios"]],
                "on",
            ]
        ]
        #expect(NSDictionary(dictionary: avatar).isEqual(to: expected), "\(avatar)")
        let welcome = try #require(flags["welcomeMessage"])
        #expect(NSDictionary(dictionary: welcome["variants"] as! [String: Any]).isEqual(to: ["default": "Welcome", "Chinese users": "欢迎"]))
        #expect(
            NSDictionary(dictionary: welcome["targeting"] as! [String: Any]).isEqual(to: [
                "if": [["==": [["var": "language"], "zh"]], "Chinese users", ["==": [["var": "os"], "ios"]], "default"]
            ]))
    }

    /// Every `{"var": NAME}` in a JSON Logic rule.
    static func variables(in rule: Any) -> [String] {
        if let object = rule as? [String: Any] {
            if let name = object["var"] as? String { return [name] }
            return object.values.flatMap { variables(in: $0) }
        }
        if let array = rule as? [Any] { return array.flatMap { variables(in: $0) } }
        return []
    }
}
