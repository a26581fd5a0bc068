import Foundation
import Testing

@testable import TogglesCLI

/// Every command's spec is written as its help page (``CommandSpec/init(help:shared:)``): the
/// page `--help` prints reads back as the same spec, and a malformed page is refused with the
/// command and the line, so a typo cannot silently drop an option.
@Suite struct CommandSpecHelpTextTests {
    static func described(_ spec: CommandSpec) -> String {
        let options = spec.options.map { "\([$0.name] + $0.values) \($0.repeatable) \($0.help)" }
        return
            "\(spec.name)|\(spec.summary)|\(spec.synopsis)|\(spec.positionals.map { "\($0.name) \($0.help)" })|\(spec.variadicPositionals)|\(options)|\(spec.discussion)|\(spec.examples)"
    }

    @Test(arguments: TogglesCLI.commands.map { $0.spec.name })
    func theHelpPageEveryCommandPrintsReadsBackAsItsSpec(name: String) throws {
        let spec = try #require(TogglesCLI.command(named: name)).spec
        let printed = HelpCommand.help(for: spec)
        let reread = try CommandSpec.parse(printed)
        #expect(Self.described(reread) == Self.described(spec), "\(printed)")
    }

    @Test func commandsThatTakeMoreArgumentsSayItInTheirSynopsis() {
        let variadic = TogglesCLI.commands.map { $0.spec }.filter { $0.variadicPositionals }.map { $0.name }
        #expect(Set(variadic) == ["history", "sync swift", "scan", "cleanup", "help"], "\(variadic)")
    }

    static let create = """
        Record a new toggle.

        usage: toggles create NAME --kind build|local|remote [--owner WHO]

        arguments:
          NAME  the toggle's key

        options:
          --kind KIND  where the value is decided
          --owner WHO  the person or team to ask
          --log
        """

    @Test func aWellFormedPageReadsAsItsParts() throws {
        let spec = try CommandSpec.parse(Self.create, shared: [CommonOptions.log])
        #expect(spec.name == "create" && spec.summary == "Record a new toggle." && !spec.variadicPositionals)
        #expect(spec.positionals.map(\.name) == ["NAME"])
        #expect(spec.options.map(\.name) == ["--kind", "--owner", "--log"])
        #expect(spec.options[2].help == CommonOptions.log.help)
    }

    @Test(arguments: [
        // One space before the help: the line would read as shared option names.
        ("  --owner WHO  the person or team to ask", "  --owner WHO the person or team to ask", 10, "`--owner` has no help"),
        // An option without its help.
        ("  --owner WHO  the person or team to ask", "  --owner WHO", 10, "`--owner` has no help"),
        // A shared option left out.
        ("  --log", "", 11, "the shared option --log is not placed"),
        // The synopsis names an option the page does not list.
        ("  --kind KIND  where the value is decided", "  --kinds KIND  where the value is decided", 3, "the usage names --kind, which is not among the options"),
        // An entry indented by one space.
        ("  NAME  the toggle's key", " NAME  the toggle's key", 6, "indented by two spaces"),
        // A section out of order.
        ("options:", "arguments:", 8, "the order is discussion, arguments:"),
    ])
    func aMalformedPageIsRefusedNamingTheCommandAndLine(line: String, typo: String, number: Int, problem: String) {
        #expect {
            _ = try CommandSpec.parse(Self.create.replacingOccurrences(of: line, with: typo), shared: [CommonOptions.log])
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("help text of `create`, line \(number): ") && message.contains(problem)
        }
    }

    @Test func aSharedOptionIsWrittenAsItsHelpLine() {
        let option = OptionSpec("--when CONDITION VALUE  a conditional value (repeatable)")
        #expect(option.name == "--when" && option.values == ["CONDITION", "VALUE"] && option.repeatable && option.help == "a conditional value")
    }
}
