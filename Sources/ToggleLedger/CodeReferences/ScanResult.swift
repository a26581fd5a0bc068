/// A case of a toggle enum found in the sources.
public struct ToggleDeclaration: Sendable, Hashable {
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

    /// The toggle's name in the log.
    public var key: String { rawValue ?? caseName }
}

/// A toggle's default as its enum declares it in `var defaultValue { switch … }`.
public enum DeclaredDefault: Sendable, Hashable {
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
    public var declarations: [ToggleDeclaration]
    /// The `.swift` files read.
    public var fileCount: Int
    /// Files that could not be read, with the reason (the scan goes on without them).
    public var problems: [String]

    /// The toggle names the code declares or uses.
    public var referencedToggles: Set<String> { Set(references.map(\.toggle)) }
    /// The toggle names declared by enum cases.
    public var declaredToggles: Set<String> { Set(declarations.map(\.key)) }
}
