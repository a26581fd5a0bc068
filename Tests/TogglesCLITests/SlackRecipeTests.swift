import Foundation
import Testing
import ToggleLedger
import TestSupport

/// docs/ci.md's Slack recipe runs as written: its shell lines and the `run:` steps of its
/// scheduled GitHub Actions job post `toggles due --format slack` to a webhook — here a local
/// server standing in for Slack's, which records what it was sent.
@Suite struct SlackRecipeTests {
    static let hasTools = AnalyticsDocumentationTests.succeeds("command -v python3 && command -v curl")

    /// The section of docs/ci.md on Slack: its `sh` block and its workflow's steps after the build.
    static func recipe() throws -> (shell: String, steps: [String], workflow: String) {
        let page = try String(contentsOf: AnalyticsDocumentationTests.root.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let section =
            try #require(page.components(separatedBy: "\n## Post what comes due to Slack every week\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        func block(_ language: String) throws -> String {
            let start = try #require(section.components(separatedBy: "```\(language)\n").dropFirst().first)
            return start.components(separatedBy: "\n```").first ?? ""
        }
        let workflow = try block("yaml")
        // The steps after the Action that installs toggles (the test's binary is on PATH).
        let steps = CIRecipeTests.githubSteps(workflow).compactMap { $0.run?.trimmingCharacters(in: .newlines) }
        return (try block("sh"), steps, workflow)
    }

    /// A webhook on a free local port that accepts `count` POSTs, saving each body to `bodies/N.json`.
    final class Webhook {
        let process = Process()
        let port: Int
        let directory: TemporaryDirectory

        init(requests count: Int) throws {
            directory = try TemporaryDirectory("webhook")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                """
                import http.server, sys, os
                count = 0
                class Hook(http.server.BaseHTTPRequestHandler):
                    def do_POST(self):
                        global count
                        body = self.rfile.read(int(self.headers["Content-Length"]))
                        with open(os.path.join(sys.argv[1], f"{count}.json"), "wb") as f: f.write(body)
                        with open(os.path.join(sys.argv[1], f"{count}.type"), "w") as f: f.write(self.headers["Content-Type"] or "")
                        count += 1
                        self.send_response(200); self.send_header("Content-Type", "text/plain"); self.end_headers(); self.wfile.write(b"ok")
                    def log_message(self, *args): pass
                server = http.server.HTTPServer(("127.0.0.1", 0), Hook)
                print(server.server_port, flush=True)
                while count < int(sys.argv[2]): server.handle_request()
                """, directory.path, String(count),
            ]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
            port = Int(String(decoding: line, as: UTF8.self)) ?? 0
        }

        func body(_ index: Int) throws -> String { try directory.read("\(index).json") }
        func contentType(_ index: Int) throws -> String { try directory.read("\(index).type") }

        deinit { if process.isRunning { process.terminate() } }
    }

    @Test(.tags(.python), .enabled(if: hasTools, "python3 or curl is not installed: the Slack recipe of docs/ci.md needs both to run"))
    func theRecipePostsTheDueListToTheWebhook() throws {
        let (shell, steps, workflow) = try Self.recipe()
        #expect(workflow.contains("cron: ") && workflow.contains("SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}"))
        #expect(steps.count == 2 && steps[0].hasPrefix("toggles due ") && steps[1].hasPrefix("curl "), "\(steps)")
        #expect(workflow.contains("uses: YOUR-ORG/ToggleLedger@v1"), "the job installs toggles with the Action")

        // A repository with a log and Swift sources to scan; toggles on PATH, as the Action leaves it.
        let repository = try directoryWithFixtureLog()
        try repository.write("Sources/App/Flags.swift", "enum RemoteToggle: String {\n    case partialExperiment\n}\n")
        let tools = try TemporaryDirectory("tools")
        try FileManager.default.createSymbolicLink(at: tools.file("toggles"), withDestinationURL: TogglesBinary.url)

        let webhook = try Webhook(requests: 2)
        #expect(webhook.port > 0)
        var environment = TogglesBinary.cleanEnvironment(["SLACK_WEBHOOK_URL": "http://127.0.0.1:\(webhook.port)/services/T000/B000/XXXX"])
        environment["PATH"] = tools.path + ":" + (environment["PATH"] ?? "")
        for (index, script) in [shell, steps.joined(separator: "\n")].enumerated() {
            let run = try Subprocess.run("/bin/bash", ["-e", "-o", "pipefail", "-c", script], in: repository.url, environment: environment, timeout: 120)
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == "ok", "curl prints Slack's answer: \(run)")
            let body = try webhook.body(index)
            #expect(try webhook.contentType(index) == "application/json")
            // What was posted is the payload the command printed, and Block Kit JSON.
            #expect(body == (try repository.read("due.json")))
            let payload = try #require(try JSONParser.parse(body).objectValue)
            #expect(payload["text"]?.stringValue?.hasSuffix("overdue") == true, "\(body)")
            #expect((payload["blocks"]?.arrayValue?.count ?? 0) >= 3)
        }
        webhook.process.waitUntilExit()
    }
}
