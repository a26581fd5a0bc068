import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Writes the files an app or another tool consumes from the log's state: the in-app
/// defaults plist, a Remote Config template and an OpenFeature flagd flag file.
public enum Exports {
    // MARK: Defaults plist

    /// The in-app defaults of the live toggles of `kind` (all kinds when nil), as Foundation's
    /// `PropertyListSerialization` writes them in XML.
    public static func defaultsPlist(_ toggles: [ToggleState], kind: ToggleKind?) -> String {
        let entries = toggles.filter { $0.isLive && (kind == nil || $0.kind == kind) }.map { toggle in
            PropertyListEntry(key: toggle.name, value: plistValue(toggle.defaultValue, as: toggle.valueType))
        }
        return PropertyListWriter.document(entries)
    }

    /// A value as a plist stores it: booleans as `<true/>`/`<false/>`, integers that fit 64 bits
    /// as `<integer>`, other numbers as `<real>`, strings as `<string>`, JSON values as their
    /// compact JSON text in a `<string>` (what Firebase's `configValue(forKey:).jsonValue` reads).
    static func plistValue(_ value: JSONValue, as type: ValueType) -> PropertyListValue {
        switch (type, value) {
        case (.json, _): return .string(JSONWriter.string(value))
        case (_, .bool(let flag)): return .bool(flag)
        case (_, .string(let text)): return .string(text)
        case (_, .number(let lexeme)):
            if !lexeme.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int64(lexeme) {
                return .integer(String(integer))
            }
            return .real(PropertyListWriter.realText(Double(lexeme) ?? 0))
        default: return .string(JSONWriter.string(value))
        }
    }

    // MARK: Remote Config template

    /// A template the REST API accepts for publishing (`PUT …/remoteConfig`): every live remote
    /// toggle the log says is served remotely, with its remote default, conditional values,
    /// value type and description, and the conditions in one priority order. `facts` (from
    /// ``TemplateFacts/Tracker``) gives back what the imported template said: descriptions,
    /// parameter groups, `valueType` as written (absent stays absent) and tag colours.
    /// `conditions` (``TemplateFacts/Tracker/conditions``) is the imported template's whole
    /// condition list: every one of them is written, used or not, in its order and colour.
    ///
    /// A toggle removed from the code in an app version (``ToggleState/awaitsRetirement``)
    /// keeps its parameter, last value and conditions while a supported version (per
    /// `supportedVersions`) still reads it, and is left out once none does: publishing the
    /// template then deletes it, which is what `retire-remote` asks for.
    public static func firebaseTemplate(
        _ toggles: [ToggleState], facts: [String: JSONObject] = [:], conditions recordedList: [TemplateCondition]? = nil,
        supportedVersions: SupportedVersions = SupportedVersions()
    ) throws(InteropError) -> JSONValue {
        let served = toggles.filter { $0.kind == .remote && $0.remote != nil && isServed($0, supportedVersions) }
        var tagColors: [String: JSONValue] = [:]
        var recordedPriority: [String: Int] = [:]
        for toggleFacts in facts.values {
            for member in toggleFacts["tagColors"]?.objectValue?.members ?? [] where tagColors[member.key] == nil { tagColors[member.key] = member.value }
            for member in toggleFacts["conditionPriority"]?.objectValue?.members ?? [] where recordedPriority[member.key] == nil {
                if case .number(let lexeme) = member.value { recordedPriority[member.key] = Int(lexeme) }
            }
        }
        // The list is the latest imported template's: its order and colours win.
        for (position, condition) in (recordedList ?? []).enumerated() {
            recordedPriority[condition.name] = position
            tagColors[condition.name] = condition.tagColor.map(JSONValue.string)
        }
        let conditions = try conditionOrder(served, recordedPriority: recordedPriority, unused: recordedList ?? [])
        var parameters = JSONObject()
        var groupOrder: [String] = []
        var groupMembers: [String: [JSONObject.Member]] = [:]
        var groupDescriptions: [String: JSONValue] = [:]
        for toggle in served {
            let remote = toggle.remote!
            func option(_ value: JSONValue?, _ managed: JSONObject?) -> JSONValue {
                if let managed { return .object(managed) }
                if let value { return FirebaseValue.value(FirebaseTemplate.wireString(value, as: toggle.valueType)).json }
                return FirebaseValue.useInAppDefault.json
            }
            var parameter = JSONObject([.init("defaultValue", option(remote.value, remote.managed))])
            if !remote.conditions.isEmpty {
                parameter["conditionalValues"] = .object(JSONObject(remote.conditions.map { .init($0.name, option($0.value, $0.managed)) }))
            }
            let recorded = facts[toggle.name]
            if let recorded {
                parameter["description"] = recorded["description"]
            } else if let description = toggle.definition.description, !description.isEmpty {
                parameter["description"] = .string(description)
            }
            if let written = recorded?["valueType"]?.stringValue {
                if !written.isEmpty { parameter["valueType"] = .string(written) }
            } else {
                parameter["valueType"] = .string(FirebaseValueType(toggle.valueType).rawValue)
            }
            guard let group = recorded?["group"]?.stringValue else {
                parameters.members.append(.init(toggle.name, .object(parameter)))
                continue
            }
            if groupMembers[group] == nil { groupOrder.append(group) }
            groupMembers[group, default: []].append(.init(toggle.name, .object(parameter)))
            if groupDescriptions[group] == nil { groupDescriptions[group] = recorded?["groupDescription"] }
        }
        var template = JSONObject([
            .init(
                "conditions",
                .array(
                    conditions.map { condition in
                        var object = JSONObject([.init("name", .string(condition.name)), .init("expression", .string(condition.expression))])
                        object["tagColor"] = tagColors[condition.name]
                        return .object(object)
                    })),
            .init("parameters", .object(parameters)),
        ])
        if !groupOrder.isEmpty {
            template["parameterGroups"] = .object(
                JSONObject(
                    groupOrder.map { group in
                        var entry = JSONObject()
                        entry["description"] = groupDescriptions[group]
                        entry["parameters"] = .object(JSONObject(groupMembers[group]!))
                        return JSONObject.Member(group, .object(entry))
                    }))
        }
        return .object(template)
    }

