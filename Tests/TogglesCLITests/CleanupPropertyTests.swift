import Foundation
@testable import SwiftSource
import Testing
@testable import ToggleLedger
import TestSupport

/// Random programs built from the constructs the cleanup rewrites (if/else-if/else, guard,
/// ternary, `!`, `&&`, `||`, `==`, parentheses, a call with an effect, a `return` ending a
/// branch, a `switch` on a condition with `case true`/`case false`/`default`, a local bound to
/// the toggle's value), cleaned with the toggle
/// kept at a value: for every input, the cleaned program does what the original does with the
/// toggle fixed at that value (a small interpreter runs both), and it no longer names the toggle.
@Suite struct CleanupPropertyTests {
    /// The shared seeded generator (SplitMix64), so a failure can be replayed from its seed.
    typealias Generator = SeededGenerator

    /// The toggle's read in the two conventions generated: a toggle enum's case given to a query,
    /// and a Bool property of a flags type (issue 27's convention), whose declaration goes too.
    static let reads = ["flags.isFeatureOn(.inbox)", "FeatureFlags.inbox"]
    static let declarations = [
        "enum FeatureFlag: String {\n    case inbox\n    case sync\n}\n",
        "struct FeatureFlags {\n    static let inbox = false\n    static let sync = true\n}\n",
    ]

    static func condition(_ g: inout Generator, depth: Int, read: String) -> String {
        if depth == 0 || g.below(3) == 0 {
            return [read, read, "a", "b", "work()", "!" + read, "on", "!on"][g.below(8)]
        }
        switch g.below(5) {
        case 0: return condition(&g, depth: depth - 1, read: read) + " && " + condition(&g, depth: depth - 1, read: read)
        case 1: return condition(&g, depth: depth - 1, read: read) + " || " + condition(&g, depth: depth - 1, read: read)
        case 2: return "(" + condition(&g, depth: depth - 1, read: read) + ")"
        case 3: return "!(" + condition(&g, depth: depth - 1, read: read) + ")"
        default: return "(" + condition(&g, depth: depth - 1, read: read) + ") == " + ["true", "false", "a"][g.below(3)]
        }
    }

    static func statements(_ g: inout Generator, depth: Int, indent: String, counter: inout Int, read: String) -> [String] {
        var lines: [String] = []
        for _ in 0..<(1 + g.below(3)) {
            counter += 1
            switch depth == 0 ? 0 : g.below(6) {
            case 0: lines.append(indent + "log(\"\(counter)\")")
            case 1: lines.append(indent + "log(\(condition(&g, depth: 2, read: read)) ? \"t\(counter)\" : \"f\(counter)\")")
            case 2: lines.append(indent + "guard \(condition(&g, depth: 2, read: read)) else { return }")
            case 3:
                lines.append(indent + "switch \(condition(&g, depth: 1, read: read)) {")
                for label in g.below(2) == 0 ? ["case true:", "case false:"] : [["case false:", "case true:"][g.below(2)], "default:"] {
                    lines.append(indent + label)
                    lines += statements(&g, depth: depth - 1, indent: indent + "    ", counter: &counter, read: read)
                }
                lines.append(indent + "}")
            default:
                lines.append(indent + "if \(condition(&g, depth: 2, read: read)) {")
                lines += statements(&g, depth: depth - 1, indent: indent + "    ", counter: &counter, read: read)
                if g.below(2) == 0 {
                    lines.append(indent + "} else if \(condition(&g, depth: 2, read: read)) {")
                    lines += statements(&g, depth: depth - 1, indent: indent + "    ", counter: &counter, read: read)
                }
                if g.below(2) == 0 {
                    lines.append(indent + "} else {")
                    lines += statements(&g, depth: depth - 1, indent: indent + "    ", counter: &counter, read: read)
                }
                lines.append(indent + "}")
            }
        }
        // A nested block may end by leaving the function: what follows its statement can no longer run.
        if depth < 2, g.below(3) == 0 { lines.append(indent + "return") }
        return lines
    }

