import Foundation
import Testing
import ToggleLedger
import TestSupport

/// A git repository like an app's: `events/` written by the CLI, Swift sources under `App/`
/// that still use a removed toggle and declare two the log never created, one of them in a
/// file whose name and raw value carry `,`, `:` and `%`. Commands run in `App/`, so every path
/// the CI formats print must be made relative to the repository root.
enum CIRepository {
    static let now = ["--now", "2026-03-15"]

    static func make() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try #require(try Git.process(["init", "-q", "."], in: directory.url).status == 0)
        try SwiftSideLog.copyFixture("reportAndCheckWithScan", into: directory)
        try directory.write(
            "App/Odd, name: 100%.swift",
            """
            import ToggleKit

            enum InternalToggle: String, ToggleType {
                case isOdd = "odd,name:100%"
            }
            """)
        try SwiftSideLog.make(in: directory)
        return directory
    }

    /// `toggles arguments… --log ../events --scan .` in `App/`.
    static func run(_ arguments: [String], in directory: TemporaryDirectory, environment: [String: String] = TogglesBinary.cleanEnvironment()) throws -> TogglesBinary.Run {
        toggles(arguments + now + ["--log", "../events", "--scan", "."], in: directory.file("App"), environment: environment)
    }
}

@Suite struct CIFormatTests {
    static let extensions = ["github": "github.txt", "junit": "junit.xml", "gitlab": "gitlab.json", "sarif": "sarif"]

    @Test(arguments: ["github", "junit", "gitlab"])
    func reportAndCheckMatchTheirGoldenFiles(format: String) throws {
        let directory = try directoryWithFixtureLog()
        let report = toggles(["report", "--now", fixtureNow, "--format", format], in: directory.url)
        #expect(report.status == 0, "\(report)")
        try assertSnapshot(report.stdout, named: "report.\(Self.extensions[format]!)")
        #expect(report.stderr == "toggles: warning: category \"beta\" of betaThing is not in the policy; treated as release (30 days)\n")
        let check = toggles(["check", "--now", fixtureNow, "--format", format, "--fail-on", "expired,launched"], in: directory.url)
        #expect(check.status == 1, "\(check)")
        try assertSnapshot(check.stdout, named: "check.\(Self.extensions[format]!)")
    }

    @Test(arguments: ["github", "junit", "gitlab", "sarif"])
    func withAScanFromASubdirectoryPathsAreRelativeToTheRepositoryRoot(format: String) throws {
        let directory = try CIRepository.make()
        let run = try CIRepository.run(["check", "--format", format], in: directory)
        #expect(run.status == 1, "\(run)")
        try assertSnapshot(run.stdout, named: "check-scan.\(Self.extensions[format]!)")
        #expect(!run.stdout.contains("../"), "a path relative to the working directory")
        #expect(run.stdout.contains("App/Toggles.swift"))
        // A stale toggle the code declares is located there; its log line stays in the failure and the related location.
        #expect(run.stdout.contains("events/2026/") == (format == "junit" || format == "sarif"))
    }

