import Foundation
import SwiftSource
import Testing
import ToggleLedger
import TestSupport

/// docs/ci.md's GitHub Actions workflow and GitLab job, run as written: their `run:` and
/// `script:` commands, taken from the page, in a temporary git repository with the built
/// `toggles` on `PATH`. Only the commands that clone and build ToggleLedger are left out
/// (the binary under test stands in for what they build); everything else runs verbatim.
@Suite struct CIRecipeTests {
    /// The page's ```yaml blocks.
    static func yamlBlocks() throws -> [String] {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/ci.md")
        let text = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        return text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    struct Step {
        var name: String?
        var run: String?
        var uses: String?
        var with: [String: String] = [:]
        var env: [String: String] = [:]
        var condition: String?
    }

    /// The steps of the first job, read from the YAML subset the page uses: `- name:`/`uses:`
    /// items with `run: command`, `run: |` blocks and `with:` maps.
    static func githubSteps(_ yaml: String) -> [Step] {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "steps:" }) else { return [] }
        var steps: [Step] = []
        var index = start + 1
        while index < lines.count, lines[index].isEmpty || indent(lines[index]) > indent(lines[start]) {
            var line = lines[index].trimmingCharacters(in: .whitespaces)
            let keyIndent = indent(lines[index]) + (line.hasPrefix("- ") ? 2 : 0)
            if line.hasPrefix("- ") { steps.append(Step()); line.removeFirst(2) }
            index += 1
            guard let colon = line.firstIndex(of: ":"), !steps.isEmpty else { continue }
            let key = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            var block: [String] = []
            while index < lines.count, !lines[index].isEmpty, indent(lines[index]) > keyIndent {
                block.append(lines[index]); index += 1
            }
            let dedent = block.first.map(indent) ?? 0
            switch key {
            case "name": steps[steps.count - 1].name = value
            case "uses": steps[steps.count - 1].uses = value
            case "run": steps[steps.count - 1].run = value == "|" ? block.map { String($0.dropFirst(dedent)) }.joined(separator: "\n") + "\n" : value
            case "if": steps[steps.count - 1].condition = value
            case "with", "env":
                for entry in block {
                    var parts = entry.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard parts.count == 2 else { continue }
                    // A trailing comment, and quotes around a value.
                    if let comment = parts[1].range(of: "  #") { parts[1] = String(parts[1][..<comment.lowerBound]).trimmingCharacters(in: .whitespaces) }
                    if parts[1].count >= 2, let first = parts[1].first, first == "\"" || first == "'", parts[1].last == first { parts[1] = String(parts[1].dropFirst().dropLast()) }
                    if key == "with" { steps[steps.count - 1].with[parts[0]] = parts[1] } else { steps[steps.count - 1].env[parts[0]] = parts[1] }
                }
            default: break
            }
        }
        return steps
    }

    /// The job's `script:` items and its `reports:` files.
    static func gitlabJob(_ yaml: String) -> (script: [String], reports: [String: String]) {
        let lines = yaml.split(separator: "\n").map(String.init)
        func items(after key: String) -> [String] {
            guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == key }) else { return [] }
            let depth = lines[start].prefix { $0 == " " }.count
            return Array(lines[(start + 1)...].prefix { $0.prefix { $0 == " " }.count > depth }).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let script = items(after: "script:").map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }
        var reports: [String: String] = [:]
        for entry in items(after: "reports:") {
            let parts = entry.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { reports[parts[0]] = parts[1] }
        }
        return (script, reports)
    }

    /// A repository with a log and Swift sources under `Sources/`, and a directory holding
    /// `toggles` to put on `PATH`.
    static func repository() throws -> (repository: TemporaryDirectory, runner: TemporaryDirectory) {
        let repository = try CIRepository.make()
        try FileManager.default.createDirectory(at: repository.file("Sources"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: repository.file("App"), to: repository.file("Sources/App"))
        let runner = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: runner.file("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: runner.file("bin/toggles"), withDestinationURL: TogglesBinary.url)
        return (repository, runner)
    }

    static func environment(_ runner: TemporaryDirectory, _ extra: [String: String]) -> [String: String] {
        TogglesBinary.cleanEnvironment(extra.merging(["PATH": runner.file("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]) { $1 })
    }

    static func isBuildingToggleLedger(_ command: String) -> Bool {
        command.contains("git clone") && command.contains("ToggleLedger") || command.hasPrefix("swift build")
    }

    /// The Action's inputs with their defaults, read from action.yml's `inputs:` map.
    static func actionInputs(_ action: String) -> [String: String] {
        var defaults: [String: String] = [:]
        var current: String?
        var inInputs = false
        for line in action.split(separator: "\n").map(String.init) {
            if !line.hasPrefix(" ") { inInputs = line == "inputs:"; continue }
            guard inInputs else { continue }
            if line.hasPrefix("  ") && !line.hasPrefix("   "), line.hasSuffix(":") { current = String(line.dropFirst(2).dropLast()) }
            if let current, line.hasPrefix("    default:") {
                var value = line.dropFirst("    default:".count).trimmingCharacters(in: .whitespaces)
                if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first { value = String(value.dropFirst().dropLast()) }
                defaults[current] = value
            }
        }
        return defaults
    }

    /// Runs this repository's action.yml as a runner would with `with`: each `run:` step under
    /// bash with its `env:`, expressions resolved (`inputs.X` from `with` or the default, the
    /// build step's `toggles-path` the test's binary), the `if: inputs.X ==/!= '…'` forms
    /// evaluated. The steps that hash and build ToggleLedger, and actions/cache, are skipped:
    /// the binary under test stands in for what they build. Stops at the first failing step.
    static func runAction(with given: [String: String], in repository: URL, environment: [String: String]) throws -> [(name: String, run: TogglesBinary.Run)] {
        let action = String(decoding: try Data(contentsOf: root.appendingPathComponent("action.yml")), as: UTF8.self)
        let inputs = actionInputs(action).merging(given) { $1 }
        func resolve(_ text: String) throws -> String {
            var result = text
            while let open = result.range(of: "${{"), let close = result.range(of: "}}", range: open.upperBound..<result.endIndex) {
                let expression = result[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                let value: String
                if expression.hasPrefix("inputs.") {
                    value = try #require(inputs[String(expression.dropFirst(7))], "no input \(expression)")
                } else if expression == "steps.build.outputs.toggles-path" {
                    value = TogglesBinary.url.path
                } else {
                    Issue.record("the test does not know the expression \(expression)")
                    value = ""
                }
                result.replaceSubrange(open.lowerBound..<close.upperBound, with: value)
            }
            return result
        }
        func holds(_ condition: String?) throws -> Bool {
            guard let condition else { return true }
            let parts = condition.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3, parts[0].hasPrefix("inputs."), parts[1] == "==" || parts[1] == "!=" else {
                Issue.record("the test does not know the condition \(condition)")
                return false
            }
            let value = inputs[String(parts[0].dropFirst(7))] ?? ""
            let literal = parts[2].trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            return (value == literal) == (parts[1] == "==")
        }
        var ran: [(String, TogglesBinary.Run)] = []
        for step in githubSteps(action) {
            guard let script = step.run, try holds(step.condition) else { continue }
            if script.contains("swift build") || script.contains("sha256sum") { continue }  // hashing and building ToggleLedger
            var stepEnvironment = environment
            for (name, value) in step.env { stepEnvironment[name] = try resolve(value) }
            let run = try Subprocess.run("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], in: repository, environment: stepEnvironment)
            ran.append((step.name ?? script, run))
            if run.status != 0 { break }
        }
        return ran
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theGitHubWorkflowRunsAsWritten() throws {
        let workflow = try #require(try Self.yamlBlocks().first { $0.contains("# .github/workflows/toggles.yml") })
        let steps = Self.githubSteps(workflow)
        #expect(steps.compactMap(\.uses) == ["actions/checkout@v5", "YOUR-ORG/ToggleLedger@v1", "github/codeql-action/upload-sarif@v4"])
        let (repository, runner) = try Self.repository()
        let environment = Self.environment(
            runner,
            [
                "GITHUB_STEP_SUMMARY": runner.file("step-summary.md").path, "GITHUB_PATH": runner.file("github-path").path,
                "GITHUB_OUTPUT": runner.file("github-output").path,
                "RUNNER_TEMP": runner.path, "GITHUB_WORKSPACE": repository.path, "GITHUB_ACTIONS": "true",
            ])
        var ran: [(name: String, run: TogglesBinary.Run)] = []
        for step in steps {
            if let uses = step.uses, uses.hasPrefix("YOUR-ORG/ToggleLedger@") {
                #expect(step.with == ["scan": "Sources", "sarif": "toggles.sarif"])
                ran += try Self.runAction(with: step.with, in: repository.url, environment: environment)
            }
            if let uses = step.uses, uses.hasPrefix("github/codeql-action/upload-sarif") {
                #expect(step.condition == "always() && hashFiles('toggles.sarif') != ''", "uploaded even when the gate failed")
                let file = try #require(step.with["sarif_file"])
                let sarif = try JSONParser.parse(try repository.read(file))
                #expect(sarif.objectValue?["version"] == .string("2.1.0"), "upload-sarif gets SARIF 2.1.0")
            }
        }
        #expect(ran.count == 2, "the SARIF step and the gate: \(ran.map(\.name))")
        #expect(ran.first?.run.status == 0, "\(ran.first?.run as Any)")
        #expect(try runner.read("github-output").contains("sarif-file=toggles.sarif\n"))
        let gate = try #require(ran.last?.run)
        #expect(gate.status == 1, "stale toggles fail the job: \(gate)")
        #expect(gate.stdout.contains("::error file=Sources/App/Toggles.swift,line=4,col=10,title=Stale toggle isRoundedAvatar%3A expired::"), "\(gate.stdout)")
        #expect(gate.stdout.contains("::error file=Sources/App/Onboarding.swift,line=7,"))
        #expect(try runner.read("step-summary.md").hasPrefix("\n<!-- toggles-report -->\n### Toggle report\n"))
    }

    @Test func theActionTakesABaselineAndExtraArgumentsWithoutEvaluatingThem() throws {
        let (repository, runner) = try Self.repository()
        let environment = Self.environment(runner, ["GITHUB_OUTPUT": runner.file("github-output").path, "GITHUB_ACTIONS": "true"])
        // Today's findings, baselined: the gate passes.
        let baseline = try TogglesBinary.run(["check", "--scan", "Sources", "--write-baseline", "toggles-baseline.json"], in: repository.url, environment: environment)
        #expect(baseline.status == 0, "\(baseline)")
        let passed = try Self.runAction(with: ["scan": "Sources", "baseline": "toggles-baseline.json"], in: repository.url, environment: environment)
        #expect(passed.map(\.run.status) == [0], "\(passed.map(\.run))")
        // An input with shell syntax is an argument, never code.
        let hostile = try Self.runAction(with: ["arguments": "--fail-on expired;touch${IFS}pwned $(touch pwned2)"], in: repository.url, environment: environment)
        #expect(hostile.last?.run.status == 64, "\(hostile.map(\.run))")
        #expect(!FileManager.default.fileExists(atPath: repository.file("pwned").path) && !FileManager.default.fileExists(atPath: repository.file("pwned2").path))
        // check: false only installs.
        #expect(try Self.runAction(with: ["check": "false"], in: repository.url, environment: environment).isEmpty)
    }

    @Test func theGitLabJobRunsAsWritten() throws {
        let job = try #require(try Self.yamlBlocks().first { $0.contains("codequality:") })
        let (script, reports) = Self.gitlabJob(job)
        #expect(reports == ["codequality": "gl-code-quality-report.json", "junit": "toggles-junit.xml"])
        let commands = script.filter { !Self.isBuildingToggleLedger($0) }
        #expect(commands.count == script.count - 2 && commands.count == 3, "\(script)")
        let (repository, runner) = try Self.repository()
        // The runner runs the script in one shell and stops at the first command that fails.
        let run = try Subprocess.run(
            "/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", commands.joined(separator: "\n")],
            in: repository.url, environment: Self.environment(runner, ["GITLAB_CI": "true", "CI_PROJECT_DIR": repository.path]))
        #expect(run.status == 1, "stale toggles fail the job: \(run)")
        let issues = try #require(try JSONParser.parse(try repository.read(reports["codequality"]!)).arrayValue)
        #expect(issues.contains { $0.objectValue?["location"]?.objectValue?["path"] == .string("Sources/App/Onboarding.swift") })
        let junit = try ParsedXML.parse(try repository.read(reports["junit"]!))
        #expect(junit.all("testcase").contains { $0.attributes["name"] == "isRoundedAvatar" && $0.children.contains { $0.name == "failure" } })
    }

    @Test(.tags(.python), .enabled(if: Python.has(module: "yaml"), "python3 with PyYAML is missing: the YAML cross-check is skipped"))
    func aYAMLParserReadsTheSameCommands() throws {
        let directory = try TemporaryDirectory()
        for (index, block) in try Self.yamlBlocks().enumerated() where block.contains("toggles check --format github") || block.contains("codequality:") {
            try directory.write("block\(index).yml", block)
            let parsed = try Python.run(
                """
                import json, sys, yaml
                document = yaml.safe_load(open(sys.argv[1]))
                job = next(iter(document["jobs"].values())) if "jobs" in document else next(iter(document.values()))
                commands = [step.get("run") for step in job["steps"] if "run" in step] if "steps" in job else job["script"]
                print(json.dumps(commands))
                """, [directory.file("block\(index).yml").path], in: directory.url)
            #expect(parsed.status == 0, "\(parsed)")
            let expected = block.contains("codequality:") ? Self.gitlabJob(block).script : Self.githubSteps(block).compactMap(\.run)
            let commands = try JSONParser.parse(parsed.stdout).arrayValue?.compactMap(\.stringValue)
            #expect(commands == expected)
        }
    }
}

/// docs/ci.md's "record a change" recipes, run as written in a repository with a remote: the
/// GitHub workflow's steps after the Action, and the GitLab job's script (its push URL mapped
/// to a local bare repository with git's `url.<base>.insteadOf`).
@Suite(.tags(.git)) struct RecordRecipeTests {
    /// A repository with its log committed on `main` and pushed to a bare `origin`.
    static func repositoryWithRemote() throws -> (repository: TemporaryDirectory, runner: TemporaryDirectory, remote: TemporaryDirectory) {
        let (repository, runner) = try CIRecipeTests.repository()
        let remote = try TemporaryDirectory("remote")
        #expect(try Git.process(["init", "-q", "--bare", "."], in: remote.url).status == 0)
        for arguments in [
            ["checkout", "-q", "-b", "main"], ["add", "-A"], ["-c", "user.name=setup", "-c", "user.email=setup@example.com", "commit", "-q", "-m", "app"],
            ["remote", "add", "origin", remote.path], ["push", "-q", "-u", "origin", "main"],
        ] {
            let run = try Git.process(arguments, in: repository.url)
            #expect(run.status == 0, "git \(arguments): \(run)")
        }
        return (repository, runner, remote)
    }

    static func section(_ heading: String) throws -> String {
        let page = String(decoding: try Data(contentsOf: CIRecipeTests.root.appendingPathComponent("docs/ci.md")), as: UTF8.self)
        return try #require(page.components(separatedBy: heading).dropFirst().first)
    }

    @Test func theGitHubRecordWorkflowCommitsAndPushesTheEvent() throws {
        let workflow = try #require(try CIRecipeTests.yamlBlocks().first { $0.hasPrefix("name: record-toggle-change") })
        #expect(workflow.contains("TOGGLE: ${{ inputs.toggle }}") && workflow.contains("VALUE: ${{ inputs.value }}"), "inputs reach the scripts through env:")
        let steps = CIRecipeTests.githubSteps(workflow)
        #expect(steps.compactMap(\.uses) == ["actions/checkout@v5", "YOUR-ORG/ToggleLedger@v1"])
        let (repository, runner, remote) = try Self.repositoryWithRemote()
        func job(toggle: String, value: String) throws -> [TogglesBinary.Run] {
            let environment = CIRecipeTests.environment(runner, ["TOGGLE": toggle, "VALUE": value, "GITHUB_RUN_ID": "4242", "GITHUB_ACTIONS": "true", "GITHUB_ACTOR": "mei"])
            var runs: [TogglesBinary.Run] = []
            for script in steps.compactMap(\.run) {
                runs.append(try Subprocess.run("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], in: repository.url, environment: environment))
                if runs.last!.status != 0 { break }
            }
            return runs
        }
        let runs = try job(toggle: "isRoundedAvatar", value: "true")
        #expect(runs.map(\.status) == [0, 0], "\(runs)")
        let pushed = try Git.process(["log", "-1", "--format=%s%n%an", "main"], in: remote.url)
        #expect(pushed.stdout == "toggles: isRoundedAvatar → true\ntoggles-bot\n", "\(pushed)")
        let files = try Git.process(["show", "--name-only", "--format=", "main"], in: remote.url).stdout
        #expect(files.contains("events/") && files.contains(".jsonl"), "\(files)")
        // A value typed into the form is data: the shell never runs it.
        let hostile = try job(toggle: "x\"; touch pwned; \"", value: "$(touch pwned2)")
        #expect(hostile.first?.status == 65, "\(hostile)")
        #expect(!FileManager.default.fileExists(atPath: repository.file("pwned").path) && !FileManager.default.fileExists(atPath: repository.file("pwned2").path))
    }

    @Test func theGitLabRecordJobSetsAGitIdentityAndPushes() throws {
        let job = try #require(try CIRecipeTests.yamlBlocks().first { $0.hasPrefix("record-toggle-change:") })
        let (script, _) = CIRecipeTests.gitlabJob(job)
        let commands = script.filter { !CIRecipeTests.isBuildingToggleLedger($0) && !$0.hasPrefix("export PATH=") }
        #expect(commands.count == 4, "\(commands)")
        let (repository, runner, remote) = try Self.repositoryWithRemote()
        // The job's https push URL, sent to the local bare repository instead.
        let environment = CIRecipeTests.environment(
            runner,
            [
                "TOGGLE": "isRoundedAvatar", "VALUE": "true", "CI_PIPELINE_ID": "77", "GITLAB_CI": "true", "GITLAB_USER_EMAIL": "mei@example.com",
                "CI_SERVER_HOST": "gitlab.example.com", "CI_PROJECT_PATH": "moments/app", "PUSH_TOKEN": "secret", "CI_COMMIT_REF_NAME": "main",
                "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "url.\(remote.path).insteadOf", "GIT_CONFIG_VALUE_0": "https://oauth2:secret@gitlab.example.com/moments/app.git",
            ])
        let run = try Subprocess.run(
            "/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", commands.joined(separator: "\n")], in: repository.url, environment: environment)
        #expect(run.status == 0, "\(run)")
        let pushed = try Git.process(["log", "-1", "--format=%s%n%ae", "main"], in: remote.url)
        #expect(pushed.stdout == "toggles: isRoundedAvatar → true\ntoggles-bot@gitlab.example.com\n", "\(pushed)")
    }
}