    /// One priority order for every condition the toggles use, keeping each toggle's own order
    /// (ties broken by the imported template's order where recorded, then by first use, toggles
    /// by name). Fails when two toggles disagree on a condition's expression or order, since one
    /// template has one of each. `unused`: conditions to write even when no toggle uses them
    /// (a toggle's expression wins over theirs).
    static func conditionOrder(_ toggles: [ToggleState], recordedPriority: [String: Int] = [:], unused: [FirebaseCondition] = []) throws(InteropError) -> [FirebaseCondition] {
        var firstUse: [String: (index: Int, expression: String, toggle: String)] = [:]
        var after: [String: Set<String>] = [:]
        var incoming: [String: Int] = [:]
        for toggle in toggles {
            let conditions = toggle.remote?.conditions ?? []
            for condition in conditions {
                if let known = firstUse[condition.name] {
                    guard known.expression == condition.expression else {
                        throw InteropError(
                            file: nil,
                            "condition \(JSONWriter.quoted(condition.name)) is \(JSONWriter.quoted(known.expression)) for \(known.toggle) but \(JSONWriter.quoted(condition.expression)) for \(toggle.name); a template has one expression per condition name"
                        )
                    }
                } else {
                    firstUse[condition.name] = (firstUse.count, condition.expression, toggle.name)
                    incoming[condition.name] = 0
                }
            }
            for (earlier, later) in zip(conditions, conditions.dropFirst()) where after[earlier.name, default: []].insert(later.name).inserted {
                incoming[later.name, default: 0] += 1
            }
        }
        for condition in unused where firstUse[condition.name] == nil {
            firstUse[condition.name] = (firstUse.count, condition.expression, "")
            incoming[condition.name] = 0
        }
        var ready = firstUse.keys.filter { incoming[$0] == 0 }
        var order: [FirebaseCondition] = []
        while !ready.isEmpty {
            ready.sort { (recordedPriority[$0] ?? Int.max, firstUse[$0]!.index) < (recordedPriority[$1] ?? Int.max, firstUse[$1]!.index) }
            let name = ready.removeFirst()
            order.append(FirebaseCondition(name: name, expression: firstUse[name]!.expression))
            for next in after[name] ?? [] {
                incoming[next]! -= 1
                if incoming[next] == 0 { ready.append(next) }
            }
        }
        guard order.count == firstUse.count else {
            let stuck = firstUse.keys.filter { incoming[$0]! > 0 }.sorted().map { JSONWriter.quoted($0) }
            throw InteropError(
                file: nil,
                "the toggles list conditions \(stuck.joined(separator: ", ")) in conflicting priority orders; a template has one order, so publish them in one order first")
        }
        return order
    }

