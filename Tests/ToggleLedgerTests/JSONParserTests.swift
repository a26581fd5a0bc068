import Testing
@testable import ToggleLedger

@Suite struct JSONParserTests {
    @Test func placeholder() throws {
        #expect(try JSONParser.parse("[1,2]") == .array([.number("1"), .number("2")]))
    }
}
