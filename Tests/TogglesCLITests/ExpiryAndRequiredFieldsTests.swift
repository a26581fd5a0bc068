import Foundation
import Testing
import TestSupport

/// Issue 25: an expiry date already begun is a typo, refused before anything is written
/// (unless `--at` records the past), and the policy may require fields of new toggles per
/// category, enforced by every command that creates a toggle.
@Suite struct ExpiryAndRequiredFieldsTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// In-process, with today 2026-11-27 (InProcessToggles.defaultNow).
    @discardableResult
    func toggles(_ arguments: String..., stdin: String = "") -> TogglesBinary.Run {
        InProcessToggles.run(arguments, in: directory.url, stdin: stdin)
    }

    let create = ["create", "isStories", "--kind", "local", "--type", "bool", "--default", "false"]

    @Test func anExpiryInThePastIsRefusedUnlessTheEventIsDatedBeforeIt() throws {
        let typo = InProcessToggles.run(create + ["--expires", "2026-01-01"], in: directory.url)
        #expect(typo.status == 64, "\(typo)")
        #expect(typo.stderr.contains("--expires 2026-01-01 is in the past (today is 2026-11-27, UTC)"), "\(typo)")
        let today = InProcessToggles.run(create + ["--expires", "2026-11-27"], in: directory.url)
        #expect(today.status == 64, "a toggle expires at the start of its date: \(today)")
        let late = InProcessToggles.run(create + ["--expires", "2026-01-01", "--at", "2026-02-01"], in: directory.url)
        #expect(late.status == 64 && late.stderr.contains("--expires 2026-01-01 is not after the event's date (--at 2026-02-01T00:00:00Z)"), "\(late)")
        #expect(directory.segments().isEmpty, "nothing appended")

        let past = InProcessToggles.run(create + ["--expires", "2026-01-01", "--at", "2025-12-01"], in: directory.url)
        #expect(past.status == 0, "recording what was decided then: \(past)")
        let extendTypo = toggles("extend", "isStories", "--expires", "2026-06-01", "--reason", "later")
        #expect(extendTypo.status == 64 && extendTypo.stderr.contains("--expires 2026-06-01 is in the past (today is 2026-11-27, UTC)"), "\(extendTypo)")
        #expect(toggles("extend", "isStories", "--expires", "2027-06-01", "--reason", "later").status == 0)
        #expect(try directory.eventLines().count == 2)
    }

    @Test func thePolicyRequiresFieldsOfEveryNewToggleOfACategory() throws {
        try directory.write("events/policy.json", #"{"schema": 1, "categories": {"experiment": {"lifetimeDays": 40, "require": ["owner", "expires"]}}}"#)
        let experiment = create + ["--category", "experiment"]
        let missing = InProcessToggles.run(experiment, in: directory.url)
        #expect(missing.status == 65, "\(missing)")
        #expect(missing.stderr.contains(#"the policy events/policy.json requires "owner" (--owner), "expires" (--expires) for a toggle of category "experiment""#), "\(missing)")
        let noExpiry = InProcessToggles.run(experiment + ["--owner", "mei@moments.example"], in: directory.url)
        #expect(noExpiry.status == 65 && noExpiry.stderr.contains(#"requires "expires" (--expires)"#) && !noExpiry.stderr.contains(#""owner""#), "\(noExpiry)")
        // Another category requires nothing.
        #expect(InProcessToggles.run(["create", "isReels", "--kind", "local", "--type", "bool", "--default", "false"], in: directory.url).status == 0)
        #expect(InProcessToggles.run(experiment + ["--owner", "mei@moments.example", "--expires", "2027-01-31"], in: directory.url).status == 0)

        // append and import create toggles too.
        let appended = toggles(
            "append", stdin: #"{"type":"created","toggle":"isFeed","kind":"local","valueType":"bool","default":false,"category":"experiment","expires":"2027-01-31"}"# + "\n")
        #expect(appended.status == 65 && appended.stderr.contains(#"requires "owner" (--owner)"#), "\(appended)")
        try directory.write("template.json", #"{"parameters":{"isBanner":{"defaultValue":{"value":"true"},"valueType":"BOOLEAN"}}}"#)
        let imported = toggles("import", "firebase", "template.json", "--category", "experiment")
        #expect(imported.status == 65 && imported.stderr.contains(#"requires "owner" (--owner), "expires" (--expires)"#), "\(imported)")
        try directory.write("App/Toggles.swift", "import ToggleKit\n\nenum InternalToggle: String, ToggleType {\n    case isNew\n}\n")
        let synced = toggles("sync", "swift", "App", "--category", "experiment", "--owner", "mei@moments.example")
        #expect(synced.status == 65 && synced.stderr.contains(#"requires "expires" (--expires)"#), "\(synced)")
        #expect(try directory.eventLines().count == 2)
    }

    @Test func aRequireListOfUnknownFieldsIsAnInvalidPolicy() throws {
        try directory.write("events/policy.json", #"{"schema": 1, "categories": {"experiment": {"lifetimeDays": 40, "require": ["team"]}}}"#)
        let run = toggles("create", "isStories", "--kind", "local", "--type", "bool", "--default", "false", "--category", "experiment")
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("categories.experiment.require: must be an array of fields a new toggle must declare, from owner, expires, description"), "\(run)")
    }

    /// `"require": null` is named as JSON names it, once: "found null", not "found null null".
    @Test func aNullRequireIsNamedOnce() throws {
        try directory.write("events/policy.json", #"{"schema": 1, "categories": {"experiment": {"lifetimeDays": 40, "require": null}}}"#)
        let run = toggles("create", "isStories", "--kind", "local", "--type", "bool", "--default", "false", "--category", "experiment")
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("found null\n") && !run.stderr.contains("null null"), "\(run)")
    }

    /// An owner or description of blanks declares nothing: the requirement is not met by `' '`.
    @Test func aBlankFieldDoesNotMeetTheRequirement() throws {
        try directory.write("events/policy.json", #"{"schema": 1, "categories": {"experiment": {"lifetimeDays": 40, "require": ["owner", "description"]}}}"#)
        let run = toggles(
            "create", "isStories", "--kind", "local", "--type", "bool", "--default", "false", "--category", "experiment",
            "--owner", "  ", "--description", "\t")
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains(#"requires "owner" (--owner), "description" (--description)"#), "\(run)")
        #expect(try directory.eventLines().isEmpty)
    }
}
