import Foundation

/// A Remote Config condition expression, parsed for the simple forms this runtime can
/// decide offline.
///
/// Supported, joined by ` && `:
/// - `device.country in ['DK', 'SE']`, `device.language in ['zh', 'de_AT']`,
///   `device.os == 'ios'` (also `in [...]`);
/// - `app.version.>=(['2.4'])` and `app.build.…` with `==`, `!=`, `>`, `>=`, `<`, `<=`,
///   `contains`, `notContains`, `exactlyMatches` (true when any listed value satisfies it);
/// - `true`, `false`.
///
/// Anything else (`percent`, `app.userProperty[…]`, audiences, dates, `||`) is
/// ``ConditionError/unsupported(expression:reason:)``: it is reported, never guessed.
public struct ConditionExpression: Sendable, Hashable {
    public enum Clause: Sendable, Hashable {
        case constant(Bool)
        /// `device.country in [...]`
        case country([String])
        /// `device.language in [...]`
        case language([String])
        /// `device.os in [...]` or `== '…'`
        case os([String])
        /// `app.version.OP([...])`
        case appVersion(VersionOperator, [String])
        /// `app.build.OP([...])`
        case appBuild(VersionOperator, [String])
    }

    public enum VersionOperator: String, Sendable, Hashable, CaseIterable {
        case equal = "==", notEqual = "!=", greater = ">", greaterOrEqual = ">=", less = "<", lessOrEqual = "<="
        case contains, notContains, exactlyMatches
    }

    public var source: String
    public var clauses: [Clause]

    /// Parses `source`, or throws ``ConditionError/unsupported(expression:reason:)``.
    public init(_ source: String) throws(ConditionError) {
        self.source = source
        let parts = source.components(separatedBy: " && ")
        var clauses: [Clause] = []
        for part in parts {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            do {
                clauses.append(try Self.clause(trimmed))
            } catch let reason {
                throw .unsupported(expression: source, reason: reason.text)
            }
        }
        self.clauses = clauses
    }

    /// Whether a client with `context` matches every clause.
    public func matches(_ context: RemoteConfigContext) -> Bool {
        clauses.allSatisfy { clause in
            switch clause {
            case .constant(let value): return value
            case .country(let list):
                guard let country = context.country else { return false }
                return list.contains { $0.caseInsensitiveCompare(country) == .orderedSame }
            case .language(let list):
                guard let language = context.language else { return false }
                return list.contains { Self.language($0, covers: language) }
            case .os(let list):
                guard let os = context.os else { return false }
                return list.contains { $0.caseInsensitiveCompare(os) == .orderedSame }
            case .appVersion(let op, let list):
                guard let version = context.appVersion else { return false }
                return Self.compare(version, op, list)
            case .appBuild(let op, let list):
                guard let build = context.appBuild else { return false }
                return Self.compare(build, op, list)
            }
        }
    }

    /// `zh` covers `zh`, `zh_CN`, `zh-Hans-CN`; `de_AT` covers `de_AT` and `de-AT` only.
    static func language(_ listed: String, covers actual: String) -> Bool {
        func normal(_ text: String) -> String { text.replacingOccurrences(of: "-", with: "_").lowercased() }
        let listed = normal(listed), actual = normal(actual)
        return actual == listed || actual.hasPrefix(listed + "_")
    }

    static func compare(_ actual: String, _ op: VersionOperator, _ list: [String]) -> Bool {
        switch op {
        case .contains: return list.contains { actual.contains($0) }
        case .notContains: return !list.contains { actual.contains($0) }
        case .exactlyMatches: return list.contains { actual == $0 }
        case .notEqual: return !list.contains { versionOrder(actual, $0) == 0 }
        default:
            return list.contains { listed in
                let order = versionOrder(actual, listed)
                switch op {
                case .equal: return order == 0
                case .greater: return order > 0
                case .greaterOrEqual: return order >= 0
                case .less: return order < 0
                case .lessOrEqual: return order <= 0
                default: return false
                }
            }
        }
    }

