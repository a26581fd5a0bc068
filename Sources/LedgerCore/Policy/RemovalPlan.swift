import LedgerPlatform
import LedgerModel
import LedgerStore
/// What deleting a toggle from the code means: the value to write in its place (the one
/// everyone is served now) and the values some users get today that would be lost.
///
/// The value to keep is the remote default when the toggle is published without conditions
/// or server-managed values, else the in-app default. Nothing is guessed: every conditional
/// value, a remote default that conditions make partial, and a server-managed value
/// (rollout, experiment) are listed as lost.
package struct RemovalPlan: Sendable, Hashable {
    public enum Source: String, Sendable {
        case remoteDefault = "remote-default"
        case inAppDefault = "in-app-default"
    }

    /// A value someone is served now that keeping ``keep`` drops.
    public struct LostValue: Sendable, Hashable {
        /// The condition's name, `remote default` or `managed`.
        public var condition: String
        public var expression: String?
        /// Nil: the in-app default for that condition, or a server-managed value.
        public var value: JSONValue?
    }

    public var keep: JSONValue
    public var source: Source
    public var lost: [LostValue]

    public init(_ state: ToggleState) {
        let inApp = state.definition.defaultValue
        guard let remote = state.remote else {
            keep = inApp
            source = .inAppDefault
            lost = []
            return
        }
        if remote.conditions.isEmpty, remote.managed == nil, let value = remote.value {
            keep = value
            source = .remoteDefault
            lost = []
            return
        }
        keep = inApp
        source = .inAppDefault
        var lost: [LostValue] = []
        if remote.managed != nil { lost.append(LostValue(condition: "managed", expression: nil, value: nil)) }
        if let value = remote.value, value != inApp { lost.append(LostValue(condition: "remote default", expression: nil, value: value)) }
        for condition in remote.conditions where condition.managed != nil || (condition.value ?? inApp) != inApp {
            lost.append(LostValue(condition: condition.name, expression: condition.expression, value: condition.managed == nil ? condition.value : nil))
        }
        self.lost = lost
    }

    /// The `toggles cleanup` command that removes the toggle from the code: with `--value`
    /// spelled out when the log cannot decide (values would be lost); nil when the kept
    /// value is not a Bool (cleanup rewrites Bool toggles only).
    public func cleanupCommand(_ toggle: String) -> String? {
        guard case .bool = keep else { return nil }
        return lost.isEmpty ? "toggles cleanup \(toggle)" : "toggles cleanup \(toggle) --value true|false"
    }

    /// `keep false (in-app default); lost: Chinese users → true`
    public var summary: String {
        let lostText = lost.map { "\($0.condition) → \($0.value.map(ValueText.describe) ?? "managed by the server")" }
        return "keep \(ValueText.describe(keep)) (\(source == .remoteDefault ? "remote default" : "in-app default"))"
            + (lostText.isEmpty ? "" : "; lost: " + lostText.joined(separator: ", "))
    }

    /// `{"keep", "source", "lost": [{"condition", "expression"?, "value"?}]}`
    public var json: JSONValue {
        .object(
            JSONObject([
                .init("keep", keep),
                .init("source", .string(source.rawValue)),
                .init(
                    "lost",
                    .array(
                        lost.map { value in
                            var object = JSONObject([.init("condition", .string(value.condition))])
                            if let expression = value.expression { object["expression"] = .string(expression) }
                            object["value"] = value.value ?? .null
                            return .object(object)
                        })),
            ]))
    }
}
