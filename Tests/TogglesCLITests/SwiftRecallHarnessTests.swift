import Foundation
import Testing
import TestSupport

/// Issue 27 §4: `toggles scan` measured on code taken from public apps of different toggle
/// conventions (Fixtures/swiftRecall/<app>: src/, SOURCE.md, truth.json written from the app's
/// idioms before any scan, events.jsonl) by `Scripts/swift-recall.py`, with and without the log.
@Suite struct SwiftRecallHarnessTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Tests/TogglesCLITests/Fixtures/swiftRecall")
    static let hasPython = (try? Subprocess.run("/bin/sh", ["-c", "command -v python3 >/dev/null 2>&1"], in: root).status) == 0

    /// What truth.json holds: the app's toggles and every line a reference must be reported on.
    struct Truth: Decodable {
        struct Toggle: Decodable { var name: String; var key: String? }
        struct Line: Decodable { var at: String; var toggle: String; var kind: String }
        var app: String
        var heldOut: Bool
        var toggles: [Toggle]
        var lines: [Line]
    }

    /// One app's row of `swift-recall.py --json`.
    struct Figures: Decodable {
        var app: String
        var heldOut: Bool
        var truthLines: Int
        var recallWithLog: Double
        var precisionWithLog: Double
        var recallWithoutLog: Double
        var missedWithLog: [String]
        var falseWithLog: [String]
        var missedWithoutLog: [String]
    }

    static var apps: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? [])
            .filter { FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("\($0)/truth.json").path) }
            .sorted()
    }

    static func truth(_ app: String) throws -> Truth {
        try JSONDecoder().decode(Truth.self, from: Data(contentsOf: fixtures.appendingPathComponent("\(app)/truth.json")))
    }

    func harness() throws -> [Figures] {
        let run = try Subprocess.run(
            "/usr/bin/env", ["python3", "Scripts/swift-recall.py", "--toggles", TogglesBinary.url.path, "--json", "--show", "8"],
            in: Self.root, timeout: 300)
        try #require(run.status == 0, "\(run)")
        return try JSONDecoder().decode([Figures].self, from: Data(run.stdout.utf8))
    }

    @Test func theFixturesAreEightAppsOrMoreWithTwoHeldOutEachWithItsSourceAndLicence() throws {
        let apps = Self.apps
        #expect(apps.count >= 8, "issue 27 asks for at least eight apps: \(apps)")
        // At least two: held-out apps join on other branches while earlier ones become tuning apps.
        #expect(try apps.filter { try Self.truth($0).heldOut }.count >= 2, "at least two apps are held out of every tuning step")
        for app in apps {
            let source = try String(contentsOf: Self.fixtures.appendingPathComponent("\(app)/SOURCE.md"), encoding: .utf8)
            for field in ["- Repository: https://github.com/", "- Commit: `", "- Licence: ", "## Files taken"] {
                #expect(source.contains(field), "\(app)/SOURCE.md names \(field)")
            }
        }
    }

    /// Every truth line exists and names its toggle (by a Swift identifier of oracle.json or its
    /// key), so a truth cannot silently drift from its files.
    @Test func everyTruthLineIsALineOfItsAppThatNamesTheToggle() throws {
        for app in Self.apps {
            let truth = try Self.truth(app)
            let oracle = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixtures.appendingPathComponent("\(app)/oracle.json"))) as? [String: Any]
            var spellings: [String: [String]] = [:]
            for toggle in oracle?["toggles"] as? [[String: Any]] ?? [] {
                let name = toggle["name"] as? String ?? ""
                spellings[name] = [name] + (toggle["idents"] as? [String] ?? []) + ([toggle["key"] as? String].compactMap { $0 })
            }
            #expect(!truth.lines.isEmpty, "\(app) has truth lines")
            for line in truth.lines {
                let (path, number) = (String(line.at[..<line.at.lastIndex(of: ":")!]), Int(line.at[line.at.index(after: line.at.lastIndex(of: ":")!)...]) ?? 0)
                let text = try String(contentsOf: Self.fixtures.appendingPathComponent("\(app)/src/\(path)"), encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false)
                try #require(number >= 1 && number <= text.count, "\(app): \(line.at) is a line of the file")
                // An untracked toggle (a line oracle.json includes with its reason, not in the log) names itself.
                #expect(spellings[line.toggle, default: [line.toggle]].contains { text[number - 1].contains($0) }, "\(app): \(line.at) names \(line.toggle): \(text[number - 1])")
            }
        }
    }

    /// Each fixture's events.jsonl is a valid log creating exactly the truth's toggles.
    @Test func everyFixtureLogIsValidAndCreatesTheTruthsToggles() throws {
        for app in Self.apps {
            let directory = Self.fixtures.appendingPathComponent(app)
            let audit = InProcessToggles.run(["audit", "--log", directory.path], in: directory)
            #expect(audit.status == 0, "\(app): \(audit)")
            let truth = try Self.truth(app)
            #expect(audit.stdout.contains("\(truth.toggles.count) toggles"), "\(app): \(audit.stdout)")
        }
    }

    @Test(.tags(.python), .enabled(if: hasPython, "python3 is not installed: Scripts/swift-recall.py (the recall harness) does not run"))
    func theHarnessMeasuresEveryAppWithAndWithoutTheLog() throws {
        let figures = try harness()
        #expect(figures.map(\.app).sorted() == Self.apps.map { try! Self.truth($0).app }.sorted())
        for row in figures {
            #expect(row.truthLines > 0)
            #expect((0...100).contains(row.recallWithLog) && (0...100).contains(row.precisionWithLog) && (0...100).contains(row.recallWithoutLog))
        }
    }

    /// Issue 27's goal on every tuning app: with the log recall and precision ≥ 95%, without a
    /// log (discovery) recall ≥ 90%. The held-out apps are measured (above) but not held to it
    /// here: they are the check that the rules generalise, quoted in docs/swift.md, and a rule
    /// tuned on one would make it a tuning app.
    @Test(.tags(.python), .enabled(if: hasPython, "python3 is not installed: Scripts/swift-recall.py (the recall harness) does not run"))
    func theScannerMeetsIssue27sBoundsOnEveryTuningApp() throws {
        let tuning = try harness().filter { !$0.heldOut }
        #expect(tuning.count >= 8, "issue 27 asks for at least eight apps besides the held-out ones")
        for row in tuning {
            let app = row.app + (row.heldOut ? " (held out)" : "")
            #expect(row.recallWithLog >= 95, "\(app): recall with the log \(row.recallWithLog)%; missed: \(row.missedWithLog)")
            #expect(row.precisionWithLog >= 95, "\(app): precision with the log \(row.precisionWithLog)%; false: \(row.falseWithLog)")
            #expect(row.recallWithoutLog >= 90, "\(app): recall without a log \(row.recallWithoutLog)%; missed: \(row.missedWithoutLog)")
        }
    }
}
