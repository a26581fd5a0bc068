/// How values appear in human-readable output.
public enum ValueText {
    /// A string as is, anything else as compact JSON.
    public static func describe(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return JSONWriter.string(value)
    }

    /// `false; Chinese users → true`, or `in-app default`.
    public static func describe(_ remote: RemoteValue?) -> String {
        guard let remote else { return "—" }
        var parts = [remote.value.map(describe) ?? "in-app default"]
        for condition in remote.conditions {
            parts.append("\(condition.name) → \(condition.value.map(describe) ?? "in-app default")")
        }
        return parts.joined(separator: "; ")
    }
}
