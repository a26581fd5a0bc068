import Testing
@testable import TogglesCLI

@Suite struct CLITests {
    @Test func placeholder() {
        #expect(TogglesCLI.commands.count > 5)
    }
}
