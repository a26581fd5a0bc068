import Foundation
import Testing
import ToggleLedger
import TestSupport

/// The CI formats under hostile text, GitHub's annotation limits, the job summary, and
/// fingerprints that survive moved lines.
@Suite struct CIOutputSafetyTests {
    /// An owner and a description built to break every format: workflow-command syntax and
    /// its escapes, XML markup, characters XML 1.0 forbids, terminal escapes, a line break.
    static let hostileOwner = #"a\u000bb\ufffe&<>\"'%0A%25::warning file=x::y,z:w \u001b[2J\u202e\n::error::injected ]]>"#

    static func hostileRepository() throws -> TemporaryDirectory {
        let directory = try CIRepository.make()
        let line =
            #"{"type":"created","toggle":"isHostile","kind":"remote","valueType":"bool","default":false,"category":"release","owner":"\#(hostileOwner)","description":"\u0001<x/>","at":"2026-01-01T00:00:00Z","actor":"t","id":"hostile-1"}"#
        let append = toggles(["append"], in: directory.url, stdin: line + "\n")
        try #require(append.status == 0, "\(append)")
        return directory
    }

    @Test func hostileTextBreaksNoWorkflowCommand() throws {
        let directory = try Self.hostileRepository()
        let run = try CIRepository.run(["check", "--format", "github"], in: directory)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let commands = lines.compactMap(WorkflowCommand.init(line:))
        #expect(commands.count == lines.count - 1, "every line but the verdict is a command:\n\(run.stdout)")
        #expect(lines.last?.hasPrefix("check failed: ") == true)
        #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\u{B}") && !run.stdout.contains("\u{202E}"))
        #expect(Set(commands.map(\.name)) == ["error", "warning"])
        let hostile = try #require(commands.first { $0.properties["title"]?.contains("isHostile") == true })
        #expect(hostile.name == "warning" && Set(hostile.properties.keys) == ["file", "line", "title"])
        #expect(hostile.properties["title"] == "Stale toggle isHostile: over-lifetime")
        #expect(hostile.data.hasSuffix(#"owner: a\u{B}b"# + "\u{FFFE}" + #"&<>"'%0A%25::warning file=x::y,z:w \u{1B}[2J\u{202E} ::error::injected ]]>"#))
        let odd = try #require(commands.first { $0.properties["title"] == "untracked: odd,name:100%" })
        #expect(odd.properties["file"] == "App/Odd, name: 100%.swift" && odd.properties["line"] == "4" && odd.properties["col"] == "10")
    }

    @Test(arguments: ["junit", "gitlab", "sarif"])
    func hostileTextLeavesEveryDocumentValid(format: String) throws {
        let directory = try Self.hostileRepository()
        for command in ["report", "check"] {
            let run = try CIRepository.run([command, "--format", format], in: directory)
            #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\u{B}") && !run.stdout.contains("\u{1}"))
            if format == "junit" {
                let root = try ParsedXML.parse(run.stdout)
                let hostile = try #require(root.all("testcase").first { $0.attributes["name"] == "isHostile" })
                let failure = try #require(hostile.children.first { $0.name == "failure" })
                #expect(failure.text.contains(#"owner: a\u{B}b\u{FFFE}&<>"'%0A%25::warning file=x::y,z:w \u{1B}[2J\u{202E} ::error::injected ]]>"#), "\(failure.text)")
                #expect(!failure.text.contains("\n::error"), "a line break from the log starts no line")
                #expect(root.all("testcase").contains { $0.attributes["name"] == "odd,name:100%" && $0.attributes["file"] == "App/Odd, name: 100%.swift" })
            } else {
                let document = try JSONParser.parse(run.stdout)
                #expect(run.stdout.contains("isHostile"))
                if format == "gitlab" {
                    let issue = document.arrayValue?.compactMap(\.objectValue).first { $0["description"]?.stringValue?.hasPrefix("isHostile:") == true }
                    #expect(issue?["description"]?.stringValue?.contains(#"\u{1B}[2J\u{202E} ::error::injected"#) == true)
                }
            }
        }
    }

    @Test func beyondTenAnnotationsOfAKindTheNineThatMatterMostAndACount() throws {
        let directory = try CIRepository.make()
        // 25 toggles stale in the log only (warnings), oldest last; 12 untracked cases in the code (errors).
        let lines = (1...25).map { index in
            let day = String(format: "2026-01-%02dT00:00:00Z", index)
            return
                #"{"type":"created","toggle":"isStale\#(index)","kind":"local","valueType":"bool","default":false,"category":"release","at":"\#(day)","actor":"t","id":"stale-\#(index)"}"#
        }
        #expect(toggles(["append"], in: directory.url, stdin: lines.joined(separator: "\n") + "\n").status == 0)
        try directory.write("App/Many.swift", "enum RemoteConfigKeys: String {\n" + (1...12).map { "    case isNew\($0)\n" }.joined() + "}\n")
        let run = try CIRepository.run(["check", "--format", "github"], in: directory)
        #expect(run.status == 1)
        let commands = run.stdout.split(separator: "\n").compactMap(WorkflowCommand.init(line:))
        let warnings = commands.filter { $0.name == "warning" }
        let errors = commands.filter { $0.name == "error" }
        #expect(warnings.count == 10 && errors.count == 10, "\(run.stdout)")
        // The longest overdue first: isStale1 was created first.
        #expect(warnings.prefix(9).map { $0.properties["title"] ?? "" } == (1...9).map { "Stale toggle isStale\($0): over-lifetime" })
        #expect(warnings[9].properties == ["title": "16 more not annotated (GitHub shows 10 per step)"])
        #expect(warnings[9].data.hasPrefix("isStale10, isStale11, ") && warnings[9].data.hasSuffix("\nThe job summary, or `toggles report --format markdown`, lists them all."))
        // 16 errors: isRoundedAvatar (stale, in the code), isOldOnboarding, isUnrecorded, odd, isNew1…12.
        #expect(errors[9].properties == ["title": "7 more not annotated (GitHub shows 10 per step)"])
    }

