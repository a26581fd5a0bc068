import Testing
@testable import LedgerPlatform
@testable import LedgerModel
@testable import LedgerStore
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

@Suite struct PolicyFileTests {
    func parse(_ text: String) throws(PolicyError) -> StalePolicy {
        try PolicyFile.parse(Array(text.utf8), file: "events/policy.json")
    }

    @Test func theSmallestFileKeepsTheStandardPolicy() throws {
        #expect(try parse(#"{"schema": 1}"#) == .standard)
    }

    @Test func aFileOverridesAndAddsCategories() throws {
        let policy = try parse(
            """
            {"schema": 1, "launchGraceDays": 7, "fallbackCategory": "migration",
             "categories": {"release": {"lifetimeDays": 14}, "migration": {"lifetimeDays": 60}, "ops": {"lifetimeDays": null}}}
            """)
        #expect(policy.launchGraceDays == 7)
        #expect(policy.lifetime(of: "release") == 14)
        #expect(policy.lifetime(of: "migration") == 60)
        #expect(policy.lifetime(of: "ops") == nil)
        #expect(policy.defines("ops"))
        #expect(policy.lifetime(of: "experiment") == 40)  // untouched default
        #expect(policy.lifetime(of: "unheard-of") == 60)  // the fallback
    }

    @Test(arguments: [
        ("", "events/policy.json:1:1: invalid JSON: "),
        ("{\"schema\": 1,\n  \"launchGraceDays\": 14,\n}", "events/policy.json:3:1: invalid JSON: "),
        ("[]", "events/policy.json: the policy is a JSON object"),
        (#"{"launchGraceDays": 3}"#, "events/policy.json: schema: is required"),
        (#"{"schema": "1"}"#, "events/policy.json:1: schema: must be a whole number of 1 or more, found string \"1\""),
        (#"{"schema": 2}"#, "events/policy.json:1: schema: 2 is newer than this toggles understands (1); upgrade toggles"),
        (#"{"schema": 1, "graceDays": 3}"#, "events/policy.json:1: graceDays: is not a policy setting; expected schema, launchGraceDays, fallbackCategory, categories"),
        (#"{"schema": 1, "launchGraceDays": -1}"#, "events/policy.json:1: launchGraceDays: must be a whole number of days, 0 or more, found number -1"),
        (#"{"schema": 1, "launchGraceDays": 1.5}"#, "events/policy.json:1: launchGraceDays: must be a whole number of days, 0 or more, found number 1.5"),
        (#"{"schema": 1, "categories": []}"#, "events/policy.json:1: categories: must be an object of category names, found array"),
        (#"{"schema": 1, "categories": {"Release": {"lifetimeDays": 3}}}"#, "events/policy.json:1: categories.Release: category \"Release\" must be lowercase"),
        (#"{"schema": 1, "categories": {"release": 30}}"#, "events/policy.json:1: categories.release: must be an object such as {\"lifetimeDays\": 30}, found number 30"),
        (#"{"schema": 1, "categories": {"beta": {}}}"#, "events/policy.json:1: categories.beta.lifetimeDays: is required"),
        (
            #"{"schema": 1, "categories": {"release": {"lifetimeDays": "30"}}}"#,
            "events/policy.json:1: categories.release.lifetimeDays: must be a whole number of days, 1 or more, or null for permanent, found string \"30\""
        ),
        (
            #"{"schema": 1, "categories": {"release": {"lifetimeDays": 0}}}"#,
            "events/policy.json:1: categories.release.lifetimeDays: must be a whole number of days, 1 or more, or null for permanent, found number 0"
        ),
        (#"{"schema": 1, "launchGraceDays": 40000}"#, "events/policy.json:1: launchGraceDays: must be at most 36500 days (100 years), found number 40000"),
        (
            #"{"schema": 1, "categories": {"release": {"lifetime": 3}}}"#,
            "events/policy.json:1: categories.release.lifetime: is not a policy setting; expected categories.release.lifetimeDays"
        ),
        (#"{"schema": 1, "fallbackCategory": "beta"}"#, "events/policy.json:1: fallbackCategory: \"beta\" is not a category of the policy"),
        (#"{"schema": 1, "schema": 1}"#, "events/policy.json:1:"),
    ])
    func invalidFilesNameTheFileAndTheField(text: String, expectedPrefix: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.hasPrefix(expectedPrefix), "\(error.description)")
        }
    }

    @Test func aMissingFileMeansTheStandardPolicy() throws {
        #expect(try PolicyFile.load(path: "/nonexistent/policy.json", displayName: "policy.json") == nil)
    }
}
