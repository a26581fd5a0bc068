import Testing
@testable import LedgerModel

@Suite struct NearestSpellingTests {
    @Test func typosFindTheIntendedName() {
        let commands = ["create", "report", "state", "status", "remove", "retire"]
        #expect(NearestSpelling.nearest(to: "craete", among: commands) == "create")
        #expect(NearestSpelling.nearest(to: "reprot", among: commands) == "report")
        #expect(NearestSpelling.nearest(to: "stat", among: commands) == "state")
        #expect(NearestSpelling.nearest(to: "remvoed", among: ["created", "removed", "published"]) == "removed")
        #expect(NearestSpelling.nearest(to: "isRoundedAvatr", among: ["isStories", "isRoundedAvatar"]) == "isRoundedAvatar")
        #expect(NearestSpelling.nearest(to: "ISSTORIES", among: ["isStories"]) == "isStories")
    }

    @Test func unrelatedNamesGetNoSuggestion() {
        #expect(NearestSpelling.nearest(to: "xyz", among: ["create", "report"]) == nil)
        #expect(NearestSpelling.nearest(to: "deploy", among: ["create", "report"]) == nil)
        #expect(NearestSpelling.nearest(to: "create", among: ["create"]) == nil)
    }

    @Test func distanceAgreesWithTheTextbookDefinition() {
        #expect(NearestSpelling.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(NearestSpelling.editDistance(Array("ab"), Array("ba")) == 1)
        #expect(NearestSpelling.editDistance(Array(""), Array("abc")) == 3)
        #expect(NearestSpelling.editDistance(Array("abcdef"), Array("uvwxyz"), limit: 2) > 2)
    }
}
