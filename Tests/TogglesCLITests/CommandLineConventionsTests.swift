import Foundation
import Testing
import ToggleLedger
@testable import TogglesCLI
import TestSupport

/// What people expect of a command-line tool: grouped help, `version`, "did you mean",
/// completion scripts and a man page made from the command specs, colour switches, and no
/// HTML page dumped on a terminal.
@Suite struct CommandLineConventionsTests {
    /// Runs `toggles` in-process, with a terminal or not and the given environment.
    @discardableResult
    static func toggles(_ arguments: [String], in directory: URL? = nil, terminal: Bool = false, environment: [String: String] = [:]) -> TogglesBinary.Run {
        InProcessToggles.run(
            arguments, in: directory ?? URL(fileURLWithPath: NSTemporaryDirectory()), environment: environment,
            now: Timestamp(rfc3339: fixtureNow)!, terminal: terminal)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func which(_ program: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    // MARK: help, version, did you mean

    @Test func helpListsEveryCommandOnceUnderItsGroup() {
        let overview = Self.toggles(["help"]).stdout
        let headings = ["record a toggle's life", "read the log:", "enforce:", "interop:", "code:"]
        let positions = headings.map { overview.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(overview)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "groups in the order record, read, enforce, interop, code")
        for command in TogglesCLI.commands {
            let lines = overview.split(separator: "\n").filter { $0.hasPrefix("  \(command.spec.name)  ") }
            #expect(lines.count == 1, "\(command.spec.name) listed \(lines.count) times")
        }
        // Under its group: `check` after "enforce", before "interop".
        let check = overview.range(of: "\n  check ")!.lowerBound
        #expect(check > overview.range(of: "enforce:")!.lowerBound && check < overview.range(of: "interop:")!.lowerBound)
    }

    @Test func versionIsACommandAndAFlag() {
        let command = Self.toggles(["version"])
        #expect(command.status == 0 && command.stdout == "toggles \(TogglesCLI.version)\n")
        #expect(Self.toggles(["--version"]).stdout == command.stdout)
    }

    @Test(arguments: [("craete", "create"), ("reprot", "report"), ("stat", "state"), ("chekc", "check"), ("exprot", "export")])
    func aMistypedCommandNamesTheOneMeant(typed: String, meant: String) {
        let run = Self.toggles([typed, "x"])
        #expect(run.status == 64)
        #expect(run.stderr == "toggles: error: unknown command '\(typed)'; did you mean '\(meant)'?\n", "\(run.stderr)")
        let help = Self.toggles(["help", typed])
        #expect(help.status == 64 && help.stderr.contains("did you mean '\(meant)'?"), "\(help.stderr)")
    }

    @Test func aCommandNothingLikeAnyStillPointsAtHelp() {
        let run = Self.toggles(["frobnicate"])
        #expect(run.stderr == "toggles: error: unknown command 'frobnicate'; run `toggles help` for the list\n")
    }

    @Test func aMistypedToggleNamesTheToggleMeantAndAppendsNothing() throws {
        let directory = try TemporaryDirectory()
        let create = try TogglesBinary.run(
            ["create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--expires", "2027-01-31", "--actor", "mei"], in: directory.url)
        #expect(create.status == 0, "\(create)")
        let before = try directory.eventLines()
        let extend = try TogglesBinary.run(["extend", "isRoundedAvatr", "--expires", "2027-03-31", "--reason", "waiting for 2.5", "--actor", "mei"], in: directory.url)
        #expect(extend.status == 65, "\(extend)")
        #expect(extend.stderr.contains("no toggle named isRoundedAvatr; did you mean isRoundedAvatar?"), "\(extend.stderr)")
        #expect(!extend.stderr.contains("create it first"))
        #expect(extend.stderr.contains("nothing was appended"))
        let change = try TogglesBinary.run(["change", "isroundedavatar", "--default", "true", "--actor", "mei"], in: directory.url)
        #expect(change.status == 65 && change.stderr.contains("did you mean isRoundedAvatar?"), "\(change)")
        #expect(try directory.eventLines() == before)
        // Nothing like it: the old advice stands.
        let unknown = try TogglesBinary.run(["remove", "somethingElse", "--actor", "mei"], in: directory.url)
        #expect(unknown.status == 65 && unknown.stderr.contains("create it first"), "\(unknown)")
    }

    // MARK: colour, html on a terminal

    @Test(arguments: [
        (["FORCE_COLOR": "1"], true),
        (["FORCE_COLOR": "1", "NO_COLOR": "1"], false),
        (["FORCE_COLOR": ""], false),
    ])
    func forceColorColoursOffATerminalAndNoColorWins(environment: [String: String], coloured: Bool) throws {
        let directory = try directoryWithFixtureLog()
        let run = Self.toggles(["report"], in: directory.url, terminal: false, environment: environment)
        #expect(run.status == 0)
        #expect(run.stdout.contains("\u{1B}[") == coloured, "\(environment)")
    }

    @Test func anHTMLReportGoesToAFileNotATerminal() throws {
        let directory = try directoryWithFixtureLog()
        let terminal = Self.toggles(["report", "--format", "html", "--now", fixtureNow], in: directory.url, terminal: true)
        #expect(terminal.status == 64 && terminal.stdout.isEmpty, "\(terminal)")
        #expect(terminal.stderr.contains("add --output toggle-report.html"), "\(terminal.stderr)")
        let file = Self.toggles(["report", "--format", "html", "--now", fixtureNow, "--output", "report.html"], in: directory.url, terminal: true)
        #expect(file.status == 0, "\(file)")
        #expect(try directory.read("report.html").hasPrefix("<!DOCTYPE html>"))
        // A pipe or a file still gets the page.
        #expect(Self.toggles(["report", "--format", "html", "--now", fixtureNow], in: directory.url).stdout.hasPrefix("<!DOCTYPE html>"))
    }

    // MARK: man page

    @Test func theManPageCoversEveryCommandAndDocsToggles1IsCurrent() throws {
        let man = Self.toggles(["help", "--man"])
        #expect(man.status == 0)
        #expect(man.stdout.contains(".TH TOGGLES 1 "))
        for command in TogglesCLI.commands {
            #expect(man.stdout.contains(".SS toggles \(ManPage.escape(command.spec.name))\n"), "\(command.spec.name)")
            for option in command.spec.options { #expect(man.stdout.contains("\\fB\(ManPage.escape(option.name))\\fR"), "\(command.spec.name) \(option.name)") }
        }
        let committed = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/toggles.1"), encoding: .utf8)
        #expect(committed == man.stdout, "docs/toggles.1 is stale: run `swift run toggles help --man > docs/toggles.1`")
    }

    @Test(.tags(.groff), .enabled(if: which("groff") != nil, "groff is not installed: the man page is not typeset"))
    func theManPageTypesetsWithoutWarnings() throws {
        let directory = try TemporaryDirectory()
        try directory.write("toggles.1", Self.toggles(["help", "--man"]).stdout)
        let run = try Subprocess.run(try #require(Self.which("groff")), ["-man", "-Tutf8", "-ww", "-z", directory.file("toggles.1").path], in: directory.url)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        let text = try Subprocess.run(try #require(Self.which("groff")), ["-man", "-Tascii", directory.file("toggles.1").path], in: directory.url).stdout
        let plain = text.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        #expect(plain.contains("--write-baseline"), "options keep their two hyphens")
    }

    // MARK: completion

    @Test func anUnknownShellIsAUsageError() {
        let run = Self.toggles(["--generate-completion-script", "tcsh"])
        #expect(run.status == 64 && run.stderr.contains("bash, zsh, fish, not 'tcsh'"), "\(run)")
        #expect(Self.toggles(["--generate-completion-script"]).status == 64)
    }

    /// A log with one toggle, and the built binary's directory.
    static func logWithAToggle() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let create = try TogglesBinary.run(["create", "isRoundedAvatar", "--kind", "remote", "--type", "bool", "--default", "false", "--actor", "mei"], in: directory.url)
        #expect(create.status == 0, "\(create)")
        let removed = try TogglesBinary.run(["create", "oldBanner", "--kind", "local", "--type", "bool", "--default", "false", "--actor", "mei"], in: directory.url)
        #expect(removed.status == 0)
        #expect(try TogglesBinary.run(["remove", "oldBanner", "--actor", "mei"], in: directory.url).status == 0)
        return directory
    }

    /// Completes `line` (the words before the cursor, the last one being completed) with bash.
    static func bashCompletes(_ words: [String], script: URL, in directory: URL) throws -> [String] {
        let quoted = ([TogglesBinary.url.path] + words).map { "'\($0)'" }.joined(separator: " ")
        let run = try Subprocess.run(
            "/bin/bash",
            [
                "--noprofile", "--norc", "-c",
                """
                source "$1"
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count)
                _toggles
                printf '%s\\n' "${COMPREPLY[@]}"
                """, "bash", script.path,
            ], in: directory, environment: TogglesBinary.cleanEnvironment())
        #expect(run.status == 0, "\(run)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsFlagsChoicesAndToggleNames() throws {
        let directory = try Self.logWithAToggle()
        try directory.write("toggles.bash", Self.toggles(["--generate-completion-script", "bash"]).stdout)
        let script = directory.file("toggles.bash")
        func complete(_ words: String...) throws -> [String] { try Self.bashCompletes(words, script: script, in: directory.url) }
        #expect(try complete("cr") == ["create"])
        #expect(try complete("--gen") == ["--generate-completion-script"])
        #expect(try complete("--generate-completion-script", "") == ["bash", "zsh", "fish"])
        #expect(try complete("export", "sw") == ["swift"])
        #expect(try complete("export", "swift", "--ac") == ["--access"])
        #expect(try complete("export", "swift", "--access", "") == ["public", "internal"])
        #expect(try complete("report", "--format", "") == ReportCommand.formats.map(\.rawValue))
        #expect(try complete("create", "x", "--kind", "") == ["build", "local", "remote"])
        #expect(try complete("check", "--write") == ["--write-baseline"])
        #expect(try complete("import", "") == ["firebase", "firebase-versions", "plist"])
        // Live toggle names from the log (the removed one is not offered).
        #expect(try complete("extend", "") == ["isRoundedAvatar"])
        #expect(try complete("history", "isR") == ["isRoundedAvatar"])
        #expect(try complete("extend", "--log", "nowhere", "") == [], "a log that cannot be read completes to nothing")
    }

    @Test(.tags(.shell), .enabled(if: which("fish") != nil, "fish is not installed: its completion script is not run"))
    func fishCompletesCommandsFlagsChoicesAndToggleNames() throws {
        let directory = try Self.logWithAToggle()
        try directory.write("toggles.fish", Self.toggles(["--generate-completion-script", "fish"]).stdout)
        let binDirectory = TogglesBinary.url.deletingLastPathComponent().path
        func complete(_ line: String) throws -> [String] {
            let run = try Subprocess.run(
                try #require(Self.which("fish")), ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", directory.file("toggles.fish").path, line], in: directory.url,
                environment: TogglesBinary.cleanEnvironment(["PATH": binDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]))
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
            return run.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        #expect(try complete("toggles cre") == ["create"])
        #expect(try complete("toggles report --format ").sorted() == ReportCommand.formats.map(\.rawValue).sorted())
        #expect(try complete("toggles export swift --acc") == ["--access"])
        #expect(try complete("toggles extend ") == ["isRoundedAvatar"])
    }

    @Test(.tags(.shell), .enabled(if: which("zsh") != nil, "zsh is not installed: its completion script is not checked"))
    func zshReadsItsCompletionScript() throws {
        let directory = try Self.logWithAToggle()
        try directory.write("_toggles", Self.toggles(["--generate-completion-script", "zsh"]).stdout)
        let zsh = try #require(Self.which("zsh"))
        let syntax = try Subprocess.run(zsh, ["-n", directory.file("_toggles").path], in: directory.url)
        #expect(syntax.status == 0 && syntax.stderr.isEmpty, "\(syntax)")
        // Registered with compinit from $fpath, as Homebrew installs it.
        let loaded = try Subprocess.run(
            zsh, ["-f", "-c", "fpath=(\(directory.path) $fpath); autoload -U compinit; compinit -u -D; print -r -- ${_comps[toggles]}"], in: directory.url,
            environment: TogglesBinary.cleanEnvironment())
        #expect(loaded.stdout == "_toggles\n", "\(loaded)")
    }
}
