import Dispatch

/// Renders the state of all toggles (`toggles state`).
public enum StateRenderer {
    public static func text(_ toggles: [ToggleState], asOf: Timestamp) -> String {
        var table = TextTable(headers: ["NAME", "KIND", "TYPE", "DEFAULT", "REMOTE", "CATEGORY", "OWNER", "CREATED", "STAGE", "SINCE"])
        for toggle in toggles {
            table.rows.append([
                toggle.name, toggle.kind.rawValue, toggle.valueType.rawValue, ValueText.describe(toggle.defaultValue),
                ValueText.describe(toggle.remote), toggle.definition.category, toggle.definition.owner ?? "—",
                toggle.createdAt.date.description, toggle.stage.rawValue, toggle.stageSince.date.description,
            ])
        }
        let live = toggles.filter(\.isLive).count
        return table.render() + "\n\(live) live, \(toggles.count - live) removed, as of \(asOf)\n"
    }

    public static func json(_ toggles: [ToggleState], asOf: Timestamp) -> String {
        var text = ""
        writeJSON(toggles, asOf: asOf) { text += $0 }
        return text
    }

    /// Toggles rendered per piece of output (about 200 KB of JSON).
    private static let blockSize = 256

    /// ``json(_:asOf:)`` in pieces, so a large state is never held twice.
    public static func writeJSON(_ toggles: [ToggleState], asOf: Timestamp, to write: (String) -> Void) {
        // The same bytes JSONWriter.pretty gives for {"asOf": …, "toggles": […]}, one toggle at a time.
        var output: [UInt8] = []
        output.reserveCapacity(1 << 16)
        output.append(contentsOf: "{\n  \"asOf\": ".utf8)
        JSONWriter.writeString(asOf.description, to: &output)
        output.append(contentsOf: ",\n  \"toggles\": ".utf8)
        if toggles.isEmpty {
            output.append(contentsOf: "[]".utf8)
        } else {
            output.append(contentsOf: "[\n".utf8)
            if toggles.count < 4 * blockSize {
                for start in stride(from: 0, to: toggles.count, by: blockSize) {
                    render(toggles, start..<min(start + blockSize, toggles.count), to: &output)
                    write(String(decoding: output, as: UTF8.self))
                    output.removeAll(keepingCapacity: true)
                }
            } else {
                // A big state (a replay of millions of events ends with tens of thousands of
                // toggles) renders two blocks at a time on two threads, written in order; only
                // those two blocks are held.
                write(String(decoding: output, as: UTF8.self))
                output.removeAll(keepingCapacity: true)
                let pair = BlockPair()
                for start in stride(from: 0, to: toggles.count, by: 2 * blockSize) {
                    let second = min(start + blockSize, toggles.count)
                    let end = min(second + blockSize, toggles.count)
                    DispatchQueue.concurrentPerform(iterations: 2) { half in
                        if half == 0 {
                            pair.first.removeAll(keepingCapacity: true)
                            render(toggles, start..<second, to: &pair.first)
                        } else {
                            pair.second.removeAll(keepingCapacity: true)
                            render(toggles, second..<end, to: &pair.second)
                        }
                    }
                    write(String(decoding: pair.first, as: UTF8.self))
                    if !pair.second.isEmpty { write(String(decoding: pair.second, as: UTF8.self)) }
                }
            }
            output.append(contentsOf: "  ]".utf8)
        }
        output.append(contentsOf: "\n}\n".utf8)
        write(String(decoding: output, as: UTF8.self))
    }

    /// The elements of the `toggles` array at `positions`, each followed by its separator.
    private static func render(_ toggles: [ToggleState], _ positions: Range<Int>, to output: inout [UInt8]) {
        for position in positions {
            output.append(contentsOf: "    ".utf8)
            writePretty(toggles[position], indent: 2, to: &output)
            output.append(contentsOf: (position < toggles.count - 1 ? ",\n" : "\n").utf8)
        }
    }

    /// Two blocks of output, each written by one thread of a `concurrentPerform`.
    private final class BlockPair: @unchecked Sendable {
        var first: [UInt8] = []
        var second: [UInt8] = []
    }

