import Foundation
import Testing
import TestSupport

/// The defaults plist read against a log that came from a template without valueType (every
/// parameter STRING), as Firebase's own samples pair them.
@Suite struct PlistAgainstTemplateTests {
    typealias Interop = InteropCommandTests

    static func imported() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("toggles-plist")
        try Interop.run(["import", "firebase", Interop.fixture("firebaseRoundTrip/no-value-types.json")], in: directory)
        return directory
    }

    @Test func aPlistBooleanForAStringParameterQuotesTheFileAndSaysTheFix() throws {
        let directory = try Self.imported()
        let file = Interop.fixture("plistAgainstTemplate/RemoteConfigDefaults.plist")
        let result = try Interop.run(["import", "plist", file, "--at", "2026-02-01"], in: directory, expect: 65)
        #expect(result.stderr.contains("\(file):5: key \"holiday_promo_enabled\": <false/> is a plist boolean, but the toggle is a string"), "\(result)")
        #expect(result.stderr.contains("the Firebase SDK would read it as the string \"0\". Write <string>false</string>"))
        #expect(!result.stderr.contains("<false></false>"))
    }

    @Test func datesAreNotRemoteConfigDefaults() throws {
        let directory = try Self.imported()
        let result = try Interop.run(["import", "plist", Interop.fixture("plistAgainstTemplate/with-date.plist"), "--at", "2026-02-01"], in: directory, expect: 65)
        #expect(result.stderr.contains("<date>2026-01-20T08:00:00Z</date>: <date> values are not supported by Remote Config defaults"), "\(result)")
    }

    @Test func unknownKeysAreCounted() throws {
        let directory = try Self.imported()
        let result = try Interop.run(["import", "plist", Interop.fixture("plistAgainstTemplate/with-unknown-keys.plist"), "--at", "2026-02-01"], in: directory)
        #expect(result.stdout.contains("nothing to append: 3 in-app defaults already match"), "\(result)")
        #expect(result.stdout.contains("skipped 2 keys: 2 not toggles in the log, 0 removed from it"), "\(result)")
        #expect(!result.stdout.contains("every in-app default already matches"))
    }

    @Test func outputIntoAMissingFolderNamesTheFolder() throws {
        let directory = try Self.imported()
        for format in ["firebase", "plist", "flagd"] {
            let result = try Interop.run(["export", format, "--output", "Config/Remote/out.txt"], in: directory, expect: 2)
            #expect(result.stderr.contains("cannot write Config/Remote/out.txt: the folder Config/Remote does not exist"), "\(result)")
        }
        let swift = try Interop.run(["export", "swift", "--output", "Sources/Generated/Toggles.swift"], in: directory, expect: 2)
        #expect(swift.stderr.contains("the folder Sources/Generated does not exist"), "\(swift)")
    }
}