    static func program(seed: UInt64) -> String {
        var g = Generator(seed: seed)
        var counter = 0
        // Odd seeds read a case through a query, even ones a flags type's Bool property.
        let convention = Int(seed % 2)
        let read = reads[convention]
        let body = ["    let on = " + read] + statements(&g, depth: 2, indent: "    ", counter: &counter, read: read)
        return declarations[convention] + "\nfunc run(flags: FlagService, a: Bool, b: Bool) {\n"
            + body.joined(separator: "\n") + "\n}\n"
    }

    @Test func cleanedProgramsBehaveAsTheToggleFixedAtTheKeptValue() throws {
        var cleaned = 0
        var refused = 0
        var cleanedByConvention = [0, 0]
        for seed in UInt64(1)...300 {
            let source = Self.program(seed: seed)
            for keep in [true, false] {
                let sandbox = try TemporaryDirectory("cleanup-property")
                try sandbox.write("App.swift", source)
                let plan = try ToggleCleanup(toggle: "inbox", keep: keep).plan(paths: ["."], currentDirectory: sandbox.path)
                guard plan.isComplete, let file = plan.files.first, let after = file.cleaned else {
                    refused += 1
                    continue
                }
                cleaned += 1
                cleanedByConvention[Int(seed % 2)] += 1
                let tokens = SwiftLexer.tokenize(after)
                #expect(!tokens.contains { $0.text == "inbox" }, "seed \(seed): the cleaned program names the toggle")
                for (a, b) in [(false, false), (false, true), (true, false), (true, true)] {
                    var original = MiniSwift(SwiftLexer.tokenize(source), toggle: keep)
                    var rewritten = MiniSwift(tokens, toggle: nil)
                    let expected = try original.run(a: a, b: b)
                    let actual = try rewritten.run(a: a, b: b)
                    #expect(actual == expected, "seed \(seed), keep \(keep), a \(a), b \(b):\n\(source)\n---\n\(String(decoding: after, as: UTF8.self))")
                }
            }
        }
        // Refusals (a guard that always exits, a condition list after a call) are allowed, but most programs are cleaned.
        #expect(cleaned > refused, "cleaned \(cleaned), refused \(refused)")
        // Both conventions are cleaned, not one refused throughout.
        #expect(cleanedByConvention.allSatisfy { $0 > 100 }, "cleaned by convention (query, property): \(cleanedByConvention)")
    }
}

/// An interpreter for the generated subset: `log("x")`, `log(c ? "x" : "y")`, `guard c else
/// { return }`, `if`/`else if`/`else`, `switch c { case true: … default: … }`, `return`,
/// `let name = c`; conditions over `a`, `b`, `true`, `false`, `work()`
/// (logs `w`, returns true), the toggle's read (the fixed value), `!`, `&&`, `||`, `==`, `!=`,
/// parentheses. Its output is the log, in order.
struct MiniSwift {
    struct Failure: Error { var message: String }
    let tokens: [SwiftToken]
    let toggle: Bool?
    var index = 0
    var output: [String] = []
    var a = false, b = false
    var locals: [String: Bool] = [:]

    init(_ tokens: [SwiftToken], toggle: Bool?) {
        self.tokens = tokens
        self.toggle = toggle
    }

    func peek(_ offset: Int = 0) -> String { index + offset < tokens.count ? tokens[index + offset].text : "" }
    mutating func expect(_ text: String) throws {
        guard peek() == text else { throw Failure(message: "expected \(text) at token \(index), found \(peek())") }
        index += 1
    }

    mutating func run(a: Bool, b: Bool) throws -> [String] {
        self.a = a
        self.b = b
        while index < tokens.count, !(peek() == "func" && peek(1) == "run") { index += 1 }
        while peek() != "{" { index += 1 }
        index += 1
        _ = try block(executing: true)
        return output
    }

    /// Runs statements up to the closing brace; false once a `return` ran.
    mutating func block(executing: Bool) throws -> Bool {
        var running = executing
        while peek() != "}" && peek() != "case" && peek() != "default" {
            running = try statement(executing: running)
        }
        if peek() == "}" { index += 1 }
        return running
    }