    /// Compares dotted versions numerically, part by part; a missing part is 0, a part that
    /// is not a number compares as text.
    static func versionOrder(_ a: String, _ b: String) -> Int {
        let left = a.split(separator: "."), right = b.split(separator: ".")
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : "0"
            let r = index < right.count ? String(right[index]) : "0"
            if let ln = Int(l), let rn = Int(r) {
                if ln != rn { return ln < rn ? -1 : 1 }
            } else if l != r {
                return l < r ? -1 : 1
            }
        }
        return 0
    }

    private struct Reason: Error { var text: String }

    private static func clause(_ text: String) throws(Reason) -> Clause {
        if text == "true" { return .constant(true) }
        if text == "false" { return .constant(false) }
        if text.contains("||") { throw Reason(text: "'||' is not a Remote Config connective; only ' && ' is") }
        for (element, make) in [("device.country", Clause.country), ("device.language", Clause.language), ("device.os", Clause.os)] {
            guard text.hasPrefix(element) else { continue }
            var rest = Substring(text.dropFirst(element.count)).drop { $0 == " " }
            if rest.hasPrefix("in ") || rest.hasPrefix("in[") {
                rest = rest.dropFirst(2)
                return make(try list(rest, bracketed: true))
            }
            if rest.hasPrefix("==") {
                let values = try list(rest.dropFirst(2), bracketed: false)
                return make(values)
            }
            throw Reason(text: "expected 'in [...]' after \(element)")
        }
        for (element, make) in [("app.version.", Clause.appVersion), ("app.build.", Clause.appBuild)] {
            guard text.hasPrefix(element) else { continue }
            let rest = text.dropFirst(element.count)
            guard let open = rest.firstIndex(of: "("), rest.hasSuffix(")") else {
                throw Reason(text: "expected \(element)OPERATOR(['…'])")
            }
            let name = String(rest[..<open])
            guard let op = VersionOperator(rawValue: name) else {
                throw Reason(text: "unknown operator '\(name)' for \(element.dropLast())")
            }
            let inner = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
            return make(op, try list(inner, bracketed: true))
        }
        let element = text.prefix { !" .([=<>!".contains($0) || $0 == "." }
        throw Reason(text: "the form of '\(element.isEmpty ? Substring(text) : element)' is not supported offline")
    }

    /// Parses `['a', "b"]` (or a single quoted string when not bracketed).
    private static func list(_ text: Substring, bracketed: Bool) throws(Reason) -> [String] {
        var rest = text.drop { $0 == " " }
        if bracketed {
            guard rest.first == "[", rest.last == "]" || rest.trimmingCharacters(in: .whitespaces).hasSuffix("]") else {
                throw Reason(text: "expected a list such as ['a', 'b']")
            }
            rest = Substring(rest.trimmingCharacters(in: .whitespaces).dropFirst().dropLast())
        }
        var values: [String] = []
        while true {
            rest = rest.drop { $0 == " " }
            if rest.isEmpty { break }
            guard let quote = rest.first, quote == "'" || quote == "\"" else {
                throw Reason(text: "expected a quoted string, found '\(rest.prefix(12))'")
            }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { throw Reason(text: "unterminated string") }
            values.append(String(rest[..<end]))
            rest = rest[rest.index(after: end)...].drop { $0 == " " }
            if rest.isEmpty { break }
            guard bracketed, rest.first == "," else { throw Reason(text: "unexpected '\(rest.prefix(12))'") }
            rest = rest.dropFirst()
        }
        if values.isEmpty { throw Reason(text: "an empty list matches nothing; probably a mistake") }
        return values
    }
}

/// A condition this runtime cannot decide.
public enum ConditionError: Error, Sendable, Hashable, CustomStringConvertible {
    case unsupported(expression: String, reason: String)

    public var description: String {
        switch self {
        case .unsupported(let expression, let reason): "unsupported condition \"\(expression)\": \(reason)"
        }
    }
}