    /// Writes exactly what `JSONWriter.writePretty(.object(object(for: toggle)), indent:)`
    /// writes, without building the object: a large state prints 30,000 of them.
    static func writePretty(_ toggle: ToggleState, indent: Int, to output: inout [UInt8]) {
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
                PrettyObjectWriter.append("[]", &output)
            } else {
                output.append(UInt8(ascii: "["))
                for (position, condition) in remote.conditions.enumerated() {
                    output.append(0x0A)
                    PrettyObjectWriter.pad(indent + 3, &output)
                    var element = PrettyObjectWriter(indent: indent + 3)
                    element.string("name", condition.name, &output)
                    element.string("expression", condition.expression, &output)
                    element.value("value", condition.value ?? .null, &output)
                    element.literal("useInAppDefault", condition.value == nil ? "true" : "false", &output)
                    element.end(&output)
                    if position < remote.conditions.count - 1 { output.append(UInt8(ascii: ",")) }
                }
                output.append(0x0A)
                PrettyObjectWriter.pad(indent + 2, &output)
                output.append(UInt8(ascii: "]"))
            }
            inner.optionalString("templateVersion", remote.templateVersion, &output)
            inner.optionalString("publishedAt", toggle.remotePublishedAt?.description, &output)
            inner.end(&output)
        } else {
            object.literal("remote", "null", &output)
        }
        object.optionalString("owner", definition.owner, &output)
        object.optionalString("description", definition.description, &output)
        object.optionalString("expires", definition.expires?.description, &output)
        object.string("createdAt", toggle.createdAt.description, &output)
        object.string("createdBy", toggle.createdBy, &output)
        object.string("updatedAt", toggle.updatedAt.description, &output)
        object.optionalString("removedAt", toggle.removedAt?.description, &output)
        object.optionalString("removalReason", toggle.removalReason, &output)
        object.string("stage", toggle.stage.rawValue, &output)
        object.string("stageSince", toggle.stageSince.description, &output)
        object.key("events", &output)
        var digits = String(toggle.eventCount)
        digits.withUTF8 { output.append(contentsOf: $0) }
        object.end(&output)
    }

    /// The JSON form of one toggle, shared by every JSON output that lists toggles.
    public static func object(for toggle: ToggleState) -> JSONObject {
        let definition = toggle.definition
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        var remote: JSONValue = .null
        if let value = toggle.remote {
            remote = .object(JSONObject([
                .init("value", value.value ?? .null),
                .init("useInAppDefault", .bool(value.value == nil)),
                .init("conditions", .array(value.conditions.map { condition in
                    .object(JSONObject([
                        .init("name", .string(condition.name)),
                        .init("expression", .string(condition.expression)),
                        .init("value", condition.value ?? .null),
                        .init("useInAppDefault", .bool(condition.value == nil)),
                    ]))
                })),
                .init("templateVersion", optional(value.templateVersion)),
                .init("publishedAt", optional(toggle.remotePublishedAt?.description)),
            ]))
        }
        return JSONObject([
            .init("name", .string(toggle.name)),
            .init("kind", .string(definition.kind.rawValue)),
            .init("category", .string(definition.category)),
            .init("type", .string(definition.valueType.rawValue)),
            .init("default", definition.defaultValue),
            .init("remote", remote),
            .init("owner", optional(definition.owner)),
            .init("description", optional(definition.description)),
            .init("expires", optional(definition.expires?.description)),
            .init("createdAt", .string(toggle.createdAt.description)),
            .init("createdBy", .string(toggle.createdBy)),
            .init("updatedAt", .string(toggle.updatedAt.description)),
            .init("removedAt", optional(toggle.removedAt?.description)),
            .init("removalReason", optional(toggle.removalReason)),
            .init("stage", .string(toggle.stage.rawValue)),
            .init("stageSince", .string(toggle.stageSince.description)),
            .init("events", .number(String(toggle.eventCount))),
        ])
    }
}

/// Writes a non-empty JSON object member by member, as `JSONWriter.writePretty` lays it out.
private struct PrettyObjectWriter {
    let indent: Int
    private var first = true

    init(indent: Int) { self.indent = indent }

    mutating func key(_ name: StaticString, _ output: inout [UInt8]) {
        output.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
        output.append(0x0A)
        first = false
        Self.pad(indent + 1, &output)
        output.append(UInt8(ascii: "\""))
        Self.append(name, &output)
        Self.append("\": ", &output)
    }

    static func append(_ text: StaticString, _ output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func string(_ name: StaticString, _ value: String, _ output: inout [UInt8]) {
        key(name, &output)
        JSONWriter.writeString(value, to: &output)
    }

    mutating func optionalString(_ name: StaticString, _ value: String?, _ output: inout [UInt8]) {
        if let value { string(name, value, &output) } else { literal(name, "null", &output) }
    }

    mutating func literal(_ name: StaticString, _ text: StaticString, _ output: inout [UInt8]) {
        key(name, &output)
        Self.append(text, &output)
    }

    mutating func value(_ name: StaticString, _ value: JSONValue, _ output: inout [UInt8]) {
        key(name, &output)
        JSONWriter.writePretty(value, indent: indent + 1, to: &output)
    }

    func end(_ output: inout [UInt8]) {
        output.append(0x0A)
        Self.pad(indent, &output)
        output.append(UInt8(ascii: "}"))
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 32)

    static func pad(_ indent: Int, _ output: inout [UInt8]) {
        if indent * 2 > spaces.count { return output.append(contentsOf: repeatElement(0x20, count: indent * 2)) }
        spaces.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<(indent * 2)])) }
    }
}
