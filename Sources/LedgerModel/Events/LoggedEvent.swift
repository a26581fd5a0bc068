/// An event with the line it was read from.
public struct LoggedEvent: Sendable {
    public var event: Event
    public var location: LineLocation
    /// Which segment of the read (its index in ``LogReader/segments()``) and the line's byte offset.
    package var segmentIndex: Int = 0
    package var offset: Int64 = 0
    /// The reader's number for the toggle name (-1: none), see ``Projection/apply(_:)``.
    package var toggleSlot: Int32 = -1

    public init(event: Event, location: LineLocation) {
        self.event = event
        self.location = location
    }

    package init(event: consuming Event, location: LineLocation, segmentIndex: Int, offset: Int64, toggleSlot: Int32) {
        self.event = event
        self.location = location
        self.segmentIndex = segmentIndex
        self.offset = offset
        self.toggleSlot = toggleSlot
    }
}

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
