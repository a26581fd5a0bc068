import Testing
@testable import LedgerModel
@testable import LedgerCore
@testable import SwiftSource
@testable import ToggleLedger

/// Inputs that took time quadratic in their size: the property list's key lines, the
/// `.gitignore` pattern with an unclosed `[`, drift's lookup of each new parameter's value.
/// Each test checks the work done (bytes counted, rules kept, a single pass), not a clock.
@Suite struct LinearInteropInputTests {
    @Test func keyLinesAreCountedInOnePass() throws {
        var counter = LineCounter()
        let bytes = Array(String(repeating: "<key>k</key>\n", count: 40_000).utf8)
        var lines: [Int] = []
        for offset in stride(from: 0, to: bytes.count, by: 13) { lines.append(counter.line(at: offset, in: bytes)) }
        #expect(lines == Array(1...40_000))
        #expect(counter.bytesCounted < bytes.count)
        // Backwards (an error's line) counts again from the start, and is still right.
        #expect(counter.line(at: 13, in: bytes) == 2)
    }

    @Test func aPropertyListOfManyKeysKeepsEachKeysLine() throws {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        for index in 0..<40_000 { text += "<key>k\(index)</key>\n<string>v</string>\n" }
        text += "</dict>\n</plist>\n"
        let entries = try PropertyListReader.dictionary(Array(text.utf8), file: "big.plist")
        #expect(entries.count == 40_000)
        #expect(entries.first?.line == 4 && entries.last?.line == 4 + 2 * 39_999)
    }

    /// git gives up on a pattern with an unclosed `[` (it matches nothing); matched as a
    /// literal `[`, `*[` and 1 MB of text scanned the rest of the line at every position.
    @Test func anUnclosedBracketMatchesNothingAndIsNotKept() {
        var ignore = GitIgnore()
        ignore.add("*[" + String(repeating: "a", count: 1 << 20) + "\na[\nb[]\n[x]y\n", base: "")
        #expect(ignore.rules.map(\.segments.last) == ["[x]y"])
        #expect(!ignore.isIgnored("a[", isDirectory: false))
        #expect(ignore.isIgnored("xy", isDirectory: false))
        #expect(GitIgnore.hasUnclosedClass(Array("a[".utf8)) && GitIgnore.hasUnclosedClass(Array("[]".utf8)) && GitIgnore.hasUnclosedClass(Array("[!]".utf8)))
        #expect(!GitIgnore.hasUnclosedClass(Array("[]]".utf8)) && !GitIgnore.hasUnclosedClass(Array("\\[a".utf8)) && !GitIgnore.hasUnclosedClass(Array("[a-z]*".utf8)))
        #expect(!GitIgnore.match(["*[ab"], ["x[ab"]))
    }

    @Test func driftLooksUpEachNewParametersValueOnce() {
        var events: [Event] = []
        for index in 0..<10_000 {
            let at = Timestamp(secondsSince1970: 1_767_225_600)
            events.append(
                Event(id: "c\(index)", at: at, toggle: "p\(index)", actor: "a", change: .created(ToggleDefinition(kind: .remote, valueType: .string, defaultValue: .string("x")))))
            events.append(Event(id: "p\(index)", at: at, toggle: "p\(index)", actor: "a", change: .published(RemoteValue(value: .string("v\(index)")))))
            events.append(Event(id: "q\(index)", at: at, toggle: "p\(index)", actor: "a", change: .published(RemoteValue(value: .string("later")))))
        }
        let published = FirebaseDrift.firstPublished(events)
        #expect(published.count == 10_000)
        #expect(published["p9999"]?.value == .string("v9999"))
    }
}
