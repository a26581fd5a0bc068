import LedgerCore

/// Pass 1 of ``ToggleTypeDiscovery``: the shapes one file declares. It reads only the members
/// directly inside a type's braces (a function body's `let x = true` is not a property), and
/// the `func … -> Bool` queries and `@Wrapper var` properties anywhere.
extension ToggleTypeDiscovery {
    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "extension", "protocol", "actor"]
    /// Words after `class` that make it a modifier (`class var`), not a declaration.
    private static let notTypeNames: Set<String> = [
        "func", "var", "let", "subscript", "override", "final", "private", "public", "internal", "fileprivate", "open", "static", "init",
    ]
    /// Wrappers of the platform that never declare toggles; the rest are resolved against the
    /// flag-named `@propertyWrapper` types after pass 1.
    private static let platformAttributes: Set<String> = [
        "State", "Binding", "Published", "ObservedObject", "StateObject", "Environment", "EnvironmentObject", "AppStorage",
        "SceneStorage", "FocusState", "GestureState", "Namespace", "MainActor", "IBOutlet", "IBInspectable", "NSManaged", "Query",
    ]

    /// Property names that are a flag's state (`isEnabled`, `value`), never a flag's name.
    static let stateNames: Set<String> = [
        "isEnabled", "enabled", "isOn", "on", "value", "defaultValue", "isActive", "active", "state", "wrappedValue",
        "requiresRestart", "isLocked", "isVisible", "isHidden", "isOverridden", "isDefault",
    ]

    /// `FeatureFlags`, `Experiments`, `DebugSwitches`: the name of a set.
    static func hasPluralName(_ name: String) -> Bool {
        guard let last = SwiftScanSettings.KeyStyle.words(name).last else { return false }
        return toggleWords.contains { last == $0 + "s" || last == $0 + "es" }
    }

    private struct Frame {
        var name: String
        var kind: String
        /// Whether the name says toggle: only then are its members collected.
        var namedForToggles: Bool
        /// Whether the name says it lists Remote Config keys (`RemoteParams`).
        var namesRemoteKeys = false
    }

    /// The shapes `tokens` (one file's, at `path`) declare.
    /// `sections`: the line ranges under a MARK comment naming feature flags (``toggleSections(_:)``).
    package static func collect(_ tokens: [SwiftToken], path: String, sections: [ClosedRange<Int>] = []) -> ToggleTypeDiscovery {
        var discovery = ToggleTypeDiscovery()
        // The type each open brace is the body of (nil for other braces).
        var frames: [Frame?] = []
        var pending: Frame?
        var propertyWrapperAttribute = false
        // The last `@Name` attribute and where it ends, for the `var` that follows it.
        var attribute: (name: String, key: String?, end: Int)?
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            switch token.kind {
            case .punctuation:
                if token.isPunctuation("{") {
                    frames.append(pending)
                    pending = nil
                } else if token.isPunctuation("}") {
                    _ = frames.popLast()
                } else if token.isPunctuation("@"), i + 1 < tokens.count, tokens[i + 1].kind == .identifier {
                    let name = tokens[i + 1].text
                    if name == "propertyWrapper" {
                        propertyWrapperAttribute = true
                    } else if SwiftReferenceScanner.startsUppercase(name), !platformAttributes.contains(name) {
                        // `@Feature("picture_in_picture")`, `@Toggle(key: "k", default: false)`: the first string is the key.
                        var end = i + 2
                        var key: String?
                        var reads = false
                        if end < tokens.count, tokens[end].isPunctuation("(") {
                            var depth = 0
                            while end < tokens.count {
                                if tokens[end].isPunctuation("(") { depth += 1 }
                                if tokens[end].isPunctuation(")") { depth -= 1; if depth == 0 { end += 1; break } }
                                if key == nil, tokens[end].kind == .string, !tokens[end].interpolated { key = tokens[end].text }
                                // `@Feature(.darkMode) var x`: the case is the toggle, the property reads it.
                                if depth == 1, tokens[end].isPunctuation("."), tokens[end - 1].isPunctuation("(") || tokens[end - 1].isPunctuation(":") { reads = true }
                                end += 1
                            }
                        }
                        attribute = reads ? nil : (name, key, end)
                        i = end
                        continue
                    }
                }
            case .identifier where typeKeywords.contains(token.text):
                guard i + 1 < tokens.count, tokens[i + 1].kind == .identifier, !notTypeNames.contains(tokens[i + 1].text),
                    i == 0 || !tokens[i - 1].isPunctuation(".")
                else { break }
                // `extension App.FeatureFlags`: the last name of the path.
                var j = i + 1
                while j + 2 < tokens.count, tokens[j + 1].isPunctuation("."), tokens[j + 2].kind == .identifier { j += 2 }
                let name = tokens[j].text
                var inherited: [String] = []
                j += 1
                while j < tokens.count, !tokens[j].isPunctuation("{"), !tokens[j].isPunctuation("}") {
                    if tokens[j].kind == .identifier { inherited.append(tokens[j].text) }
                    j += 1
                }
                if propertyWrapperAttribute, holdsToggleWord(name) { discovery.wrappers[name] = "\(path):\(token.line)" }
                propertyWrapperAttribute = false
                attribute = nil
                // An enum named for capabilities or build configurations holds toggles too, when a Bool query takes it.
                let namedForToggles = holdsToggleWord(name) || ((token.text == "enum" || token.text == "extension") && namesQueriedValues(name))
                pending = Frame(name: name, kind: token.text, namedForToggles: namedForToggles, namesRemoteKeys: namesRemoteKeys(name))
                if namedForToggles {
                    if discovery.shapes[name] == nil {
                        discovery.shapes[name] = Shape(kind: token.text, file: path)
                        discovery.shapeOrder.append(name)
                    }
                    if inherited.contains("CodingKey") { discovery.shapes[name]?.codingKey = true }
                }
                i = j
                continue
            case .identifier where token.text == "case":
                if let frame = frames.last ?? nil, frame.kind == "enum", frame.namedForToggles {
                    i = readCases(tokens, after: i, type: frame.name, path: path, into: &discovery)
                    continue
                }
            case .identifier where token.text == "var" || token.text == "let":
                guard i + 1 < tokens.count, tokens[i + 1].kind == .identifier else { break }
                let frame = frames.last ?? nil
                if let attribute, attribute.end >= i - 4 {
                    // `@Feature var x`, `@Feature(key: "x") static var x`: wrapped, wherever it is declared.
                    var declaration = ToggleDeclaration(
                        enumName: frame?.name ?? attribute.name, caseName: tokens[i + 1].text, rawValue: attribute.key,
                        file: path, line: tokens[i + 1].line, column: tokens[i + 1].column)
                    declaration.declaredDefault = .notDeclared
                    discovery.wrapped.append((attribute.name, declaration))
                    discovery.symbols[Position(declaration)] = "@\(attribute.name) \(token.text) \(tokens[i + 1].text)"
                }
                attribute = nil
                if let frame {
                    // Shapes that name toggles in any type (DiscoveredToggleNames.swift).
                    let namedBefore = discovery.named.count
                    readKeyGetter(tokens, binding: i, owner: frame.name, path: path, into: &discovery)
                    if frame.namesRemoteKeys { readRemoteKey(tokens, binding: i, owner: frame.name, path: path, into: &discovery) }
                    if frame.namedForToggles, i + 2 < tokens.count { readKeyInstance(tokens, binding: i, owner: frame.name, path: path, into: &discovery) }
                    // A key getter under a Feature Flags MARK names one toggle, its key: not a second one by its property name.
                    if !sections.isEmpty, discovery.named.count == namedBefore {
                        readSectionProperty(tokens, binding: i, owner: frame.name, path: path, sections: sections, into: &discovery)
                    }
                }
                guard let frame, frame.namedForToggles else { break }
                if frame.kind == "enum" || frame.kind == "extension" { readCaseKeys(tokens, binding: i, owner: frame.name, path: path, into: &discovery) }
                let isStatic = i > 0 && (tokens[i - 1].text == "static" || tokens[i - 1].text == "class")
                guard let value = boolShape(tokens, name: i + 1) else { break }
                if frame.kind == "enum" && !isStatic {
                    if discovery.shapes[frame.name]?.boolLookup == nil { discovery.shapes[frame.name]?.boolLookup = "var \(tokens[i + 1].text): Bool" }
                    break
                }
                // `struct FeatureFlag { let title: String; let isEnabled: Bool }` describes one
                // flag: its Bools are a flag's state, not flags. A set of flags has a plural
                // name (`struct FeatureFlags { let quickReply: Bool }`), a set's (`FeatureFlagConfiguration`) or static members.
                if stateNames.contains(tokens[i + 1].text) || (!isStatic && !hasPluralName(frame.name) && !namesToggleSet(frame.name)) { break }
                let declaration = ToggleDeclaration(
                    enumName: frame.name, caseName: tokens[i + 1].text, file: path,
                    line: tokens[i + 1].line, column: tokens[i + 1].column, declaredDefault: value)
                discovery.shapes[frame.name]?.properties.append(declaration)
                if discovery.symbols[Position(declaration)] == nil {
                    discovery.symbols[Position(declaration)] = "\(isStatic ? "static " : "")\(token.text) \(tokens[i + 1].text)"
                }
            case .identifier where token.text == "func" || token.text == "subscript":
                attribute = nil
                readQuery(tokens, at: i, frame: frames.last ?? nil, path: path, into: &discovery)
            case .operator where token.text == "->":
                readClosureQuery(tokens, arrow: i, path: path, into: &discovery)
            default: break
            }
            i += 1
        }
        return discovery
    }

    /// `x: Bool`, `x: Bool = true`, `x = false`, `x: Bool { … }` after `var`/`let`: the default
    /// it declares (`.notDeclared` when computed or not given), or nil when it is not a Bool.
    static func boolShape(_ tokens: [SwiftToken], name: Int) -> DeclaredDefault? {
        var j = name + 1
        guard j < tokens.count else { return nil }
        var typed = false
        if tokens[j].isPunctuation(":") {
            guard j + 1 < tokens.count, tokens[j + 1].kind == .identifier, tokens[j + 1].text == "Bool" else { return nil }
            typed = true
            j += 2
            // `Bool?` and `Bool!` are Bools as well; `Bool.self`, `Bool -> X` are not properties of that type.
            if j < tokens.count, tokens[j].kind == .operator, tokens[j].text == "?" || tokens[j].text == "!" { j += 1 }
        }
        guard j + 1 < tokens.count, tokens[j].kind == .operator, tokens[j].text == "=" else { return typed ? .notDeclared : nil }
        let value = tokens[j + 1]
        let literal: DeclaredDefault? =
            value.kind == .identifier && value.text == "true"
            ? .bool(true)
            : value.kind == .identifier && value.text == "false" ? .bool(false) : nil
        // `= true` ends the declaration; `= true && other` is an expression whose value is unknown.
        if let literal, j + 2 >= tokens.count || tokens[j + 2].line != value.line || tokens[j + 2].isPunctuation(";") || tokens[j + 2].isPunctuation("}") {
            return literal
        }
        return typed ? .notDeclared : nil
    }

    /// `func isEnabled(_ feature: Feature) -> Bool`: a Bool query taking each parameter's type;
    /// inside an enum named for toggles, `func isOn() -> Bool` is a lookup over its cases.
    private static func readQuery(_ tokens: [SwiftToken], at i: Int, frame: Frame?, path: String, into discovery: inout ToggleTypeDiscovery) {
        var j = i + 1
        while j < tokens.count, !tokens[j].isPunctuation("("), !tokens[j].isPunctuation("{"), j - i < 16 { j += 1 }
        guard j < tokens.count, tokens[j].isPunctuation("(") else { return }
        let name = tokens[i].text == "subscript" ? "subscript" : tokens[i + 1].text
        var parameterTypes: [String] = []
        var depth = 0
        var afterColon = false
        while j < tokens.count {
            let token = tokens[j]
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("<") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") {
                depth -= 1
                if depth == 0 { break }
            }
            if depth == 1, token.isPunctuation(":") {
                afterColon = true
            } else if depth == 1, afterColon, token.kind == .identifier {
                parameterTypes.append(token.text)
                afterColon = false
            }
            if depth == 1, token.isPunctuation(",") { afterColon = false }
            j += 1
        }
        j += 1
        // Past `async`, `throws`, to `->`.
        while j < tokens.count, tokens[j].kind == .identifier, tokens[j].text == "async" || tokens[j].text == "throws" || tokens[j].text == "rethrows" { j += 1 }
        guard j + 1 < tokens.count, tokens[j].kind == .operator, tokens[j].text == "->", tokens[j + 1].text == "Bool" else { return }
        let signature = "\(name)(\(parameterTypes.map { _ in "_:" }.joined())) -> Bool at \(path):\(tokens[i].line)"
        for type in parameterTypes where SwiftReferenceScanner.startsUppercase(type) && discovery.queries[type] == nil {
            discovery.queries[type] = signature
        }
        if let frame, frame.kind == "enum", frame.namedForToggles, parameterTypes.isEmpty, i == 0 || tokens[i - 1].text != "static" {
            if discovery.shapes[frame.name]?.boolLookup == nil { discovery.shapes[frame.name]?.boolLookup = "func \(name)() -> Bool" }
        }
    }

    /// `var isFeatureEnabled: (Feature) -> Bool`, a parameter `isEnabled: @escaping (Feature) -> Bool`,
    /// `typealias FeatureCheck = (Feature) -> Bool`: a closure asked as `isFeatureEnabled(.x)` is a
    /// Bool query taking its one parameter's type, as a `func` is. Only the plain shapes (one
    /// unlabelled parameter, after `:`, `@escaping`, `=` or the `(` of an optional) are read.
    private static func readClosureQuery(_ tokens: [SwiftToken], arrow: Int, path: String, into discovery: inout ToggleTypeDiscovery) {
        guard arrow >= 4, arrow + 1 < tokens.count, tokens[arrow + 1].kind == .identifier, tokens[arrow + 1].text == "Bool",
            tokens[arrow - 1].isPunctuation(")"), tokens[arrow - 2].kind == .identifier
        else { return }
        // `(Feature)` or `(Module.Feature)`: the type is the last name of the path.
        let type = tokens[arrow - 2].text
        var open = arrow - 3
        while open >= 2, tokens[open].isPunctuation("."), tokens[open - 1].kind == .identifier { open -= 2 }
        guard tokens[open].isPunctuation("("), open > 0, SwiftReferenceScanner.startsUppercase(type), discovery.queries[type] == nil else { return }
        var before = open - 1
        if before > 0, tokens[before].isPunctuation("(") { before -= 1 }
        if before > 1, tokens[before].kind == .identifier, tokens[before].text == "escaping", tokens[before - 1].isPunctuation("@") { before -= 2 }
        guard before > 0, tokens[before].isPunctuation(":") || (tokens[before].kind == .operator && tokens[before].text == "="),
            tokens[before - 1].kind == .identifier
        else { return }
        discovery.queries[type] = "`\(tokens[before - 1].text)\(tokens[before].isPunctuation(":") ? ":" : " =") (\(type)) -> Bool` at \(path):\(tokens[arrow].line)"
    }

    /// `case a, b = "x", c(Int)` directly in an enum named for toggles; the index after it.
    private static func readCases(_ tokens: [SwiftToken], after caseIndex: Int, type: String, path: String, into discovery: inout ToggleTypeDiscovery) -> Int {
        var i = caseIndex + 1
        while i < tokens.count, tokens[i].kind == .identifier {
            let nameToken = tokens[i]
            i += 1
            if i < tokens.count, tokens[i].isPunctuation("(") {
                var depth = 0
                while i < tokens.count {
                    if tokens[i].isPunctuation("(") { depth += 1 }
                    if tokens[i].isPunctuation(")") { depth -= 1; if depth == 0 { i += 1; break } }
                    i += 1
                }
            }
            var rawValue: String?
            if i + 1 < tokens.count, tokens[i].kind == .operator, tokens[i].text == "=" {
                if tokens[i + 1].kind == .string && !tokens[i + 1].interpolated { rawValue = tokens[i + 1].text }
                i += 2
            }
            discovery.shapes[type]?.cases.append(
                ToggleDeclaration(
                    enumName: type, caseName: nameToken.text, rawValue: rawValue, file: path,
                    line: nameToken.line, column: nameToken.column))
            guard i < tokens.count, tokens[i].isPunctuation(",") else { break }
            i += 1
        }
        return i
    }
}
