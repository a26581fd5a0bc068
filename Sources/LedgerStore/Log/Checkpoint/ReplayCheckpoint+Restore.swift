import LedgerPlatform
import LedgerModel
/// Restoring what a checkpoint stored after its header: the projection, or a snapshot.
extension ReplayCheckpoint {
    /// A decoder at the first stored toggle, with what precedes the toggles read.
    private func openProjection(displayName: String) throws(CheckpointCorrupt)
        -> (CheckpointDecoder, LocationDecoder, ToggleEnumTables, eventCount: Int, toggleCount: Int)
    {
        var reader = CheckpointDecoder(file.bytes, from: projectionStart)
        try reader.readStringTable()
        let locations = LocationDecoder(base: SegmentDiscovery.join(displayName, ""))
        let enums = try ToggleEnumTables(&reader)
        let eventCount = try reader.int()
        let toggleCount = try reader.count()
        return (reader, locations, enums, eventCount, toggleCount)
    }

    /// The projection after the last covered event.
    package func projection(displayName: String) throws(CheckpointCorrupt) -> Projection {
        var (reader, locations, enums, eventCount, toggleCount) = try openProjection(displayName: displayName)
        var toggles: [ToggleState] = []
        toggles.reserveCapacity(toggleCount)
        for _ in 0..<toggleCount {
            let end = try reader.recordEnd()
            _ = try reader.bool()
            toggles.append(try reader.toggleState(enums))
            guard reader.index == end else { throw CheckpointCorrupt() }
        }
        let violations = try Self.violations(&reader, &locations)
        let siteCount = try reader.count()
        var creationSites: [String: LineLocation] = [:]
        creationSites.reserveCapacity(siteCount)
        for _ in 0..<siteCount {
            let name = try reader.string()
            guard let location = try locations.location(&reader) else { throw CheckpointCorrupt() }
            creationSites[name] = location
        }
        let unknownTypes = try Self.unknownTypes(&reader, &locations)
        let supportedVersions = try reader.supportedVersions()
        guard reader.isAtEnd else { throw CheckpointCorrupt() }
        return Projection(
            toggles: toggles, violations: violations, unknownTypes: unknownTypes, eventCount: eventCount, creationSites: creationSites,
            supportedVersions: supportedVersions)
    }

    /// The same projection as a snapshot (toggles in the stored order, by name), with
    /// `summary`. Without `includingRemoved`, removed toggles are stepped over, except those
    /// named in `keeping` (added events about to be folded may bring them back). A removed
    /// toggle still served to older app versions is in use, never stepped over.
    package func snapshot(
        displayName: String, summary: ReadSummary, includingRemoved: Bool = true, keeping: Set<String> = []
    ) throws(CheckpointCorrupt) -> ReplaySnapshot {
        var (reader, locations, enums, eventCount, toggleCount) = try openProjection(displayName: displayName)
        var toggles: [ToggleState] = []
        toggles.reserveCapacity(toggleCount)
        // Names are interned: a creation site names its toggle by the same string index.
        // For every stored toggle, its name and its position in `toggles` (-1: stepped over).
        var names: [(name: UInt32, position: Int)] = []
        names.reserveCapacity(toggleCount)
        for _ in 0..<toggleCount {
            let end = try reader.recordEnd()
            let removed = try reader.bool()
            let name = try reader.peekU32()
            var skipped = removed && !includingRemoved
            if skipped && !keeping.isEmpty { skipped = !keeping.contains(try reader.string(atIndex: name)) }
            if skipped {
                names.append((name, -1))
                try reader.skip(to: end)
                continue
            }
            names.append((name, toggles.count))
            toggles.append(try reader.toggleState(enums))
            guard reader.index == end else { throw CheckpointCorrupt() }
        }
        let violations = try Self.violations(&reader, &locations)
        var creationSites = [LineLocation?](repeating: nil, count: toggles.count)
        var next = 0
        for _ in 0..<(try reader.count()) {
            let name = UInt32(try reader.stringIndex())
            // Sites are sorted like the toggles.
            while next < toggleCount && names[next].name != name { next += 1 }
            guard next < toggleCount else { throw CheckpointCorrupt() }
            if names[next].position >= 0 {
                guard let location = try locations.location(&reader) else { throw CheckpointCorrupt() }
                creationSites[names[next].position] = location
            } else {
                try reader.skipLocation()
            }
            next += 1
        }
        let unknownTypes = try Self.unknownTypes(&reader, &locations)
        let supportedVersions = try reader.supportedVersions()
        guard reader.isAtEnd else { throw CheckpointCorrupt() }
        return ReplaySnapshot(
            toggles: toggles, creationSites: creationSites, violations: violations, unknownTypes: unknownTypes,
            eventCount: eventCount, summary: summary, path: .checkpoint, supportedVersions: supportedVersions)
    }

    private static func violations(
        _ reader: inout CheckpointDecoder, _ locations: inout LocationDecoder
    ) throws(CheckpointCorrupt) -> [(location: LineLocation?, violation: LifecycleViolation)] {
        var violations: [(location: LineLocation?, violation: LifecycleViolation)] = []
        for _ in 0..<(try reader.count()) { violations.append((try locations.location(&reader), try reader.violation())) }
        return violations
    }

    private static func unknownTypes(
        _ reader: inout CheckpointDecoder, _ locations: inout LocationDecoder
    ) throws(CheckpointCorrupt) -> [(location: LineLocation?, event: Event)] {
        var unknownTypes: [(location: LineLocation?, event: Event)] = []
        for _ in 0..<(try reader.count()) {
            let (location, event) = (try locations.location(&reader), try reader.event())
            // Skipped by the older version that wrote the checkpoint, understood by this one
            // (`attributes-changed` read by a version before it): its states lack the event,
            // so the log is replayed instead.
            guard case .unknown = event.change else { throw CheckpointCorrupt() }
            unknownTypes.append((location, event))
        }
        return unknownTypes
    }

}
