import Foundation
import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
import ToggleLedger

/// Event lines like a real log's, generated from a seed: every type, values of every JSON
/// type, conditions, provenance, escapes and non-ASCII text, unknown fields and types.
package enum EventLogGenerator {
    package static func lines(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        var lines: [String] = []
        var toggles: [(name: String, kind: String, type: String)] = []
        var seconds: Int64 = 1_767_225_600  // 2026-01-01
        let actors = ["ci@example.com", "jake@example.com", "firebase:42", "Zoë <zoe@example.com>", "ops-bot"]
        let texts = ["plain", "with \\\"quotes\\\"", "tab\\there", "unicode: żółw 🐢", "escaped \\u00e9\\u0301", "slash \\/ ok"]
        func value(_ type: String) -> String {
            switch type {
            case "bool": return Bool.random(using: &random) ? "true" : "false"
            case "number": return ["0.33", "1", "-2.5e3", "10", "0", "1E-2", "123456789012345678901234567890"].randomElement(using: &random)!
            case "string": return "\"" + texts.randomElement(using: &random)! + "\""
            default: return ["{\"max\":3}", "[1,2,{\"a\":null}]", "{\"mode\":\"a\",\"n\":[true,false]}", "null", "\"s\""].randomElement(using: &random)!
            }
        }
        for _ in 0..<count {
            seconds += Int64.random(in: 0...90, using: &random)
            let fraction = Int.random(in: 0..<4, using: &random) == 0 ? ".\(Int.random(in: 1...999_999_999, using: &random))" : ""
            let at = Timestamp(secondsSince1970: seconds).description.dropLast() + fraction + "Z"
            let id = EventID.generate(at: Timestamp(secondsSince1970: seconds), using: &random)
            let actor = actors.randomElement(using: &random)!
            var payload: String
            var type: String
            var name: String
            if toggles.count < 5 || Int.random(in: 0..<5, using: &random) == 0 {
                name = ["isRounded", "appColor", "planetScale", "_beta", "x"].randomElement(using: &random)! + String(toggles.count)
                let kind = ["remote", "local", "build"].randomElement(using: &random)!
                let valueType = kind == "remote" ? ["bool", "string", "number", "json"].randomElement(using: &random)! : "bool"
                toggles.append((name, kind, valueType))
                type = "created"
                payload = ",\"kind\":\"\(kind)\",\"valueType\":\"\(valueType)\",\"default\":\(value(valueType)),\"category\":\"release\""
                if Bool.random(using: &random) { payload += ",\"owner\":\"\(actor)\"" }
                if Bool.random(using: &random) { payload += ",\"description\":\"\(texts.randomElement(using: &random)!)\"" }
                if Bool.random(using: &random) { payload += ",\"expires\":\"2027-0\(Int.random(in: 1...9, using: &random))-15\"" }
            } else {
                let toggle = toggles.randomElement(using: &random)!
                name = toggle.name
                switch Int.random(in: 0..<10, using: &random) {
                case 0...3:
                    type = "published"
                    payload = Bool.random(using: &random) ? ",\"value\":\(value(toggle.type))" : ""
                    if Bool.random(using: &random) {
                        payload += ",\"conditions\":[{\"name\":\"Chinese users\",\"expression\":\"device.language in ['zh']\",\"value\":\(value(toggle.type))}"
                        if Bool.random(using: &random) { payload += ",{\"name\":\"Beta\",\"expression\":\"app.userProperty['beta'] == 'true'\",\"note\":1}" }
                        payload += "]"
                    }
                    if Bool.random(using: &random) { payload += ",\"templateVersion\":\"\(Int.random(in: 1...99, using: &random))\"" }
                case 4...6:
                    type = "default-changed"
                    payload = ",\"default\":\(value(toggle.type))"
                case 7:
                    type = "expiry-extended"
                    payload = ",\"expires\":\"2028-01-0\(Int.random(in: 1...9, using: &random))\",\"reason\":\"\(texts.randomElement(using: &random)!)\""
                case 8:
                    type = ["unpublished", "removed", "archived"].randomElement(using: &random)!
                    payload = type == "removed" ? ",\"reason\":\"shipped\"" : ""
                default:
                    type = "default-changed"
                    payload = ",\"default\":\(value(toggle.type)),\"ticket\":\"JIRA-\(Int.random(in: 1...999, using: &random))\""
                }
            }
            if Int.random(in: 0..<6, using: &random) == 0 {
                payload += ",\"source\":{\"ci\":\"github-actions\",\"commit\":\"abc123\",\"run\":\"\(Int.random(in: 1...9999, using: &random))\"}"
            }
            let spaced = Int.random(in: 0..<20, using: &random) == 0
            let separator = spaced ? ", " : ","
            lines.append("{\"schema\":1\(separator)\"id\":\"\(id)\",\"at\":\"\(at)\",\"type\":\"\(type)\",\"toggle\":\"\(name)\",\"actor\":\"\(actor)\"\(payload)}")
        }
        return lines
    }

    /// Writes `lines` as segments the way `toggles append` lays them out: sorted by (at, id),
    /// a few big batches and some small ones.
    package static func writeLog(_ lines: [String], to directory: URL, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let events = lines.map { line -> (OrderKey, String) in
            let event = try! EventCodec.decode(try! JSONParser.parse(line))
            return (event.orderKey, line)
        }
        var segments: [[(OrderKey, String)]] = [[], [], []]
        for event in events {
            if Int.random(in: 0..<10, using: &random) == 0 {
                segments.append([event])
            } else {
                segments[Int.random(in: 0..<3, using: &random)].append(event)
            }
        }
        for (number, segment) in segments.enumerated() where !segment.isEmpty {
            let sorted = segment.sorted { $0.0 < $1.0 }
            let folder = directory.appendingPathComponent("2026/\(number % 3 + 1)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let text = sorted.map(\.1).joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent("segment-\(number).jsonl"))
        }
    }
}
