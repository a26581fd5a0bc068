import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Plans the events that bring the log in step with the toggle enums in Swift sources:
/// `created` for a case the log does not know, `removed` for a live toggle no enum declares.
///
/// What it needs and what it refuses (a refusal stops the whole sync; nothing is appended):
/// - The kind comes from the enum: `BuildTargetToggle` → build, `InternalToggle` → local,
///   `RemoteToggle` → remote (booleans), `RemoteConfigKeys` → remote (strings, numbers, JSON).
///   A new case in any other toggle enum (`FeatureFlag: String`, a `ToggleType` conformer)
///   takes the kind given (`--kind`), and so does a toggle of a type found by shape (the Bool
///   properties of a `FeatureFlags` struct or namespace, the cases of an enum a Bool query
///   takes, the properties a toggle `@propertyWrapper` wraps); without one they are refused
///   in one message that counts them and asks for `--kind`.
/// - A boolean's default comes from the defaults file when it has the key, else from the
///   enum's `var defaultValue { switch self { case .x: true … } }`, else `false` when the enum
///   has no `defaultValue` (ToggleKit's default). A `defaultValue` in another form is refused.
/// - A `RemoteConfigKeys` case needs a typed value in the defaults file: `<string>` → string,
///   `<integer>`/`<real>` → number, arrays and dictionaries → json (JSON defaults alike).
/// - A case whose toggle the log has removed is refused (delete the case, or the removal was
///   premature).
/// - A declaration whose key or name cannot be a toggle name (`bool(forKey: "com.app.x")`,
///   `case x = "new-onboarding"`: toggle names have letters, digits and `_` only) is skipped,
///   not refused: no flag could make a sync adopt it, so refusing would block the others for
///   good. Each skip is one line (``Plan/skipped``) with the place, the key, why and what to do;
///   the rest is adopted (the reserved name `_app` is refused, as `import` refuses it). The log has no remote-key field, so the key is not adopted under
///   another name: that toggle's Remote Config parameter would not be the app's.
/// - Only kinds whose enum was found are removed from: syncing a folder without
///   `InternalToggle` never removes local toggles. No toggle enum at all is refused.
public enum SwiftSync {
    public struct Creation: Sendable, Hashable {
        public var name: String
        public var definition: ToggleDefinition
        package var declaration: ToggleDeclaration
    }

    public struct Plan: Sendable {
        public var creations: [Creation] = []
        /// Live toggles no enum declares any more, with the kind's enum.
        public var removals: [(name: String, enumName: String)] = []
        public var refusals: [String] = []
        /// Declarations no toggle can stand for (their key or name is not a valid toggle name):
        /// one line each, with the place, why and what to do. They do not stop the sync.
        public var skipped: [String] = []
        /// Declared toggles already live in the log.
        public var unchanged: [String] = []
        /// Whether new toggles wait for `--kind` (one of the refusals says so).
        public var needsKind = false

        public var isEmpty: Bool { creations.isEmpty && removals.isEmpty }
    }

    public static let enumKinds: [String: ToggleKind] = [
        "BuildTargetToggle": .build, "InternalToggle": .local, "RemoteToggle": .remote, "RemoteConfigKeys": .remote,
    ]

