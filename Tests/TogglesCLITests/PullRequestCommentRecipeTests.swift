import Foundation
import Testing
import TestSupport

/// docs/policy.md's GitHub job posts the Markdown report on the pull request and, on the next
/// run, updates the comment that carries the report's marker: never another tool's comment,
/// which `gh pr comment --edit-last` would overwrite when it is the last one. The job's
/// steps run as written; `gh` is a stand-in that keeps the pull request's comments in a JSON
/// file and answers `--jq` with the real jq.
@Suite struct PullRequestCommentRecipeTests {
    static let hasJQ = AnalyticsDocumentationTests.hasJQ

    /// The stand-in: `gh api …/comments --paginate --jq Q`, `gh api --method PATCH
    /// …/comments/ID -F body=@FILE` and `gh pr comment PR --body-file FILE`.
    static let fakeGH = """
        #!/usr/bin/env python3
        import json, os, subprocess, sys
        store = os.environ["FAKE_GH_COMMENTS"]
        comments = json.load(open(store))
        args = sys.argv[1:]
        def save(): json.dump(comments, open(store, "w"))
        if args[:2] == ["pr", "comment"]:
            body = open(args[args.index("--body-file") + 1]).read()
            comments.append({"id": 100 + len(comments), "user": {"login": "github-actions[bot]"}, "body": body}); save()
        elif args[0] == "api" and "--method" in args:
            path = [a for a in args if a.startswith("repos/")][0]
            body = open(args[args.index("-F") + 1].split("=@", 1)[1]).read()
            for comment in comments:
                if path.endswith("/comments/%d" % comment["id"]): comment["body"] = body
            save(); print("{}")
        elif args[0] == "api":
            query = args[args.index("--jq") + 1]
            sys.stdout.write(subprocess.run(["jq", "-r", query], input=json.dumps(comments), capture_output=True, text=True, check=True).stdout)
        else:
            sys.exit("fake gh: unexpected " + " ".join(args))
        """

    @Test(.tags(.jq), .enabled(if: hasJQ, "jq (or python3) is not installed: the pull-request comment recipe is not run"))
    func theCommentWithTheMarkerIsUpdatedAndAnotherToolsIsLeftAlone() throws {
        let page = String(decoding: try Data(contentsOf: CIRecipeTests.root.appendingPathComponent("docs/policy.md")), as: UTF8.self)
        let workflow = try #require(page.components(separatedBy: "```yaml\n").dropFirst().first { $0.contains("name: Stale toggles") })
        let steps = CIRecipeTests.githubSteps(workflow.components(separatedBy: "\n```")[0])
        let check = try #require(steps.first { $0.name == "Check stale toggles" }?.run)
        let comment = try #require(steps.first { $0.name == "Comment on the pull request" })
        #expect(!(comment.run ?? "").contains("--edit-last"))

        let (repository, runner) = try CIRecipeTests.repository()
        try runner.write("bin/gh", Self.fakeGH)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: runner.file("bin/gh").path)
        // Another bot commented last, as the same GitHub Actions user.
        let other = #"[{"id": 7, "user": {"login": "github-actions[bot]"}, "body": "<!-- coverage -->\nCoverage 81%"}]"#
        try runner.write("comments.json", other)
        let environment = CIRecipeTests.environment(
            runner,
            [
                "GITHUB_OUTPUT": runner.file("output").path, "GITHUB_STEP_SUMMARY": runner.file("summary.md").path,
                "GITHUB_REPOSITORY": "moments/app", "FAKE_GH_COMMENTS": runner.file("comments.json").path,
                "GH_TOKEN": "token", "PR": "12",
            ])
        func runStep(_ script: String) throws {
            let run = try Subprocess.run("/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], in: repository.url, environment: environment)
            #expect(run.status == 0, "\(run)")
        }
        func comments() throws -> [(id: Int, body: String)] {
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: runner.file("comments.json"))) as? [[String: Any]])
                .map { ($0["id"] as? Int ?? 0, $0["body"] as? String ?? "") }
        }
        try runStep(check)
        try runStep(try #require(comment.run))
        var posted = try comments()
        #expect(posted.count == 2 && posted[0].body == "<!-- coverage -->\nCoverage 81%", "\(posted)")
        #expect(posted[1].body.contains("<!-- toggles-report -->"))
        // The next run: the report's comment is updated in place, the other tool's kept.
        try repository.write("Sources/App/Extra.swift", "// a new commit\n")
        try runStep(check)
        try runStep(try #require(comment.run))
        posted = try comments()
        #expect(posted.count == 2, "\(posted)")
        #expect(posted[0].body == "<!-- coverage -->\nCoverage 81%")
        #expect(posted[1].id == 101 && posted[1].body.contains("<!-- toggles-report -->"))
    }
}
