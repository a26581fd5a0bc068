/// How values appear in human-readable output.
package enum ValueText {
    /// A string as is, anything else as compact JSON.
    package static func describe(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return JSONWriter.string(value)
    }

    /// `remote bool, default false, experiment, owner mei@…, expires 2027-01-31`
    package static func describe(_ definition: ToggleDefinition) -> String {
        var text = "\(definition.kind.rawValue) \(definition.valueType.rawValue), default \(describe(definition.defaultValue)), \(definition.category)"
        if let owner = definition.owner { text += ", owner \(owner)" }
        if let expires = definition.expires { text += ", expires \(expires)" }
        return text
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
