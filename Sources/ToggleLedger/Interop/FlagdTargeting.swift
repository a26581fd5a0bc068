import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Translates a toggle's Remote Config conditional values into flagd variants and a
/// `targeting` rule (JSON Logic). The rule is one `if` chain in the conditions' priority order,
/// so the first matching condition wins, as in Remote Config; when none matches the chain
/// yields null and flagd serves `defaultVariant`.
///
/// Context attributes (the `var` names an OpenFeature client must set; docs/interop.md):
/// `language`, `country`, `os` and `appVersion` (a semantic version such as `2.4.0`).
enum FlagdTargeting {
    /// A condition that cannot be expressed in flagd; the whole flag then keeps its default
    /// variant, because dropping one condition would hand its users to a lower-priority one.
    package struct Untranslated: Sendable, Hashable {
        package var condition: String
        package var expression: String
        package var reason: String
    }

    package struct Result {
        package var variants: JSONObject
        package var targeting: JSONValue?
        package var untranslated: [Untranslated]
    }

    /// `variants` already holds the default variant(s); `variantKey` names the variant serving a
    /// value when there is one (booleans: `on`/`off`).
    package static func translate(
        _ conditions: [ConditionalValue], inAppDefault: JSONValue, valueType: ValueType,
        variants: JSONObject, variantKey: (JSONValue) -> String?
    ) -> Result {
        let defaultVariants = variants
        var variants = variants
        var chain: [JSONValue] = []
        var untranslated: [Untranslated] = []
        for condition in conditions {
            func refuse(_ reason: String) { untranslated.append(Untranslated(condition: condition.name, expression: condition.expression, reason: reason)) }
            if let managed = condition.managed {
                refuse("its value is managed by Firebase (\(managed.members.first?.key ?? "managed"))")
                continue
            }
            let value = condition.value ?? inAppDefault
            let key: String
            if let known = variantKey(value).flatMap({ variants[$0] != nil ? $0 : nil }) ?? variants.members.first(where: { $0.value == value })?.key {
                key = known
            } else if valueType == .json, value.objectValue == nil {
                refuse("its value is a JSON \(value.typeName); flagd variants are booleans, strings, numbers or objects")
                continue
            } else {
                var candidate = condition.name
                var suffix = 2
                while variants[candidate] != nil { candidate = "\(condition.name) #\(suffix)"; suffix += 1 }
                variants.members.append(.init(candidate, value))
                key = candidate
            }
            do {
                chain.append(try rule(ConditionSyntax.parse(condition.expression)))
                chain.append(.string(key))
            } catch {
                refuse(error.description)
            }
        }
        guard untranslated.isEmpty, !chain.isEmpty else {
            return Result(variants: defaultVariants, targeting: nil, untranslated: untranslated)
        }
        return Result(variants: variants, targeting: .object(JSONObject([.init("if", .array(chain))])), untranslated: [])
    }

    /// The JSON Logic rule for a parsed condition, or a reason it has none.
    package static func rule(_ condition: ConditionSyntax) throws(ConditionSyntaxError) -> JSONValue {
        switch condition {
        case .constant(let flag):
            return .bool(flag)
        case .attribute(let attribute, let values):
            let variable = variable(attribute.rawValue)
            if values.count == 1 { return operation("==", [variable, .string(values[0])]) }
            return operation("in", [variable, .array(values.map(JSONValue.string))])
        case .appVersion(let op, let values):
            let variable = variable("appVersion")
            switch op {
            case .exactlyMatches:
                return values.count == 1 ? operation("==", [variable, .string(values[0])]) : operation("in", [variable, .array(values.map(JSONValue.string))])
            case .contains:
                return any(values.map { operation("in", [.string($0), variable]) })
            case .notContains:
                return operation("!", [any(values.map { operation("in", [.string($0), variable]) })])
            default:
                // Remote Config: true when any listed version satisfies it; `!=`: equal to none.
                let semVer = op == .equal ? "=" : op.rawValue
                let comparisons = try values.map { (listed: String) throws(ConditionSyntaxError) -> JSONValue in
                    operation("sem_ver", [variable, .string(semVer), .string(try semanticVersion(listed))])
                }
                if op == .notEqual { return comparisons.count == 1 ? comparisons[0] : operation("and", comparisons) }
                return any(comparisons)
            }
        case .not(let inner):
            return operation("!", [try rule(inner)])
        case .and(let terms):
            return operation("and", try terms.map { (term: ConditionSyntax) throws(ConditionSyntaxError) -> JSONValue in try rule(term) })
        case .or(let terms):
            return operation("or", try terms.map { (term: ConditionSyntax) throws(ConditionSyntaxError) -> JSONValue in try rule(term) })
        }
    }

    /// Remote Config compares dotted numbers part by part, a missing part being 0; flagd's
    /// `sem_ver` needs exactly MAJOR.MINOR.PATCH, so `2.4` becomes `2.4.0`.
    static func semanticVersion(_ text: String) throws(ConditionSyntaxError) -> String {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && UInt32($0) != nil }) else {
            throw ConditionSyntaxError(
                offset: 0, message: "app version '\(text)' is not up to three dot-separated numbers, so it has no semantic-version equivalent for flagd's sem_ver")
        }
        let numbers = parts.map { String(UInt32($0)!) } + Array(repeating: "0", count: 3 - parts.count)
        return numbers.joined(separator: ".")
    }

    private static func variable(_ name: String) -> JSONValue { .object(JSONObject([.init("var", .string(name))])) }

    private static func operation(_ name: String, _ arguments: [JSONValue]) -> JSONValue {
        .object(JSONObject([.init(name, .array(arguments))]))
    }

    private static func any(_ rules: [JSONValue]) -> JSONValue { rules.count == 1 ? rules[0] : operation("or", rules) }
}
