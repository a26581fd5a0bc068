import Foundation
import Testing
import ToggleLedger

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
            case "with":
                for entry in block {
                    let parts = entry.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    if parts.count == 2 { steps[steps.count - 1].with[parts[0]] = parts[1] }
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

    @Test func theGitHubWorkflowRunsAsWritten() throws {
        let workflow = try #require(try Self.yamlBlocks().first { $0.contains("toggles check --format github") })
        let steps = Self.githubSteps(workflow)
        #expect(steps.compactMap(\.uses) == ["actions/checkout@v4", "github/codeql-action/upload-sarif@v3"])
        let (repository, runner) = try Self.repository()
        let environment = Self.environment(runner, [
            "GITHUB_STEP_SUMMARY": runner.file("step-summary.md").path, "GITHUB_PATH": runner.file("github-path").path,
            "RUNNER_TEMP": runner.path, "GITHUB_WORKSPACE": repository.path, "GITHUB_ACTIONS": "true",
        ])
        var ran: [(name: String, run: TogglesBinary.Run)] = []
        for step in steps {
            if let uses = step.uses, uses.hasPrefix("github/codeql-action/upload-sarif") {
                let file = try #require(step.with["sarif_file"])
                let sarif = try JSONParser.parse(try repository.read(file))
                #expect(sarif.objectValue?["version"] == .string("2.1.0"), "upload-sarif gets SARIF 2.1.0")
                continue
            }
            guard let script = step.run else { continue }
            if Self.isBuildingToggleLedger(script) { continue }  // replaced by the binary on PATH
            // GitHub's default shell on Linux runners.
            let run = try Subprocess.run("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], in: repository.url, environment: environment)
            ran.append((step.name ?? script, run))
            if run.status != 0 { break }  // a failed step ends the job
        }
        #expect(ran.count == 2, "the SARIF step and the gate: \(ran.map(\.name))")
        #expect(ran.first?.run.status == 0, "\(ran.first?.run as Any)")
        let gate = try #require(ran.last?.run)
        #expect(gate.status == 1, "stale toggles fail the job: \(gate)")
        #expect(gate.stdout.contains("::error file=Sources/App/Toggles.swift,line=4,col=10,title=Stale toggle isRoundedAvatar%3A expired::"), "\(gate.stdout)")
        #expect(gate.stdout.contains("::error file=Sources/App/Onboarding.swift,line=7,"))
        #expect(try runner.read("step-summary.md").hasPrefix("\n<!-- toggles-report -->\n### Toggle report\n"))
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

    @Test(.enabled(if: Python.has(module: "yaml"), "python3 with PyYAML is missing: the YAML cross-check is skipped"))
    func aYAMLParserReadsTheSameCommands() throws {
        let directory = try TemporaryDirectory()
        for (index, block) in try Self.yamlBlocks().enumerated() where block.contains("toggles check --format github") || block.contains("codequality:") {
            try directory.write("block\(index).yml", block)
            let parsed = try Python.run("""
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
