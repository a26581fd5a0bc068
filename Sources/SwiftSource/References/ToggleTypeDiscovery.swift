import LedgerCore

/// Toggle types found by their shape, which needs no log (adoption: `sync swift`, a first
/// `scan`). A name that says flag, feature, toggle, experiment or switch is not enough on its
/// own (`struct FeatureCell`, `enum PremiumFeature`); the members must have a toggle's shape:
/// - a struct, class, protocol or case-less enum whose name ends in one of those words
///   (`FeatureFlags`, `LabFeatures`, `Experiments`), or has one right before a word saying it is
///   a set of values (`FeatureFlagConfiguration`, `ToggleSettings`), with Bool properties
///   (`static let x: Bool`, `var x: Bool { … }`, `let x = true`): each property is a toggle;
/// - an enum with cases whose name holds one of those words, with a Bool lookup over its cases
///   (`var isEnabled: Bool`, `func isOn() -> Bool`) or taken by a Bool query declared anywhere
///   (`func isEnabled(_ feature: Feature) -> Bool`, a closure `var isEnabled: (Feature) -> Bool`): each case is a toggle;
/// - an enum with cases whose name holds capability or build configuration (`TalkCapability`,
///   `BuildConfiguration`), taken by a Bool query declared anywhere (`func serverHasTalkCapability(_:) -> Bool`,
///   ``static func `is`(_:) -> Bool``): each case is a toggle. These words name the availability
///   idiom (a feature the server supports, asked before use) and the build-time toggle idiom;
///   unlike the toggle words they also name plain descriptions, so a Bool query taking the enum
///   is required (its own `var isDebug: Bool` is not enough);
/// - a `@propertyWrapper` type whose name holds one of those words: each property it wraps
///   (`@Feature var pictureInPicture`) is a toggle.
///
/// Shapes that name a toggle in any type (a key getter, a Remote Config key namespace, a
/// feature-flag MARK section) are in DiscoveredToggleNames.swift: their names stand in for the log's.
///
/// Pass 1 collects the shapes of each file on its own (``collect(_:path:)``); after every file,
/// ``resolve(into:)`` turns the shapes into declarations of toggle types that the reference
/// rules treat as they treat toggle enums.
package struct ToggleTypeDiscovery: Sendable {
    /// A type (and its extensions) whose name says toggle.
    package struct Shape: Sendable {
        package var kind: String
        package var file: String
        package var cases: [ToggleDeclaration] = []
        package var properties: [ToggleDeclaration] = []
        /// A Bool member reading the enum's own cases: `var isEnabled: Bool`.
        var boolLookup: String?
        var codingKey = false
    }

    /// What discovery decided about a type, for `--explain` and `sync swift`.
    package struct Finding: Sendable {
        var isToggleType: Bool
        package var why: String
        package var count: Int
        package var file: String
    }

    package var shapes: [String: Shape] = [:]
    /// In file order, so the declarations come out as the files list them.
    var shapeOrder: [String] = []
    /// Type name → the Bool query taking it: `isEnabled(_:) -> Bool at Flags.swift:12`.
    var queries: [String: String] = [:]
    /// Flag-named `@propertyWrapper` types → where each is declared.
    package var wrappers: [String: String] = [:]
    /// `@Wrapper var name`: the wrapper, and the property as a declaration of the enclosing type.
    package var wrapped: [(wrapper: String, declaration: ToggleDeclaration)] = []
    /// What the members look like in the source (`static let x`), by declaration position.
    var symbols: [Position: String] = [:]
    /// Toggles named by a key getter, a key namespace or a feature-flag section (DiscoveredToggleNames.swift).
    package var named: [ToggleDeclaration] = []
    /// Why each of `named` is a toggle, for `--explain`.
    var namedWhy: [Position: String] = [:]
    /// `case .x: "key"` in a key property of an enum named for toggles (ToggleTypeDiscovery+CaseKeyRule.swift): the
    /// literal's position → the enum and the case whose key it is.
    var branchKeys: [Position: (enumName: String, caseName: String)] = [:]

    // Set by `resolve`.
    package var findings: [String: Finding] = [:]
    /// Property toggle name → its keys: what `receiver.name` may reference.
    var propertyKeys: [String: [String]] = [:]
    /// The struct, class and namespace types found (their `Type.shared.x` chains are references).
    var propertyTypes: Set<String> = []
    /// Property toggle name → the first type declaring it, for the references' `enum`.
    var propertyOwners: [String: String] = [:]

    package struct Position: Hashable, Sendable {
        var file: String
        var line: Int
        var column: Int

        init(_ declaration: ToggleDeclaration) {
            file = declaration.file
            line = declaration.line
            column = declaration.column
        }

        init(file: String, line: Int, column: Int) {
            self.file = file
            self.line = line
            self.column = column
        }
    }

    init() {}

    static let toggleWords = ["flag", "feature", "toggle", "experiment", "switch"]

    /// `FeatureFlags`, `LabFeatures`, `Experiments`, `DebugSwitches`: the last word names toggles.
    static func endsInToggleWord(_ name: String) -> Bool {
        guard let last = SwiftScanSettings.KeyStyle.words(name).last else { return false }
        return toggleWords.contains { last == $0 || last == $0 + "s" || last == $0 + "es" }
    }

    /// Words after a toggle word that make the name a set of toggles: `FeatureFlagConfiguration`,
    /// `ExperimentSettings`. Not `Provider`, `Manager` or `Request` (`FeatureRequestConfiguration`
    /// has no toggle word right before its set word).
    static let setWords: Set<String> = ["configuration", "configurations", "config", "configs", "settings", "set", "values", "options"]

    /// `FeatureFlagConfiguration`, `ExperimentSettings`: `flag` or `experiment` right before a last
    /// word saying the type is a set of values, so its Bool properties are toggles as a `FeatureFlags` type's are.
    static func namesToggleSet(_ name: String) -> Bool {
        guard holdsToggleWord(name) else { return false }
        let words = SwiftScanSettings.KeyStyle.words(name)
        guard words.count >= 2 else { return false }
        // The set word ends the name (`…ViewController`, `…View` are screens), right after a word
        // that names flags only: `feature`, `toggle` and `switch` alone name screens and controls
        // as often (`FeatureConfig { title, isNew }`, `ToggleOptions`, `SwitchConfiguration`).
        guard let last = words.last, setWords.contains(last) else { return false }
        let before = words[words.count - 2]
        return ["flag", "flags", "experiment", "experiments"].contains(before)
    }

    /// `FeatureFlagKey`, `ExperimentName`, `RemoteFeature`: some word names toggles.
    static func holdsToggleWord(_ name: String) -> Bool {
        SwiftReferenceScanner.containsIgnoringCase(name, "flag") || SwiftReferenceScanner.containsIgnoringCase(name, "feature")
            || SwiftReferenceScanner.containsIgnoringCase(name, "toggle") || SwiftReferenceScanner.containsIgnoringCase(name, "experiment")
            || SwiftReferenceScanner.containsIgnoringCase(name, "switch")
    }

    /// `TalkCapability`, `BuildConfiguration`: the availability idiom (what the server or device
    /// supports, asked as `serverHasCapability(.x)`) and the build-time one (`BuildConfiguration.is(.debug)`).
    /// Such an enum's cases are toggles only when a Bool query takes the enum (its own Bool
    /// members are not enough: `var isDebug: Bool` describes a configuration, it does not switch one).
    static func namesQueriedValues(_ name: String) -> Bool {
        SwiftReferenceScanner.containsIgnoringCase(name, "capabilit") || SwiftReferenceScanner.containsIgnoringCase(name, "buildconfig")
    }

    /// The symbol a declaration reference shows: `static let x` for a property, else nil (a case).
    package func symbol(for declaration: ToggleDeclaration) -> String? {
        symbols.isEmpty ? nil : symbols[Position(declaration)]
    }

    /// Adds the next file's shapes (collected on their own), as one pass would.
    mutating func absorb(_ file: ToggleTypeDiscovery) {
        for name in file.shapeOrder {
            guard let found = file.shapes[name] else { continue }
            if var shape = shapes[name] {
                shape.cases += found.cases
                shape.properties += found.properties
                shape.boolLookup = shape.boolLookup ?? found.boolLookup
                shape.codingKey = shape.codingKey || found.codingKey
                if shape.kind == "extension" && found.kind != "extension" { shape.kind = found.kind; shape.file = found.file }
                shapes[name] = shape
            } else {
                shapes[name] = found
                shapeOrder.append(name)
            }
        }
        queries.merge(file.queries) { first, _ in first }
        wrappers.merge(file.wrappers) { first, _ in first }
        wrapped += file.wrapped
        symbols.merge(file.symbols) { first, _ in first }
        named += file.named
        namedWhy.merge(file.namedWhy) { first, _ in first }
        branchKeys.merge(file.branchKeys) { first, _ in first }
    }

    /// After pass 1: makes the shapes that qualify toggle types in `facts`, and says why the
    /// lookalikes do not. A type some other rule made a toggle enum is left to that rule.
    package static func resolve(into facts: inout SwiftReferenceScanner.EnumFacts) {
        var discovery = facts.discovery
        var seen = Set<Position>()
        @discardableResult
        func declare(_ declaration: ToggleDeclaration, type: String, property: Bool) -> Bool {
            guard seen.insert(Position(declaration)).inserted,
                facts.toggleCases[type]?[declaration.caseName] == nil
            else { return false }
            facts.declarations.append(declaration)
            facts.toggleCases[type, default: [:]][declaration.caseName] = declaration
            if let owners = facts.otherCases[declaration.caseName] {
                let rest = owners.subtracting([type])
                facts.otherCases[declaration.caseName] = rest.isEmpty ? nil : rest
            }
            if property {
                if !(discovery.propertyKeys[declaration.caseName] ?? []).contains(declaration.key) {
                    discovery.propertyKeys[declaration.caseName, default: []].append(declaration.key)
                }
                discovery.propertyTypes.insert(type)
                if discovery.propertyOwners[declaration.caseName] == nil { discovery.propertyOwners[declaration.caseName] = type }
            }
            return true
        }
        // Wrapped properties first: `@Feature("picture_in_picture") var pip` is keyed by its wrapper's argument.
        var wrappedBy: [String: (count: Int, wrappers: [String])] = [:]
        for (wrapper, declaration) in discovery.wrapped where discovery.wrappers[wrapper] != nil {
            let type = declaration.enumName
            guard !facts.toggleEnums.contains(type) || discovery.propertyTypes.contains(type),
                declare(declaration, type: type, property: true)
            else { continue }
            var entry = wrappedBy[type, default: (0, [])]
            entry.count += 1
            if !entry.wrappers.contains(wrapper) { entry.wrappers.append(wrapper) }
            wrappedBy[type] = entry
            facts.toggleEnums.insert(type)
        }
        for (type, entry) in wrappedBy {
            let wrappers = entry.wrappers.map { "@\($0) (\(discovery.wrappers[$0]!))" }.joined(separator: ", ")
            discovery.findings[type] = Finding(
                isToggleType: true, why: "a type declaring properties wrapped by the toggle property wrapper \(wrappers)",
                count: entry.count, file: discovery.shapes[type]?.file ?? "")
        }
        for name in discovery.shapeOrder {
            guard let shape = discovery.shapes[name], !facts.toggleEnums.contains(name) || wrappedBy[name] != nil else { continue }
            if !shape.cases.isEmpty {
                let forToggles = holdsToggleWord(name)
                guard forToggles || namesQueriedValues(name), !shape.codingKey else { continue }
                let named = forToggles ? "an enum named for toggles" : "an enum named for capabilities or build configurations"
                let evidence =
                    (forToggles ? shape.boolLookup.map { "cases are read by the Bool lookup `\($0)`" } : nil)
                    ?? discovery.queries[name].map { "cases are the argument of the Bool query \($0)" }
                guard let evidence else {
                    let why =
                        forToggles
                        ? "\(named), but no Bool member reads its cases and no Bool query takes it (an entitlement, a screen or a key?)"
                        : "\(named), but no Bool query declared in the scanned files takes it (`func has(_ c: \(name)) -> Bool`)"
                    discovery.findings[name] = Finding(isToggleType: false, why: why, count: 0, file: shape.file)
                    if facts.enums[name]?.isToggle == false { facts.enums[name]?.rule += "; nor a toggle type by shape: \(why)" }
                    continue
                }
                let why = "\(named) whose \(evidence) (\(shape.cases.count) case\(shape.cases.count == 1 ? "" : "s"))"
                facts.toggleEnums.insert(name)
                facts.enums[name]?.isToggle = true
                facts.enums[name]?.rule = why
                for declaration in shape.cases { declare(declaration, type: name, property: false) }
                discovery.findings[name] = Finding(isToggleType: true, why: why, count: shape.cases.count, file: shape.file)
                continue
            }
            guard endsInToggleWord(name) || namesToggleSet(name) else { continue }
            let kind = shape.kind == "enum" ? "case-less enum" : shape.kind
            let declared = shape.properties.filter { declare($0, type: name, property: true) }.count
            guard declared > 0 || wrappedBy[name] != nil else {
                let why =
                    "a \(kind) named for toggles, but without Bool properties that name flags (`static let x: Bool`, `let x = true`, or `var x: Bool` in a type with a plural name)"
                discovery.findings[name] = Finding(isToggleType: false, why: why, count: 0, file: shape.file)
                if facts.enums[name]?.isToggle == false { facts.enums[name]?.rule += "; nor a toggle type by shape: \(why)" }
                continue
            }
            guard declared > 0 else { continue }
            var why = "a \(kind) named for toggles with \(declared) Bool propert\(declared == 1 ? "y" : "ies")"
            var count = declared
            if let wrapped = wrappedBy[name] {
                why += ", and \(wrapped.count) propert\(wrapped.count == 1 ? "y" : "ies") wrapped by \(wrapped.wrappers.map { "@\($0)" }.joined(separator: ", "))"
                count += wrapped.count
            }
            facts.toggleEnums.insert(name)
            if facts.enums[name] != nil {
                facts.enums[name]?.isToggle = true
                facts.enums[name]?.rule = why
            }
            discovery.findings[name] = Finding(isToggleType: true, why: why, count: count, file: shape.file)
        }
        // `extension LaunchOptions { static let disableFirebase = LaunchOption<Bool>(…) }` backing
        // `FeatureFlags.disableFirebase`: another type's static Bool of a found toggle's name declares it too.
        for (declaration, symbol) in facts.boolStatics where discovery.propertyKeys[declaration.caseName] != nil && !discovery.propertyTypes.contains(declaration.enumName) {
            guard seen.insert(Position(declaration)).inserted else { continue }
            facts.declarations.append(declaration)
            discovery.symbols[Position(declaration)] = symbol
            if let owners = facts.otherCases[declaration.caseName] {
                let rest = owners.subtracting([declaration.enumName])
                facts.otherCases[declaration.caseName] = rest.isEmpty ? nil : rest
            }
        }
        facts.discovery = discovery
    }
}
