import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// What the Swift scan recognises beyond its built-in conventions, from the `"swift"` object
/// of `policy.json` (or of a `--config` file):
///
/// ```json
/// { "schema": 1,
///   "swift": { "toggleEnums": ["Experiments"], "queryMethods": ["variant"], "keyStyles": ["snake_case"] } }
/// ```
///
/// - `toggleEnums`: enums whose cases are toggles, whatever their names and raw types;
/// - `queryMethods`: methods whose implicit-member argument is a toggle (`variant(.x)`);
/// - `keyStyles`: spellings of a case name tried against the log's names when the case has
///   no raw value the log knows (`aiChat` → `ai_chat` with `snake_case`).
public struct SwiftScanSettings: Sendable, Hashable {
    public enum KeyStyle: String, Sendable, CaseIterable {
        case camelCase
        case snakeCase = "snake_case"
        case kebabCase = "kebab-case"

        /// `aiChatV2` → `aiChatV2`, `ai_chat_v2`, `ai-chat-v2`.
        public func spell(_ caseName: String) -> String {
            switch self {
            case .camelCase: return Self.words(caseName).enumerated().map { $0 == 0 ? $1 : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
            case .snakeCase: return Self.words(caseName).joined(separator: "_")
            case .kebabCase: return Self.words(caseName).joined(separator: "-")
            }
        }

        /// Lower-cased words: split at `_`, `-` and before an upper-case letter that follows a
        /// lower-case letter or digit.
        package static func words(_ name: String) -> [String] {
            var words: [String] = []
            var current = ""
            var previousWasLowerOrDigit = false
            for character in name {
                if character == "_" || character == "-" {
                    if !current.isEmpty { words.append(current) }
                    current = ""
                    previousWasLowerOrDigit = false
                    continue
                }
                if character.isUppercase && previousWasLowerOrDigit && !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current += character.lowercased()
                previousWasLowerOrDigit = character.isLowercase || character.isNumber
            }
            if !current.isEmpty { words.append(current) }
            return words
        }
    }

    public var toggleEnums: Set<String>
    public var queryMethods: Set<String>
    public var keyStyles: [KeyStyle]

    public init(toggleEnums: Set<String> = [], queryMethods: Set<String> = [], keyStyles: [KeyStyle] = []) {
        self.toggleEnums = toggleEnums
        self.queryMethods = queryMethods
        self.keyStyles = keyStyles
    }

    /// Name endings that make a `String` enum a toggle enum with no setting.
    public static let conventionalEnumSuffixes = ["Flag", "Flags", "FlagKey", "Feature", "Features", "Toggle", "Toggles", "Switch"]

    /// Methods whose implicit-member argument is a toggle with no setting.
    public static let conventionalQueryMethods: Set<String> = [
        "isToggleOn", "isFeatureOn", "isFeatureEnabled", "isEnabled", "isOn", "isFlagOn", "isFlagEnabled",
        "featureEnabled", "isFeatureFlagEnabled", "isFeatureFlagOn",
    ]

    public static func hasConventionalName(_ enumName: String) -> Bool {
        conventionalEnumSuffixes.contains { enumName.hasSuffix($0) }
    }

    public func isQueryMethod(_ name: String) -> Bool {
        Self.conventionalQueryMethods.contains(name) || queryMethods.contains(name)
    }

    /// Reads the `"swift"` object of a policy or config file; empty settings when absent.
    public static func parse(_ bytes: [UInt8], file: String) throws(PolicyError) -> SwiftScanSettings {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            let (line, column) = PolicyFile.position(of: error.offset, in: bytes)
            throw PolicyError(file: "\(file):\(line):\(column)", field: nil, message: "invalid JSON: \(error.reason)")
        }
        guard case .object(let object) = root else {
            throw PolicyError(file: file, field: nil, message: "expected a JSON object such as {\"swift\": {\"toggleEnums\": [\"Flags\"]}}")
        }
        guard let swift = object["swift"] else { return SwiftScanSettings() }
        guard case .object(let fields) = swift else {
            throw PolicyError(file: file, field: "swift", message: "must be an object with toggleEnums, queryMethods and keyStyles")
        }
        var settings = SwiftScanSettings()
        for member in fields.members {
            let key = member.key
            let names = try strings(member.value, field: "swift.\(key)", file: file)
            switch key {
            case "toggleEnums": settings.toggleEnums = Set(names)
            case "queryMethods": settings.queryMethods = Set(names)
            case "keyStyles":
                settings.keyStyles = try names.map { name throws(PolicyError) in
                    guard let style = KeyStyle(rawValue: name) else {
                        throw PolicyError(file: file, field: "swift.keyStyles", message: "'\(name)' is not a key style; expected camelCase, snake_case or kebab-case")
                    }
                    return style
                }
            default:
                throw PolicyError(file: file, field: "swift.\(key)", message: "unknown setting; expected toggleEnums, queryMethods or keyStyles")
            }
        }
        return settings
    }

    private static func strings(_ value: JSONValue, field: String, file: String) throws(PolicyError) -> [String] {
        guard case .array(let items) = value else {
            throw PolicyError(file: file, field: field, message: "must be an array of strings")
        }
        var names: [String] = []
        for item in items {
            guard case .string(let name) = item, !name.isEmpty else {
                throw PolicyError(file: file, field: field, message: "must be an array of non-empty strings")
            }
            names.append(name)
        }
        return names
    }
}
