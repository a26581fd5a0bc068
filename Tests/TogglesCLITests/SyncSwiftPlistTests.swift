import Foundation
import Testing
import TestSupport

/// `sync swift --defaults` and `import plist` read a property list with the same reader (the
/// package's own), so one file reads the same way, and fails the same way, in both.
@Suite struct SyncSwiftPlistTests {
    @Test func aMalformedDefaultsPlistIsRefusedByBothCommandsNamingTheSameLine() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.copyFixture("syncSwiftAppendsCreatedAndRemoved", into: directory)
        try SwiftSideLog.make(in: directory)
        let before = directory.segments()
        try directory.write(
            "Broken.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>maximumMoments</key>
            \t<number>40</number>
            </dict>
            </plist>

            """)
        let reason = "Broken.plist:5: unknown element <number>; expected dict, array, string, integer, real, true, false, date or data"
        let sync = InProcessToggles.run(["sync", "swift", "App", "--defaults", "Broken.plist", "--dry-run"], in: directory.url)
        #expect(sync.status == 65, "\(sync)")
        #expect(sync.stderr.contains("--defaults: " + reason), "\(sync.stderr)")
        let imported = InProcessToggles.run(["import", "plist", "Broken.plist", "--at", "2026-06-01"], in: directory.url)
        #expect(imported.status != 0, "\(imported)")
        #expect(imported.stderr.contains(reason), "\(imported.stderr)")
        #expect(directory.segments() == before)
    }

    @Test func aDefaultsPlistReadsAsImportPlistReadsIt() throws {
        let directory = try TemporaryDirectory()
        try SwiftSideLog.copyFixture("syncSwiftAppendsCreatedAndRemoved", into: directory)
        try SwiftSideLog.make(in: directory)
        // A <date> has no JSON value: refused, named as the file writes it.
        try directory.write(
            "Dated.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>maximumMoments</key><date>2026-01-20T08:00:00Z</date></dict></plist>

            """)
        let dated = InProcessToggles.run(["sync", "swift", "App", "--defaults", "Dated.plist", "--dry-run"], in: directory.url)
        #expect(dated.status == 65, "\(dated)")
        #expect(dated.stderr.contains("--defaults: Dated.plist: maximumMoments has a value of an unsupported type (<date>)"), "\(dated.stderr)")
    }
}
