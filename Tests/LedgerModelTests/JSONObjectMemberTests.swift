import Testing
@testable import LedgerModel

/// The two members every JSON document the tool prints nests with: an object, and a list of
/// objects made one per item.
@Suite struct JSONObjectMemberTests {
    @Test func nestedMembersWriteTheObjectsTheyList() {
        let counts = [("a", 1), ("b", 2)]
        let members: [JSONObject.Member] = [
            .object("summary", [.init("toggles", .number("2"))]),
            .objects("counts", counts) { name, count in
                [.init("name", .string(name)), .init("count", .number(String(count)))]
            },
            .objects("none", [Int]()) { _ in [] },
        ]
        #expect(
            JSONWriter.string(.object(JSONObject(members)))
                == #"{"summary":{"toggles":2},"counts":[{"name":"a","count":1},{"name":"b","count":2}],"none":[]}"#)
    }
}
