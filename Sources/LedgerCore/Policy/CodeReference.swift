import LedgerPlatform
import LedgerModel
import LedgerStore
/// One place in Swift source that declares or uses a toggle.
public struct CodeReference: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        /// `case isRoundedAvatar` in a toggle enum.
        case declaration
        /// `RemoteToggle.isRoundedAvatar`
        case member
        /// `.isRoundedAvatar` where the name is a toggle case (`isToggleOn(.isRoundedAvatar)`).
        case implicitMember = "implicit-member"
        /// `remoteConfig["isRoundedAvatar"]`, `configValue(forKey: "isRoundedAvatar")`.
        case stringKey = "string-key"
    }

    /// The toggle's name in the log: the case's raw value when it has one, else the case name.
    public var toggle: String
    public var kind: Kind
    /// The file as the scan was given it (joined with the path argument).
    public var file: String
    public var line: Int
    public var column: Int
    /// What the code says: `RemoteToggle.isRoundedAvatar`, `.isRoundedAvatar`, `"isRoundedAvatar"`.
    public var symbol: String
    /// The toggle enum, when known (declarations and member references).
    public var enumName: String?
    /// For an implicit member that names a case of several toggle enums: the other toggles it
    /// may be. The scan reports one reference per candidate rather than guess.
    public var ambiguousWith: [String] = []
    /// The convention the reference was found in when it is not a toggle enum's case
    /// (`property`, `key constant`, `member`, `string argument`, `dictionary key`): the cleanup
    /// picks its rewrite by it (docs/cleanup.md), and names it when it refuses a site.
    public var form: String?
    /// Found inside the body (or an extension) of the type that declares the toggle: removing the
    /// toggle touches it too. `--explain` says so; the text and JSON output mark it.
    public var ownBody = false

    public init(toggle: String, kind: Kind, file: String, line: Int, column: Int, symbol: String, enumName: String? = nil) {
        self.toggle = toggle
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.symbol = symbol
        self.enumName = enumName
    }

    /// Sorted by file, line, column.
    package static func ordered(_ a: CodeReference, _ b: CodeReference) -> Bool {
        // One memcmp (utf8Precedes): the generic UTF-8 walk cost 5% of a scan.
        if a.file != b.file { return utf8Precedes(a.file, b.file) }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        return utf8Precedes(a.toggle, b.toggle)
    }
}

/// A case of a toggle enum found in the sources.
package struct ToggleDeclaration: Sendable, Hashable {
    public var enumName: String
    /// The case name.
    public var caseName: String
    /// The raw value when the case has a string one (`case isFoo = "is_foo"`), else nil.
    public var rawValue: String?
    public var file: String
    public var line: Int
    public var column: Int

    /// What the enum's `defaultValue` property says for this case.
    public var declaredDefault: DeclaredDefault = .notDeclared
    /// The log's name for the case when it is not the raw value: the case name, or a key-style
    /// spelling of it, that the log knows while it does not know the raw value.
    public var knownAs: String?

    package init(
        enumName: String, caseName: String, rawValue: String? = nil, file: String, line: Int, column: Int, declaredDefault: DeclaredDefault = .notDeclared, knownAs: String? = nil
    ) {
        self.enumName = enumName
        self.caseName = caseName
        self.rawValue = rawValue
        self.file = file
        self.line = line
        self.column = column
        self.declaredDefault = declaredDefault
        self.knownAs = knownAs
    }

    /// The toggle's name in the log.
    public var key: String { knownAs ?? rawValue ?? caseName }
}

/// A toggle's default as its enum declares it in `var defaultValue { switch … }`.
package enum DeclaredDefault: Sendable, Hashable {
    /// The enum has no `defaultValue` property (ToggleKit's `ToggleType` default is `false`).
    case notDeclared
    /// `true` or `false`.
    case bool(Bool)
    /// A string literal (a `RemoteConfigValue`).
    case text(String)
    /// There is a `defaultValue` property, but not in the simple `switch` form this reads.
    case unreadable
}

/// Everything a scan found.
public struct ScanResult: Sendable {
    /// Every reference, declarations included, sorted by file, line and column.
    public var references: [CodeReference]
    /// The cases of toggle enums, in source order per file.
    package var declarations: [ToggleDeclaration]
    /// The `.swift` files read.
    public var fileCount: Int
    /// Files that could not be read, with the reason (the scan goes on without them).
    public var problems: [String]

    package init(references: [CodeReference], declarations: [ToggleDeclaration], fileCount: Int, problems: [String]) {
        self.references = references
        self.declarations = declarations
        self.fileCount = fileCount
        self.problems = problems
    }

    /// The toggle names the code declares or uses.
    public var referencedToggles: Set<String> { Set(references.map(\.toggle)) }
    /// The toggle names declared by enum cases.
    public var declaredToggles: Set<String> { Set(declarations.map(\.key)) }
}