    /// Live, or removed from the code in an app version that a supported version is still
    /// older than: old apps keep reading its remote value, so a server must keep serving it.
    static func isServed(_ toggle: ToggleState, _ supportedVersions: SupportedVersions) -> Bool {
        toggle.isLive || (toggle.awaitsRetirement && toggle.retirementDue(supportedVersions) == nil)
    }

    // MARK: flagd

    public static let flagdSchema = "https://flagd.dev/schema/v0/flags.json"

    /// An OpenFeature flagd flag file: every live toggle, enabled, with the value everyone gets
    /// (the remote default when one is published, else the in-app default) as `defaultVariant`,
    /// and kind, owner, category and expiry in `metadata`. Booleans get the variants `on` and
    /// `off`; other types one variant, `default`. JSON toggles whose value is not an object
    /// cannot be flagd variants and are returned in `skipped`. Conditional values become
    /// variants chosen by `targeting` (see ``FlagdTargeting``); a toggle with a condition that
    /// cannot be translated keeps only its default variant, and the condition is returned in
    /// `untranslated`. As in the Remote Config export, a toggle removed from the code in an app
    /// version stays while a supported version (per `supportedVersions`) still reads it, with
    /// `removedInAppVersion` in its metadata.
    public static func flagd(
        _ toggles: [ToggleState], supportedVersions: SupportedVersions = SupportedVersions()
    ) -> (document: JSONValue, skipped: [(toggle: String, reason: String)], untranslated: [FlagdUntranslatedCondition]) {
        var flags = JSONObject()
        var skipped: [(String, String)] = []
        var untranslated: [FlagdUntranslatedCondition] = []
        for toggle in toggles where isServed(toggle, supportedVersions) {
            let value = toggle.remote?.value ?? toggle.defaultValue
            let variants: JSONObject
            let defaultVariant: String
            if toggle.valueType == .bool, case .bool(let flag) = value {
                variants = JSONObject([.init("on", .bool(true)), .init("off", .bool(false))])
                defaultVariant = flag ? "on" : "off"
            } else {
                if toggle.valueType == .json, value.objectValue == nil {
                    skipped.append((toggle.name, "its value is a JSON \(value.typeName); flagd variants are booleans, strings, numbers or objects"))
                    continue
                }
                variants = JSONObject([.init("default", value)])
                defaultVariant = "default"
            }
            let targeted = FlagdTargeting.translate(
                toggle.remote?.conditions ?? [], inAppDefault: toggle.defaultValue, valueType: toggle.valueType, variants: variants,
                variantKey: { value in toggle.valueType == .bool ? value.boolValue.map { $0 ? "on" : "off" } : nil })
            untranslated += targeted.untranslated.map { FlagdUntranslatedCondition(toggle: toggle.name, condition: $0.condition, expression: $0.expression, reason: $0.reason) }
            var metadata = JSONObject([.init("kind", .string(toggle.kind.rawValue)), .init("category", .string(toggle.definition.category))])
            metadata["owner"] = toggle.definition.owner.map(JSONValue.string)
            metadata["expires"] = toggle.definition.expires.map { .string($0.description) }
            metadata["description"] = toggle.definition.description.map(JSONValue.string)
            metadata["removedInAppVersion"] = toggle.removedInAppVersion.map { .string($0.description) }
            var flag = JSONObject([
                .init("state", .string("ENABLED")),
                .init("variants", .object(targeted.variants)),
                .init("defaultVariant", .string(defaultVariant)),
            ])
            flag["targeting"] = targeted.targeting
            flag["metadata"] = .object(metadata)
            flags.members.append(.init(toggle.name, .object(flag)))
        }
        let document = JSONValue.object(JSONObject([.init("$schema", .string(flagdSchema)), .init("flags", .object(flags))]))
        return (document, skipped, untranslated)
    }
}

/// A condition `export flagd` could not translate into targeting: its flag keeps its default variant.
public struct FlagdUntranslatedCondition: Sendable, Hashable {
    public var toggle: String
    public var condition: String
    public var expression: String
    public var reason: String
}
