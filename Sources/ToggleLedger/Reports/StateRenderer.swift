import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
import Dispatch

/// Renders the state of all toggles (`toggles state`).
package enum StateRenderer {
    public static func text(_ toggles: [ToggleState], asOf: Timestamp, supportedVersions: SupportedVersions = SupportedVersions()) -> String {
        var table = TextTable(headers: ["NAME", "KIND", "TYPE", "DEFAULT", "REMOTE", "CATEGORY", "OWNER", "CREATED", "STAGE", "SINCE"])
        for toggle in toggles {
            table.rows.append([
                toggle.name, toggle.kind.rawValue, toggle.valueType.rawValue, ValueText.describe(toggle.defaultValue),
                ValueText.describe(toggle.remote), toggle.definition.category, toggle.definition.owner ?? "—",
                toggle.createdAt.date.description, toggle.stage.rawValue, toggle.stageSince.date.description,
            ])
        }
        let live = toggles.filter(\.isLive).count
        var notes = ""
        for toggle in toggles where toggle.awaitsRetirement {
            let version = toggle.removedInAppVersion!
            notes += "\(TerminalText.sanitize(toggle.name)): removed from the code in \(version), still served to app versions before \(version)"
            if let due = toggle.retirementDue(supportedVersions) {
                notes += "; no supported version reads it since \(due.date): retire it\n"
            } else {
                notes += "\n"
            }
        }
        if let minimum = supportedVersions.minimum, let since = supportedVersions.since {
            notes += "minimum supported app version: \(minimum) (since \(since.date))\n"
        }
        return table.render() + "\n" + notes + "\(live) live, \(toggles.count - live) removed, as of \(asOf)\n"
    }

    public static func json(_ toggles: [ToggleState], asOf: Timestamp, supportedVersions: SupportedVersions = SupportedVersions()) -> String {
        var text = ""
        writeJSON(toggles, asOf: asOf, supportedVersions: supportedVersions) { text += $0 }
        return text
    }

    /// Toggles rendered per piece of output (about 200 KB of JSON).
    private static let blockSize = 256

    /// ``json(_:asOf:)`` in pieces, so a large state is never held twice.
    public static func writeJSON(
        _ toggles: [ToggleState], asOf: Timestamp, supportedVersions: SupportedVersions = SupportedVersions(),
        conflicts: [Conflict] = [], to write: (String) -> Void
    ) {
        // The same bytes JSONWriter.pretty gives for {"asOf": …, "toggles": […]}, one toggle at a time.
        var output = OutputBuffer(capacity: 1 << 16)
        output.append("{\n  \"asOf\": ")
        output.appendJSONString(asOf.description)
        output.append(",\n  \"toggles\": ")
        if toggles.isEmpty {
            output.append("[]")
        } else {
            output.append("[\n")
            if toggles.count < 4 * blockSize {
                for start in stride(from: 0, to: toggles.count, by: blockSize) {
                    render(toggles, start..<min(start + blockSize, toggles.count), to: &output)
                    write(String(decoding: output.bytes, as: UTF8.self))
                    output.removeAll()
                }
            } else {
                // A big state (a replay of millions of events ends with tens of thousands of
                // toggles) renders two blocks at a time on two threads, written in order; only
                // those two blocks are held.
                write(String(decoding: output.bytes, as: UTF8.self))
                output.removeAll()
                let pair = BlockPair()
                for start in stride(from: 0, to: toggles.count, by: 2 * blockSize) {
                    let second = min(start + blockSize, toggles.count)
                    let end = min(second + blockSize, toggles.count)
                    DispatchQueue.concurrentPerform(iterations: 2) { half in
                        if half == 0 {
                            pair.first.removeAll()
                            render(toggles, start..<second, to: &pair.first)
                        } else {
                            pair.second.removeAll()
                            render(toggles, second..<end, to: &pair.second)
                        }
                    }
                    write(String(decoding: pair.first.bytes, as: UTF8.self))
                    if pair.second.count > 0 { write(String(decoding: pair.second.bytes, as: UTF8.self)) }
                }
            }
            output.append("  ]")
        }
        // The log-wide state: the oldest supported app version (null: every version).
        output.append(",\n  \"minimumSupportedVersion\": ")
        if let minimum = supportedVersions.minimum { output.appendJSONString(minimum.text) } else { output.append("null") }
        // Open conflicts, only when there are any (a log without them prints as it always did).
        if !conflicts.isEmpty {
            let list = JSONValue.array(
                conflicts.map { conflict in
                    .object(JSONObject([.init("toggle", .string(conflict.toggle))] + StaleJSONRenderer.conflictObject(conflict).members))
                })
            output.append(",\n  \"conflicts\": ")
            output.append(JSONWriter.pretty(list).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  "))
        }
        output.append("\n}\n")
        write(String(decoding: output.bytes, as: UTF8.self))
    }

    /// The elements of the `toggles` array at `positions`, each followed by its separator.
    private static func render(_ toggles: [ToggleState], _ positions: Range<Int>, to output: inout OutputBuffer) {
        for position in positions {
            output.append("    ")
            writePretty(toggles[position], indent: 2, to: &output)
            output.append(position < toggles.count - 1 ? ",\n" : "\n")
        }
    }

    /// Two blocks of output, each written by one thread of a `concurrentPerform`.
    private final class BlockPair: @unchecked Sendable {
        package var first = OutputBuffer(capacity: 1 << 18)
        package var second = OutputBuffer(capacity: 1 << 18)
    }

    /// Writes exactly what `JSONWriter.writePretty(.object(object(for: toggle)), indent:)`
    /// writes, without building the object: a large state prints 30,000 of them.
    package static func writePretty(_ toggle: ToggleState, indent: Int, to output: inout OutputBuffer) {
        var object = PrettyObjectWriter(indent: indent)
        let definition = toggle.definition
        object.string("name", toggle.name, &output)
        object.string("kind", definition.kind.rawValue, &output)
        object.string("category", definition.category, &output)
        object.string("type", definition.valueType.rawValue, &output)
        object.value("default", definition.defaultValue, &output)
        if let remote = toggle.remote {
            object.key("remote", &output)
            var inner = PrettyObjectWriter(indent: indent + 1)
            inner.value("value", remote.value ?? .null, &output)
            inner.literal("useInAppDefault", remote.value == nil ? "true" : "false", &output)
            inner.key("conditions", &output)
            if remote.conditions.isEmpty {
                output.append("[]")
            } else {
                output.append(UInt8(ascii: "["))
                for (position, condition) in remote.conditions.enumerated() {
                    output.append(0x0A)
                    output.appendIndent(indent + 3)
                    var element = PrettyObjectWriter(indent: indent + 3)
                    element.string("name", condition.name, &output)
                    element.string("expression", condition.expression, &output)
                    element.value("value", condition.value ?? .null, &output)
                    element.literal("useInAppDefault", condition.value == nil ? "true" : "false", &output)
                    element.end(&output)
                    if position < remote.conditions.count - 1 { output.append(UInt8(ascii: ",")) }
                }
                output.append(0x0A)
                output.appendIndent(indent + 2)
                output.append(UInt8(ascii: "]"))
            }
            inner.optionalString("templateVersion", remote.templateVersion, &output)
            inner.optionalTimestamp("publishedAt", toggle.remotePublishedAt, &output)
            inner.end(&output)
        } else {
            object.literal("remote", "null", &output)
        }
        object.optionalString("owner", definition.owner, &output)
        object.optionalString("description", definition.description, &output)
        object.optionalString("expires", definition.expires?.description, &output)
        object.timestamp("createdAt", toggle.createdAt, &output)
        object.string("createdBy", toggle.createdBy, &output)
        object.timestamp("updatedAt", toggle.updatedAt, &output)
        object.optionalTimestamp("removedAt", toggle.removedAt, &output)
        object.optionalString("removalReason", toggle.removalReason, &output)
        object.optionalString("removedInAppVersion", toggle.removedInAppVersion?.text, &output)
        object.string("stage", toggle.stage.rawValue, &output)
        object.timestamp("stageSince", toggle.stageSince, &output)
        object.key("events", &output)
        output.append(String(toggle.eventCount))
        object.end(&output)
    }

    /// The JSON form of one toggle, shared by every JSON output that lists toggles.
    public static func object(for toggle: ToggleState) -> JSONObject { toggle.jsonObject }
}

/// Writes a non-empty JSON object member by member, as `JSONWriter.writePretty` lays it out.
private struct PrettyObjectWriter {
    package let indent: Int
    private var first = true

    init(indent: Int) { self.indent = indent }

    package mutating func key(_ name: StaticString, _ output: inout OutputBuffer) {
        output.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
        output.append(0x0A)
        first = false
        output.appendIndent(indent + 1)
        output.append(UInt8(ascii: "\""))
        output.append(name)
        output.append("\": ")
    }

    package mutating func string(_ name: StaticString, _ value: String, _ output: inout OutputBuffer) {
        key(name, &output)
        output.appendJSONString(value)
    }

    package mutating func optionalString(_ name: StaticString, _ value: String?, _ output: inout OutputBuffer) {
        if let value { string(name, value, &output) } else { literal(name, "null", &output) }
    }

    /// An instant as a JSON string, formatted in place (RFC 3339 needs no escapes).
    package mutating func timestamp(_ name: StaticString, _ value: Timestamp, _ output: inout OutputBuffer) {
        key(name, &output)
        output.append(UInt8(ascii: "\""))
        value.writeDescription(to: &output)
        output.append(UInt8(ascii: "\""))
    }

    package mutating func optionalTimestamp(_ name: StaticString, _ value: Timestamp?, _ output: inout OutputBuffer) {
        if let value { timestamp(name, value, &output) } else { literal(name, "null", &output) }
    }

    package mutating func literal(_ name: StaticString, _ text: StaticString, _ output: inout OutputBuffer) {
        key(name, &output)
        output.append(text)
    }

    package mutating func value(_ name: StaticString, _ value: JSONValue, _ output: inout OutputBuffer) {
        key(name, &output)
        output.appendJSONPretty(value, indent: indent + 1)
    }

    package func end(_ output: inout OutputBuffer) {
        output.append(0x0A)
        output.appendIndent(indent)
        output.append(UInt8(ascii: "}"))
    }
}
