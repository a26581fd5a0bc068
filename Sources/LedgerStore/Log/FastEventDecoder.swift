import LedgerPlatform
import LedgerModel
/// Decodes the usual shape of an event line straight from its bytes, without building a
/// ``JSONValue`` tree for the envelope or a `String` for every field.
///
/// It is a fast path, not a second definition of the format: it accepts a line only when
/// the line is a valid event and it produces exactly the ``Event`` that ``JSONParser`` plus
/// ``EventCodec/decode(_:)`` produce. Anything unusual (an escape in a key, a field it does
/// not know, an unknown type, a value of the wrong kind, any error at all) makes it return
/// nil, and the caller runs the general path, which gives the verdict and the message.
/// So it can never accept what the general path rejects, and tests check that both agree
/// on every line of generated logs and fixtures.
package struct FastEventDecoder {
    private var interner = StringInterner()
    /// Per known key: where its value starts and ends in the line (valid when its bit is set).
    private var starts = [Int](repeating: 0, count: Key.count)
    private var ends = [Int](repeating: 0, count: Key.count)
    /// Per known key: the parsed value, when it is not a string without escapes.
    private var parsed = [JSONValue?](repeating: nil, count: Key.count)
    /// The conditions of the line, when ``scanConditions(_:_:)`` read them.
    private var fastConditions: [ConditionalValue]?
    /// The interned number of the toggle name of the last event ``decode(_:)`` returned.
    package private(set) var toggleSlot: Int32 = -1
    /// When set, ``decode(_:)`` leaves `id` and `toggle` empty when both are plain strings and
    /// reports where they are (``deferredIdentity``): the reader turns them into strings on
    /// the thread that folds the events (see ``MergeBatch``).
    let defersIdentity: Bool
    /// Where the id and toggle name of the last event are in its line, when they were deferred.
    private(set) var deferredIdentity: (id: Range<Int>, toggle: Range<Int>)?

    init(defersIdentity: Bool = false) {
        self.defersIdentity = defersIdentity
    }

    /// The event on `line` (without its newline), or nil to let the general path decide.
    package mutating func decode(_ line: UnsafeBufferPointer<UInt8>) -> Event? {
        var present: UInt32 = 0
        var parsedMask: UInt32 = 0
        defer {
            // Drop parsed payload values so they are not kept alive until the next line.
            if parsedMask != 0 {
                for key in 0..<Key.count where parsedMask & (1 << key) != 0 { parsed[key] = nil }
            }
        }
        fastConditions = nil
        deferredIdentity = nil
        guard scan(line, present: &present, parsedMask: &parsedMask) else { return nil }
        return build(line, present: present)
    }

    // MARK: Scanning the object

    /// Walks the top-level object, validating it, and records where each known key's value is.
    private mutating func scan(_ line: UnsafeBufferPointer<UInt8>, present: inout UInt32, parsedMask: inout UInt32) -> Bool {
        let count = line.count
        var index = skipWhitespace(line, 0)
        guard index < count, line[index] == UInt8(ascii: "{") else { return false }
        index = skipWhitespace(line, index + 1)
        guard index < count, line[index] != UInt8(ascii: "}") else { return false }  // {} is not an event
        // The line's values, counted as the general parser counts them (the object is one),
        // so this path accepts no line over its bound and builds no tree larger than it.
        var values = 1
        while true {
            // Key: a known name, plain ASCII, no escapes.
            guard index < count, line[index] == UInt8(ascii: "\"") else { return false }
            let keyStart = index + 1
            let keyEnd = Self.plainRunEnd(line, keyStart)
            guard keyEnd < count, line[keyEnd] == UInt8(ascii: "\"") else { return false }
            guard keyEnd < count, let key = Key.match(UnsafeBufferPointer(rebasing: line[keyStart..<keyEnd])) else { return false }
            let bit: UInt32 = 1 << key.rawValue
            guard present & bit == 0 else { return false }  // duplicate key: the general path rejects it
            present |= bit
            index = skipWhitespace(line, keyEnd + 1)
            guard index < count, line[index] == UInt8(ascii: ":") else { return false }
            index = skipWhitespace(line, index + 1)
            guard index < count else { return false }
            // Value: strings without escapes or non-ASCII bytes are only located; anything
            // else goes through the general parser (which validates it).
            let valueStart = index
            var simple = false
            if line[index] == UInt8(ascii: "\"") {
                let scan = Self.plainRunEnd(line, index + 1)
                if scan < count && line[scan] == UInt8(ascii: "\"") {
                    simple = true
                    index = scan + 1
                }
            }
            if !simple, key == .conditions, let (conditions, end, conditionValues) = scanConditions(line, valueStart) {
                // The usual conditions (plain strings, scalar values) without a JSONValue tree.
                fastConditions = conditions
                simple = true
                index = end
                values += conditionValues - 1
            }
            if !simple, let end = Self.scalarEnd(line, valueStart) {
                // true, false, null or a number: located now, made a value only when used.
                simple = true
                index = end
            }
            values += 1
            if !simple {
                guard
                    let (value, end, valueCount) = try? JSONParser.parseValue(
                        in: line, at: valueStart, depth: 1, maximumValues: JSONParser.maximumValues - values + 1)
                else { return false }
                parsed[key.rawValue] = value
                parsedMask |= bit
                index = end
                values += valueCount - 1
            }
            guard values <= JSONParser.maximumValues else { return false }
            starts[key.rawValue] = valueStart
            ends[key.rawValue] = index
            index = skipWhitespace(line, index)
            guard index < count else { return false }
            if line[index] == UInt8(ascii: ",") {
                index = skipWhitespace(line, index + 1)
                continue
            }
            guard line[index] == UInt8(ascii: "}") else { return false }
            return skipWhitespace(line, index + 1) == count
        }
    }

    /// A `conditions` array of the usual shape — objects with a plain `name` and `expression`
    /// and a scalar or plain-string `value`, nothing else — and where it ends; nil for
    /// anything else (another field, a nested value, an escape, a duplicate), which the
    /// general parser then reads, exactly as ``conditions(_:)`` would see it.
    private mutating func scanConditions(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> ([ConditionalValue], Int, values: Int)? {
        let count = line.count
        guard line[start] == UInt8(ascii: "[") else { return nil }
        var index = skipWhitespace(line, start + 1)
        var result: [ConditionalValue] = []
        var values = 1
        guard index < count else { return nil }
        if line[index] == UInt8(ascii: "]") { return (result, index + 1, values) }
        while true {
            // Names are told apart by a linear search, so a long list goes to the general
            // parser (a set of names) instead of taking time quadratic in its length.
            guard result.count < Self.maximumFastConditions else { return nil }
            guard index < count, line[index] == UInt8(ascii: "{") else { return nil }
            index = skipWhitespace(line, index + 1)
            var name: String?
            var expression: String?
            var value: JSONValue?
            var seen: UInt8 = 0
            while true {
                guard index < count, line[index] == UInt8(ascii: "\"") else { return nil }
                let keyEnd = Self.plainRunEnd(line, index + 1)
                guard keyEnd < count, line[keyEnd] == UInt8(ascii: "\"") else { return nil }
                let keyBytes = UnsafeBufferPointer(rebasing: line[(index + 1)..<keyEnd])
                let bit: UInt8
                if equals(keyBytes, "name") { bit = 1 } else if equals(keyBytes, "expression") { bit = 2 } else if equals(keyBytes, "value") { bit = 4 } else { return nil }
                guard seen & bit == 0 else { return nil }
                seen |= bit
                index = skipWhitespace(line, keyEnd + 1)
                guard index < count, line[index] == UInt8(ascii: ":") else { return nil }
                index = skipWhitespace(line, index + 1)
                guard index < count else { return nil }
                if line[index] == UInt8(ascii: "\"") {
                    let end = Self.plainRunEnd(line, index + 1)
                    guard end < count, line[end] == UInt8(ascii: "\"") else { return nil }
                    let text = UnsafeBufferPointer(rebasing: line[(index + 1)..<end])
                    switch bit {
                    case 1:
                        guard !text.isEmpty else { return nil }
                        name = interner.intern(text)
                    case 2: expression = interner.intern(text)
                    default: value = .string(String(decoding: text, as: UTF8.self))
                    }
                    index = end + 1
                } else if bit == 4, let end = Self.scalarEnd(line, index) {
                    switch line[index] {
                    case UInt8(ascii: "t"): value = .bool(true)
                    case UInt8(ascii: "f"): value = .bool(false)
                    case UInt8(ascii: "n"): value = .null
                    default: value = .number(String(decoding: UnsafeBufferPointer(rebasing: line[index..<end]), as: UTF8.self))
                    }
                    index = end
                } else {
                    return nil
                }
                index = skipWhitespace(line, index)
                guard index < count else { return nil }
                if line[index] == UInt8(ascii: ",") {
                    index = skipWhitespace(line, index + 1)
                    continue
                }
                guard line[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                break
            }
            guard let name, let expression, !result.contains(where: { $0.name == name }) else { return nil }
            result.append(ConditionalValue(name: name, expression: expression, value: value))
            values += 1 + seen.nonzeroBitCount
            index = skipWhitespace(line, index)
            guard index < count else { return nil }
            if line[index] == UInt8(ascii: ",") {
                index = skipWhitespace(line, index + 1)
                continue
            }
            guard line[index] == UInt8(ascii: "]") else { return nil }
            return (result, index + 1, values)
        }
    }

    /// The most conditions ``scanConditions(_:_:)`` reads (Firebase allows 2,000 in a
    /// project; a toggle rarely has more than a few).
    static let maximumFastConditions = 64

    /// The index of the first byte at or after `start` that ends a plain run of string
    /// content: a quote, a backslash, a control character or a non-ASCII byte (or the end).
    /// Eight bytes at a time, with the usual "has a zero byte" bit tricks.
    static func plainRunEnd(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        let count = line.count
        var index = start
        if let base = line.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let special =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                    | (word &- ones &* 0x20) | word
                // The lowest flagged byte is exact (borrows only ever flag bytes above it).
                if special & highs != 0 { return index + (special & highs).trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < count {
            let byte = line[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return index }
            index += 1
        }
        return index
    }

    /// The end of a literal or a number (RFC 8259 grammar) at `start`, or nil if there is none.
    /// What follows it is checked by the caller (a separator), as the general parser does.
    static func scalarEnd(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int? {
        let count = line.count
        func literal(_ text: StaticString) -> Int? {
            let length = text.utf8CodeUnitCount
            guard start + length <= count, RawMemory.equal(line.baseAddress! + start, text.utf8Start, count: length) else { return nil }
            return start + length
        }
        switch line[start] {
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
        default: return nil
        }
        func isDigit(_ index: Int) -> Bool { index < count && line[index] >= 0x30 && line[index] <= 0x39 }
        var index = start
        if line[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return nil }
        if line[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { return nil }  // leading zero
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < count && line[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        if index < count && (line[index] == UInt8(ascii: "e") || line[index] == UInt8(ascii: "E")) {
            index += 1
            if index < count && (line[index] == UInt8(ascii: "+") || line[index] == UInt8(ascii: "-")) { index += 1 }
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        return index
    }

    private func skipWhitespace(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var index = start
        while index < line.count {
            switch line[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    // MARK: Building the event

    private mutating func build(_ line: UnsafeBufferPointer<UInt8>, present: UInt32) -> Event? {
        guard present & Key.envelope == Key.envelope else { return nil }
        // schema: the integer 1 … currentSchema.
        guard let schema = smallInteger(line, .schema), schema >= 1, schema <= Event.currentSchema else { return nil }
        guard let type = simpleBytes(line, .type).flatMap(EventType.match) else { return nil }
        guard present & ~type.allowedKeys == 0, present & type.requiredKeys == type.requiredKeys else { return nil }
        guard let atBytes = simpleBytes(line, .at), let at = Timestamp.parse(atBytes) else { return nil }
        guard let toggleBytes = simpleBytes(line, .toggle), ToggleName.isValid(toggleBytes) else { return nil }
        let id: String
        let toggle: String
        if defersIdentity, let idBytes = simpleBytes(line, .id) {
            guard !idBytes.isEmpty else { return nil }
            (id, toggle) = ("", "")
            toggleSlot = -1
            deferredIdentity = (Self.range(of: idBytes, in: line), Self.range(of: toggleBytes, in: line))
        } else {
            guard let text = string(line, .id), !text.isEmpty else { return nil }
            id = text
            (toggle, toggleSlot) = interner.internWithSlot(toggleBytes)
        }
        guard let actor = internedString(line, .actor), !actor.isEmpty else { return nil }
        let change: Change
        switch type {
        case .created:
            guard let kind = simpleBytes(line, .kind).flatMap(ToggleKind.init(bytes:)),
                let valueType = simpleBytes(line, .valueType).flatMap(ValueType.init(bytes:)),
                let defaultValue = value(line, .defaultValue), valueType.accepts(defaultValue),
                let category = internedString(line, .category), !category.isEmpty
            else { return nil }
            var owner: String?
            var description: String?
            var expires: CalendarDate?
            if present & Key.owner.bit != 0 { guard let text = internedString(line, .owner) else { return nil }; owner = text }
            if present & Key.description.bit != 0 { guard let text = string(line, .description) else { return nil }; description = text }
            if present & Key.expires.bit != 0 {
                guard let bytes = simpleBytes(line, .expires), let date = CalendarDate.parse(bytes) else { return nil }
                expires = date
            }
            change = .created(
                ToggleDefinition(
                    kind: kind, valueType: valueType, defaultValue: defaultValue, category: category,
                    owner: owner, description: description, expires: expires))
        case .defaultChanged:
            guard let value = value(line, .defaultValue) else { return nil }
            change = .defaultChanged(value)
        case .published:
            var remote = RemoteValue(value: nil)
            if present & Key.value.bit != 0 { remote.value = value(line, .value) }
            if present & Key.conditions.bit != 0 {
                guard let conditions = fastConditions ?? conditions(parsed[Key.conditions.rawValue]) else { return nil }
                remote.conditions = conditions
            }
            if present & Key.templateVersion.bit != 0 {
                guard let version = string(line, .templateVersion) else { return nil }
                remote.templateVersion = version
            }
            change = .published(remote)
        case .unpublished:
            var version: String?
            if present & Key.templateVersion.bit != 0 {
                guard let text = string(line, .templateVersion) else { return nil }
                version = text
            }
            change = .unpublished(templateVersion: version)
        case .expiryExtended:
            guard let bytes = simpleBytes(line, .expires), let expires = CalendarDate.parse(bytes),
                let reason = string(line, .reason), !reason.isEmpty
            else { return nil }
            change = .expiryExtended(expires: expires, reason: reason)
        case .removed:
            var reason: String?
            if present & Key.reason.bit != 0 {
                guard let text = internedString(line, .reason) else { return nil }
                reason = text
            }
            change = .removed(reason: reason)
        }
        var source: Provenance?
        if present & Key.source.bit != 0 {
            guard case .object(let object)? = parsed[Key.source.rawValue] else { return nil }
            var provenance = Provenance()
            for member in object.members {
                // Like EventCodec: the five known fields must be strings, others are ignored.
                let text: String?
                switch member.value {
                case .string(let value): text = value
                default: text = nil
                }
                switch member.key {
                case "ci": guard let text else { return nil }; provenance.ci = text
                case "commit": guard let text else { return nil }; provenance.commit = text
                case "branch": guard let text else { return nil }; provenance.branch = text
                case "run": guard let text else { return nil }; provenance.run = text
                case "url": guard let text else { return nil }; provenance.url = text
                default: continue
                }
            }
            source = provenance
        }
        return Event(id: id, at: at, toggle: toggle, actor: actor, change: change, source: source, schema: schema)
    }

    /// The conditions of a `published` event, or nil if anything about them is unusual.
    private func conditions(_ value: JSONValue?) -> [ConditionalValue]? {
        // Past a few, the general path's set of names (see ``maximumFastConditions``).
        guard case .array(let elements)? = value, elements.count <= Self.maximumFastConditions else { return nil }
        var result: [ConditionalValue] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard case .object(let object) = element else { return nil }
            var name: String?
            var expression: String?
            var conditionValue: JSONValue?
            for member in object.members {
                switch member.key {
                case "name":
                    guard case .string(let text) = member.value, !text.isEmpty else { return nil }
                    name = text
                case "expression":
                    guard case .string(let text) = member.value else { return nil }
                    expression = text
                case "value":
                    conditionValue = member.value
                case "managed":
                    return nil  // a server-managed option: the general path decodes it
                default:
                    continue  // EventCodec ignores other fields of a condition
                }
            }
            guard let name, let expression, !result.contains(where: { $0.name == name }) else { return nil }
            result.append(ConditionalValue(name: name, expression: expression, value: conditionValue))
        }
        return result
    }

    /// The content bytes of a string value without escapes, or nil.
    private func simpleBytes(_ line: UnsafeBufferPointer<UInt8>, _ key: Key) -> UnsafeBufferPointer<UInt8>? {
        guard parsed[key.rawValue] == nil else {
            return nil
        }
        let start = starts[key.rawValue]
        let end = ends[key.rawValue]
        guard end - start >= 2, line[start] == UInt8(ascii: "\"") else { return nil }
        return UnsafeBufferPointer(rebasing: line[(start + 1)..<(end - 1)])
    }

    private static func range(of part: UnsafeBufferPointer<UInt8>, in line: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = line.baseAddress!.distance(to: part.baseAddress!)
        return start..<(start + part.count)
    }

    /// A string value, with or without escapes; nil when the value is not a string.
    private func string(_ line: UnsafeBufferPointer<UInt8>, _ key: Key) -> String? {
        if let bytes = simpleBytes(line, key) { return String(decoding: bytes, as: UTF8.self) }
        if case .string(let text)? = parsed[key.rawValue] { return text }
        return nil
    }

    /// Like ``string(_:_:)`` but shares storage for text that repeats (actors, categories).
    private mutating func internedString(_ line: UnsafeBufferPointer<UInt8>, _ key: Key) -> String? {
        if let bytes = simpleBytes(line, key) { return interner.intern(bytes) }
        if case .string(let text)? = parsed[key.rawValue] { return text }
        return nil
    }

    /// Any JSON value.
    private func value(_ line: UnsafeBufferPointer<UInt8>, _ key: Key) -> JSONValue? {
        if let bytes = simpleBytes(line, key) { return .string(String(decoding: bytes, as: UTF8.self)) }
        if let parsed = parsed[key.rawValue] { return parsed }
        let start = starts[key.rawValue]
        let end = ends[key.rawValue]
        switch line[start] {
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        case UInt8(ascii: "n"): return .null
        default: return .number(String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self))
        }
    }

    /// A located number that is a plain non-negative integer of up to 9 digits (what
    /// `Int(lexeme)` accepts among them), or nil.
    private func smallInteger(_ line: UnsafeBufferPointer<UInt8>, _ key: Key) -> Int? {
        guard parsed[key.rawValue] == nil else { return nil }
        let start = starts[key.rawValue]
        let end = ends[key.rawValue]
        guard end > start, end - start <= 9 else { return nil }
        var value = 0
        for index in start..<end {
            let byte = line[index]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
