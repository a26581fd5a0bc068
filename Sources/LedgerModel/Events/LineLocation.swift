/// A line in a segment, written `events/2026/11/x.jsonl:3`.
public struct LineLocation: Sendable, Hashable, CustomStringConvertible {
    /// The segment's path as the user would type it (log directory joined with the relative path).
    public var file: String
    /// 1-based line number.
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}
