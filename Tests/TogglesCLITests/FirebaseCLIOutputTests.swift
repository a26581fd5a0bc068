import Foundation
import Testing
import ToggleLedger
import TestSupport

/// The Firebase CLI as it really is: `remoteconfig:get --json` wraps the template in
/// `{"status", "result"}`, `remoteconfig:get -o` drops the version block, and a console round
/// trip after `publish --when` changes only colours and priorities.
@Suite struct FirebaseCLIOutputTests {
    typealias Interop = InteropCommandTests

    static func fixture(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: Interop.template(name))), as: UTF8.self)
    }

    @Test func theJSONEnvelopeImportsAsTheTemplateItWraps() throws {
        let bare = try Interop.seeded()
        let wrapped = try Interop.seeded()
        try bare.write("template.json", try Self.fixture("v5"))
        try wrapped.write("template.json", "{\"status\": \"success\", \"result\": \(try Self.fixture("v5"))}\n")
        let expected = try Interop.run(["import", "firebase", "template.json", "--actor", "bot"], in: bare)
        let run = try Interop.run(["import", "firebase", "template.json", "--actor", "bot"], in: wrapped)
        #expect(run.stdout.hasPrefix("template.json: version 5 (2026-02-01T10:00:00.19Z, by ana@moments.example"), "\(run.stdout)")
        #expect(run.stdout == expected.stdout)
        #expect(try Interop.importedLines(wrapped) == Interop.importedLines(bare), "the same events, dated and identified by version 5")
        #expect(!run.stderr.contains("no version block"))
        // drift reads it too.
        let drift = toggles(["drift", "firebase", "template.json"], in: wrapped.url)
        #expect(drift.status == 0, "\(drift)")
    }

    @Test func aFailedCLIRunIsRefusedWithItsMessage() throws {
        let directory = try Interop.seeded()
        try directory.write("template.json", #"{"status": "error", "error": "Failed to get Firebase project moments. Please make sure the project exists."}"#)
        let before = try Interop.logBytes(directory)
        let run = try Interop.run(["import", "firebase", "template.json"], in: directory, expect: 65)
        #expect(run.stderr.contains("the firebase CLI reported status \"error\" instead of a template: Failed to get Firebase project moments"), "\(run.stderr)")
        #expect(try Interop.logBytes(directory) == before)
    }

    @Test func aTemplateWithoutItsVersionSaysWhatToRunInstead() throws {
        let directory = try Interop.seeded()
        // What `firebase remoteconfig:get -o template.json` writes: the template minus "version".
        var template = try #require(try JSONParser.parse(try Self.fixture("v5")).objectValue)
        template.members.removeAll { $0.key == "version" }
        try directory.write("template.json", JSONWriter.pretty(.object(template)))
        let run = try Interop.run(["import", "firebase", "template.json", "--actor", "bot"], in: directory)
        #expect(run.stderr.contains("template.json has no version block (`firebase remoteconfig:get -o FILE` removes it)"), "\(run.stderr)")
        #expect(run.stderr.contains("download with `firebase remoteconfig:get --json > template.json`"))
    }

    @Test func theVersionListEnvelopeIsAccepted() throws {
        let directory = try Interop.seeded()
        try directory.write("versions.json", "{\"status\": \"success\", \"result\": \(try Self.fixture("versions"))}")
        let wrapped = toggles(["import", "firebase-versions", "versions.json", "--format", "json"], in: directory.url)
        let bare = toggles(["import", "firebase-versions", Interop.template("versions"), "--format", "json"], in: directory.url)
        #expect(wrapped.status == bare.status && wrapped.stderr == bare.stderr, "\(wrapped)")
        #expect(wrapped.stdout.replacingOccurrences(of: "versions.json", with: "") == bare.stdout.replacingOccurrences(of: Interop.template("versions"), with: ""))
    }

    @Test func cosmeticDriftIsShownAndPassesUnlessStrict() throws {
        let directory = try Interop.seeded()
        try Interop.run(["import", "firebase", Interop.template("v5")], in: directory)
        // The console gave a condition another colour: nothing served changed.
        try directory.write("recoloured.json", try Self.fixture("v5").replacingOccurrences(of: "\"tagColor\": \"PINK\"", with: "\"tagColor\": \"GREEN\""))
        let run = toggles(["drift", "firebase", "recoloured.json"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("metadata-changed (cosmetic)"), "\(run.stdout)")
        #expect(run.stdout.contains("cosmetic: only a condition's colour (tagColor)"), "\(run.stdout)")
        let strict = toggles(["drift", "firebase", "recoloured.json", "--strict"], in: directory.url)
        #expect(strict.status == 1, "\(strict)")
        let json = try JSONParser.parse(toggles(["drift", "firebase", "recoloured.json", "--format", "json"], in: directory.url).stdout)
        #expect(json.objectValue?["onlyCosmetic"] == .bool(true))
        #expect(json.objectValue?["differences"]?.arrayValue?.allSatisfy { $0.objectValue?["cosmetic"] == .bool(true) } == true)
        // A real change next to it still fails.
        try directory.write(
            "changed.json",
            try Self.fixture("v5").replacingOccurrences(of: "\"tagColor\": \"PINK\"", with: "\"tagColor\": \"GREEN\"")
                .replacingOccurrences(of: "{\"value\": \"Hello\"}", with: "{\"value\": \"Hi\"}"))
        #expect(toggles(["drift", "firebase", "changed.json"], in: directory.url).status == 1)
    }
}
