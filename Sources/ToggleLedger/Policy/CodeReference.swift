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
    static func ordered(_ a: CodeReference, _ b: CodeReference) -> Bool {
        if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        return a.toggle.utf8.lexicographicallyPrecedes(b.toggle.utf8)
    }
}