    @Test func aPassingCheckIsExit0WithNoErrorAnnotation() throws {
        let directory = try directoryWithFixtureLog()
        let run = toggles(["check", "--now", fixtureNow, "--format", "github", "--max-stale", "3"], in: directory.url)
        #expect(run.status == 0, "\(run)")
        #expect(!run.stdout.contains("::error"))
        #expect(
            run.stdout.hasSuffix(
                "check passed: 3 stale toggles, within --max-stale 3 (counting expired, over-lifetime, launched, over-extended, retire-remote, conflict; as of 2026-11-22T00:00:00Z)\n"
            ))
    }

    @Test func aLogThatCannotBeReadIsAnErrorAnnotationAtItsLine() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "events/2026/broken.jsonl",
            #"{"schema":1,"id":"a","at":"2026-01-01T00:00:00Z","type":"created","toggle":"x","actor":"ci","kind":"local","valueType":"bool","default":false,"category":"release","owner":"ci","description":"x"}"#
                + "\n{not json\n")
        let run = toggles(["check", "--now", fixtureNow, "--format", "github"], in: directory.url)
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout.hasPrefix("::error file=events/2026/broken.jsonl,line=2,title=toggles check failed::events/2026/broken.jsonl:2: "), "\(run.stdout)")
        #expect(run.stderr.contains("toggles: error: events/2026/broken.jsonl:2: "))
        // Without a line to point at, the annotation has no file; other formats print none.
        let missing = toggles(["check", "--now", fixtureNow, "--format", "github", "--log", "nowhere"], in: directory.url)
        #expect(missing.status == 2)
        #expect(
            missing.stdout == "::error title=toggles check failed::log directory nowhere does not exist (create it with `toggles create`, or pass --log DIR)\n", "\(missing.stdout)"
        )
        let text = toggles(["check", "--now", fixtureNow, "--log", "nowhere"], in: directory.url)
        #expect(text.status == 2 && text.stdout.isEmpty)
        // From a subfolder of a repository, the file is relative to the root, as GitHub wants.
        try FileManager.default.createDirectory(at: directory.file(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.file("App"), withIntermediateDirectories: true)
        let nested = toggles(["check", "--now", fixtureNow, "--format=github", "--log", "../events"], in: directory.file("App"))
        #expect(nested.stdout.hasPrefix("::error file=events/2026/broken.jsonl,line=2,"), "\(nested.stdout)")
        // A command line that does not parse is a failure too.
        let unknown = toggles(["check", "--format", "github", "--bogus"], in: directory.url)
        #expect(unknown.status == 64 && unknown.stdout.hasPrefix("::error title=toggles check failed::unknown option"), "\(unknown)")
    }

    @Test func junitHasATestCasePerLiveToggleAndAFailurePerStaleOne() throws {
        let directory = try directoryWithFixtureLog()
        let json = try JSONParser.parse(TestSupport.toggles(["report", "--now", fixtureNow, "--format", "json"], in: directory.url).stdout)
        let toggles = json.objectValue?["toggles"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let run = TestSupport.toggles(["check", "--now", fixtureNow, "--format", "junit", "--fail-on", "expired,launched"], in: directory.url)
        let root = try ParsedXML.parse(run.stdout)
        #expect(root.name == "testsuites")
        let cases = root.all("testcase")
        #expect(cases.map { $0.attributes["name"] } == toggles.map { $0["name"]?.stringValue })
        for (test, toggle) in zip(cases, toggles) {
            let codes = toggle["reasons"]?.arrayValue?.compactMap { $0.objectValue?["code"]?.stringValue } ?? []
            let failure = test.children.first { $0.name == "failure" }
            let skipped = test.children.first { $0.name == "skipped" }
            if codes.isEmpty {
                #expect(failure == nil && skipped == nil)
            } else if codes.contains("expired") || codes.contains("launched") {
                #expect(failure?.attributes["type"] == codes.joined(separator: ","))
                for reason in toggle["reasons"]?.arrayValue ?? [] {
                    let message = reason.objectValue?["message"]?.stringValue ?? ""
                    #expect(failure?.text.contains(message) == true, "\(message)")
                }
            } else {
                #expect(skipped?.attributes["message"] == "stale only for reasons outside --fail-on: over-lifetime")
            }
        }
        let suite = try #require(root.children.first)
        #expect(suite.attributes["tests"] == "7" && suite.attributes["failures"] == "2" && suite.attributes["skipped"] == "1")
        #expect(root.attributes["failures"] == "2")
    }

    @Test(.tags(.python), .enabled(if: Python.executable != nil, "python3 is not installed: the second XML parser is skipped"))
    func junitParsesWithPythonsXMLParserToo() throws {
        let directory = try CIRepository.make()
        let run = try CIRepository.run(["check", "--format", "junit"], in: directory)
        try directory.write("junit.xml", run.stdout)
        let parsed = try Python.run(
            """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            print(root.tag, len(root.findall('.//testcase')), len(root.findall('.//failure')))
            """, [directory.file("junit.xml").path], in: directory.url)
        #expect(parsed.status == 0, "\(parsed)")
        #expect(parsed.stdout == "testsuites 10 4\n", "7 live toggles, 1 stale; 3 code findings, all failing")
    }

    @Test(.tags(.python), .enabled(if: Python.has(module: "jsonschema"), "python3 with jsonschema is missing: schema validation is skipped"))
    func gitlabAndSARIFValidateAgainstTheirSchemas() throws {
        let directory = try CIRepository.make()
        for (format, schema) in [("gitlab", "gitlab-code-quality.schema.json"), ("sarif", "sarif-schema-2.1.0.json")] {
            for command in ["report", "check"] {
                let run = try CIRepository.run([command, "--format", format], in: directory)
                try directory.write("\(command).\(format).json", run.stdout)
                let validation = try Python.validate(directory.file("\(command).\(format).json"), schema: ciSchema(schema))
                #expect(validation.status == 0, "\(command) --format \(format): \(validation)")
            }
        }
    }

    @Test func gitlabIssuesHaveWhatTheWidgetNeeds() throws {
        let directory = try CIRepository.make()
        let run = try CIRepository.run(["report", "--format", "gitlab"], in: directory)
        let issues = try #require(try JSONParser.parse(run.stdout).arrayValue).compactMap(\.objectValue)
        #expect(issues.count == 5, "isRoundedAvatar expired; 2 sites of isOldOnboarding, isUnrecorded, odd")
        for issue in issues {
            for key in ["description", "check_name", "fingerprint", "severity"] {
                #expect(issue[key]?.stringValue?.isEmpty == false, "\(key) in \(issue)")
            }
            let path = issue["location"]?.objectValue?["path"]?.stringValue ?? ""
            #expect(!path.isEmpty && !path.hasPrefix("/") && !path.hasPrefix("."), "\(path)")
            #expect(FileManager.default.fileExists(atPath: directory.file(path).path), "\(path) is not in the repository")
            #expect((Int(issue["location"]?.objectValue?["lines"]?.objectValue?["begin"]?.number ?? "") ?? 0) >= 1)
        }
        #expect(Set(issues.compactMap { $0["fingerprint"]?.stringValue }).count == issues.count, "GitLab drops issues with a repeated fingerprint")
        let expired = try #require(issues.first { $0["check_name"] == .string("toggles/expired") })
        #expect(expired["severity"] == .string("major"), "the code still declares it")
        #expect(expired["location"]?.objectValue?["path"] == .string("App/Toggles.swift"))
    }

    @Test func sarifHasWhatGitHubCodeScanningRequires() throws {
        let directory = try CIRepository.make()
        let run = try CIRepository.run(["report", "--format", "sarif"], in: directory)
        let document = try #require(try JSONParser.parse(run.stdout).objectValue)
        #expect(document["version"] == .string("2.1.0") && document["$schema"] != nil)
        let runObject = try #require(document["runs"]?.arrayValue?.first?.objectValue)
        #expect(runObject["automationDetails"]?.objectValue?["id"] == .string("toggles/events/"))
        let driver = try #require(runObject["tool"]?.objectValue?["driver"]?.objectValue)
        #expect(driver["name"] == .string("toggles"))
        let rules = driver["rules"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(rules.compactMap { $0["id"]?.stringValue } == StaleReason.Code.allCases.map(\.rawValue))
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help"] {
                #expect(rule[key]?.objectValue?["text"]?.stringValue?.isEmpty == false, "\(key) of \(rule["id"]!)")
            }
        }
        let results = runObject["results"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(results.count == 5)
        for result in results {
            let ruleIndex = Int(result["ruleIndex"]?.number ?? "") ?? -1
            #expect(rules.indices.contains(ruleIndex) && rules[ruleIndex]["id"] == result["ruleId"])
            #expect(result["message"]?.objectValue?["text"]?.stringValue?.isEmpty == false)
            let physical = result["locations"]?.arrayValue?.first?.objectValue?["physicalLocation"]?.objectValue
            let artifact = physical?["artifactLocation"]?.objectValue
            #expect(artifact?["uriBaseId"] == .string("%SRCROOT%"))
            let uri = artifact?["uri"]?.stringValue ?? ""
            let path = try #require(uri.removingPercentEncoding)
            #expect(!uri.contains("://") && FileManager.default.fileExists(atPath: directory.file(path).path), "\(uri)")
            #expect((Int(physical?["region"]?.objectValue?["startLine"]?.number ?? "") ?? 0) >= 1)
            let fingerprint = result["partialFingerprints"]?.objectValue?["toggleReason/v1"]?.stringValue ?? ""
            #expect(!fingerprint.isEmpty)
        }
        let fingerprints = results.compactMap { $0["partialFingerprints"]?.objectValue?["toggleReason/v1"]?.stringValue }
        #expect(Set(fingerprints).count == results.count, "two results with one fingerprint become one alert")
        // A stale toggle the code declares is located there, with its log line related.
        let expired = try #require(results.first { $0["ruleId"] == .string("expired") })
        #expect(expired["locations"]?.arrayValue?.first?.objectValue?["physicalLocation"]?.objectValue?["artifactLocation"]?.objectValue?["uri"] == .string("App/Toggles.swift"))
        let related = expired["relatedLocations"]?.arrayValue?.first?.objectValue?["physicalLocation"]?.objectValue?["artifactLocation"]?.objectValue?["uri"]?.stringValue
        #expect(related?.hasPrefix("events/2026/03/") == true)
    }

    @Test func twoLogsInOneRepositoryUploadUnderTwoCategories() throws {
        let directory = try CIRepository.make()
        try FileManager.default.createDirectory(at: directory.file("apps"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: directory.file("events"), to: directory.file("apps/second-events"))
        func automationID(_ log: String) throws -> JSONValue? {
            let run = toggles(["report", "--format", "sarif", "--log", log] + CIRepository.now, in: directory.url)
            return try JSONParser.parse(run.stdout).objectValue?["runs"]?.arrayValue?.first?.objectValue?["automationDetails"]?.objectValue?["id"]
        }
        #expect(try automationID("events") == .string("toggles/events/"))
        #expect(try automationID("apps/second-events") == .string("toggles/apps/second-events/"))
        // A log outside the repository: its absolute path, one slash after `toggles`.
        let outside = try TemporaryDirectory()
        try FileManager.default.copyItem(at: directory.file("events"), to: outside.file("events"))
        let absolute = outside.file("events").standardizedFileURL.resolvingSymlinksInPath().path
        let id = try #require(try automationID(absolute)?.stringValue)
        #expect(id.hasPrefix("toggles/") && !id.contains("//") && id.hasSuffix("/events/"), "\(id)")
    }
}
