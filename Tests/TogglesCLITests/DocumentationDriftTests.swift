import Foundation
import Testing
import TestSupport

/// docs/cli.md is generated from the commands' specs; this fails when a command changed and
/// the page was not regenerated.
@Suite struct DocumentationDriftTests {
    @Test func theCommandReferenceIsCurrent() throws {
        let directory = try TemporaryDirectory()
        let run = toggles(["help", "--markdown"], in: directory.url)
        #expect(run.status == 0)
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/cli.md")
        let committed = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        #expect(committed == run.stdout, "docs/cli.md is out of date; run `swift run toggles help --markdown > docs/cli.md`")
    }
}