    mutating func statement(executing: Bool) throws -> Bool {
        switch peek() {
        case "log":
            index += 2
            let text: String
            if tokens[index].kind == .string, peek(1) == ")" {
                text = tokens[index].text
                index += 1
            } else {
                let value = try expression(executing: executing)
                try expect("?")
                let whenTrue = tokens[index].text
                index += 1
                try expect(":")
                let whenFalse = tokens[index].text
                index += 1
                text = value ? whenTrue : whenFalse
            }
            try expect(")")
            if executing { output.append(text) }
            return executing
        case "return":
            index += 1
            if executing { output.append("return") }
            return false
        case "let":
            let name = peek(1)
            index += 2
            try expect("=")
            let value = try expression(executing: executing)
            if executing { locals[name] = value }
            return executing
        case "switch":
            index += 1
            let value = try expression(executing: executing)
            try expect("{")
            var taken = false
            var running = executing
            while peek() != "}" {
                var matches = true
                if peek() == "case" {
                    index += 1
                    var patterns: [Bool] = []
                    while peek() != ":" {
                        if peek() == "true" || peek() == "false" { patterns.append(peek() == "true") }
                        index += 1
                    }
                    matches = patterns.contains(value)
                } else {
                    try expect("default")
                }
                try expect(":")
                let runs = executing && !taken && matches
                var result = runs
                while peek() != "}" && peek() != "case" && peek() != "default" { result = try statement(executing: result) }
                if runs { taken = true; running = result }
            }
            index += 1
            return running
        case "guard":
            index += 1
            let value = try expression(executing: executing)
            try expect("else")
            try expect("{")
            try expect("return")
            try expect("}")
            if executing && !value { output.append("return"); return false }
            return executing
        case "if":
            index += 1
            var taken = false
            var running = executing
            let value = try expression(executing: executing)
            try expect("{")
            let after = try block(executing: executing && value)
            if executing && value { taken = true; running = after }
            while peek() == "else" {
                index += 1
                if peek() == "if" {
                    index += 1
                    let next = try expression(executing: executing && !taken)
                    try expect("{")
                    let result = try block(executing: executing && !taken && next)
                    if executing && !taken && next { taken = true; running = result }
                } else {
                    try expect("{")
                    let result = try block(executing: executing && !taken)
                    if executing && !taken { taken = true; running = result }
                }
            }
            return running
        default:
            throw Failure(message: "unknown statement at token \(index): \(peek())")
        }
    }

    mutating func expression(executing: Bool) throws -> Bool {
        var value = try conjunction(executing: executing)
        while peek() == "||" {
            index += 1
            let right = try conjunction(executing: executing && !value)
            value = value || right
        }
        return value
    }

    mutating func conjunction(executing: Bool) throws -> Bool {
        var value = try comparison(executing: executing)
        while peek() == "&&" {
            index += 1
            let right = try comparison(executing: executing && value)
            value = value && right
        }
        return value
    }

    mutating func comparison(executing: Bool) throws -> Bool {
        let left = try unary(executing: executing)
        if peek() == "==" || peek() == "!=" {
            let equal = peek() == "=="
            index += 1
            let right = try unary(executing: executing)
            return (left == right) == equal
        }
        return left
    }

    mutating func unary(executing: Bool) throws -> Bool {
        if peek() == "!" { index += 1; return !(try unary(executing: executing)) }
        if peek() == "(" {
            index += 1
            let value = try expression(executing: executing)
            try expect(")")
            return value
        }
        let name = peek()
        index += 1
        switch name {
        case "a": return a
        case "on":
            guard let value = locals["on"] else { throw Failure(message: "on read before it is bound") }
            return value
        case "b": return b
        case "true": return true
        case "false": return false
        case "work":
            try expect("(")
            try expect(")")
            if executing { output.append("w") }
            return true
        case "flags":
            guard let toggle else { throw Failure(message: "the cleaned program still reads the toggle") }
            for text in [".", "isFeatureOn", "(", ".", "inbox", ")"] { try expect(text) }
            return toggle
        case "FeatureFlags":
            guard let toggle else { throw Failure(message: "the cleaned program still reads the toggle") }
            for text in [".", "inbox"] { try expect(text) }
            return toggle
        default:
            throw Failure(message: "unknown operand \(name)")
        }
    }
}

extension SeededGenerator {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
