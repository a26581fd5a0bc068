/// How values appear in human-readable output.
package enum ValueText {
    /// A string as is, anything else as compact JSON.
    package static func describe(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return JSONWriter.string(value)
    }

    /// `false; Chinese users → true`, or `in-app default`.
    package static func describe(_ remote: RemoteValue?) -> String {
        guard let remote else { return "—" }
        func served(_ value: JSONValue?, _ managed: JSONObject?) -> String {
            if let managed { return "managed (\(managed.keys.joined(separator: ", ")))" }
            return value.map(describe) ?? "in-app default"
        }
        var parts = [served(remote.value, remote.managed)]
        for condition in remote.conditions {
            parts.append("\(condition.name) → \(served(condition.value, condition.managed))")
        }
        return parts.joined(separator: "; ")
    }
}