    @Test func theJobSummaryGetsTheMarkdownReportWhenGitHubNamesTheFile() throws {
        let directory = try CIRepository.make()
        try directory.write("summary.md", "## Earlier step output\n")
        let environment = TogglesBinary.cleanEnvironment(["GITHUB_STEP_SUMMARY": directory.file("summary.md").path])
        let run = try CIRepository.run(["check", "--format", "github"], in: directory, environment: environment)
        #expect(run.status == 1 && run.stderr.isEmpty, "\(run)")
        let markdown = try CIRepository.run(["check", "--format", "markdown"], in: directory)
        #expect(try directory.read("summary.md") == "## Earlier step output\n\n" + markdown.stdout)
        // Other formats, and github without the variable, write no summary.
        let junit = try CIRepository.run(["check", "--format", "junit"], in: directory, environment: environment)
        #expect(junit.status == 1)
        #expect(try directory.read("summary.md") == "## Earlier step output\n\n" + markdown.stdout)
    }

    @Test func aNearlyFullJobSummaryIsCutUnderOneMebibyteWithANote() throws {
        let directory = try CIRepository.make()
        let earlier = String(repeating: "x", count: (1 << 20) - 600) + "\n"
        try directory.write("summary.md", earlier)
        let environment = TogglesBinary.cleanEnvironment(["GITHUB_STEP_SUMMARY": directory.file("summary.md").path])
        let run = try CIRepository.run(["check", "--format", "github"], in: directory, environment: environment)
        #expect(run.status == 1)
        let summary = try directory.read("summary.md")
        // (Booleans: a failed expectation would print the whole mebibyte.)
        let size = summary.utf8.count
        let keepsEarlierOutput = summary.hasPrefix(earlier + "\n<!-- toggles-report -->\n")
        let endsWithNote = summary.hasSuffix("per step; this is the start of it. `toggles report --format markdown` prints all of it.\n")
        #expect(size <= 1 << 20 && size > (1 << 20) - 300)
        #expect(keepsEarlierOutput)
        #expect(endsWithNote)
        #expect(run.stderr.hasPrefix("toggles: warning: the job summary takes 1048576 bytes per step: wrote the first "), "\(run.stderr)")
    }

    @Test func aJobSummaryThatCannotBeWrittenIsAWarningAndTheVerdictStands() throws {
        let directory = try CIRepository.make()
        let environment = TogglesBinary.cleanEnvironment(["GITHUB_STEP_SUMMARY": directory.file("missing/summary.md").path])
        let run = try CIRepository.run(["check", "--format", "github"], in: directory, environment: environment)
        #expect(run.status == 1)
        #expect(run.stdout.contains("::error "))
        #expect(run.stderr.hasPrefix("toggles: warning: could not write the job summary (GITHUB_STEP_SUMMARY): "), "\(run.stderr)")
        #expect(run.stderr.contains("missing/summary.md"))
    }

    @Test func fingerprintsSurviveMovedLines() throws {
        let directory = try CIRepository.make()
        func fingerprints() throws -> (gitlab: [String: String], sarif: [String: String], lines: [String]) {
            let gitlab = try JSONParser.parse(try CIRepository.run(["report", "--format", "gitlab"], in: directory).stdout).arrayValue ?? []
            let sarif = try JSONParser.parse(try CIRepository.run(["report", "--format", "sarif"], in: directory).stdout)
            let results = sarif.objectValue?["runs"]?.arrayValue?.first?.objectValue?["results"]?.arrayValue ?? []
            var byGitLab: [String: String] = [:]
            var lines: [String] = []
            for issue in gitlab.compactMap(\.objectValue) {
                let location = issue["location"]?.objectValue
                let key = "\(issue["check_name"]?.stringValue ?? "") \(location?["path"]?.stringValue ?? "")"
                byGitLab[key + " " + (issue["description"]?.stringValue?.prefix(20) ?? "")] = issue["fingerprint"]?.stringValue
                lines.append(location?["lines"]?.objectValue?["begin"]?.number ?? "")
            }
            var bySARIF: [String: String] = [:]
            for result in results.compactMap(\.objectValue) {
                let key = "\(result["ruleId"]?.stringValue ?? "") \(result["message"]?.objectValue?["text"]?.stringValue?.prefix(20) ?? "")"
                bySARIF[key + " \(bySARIF.count)"] = result["partialFingerprints"]?.objectValue?["toggleReason/v1"]?.stringValue
            }
            return (byGitLab, bySARIF, lines)
        }
        let before = try fingerprints()
        // Every line of every scanned Swift file moves down by three.
        for file in ["App/Toggles.swift", "App/Onboarding.swift", "App/Odd, name: 100%.swift"] {
            try directory.write(file, "// moved\n// down\n// three lines\n" + (try directory.read(file)))
        }
        let after = try fingerprints()
        #expect(before.lines != after.lines, "the lines did move")
        #expect(after.gitlab == before.gitlab && !before.gitlab.isEmpty)
        #expect(after.sarif == before.sarif && !before.sarif.isEmpty)
    }
}