    /// - Parameters:
    ///   - declarations: the toggle enum cases found by a scan.
    ///   - toggles: the log's toggles by name (live and removed).
    ///   - defaults: in-app defaults by key from a defaults file, typed.
    ///   - category: the category of created toggles (RemoteConfigKeys cases get `remote-config`).
    package static func plan(
        declarations: [ToggleDeclaration], toggles: [String: ToggleState], defaults: [String: JSONValue] = [:],
        category: String = "release", owner: String? = nil, kind givenKind: ToggleKind? = nil
    ) -> Plan {
        var plan = Plan()
        guard !declarations.isEmpty else {
            plan.refusals.append(
                "no toggle enum cases found (RemoteToggle, InternalToggle, BuildTargetToggle, RemoteConfigKeys, an enum conforming to ToggleType, a String enum named …Flag(s)/…Feature(s)/…Toggle(s)/…Switch, or one the setting swift.toggleEnums names) and no toggle type found by shape (a FeatureFlags struct or namespace with Bool properties, an enum named for toggles, capabilities or build configurations that a Bool query takes, a toggle @propertyWrapper) nor named by its shape (a key getter, a Remote Config key namespace, a Bool under a Feature Flags MARK); nothing to sync"
            )
            return plan
        }
        var declared = Set<String>()
        var seen = Set<String>()
        // New toggles of types that do not say their kind: one refusal for all of them.
        var kindless: [ToggleDeclaration] = []
        for declaration in declarations {
            let name = declaration.key
            declared.insert(name)
            guard seen.insert(name).inserted else { continue }
            let place = "\(declaration.file):\(declaration.line)"
            if let state = toggles[name] {
                if let removedAt = state.removedAt {
                    plan.refusals.append("\(place): \(shown(declaration)) is declared, but \(name) was removed from the log at \(removedAt); delete the case")
                } else {
                    plan.unchanged.append(name)
                }
                continue
            }
            if let problem = ToggleName.newToggleProblem(with: name) {
                // The reserved name is refused, as `import` refuses it: renaming the case fixes it,
                // while a key no toggle name can spell is skipped (no flag could adopt it).
                if name == Event.appToggle {
                    plan.refusals.append("\(place): \(shown(declaration)): \(problem)")
                } else {
                    plan.skipped.append(skipLine(declaration, place: place, problem: problem))
                }
                continue
            }
            guard let kind = enumKinds[declaration.enumName] ?? givenKind else {
                kindless.append(declaration)
                continue
            }
            if declaration.enumName == "RemoteConfigKeys" {
                guard let value = defaults[name] else {
                    plan.refusals.append(
                        "\(place): RemoteConfigKeys.\(TerminalText.abbreviated(declaration.caseName)) is new and needs a typed default; pass --defaults with a \(name) entry")
                    continue
                }
                let valueType: ValueType
                switch value {
                case .string: valueType = .string
                case .number: valueType = .number
                case .array, .object: valueType = .json
                case .bool, .null:
                    plan.refusals.append(
                        "\(place): RemoteConfigKeys.\(TerminalText.abbreviated(declaration.caseName)) has a \(value.typeName) default; booleans belong in RemoteToggle")
                    continue
                }
                plan.creations.append(
                    Creation(
                        name: name,
                        definition: ToggleDefinition(
                            kind: kind, valueType: valueType, defaultValue: value, category: "remote-config", owner: owner), declaration: declaration))
                continue
            }
            let value: Bool
            if let given = defaults[name] {
                guard let flag = booleanDefault(given) else {
                    plan.refusals.append("\(place): the defaults file gives \(name) the value \(JSONWriter.string(given)), not a boolean")
                    continue
                }
                value = flag
            } else {
                switch declaration.declaredDefault {
                case .bool(let flag): value = flag
                case .notDeclared: value = false
                case .text(let text):
                    plan.refusals.append("\(place): \(shown(declaration)) declares the default \"\(text)\", not a boolean")
                    continue
                case .unreadable:
                    plan.refusals.append(
                        "\(place): cannot read \(shown(declaration))'s default from `var defaultValue` (only `switch self { case .x: true … }` is read); pass --defaults with a \(name) entry"
                    )
                    continue
                }
            }
            plan.creations.append(
                Creation(
                    name: name,
                    definition: ToggleDefinition(
                        kind: kind, valueType: .bool, defaultValue: .bool(value), category: category, owner: owner), declaration: declaration))
        }
        if let refusal = kindRefusal(kindless) {
            plan.refusals.append(refusal)
            plan.needsKind = true
        }
        let enumsFound = Set(declarations.map(\.enumName))
        for state in toggles.values.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) where state.isLive && !declared.contains(state.name) {
            let enumName: String
            switch (state.kind, state.valueType) {
            case (.build, _): enumName = "BuildTargetToggle"
            case (.local, _): enumName = "InternalToggle"
            case (.remote, .bool): enumName = "RemoteToggle"
            case (.remote, _): enumName = "RemoteConfigKeys"
            }
            if enumsFound.contains(enumName) { plan.removals.append((state.name, enumName)) }
        }
        return plan
    }

    /// "12 toggles found in FeatureFlags (Sources/App/FeatureFlags.swift) have no kind; pass
    /// --kind local|remote|build": the types in the order found, each with its first file.
    static func kindRefusal(_ kindless: [ToggleDeclaration]) -> String? {
        guard let first = kindless.first else { return nil }
        var types: [(name: String, file: String, count: Int)] = []
        for declaration in kindless {
            if let index = types.firstIndex(where: { $0.name == declaration.enumName }) {
                types[index].count += 1
            } else {
                types.append((declaration.enumName, declaration.file, 1))
            }
        }
        let places =
            types.count == 1
            ? "\(TerminalText.abbreviated(first.enumName)) (\(first.file))"
            : types.map { "\(TerminalText.abbreviated($0.name)) (\($0.count) in \($0.file))" }.joined(separator: ", ")
        let count = kindless.count == 1 ? "1 toggle found in \(places) has" : "\(kindless.count) toggles found in \(places) have"
        return "\(count) no kind; pass --kind local|remote|build (or create \(kindless.count == 1 ? "it" : "them") one by one with `toggles create NAME --kind …`)"
    }

    /// "App/Config.swift:2: not adopted: AppConfig.x reads the key "com.app.x", which cannot be a
    /// toggle name (a toggle name has only letters, digits and '_'); rename the key (com_app_x)".
    /// When the valid name's spellings include the key (`new-onboarding` is `new_onboarding` in
    /// kebab-case), creating it by hand is offered too: the scan then finds the key as that toggle's.
    static func skipLine(_ declaration: ToggleDeclaration, place: String, problem: String) -> String {
        let name = declaration.key
        let what = declaration.rawValue != nil ? "reads the key \"\(TerminalText.abbreviated(name))\"" : "is named \(TerminalText.abbreviated(name))"
        var advice = "rename it (letters, digits and _, at most \(ToggleName.maximumLength) bytes)"
        let valid = String(
            decoding: name.utf8.map { byte in
                (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) ? byte : UInt8(ascii: "_")
            }, as: UTF8.self)
        if ToggleName.newToggleProblem(with: valid) == nil {
            advice = "rename \(declaration.rawValue != nil ? "the key" : "it") to \(valid)"
            if NameSpelling.variants(of: valid).contains(name) {
                advice += ", or track it as \(valid) with `toggles create \(valid) --kind …` (the scan reads \"\(name)\" as its spelling)"
            }
        }
        return TerminalText.sanitize("\(place): not adopted: \(shown(declaration)) \(what), which cannot be a toggle name (\(problem)); \(advice)")
    }

    /// `Type.member` in a message, each name cut at 80 characters (``TerminalText/abbreviated(_:limit:)``).
    static func shown(_ declaration: ToggleDeclaration) -> String {
        "\(TerminalText.abbreviated(declaration.enumName)).\(TerminalText.abbreviated(declaration.caseName))"
    }

    /// `true`/`false`, and the forms a plist download gives them: `"true"`, `"1"`, `1`.
    static func booleanDefault(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .string("true"), .string("1"), .number("1"): return true
        case .string("false"), .string("0"), .number("0"): return false
        default: return nil
        }
    }
}
