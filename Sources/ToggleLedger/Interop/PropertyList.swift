import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore

/// A value of an Apple XML property list, with numbers kept as the text that was written.
package indirect enum PropertyListValue: Sendable, Hashable {
    case string(String)
    /// The text of an `<integer>`, trimmed.
    case integer(String)
    /// The text of a `<real>`, trimmed.
    case real(String)
    case bool(Bool)
    /// The text of a `<date>`.
    case date(String)
    /// The base64 text of a `<data>`.
    case data(String)
    case array([PropertyListValue])
    case dictionary([PropertyListEntry])

    /// The element name, for messages.
    public var elementName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .bool(let flag): flag ? "true" : "false"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dict"
        }
    }
}

/// One `<key>` and its value, with the line the key is on.
package struct PropertyListEntry: Sendable, Hashable {
    public var key: String
    public var value: PropertyListValue
    public var line: Int

    public init(key: String, value: PropertyListValue, line: Int = 0) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// Writes XML property lists byte for byte as Foundation's `PropertyListSerialization`
/// (CoreFoundation's `_CFAppendXML0`) does: the fixed header, one tab per level, keys sorted
/// by UTF-16 code unit, only `&`, `<` and `>` escaped, `<true/>`, `<integer>`, `<real>` with
/// 17 significant digits, `<dict/>` when empty.
enum PropertyListWriter {
    public static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// A whole document whose top level is a dictionary.
    public static func document(_ entries: [PropertyListEntry]) -> String {
        var output = header
        write(.dictionary(entries), depth: 0, to: &output)
        output += "</plist>\n"
        return output
    }

    package static func write(_ value: PropertyListValue, depth: Int, to output: inout String) {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .string(let text):
            // XML 1.0 has no way to carry most C0 controls (not even as &#27;): such a string
            // goes as its UTF-8 bytes in <data>, which Foundation reads as Data.
            guard xmlCanCarry(text) else { return write(.data(Base64.encode(Array(text.utf8))), depth: depth, to: &output) }
            output += indent + "<string>" + XMLText.escape(text, .exact) + "</string>\n"
        case .integer(let text): output += indent + "<integer>" + text + "</integer>\n"
        case .real(let text): output += indent + "<real>" + text + "</real>\n"
        case .bool(let flag): output += indent + (flag ? "<true/>" : "<false/>") + "\n"
        case .date(let text): output += indent + "<date>" + text + "</date>\n"
        case .data(let text): output += indent + "<data>\n" + indent + text + "\n" + indent + "</data>\n"
        case .array(let elements):
            if elements.isEmpty { output += indent + "<array/>\n"; return }
            output += indent + "<array>\n"
            for element in elements { write(element, depth: depth + 1, to: &output) }
            output += indent + "</array>\n"
        case .dictionary(let entries):
            if entries.isEmpty { output += indent + "<dict/>\n"; return }
            output += indent + "<dict>\n"
            for entry in entries.sorted(by: { $0.key.utf16.lexicographicallyPrecedes($1.key.utf16) }) {
                output += indent + "\t<key>" + XMLText.escape(entry.key, .exact) + "</key>\n"
                write(entry.value, depth: depth + 1, to: &output)
            }
            output += indent + "</dict>\n"
        }
    }

    /// Whether XML 1.0 character data can hold `text`: tab, newline, carriage return and
    /// U+0020 up, except U+FFFE and U+FFFF (the `Char` production).
    static func xmlCanCarry(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar.value >= 0x20 ? scalar.value != 0xFFFE && scalar.value != 0xFFFF : scalar == "\t" || scalar == "\n" || scalar == "\r"
        }
    }

    /// A number as CoreFoundation writes a double: `%.17g` (`0.33000000000000002`, `1e+20`).
    public static func realText(_ value: Double) -> String {
        formatG17(value)
    }
}

/// A small strict reader for Apple XML property lists: the XML declaration, DOCTYPE and
/// comments, then `<plist>` holding one value. Entities are the five predefined ones and
/// character references; CDATA is accepted. Anything else is an error with its line.
package struct PropertyListReader {
    private let bytes: [UInt8]
    private var index = 0
    private let file: String?
    /// Arrays and dicts open around the current position, bounded like JSON's so that no
    /// document can drive the recursion past the stack.
    private var depth = 0
    /// The keys' lines, counted once through the file.
    private var lines = LineCounter()
    /// Values still allowed, bounded like JSON's (``JSONParser/maximumValues``): a
    /// `<true/>` costs 7 bytes of input and a boxed value several times that, so without a
    /// bound a 40 MB `<array>` took 288 MB. A defaults plist holds a few thousand keys.
    private var valuesLeft = JSONParser.maximumValues

    /// Reads a document whose top-level value is a dictionary.
    public static func dictionary(_ bytes: [UInt8], file: String?) throws(InteropError) -> [PropertyListEntry] {
        var reader = PropertyListReader(bytes: bytes, file: file)
        let value = try reader.document()
        guard case .dictionary(let entries) = value else {
            throw InteropError(file: file, "the top-level value must be a <dict> of defaults, found <\(value.elementName)>")
        }
        return entries
    }

    private init(bytes: [UInt8], file: String?) {
        self.bytes = bytes
        self.file = file
    }

    private mutating func document() throws(InteropError) -> PropertyListValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw fail("not UTF-8 text; expected an XML property list") }
        if bytes.starts(with: Array("bplist".utf8)) { throw fail("a binary property list; convert it with `plutil -convert xml1`") }
        skipMisc()
        if lookingAt("<?xml") {
            guard let end = find("?>") else { throw fail("unterminated XML declaration") }
            index = end + 2
        }
        skipMisc()
        if lookingAt("<!DOCTYPE") {
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "]") { depth -= 1 }
                if byte == UInt8(ascii: ">") && depth == 0 { break }
            }
        }
        skipMisc()
        guard let root = try openTag(), root.name == "plist" else {
            throw fail("expected <plist>; this is not an XML property list")
        }
        guard !root.selfClosing else { throw fail("<plist/> is empty; expected a value in it") }
        skipMisc()
        let value = try parseValue()
        skipMisc()
        try expectClose("plist")
        skipMisc()
        guard index == bytes.count else { throw fail("unexpected content after </plist>") }
        return value
    }

    private mutating func parseValue() throws(InteropError) -> PropertyListValue {
        let start = index
        guard valuesLeft > 0 else {
            throw fail("more than \(JSONParser.maximumValues) values, expected at most \(JSONParser.maximumValues) in one property list")
        }
        valuesLeft -= 1
        guard let tag = try openTag() else { throw fail("expected a value element such as <string>") }
        switch tag.name {
        case "true", "false":
            if !tag.selfClosing { try expectClose(tag.name) }
            return .bool(tag.name == "true")
        case "string":
            return .string(tag.selfClosing ? "" : try text(closing: "string"))
        case "integer", "real", "date":
            guard !tag.selfClosing else { index = start; throw fail("<\(tag.name)/> has no value") }
            let content = trimmed(try text(closing: tag.name))
            guard !content.isEmpty else { index = start; throw fail("<\(tag.name)> is empty") }
            return tag.name == "integer" ? .integer(content) : tag.name == "real" ? .real(content) : .date(content)
        case "data":
            return .data(tag.selfClosing ? "" : String(try text(closing: "data").filter { !$0.isWhitespace }))
        case "array":
            try enterContainer(tag, at: start)
            defer { depth -= 1 }
            var elements: [PropertyListValue] = []
            if tag.selfClosing { return .array(elements) }
            while true {
                skipMisc()
                if lookingAt("</") { try expectClose("array"); return .array(elements) }
                elements.append(try parseValue())
            }
        case "dict":
            try enterContainer(tag, at: start)
            defer { depth -= 1 }
            var entries: [PropertyListEntry] = []
            var seen = Set<String>()
            if tag.selfClosing { return .dictionary(entries) }
            while true {
                skipMisc()
                if lookingAt("</") { try expectClose("dict"); return .dictionary(entries) }
                let keyStart = index
                guard let keyTag = try openTag(), keyTag.name == "key" else {
                    index = keyStart
                    throw fail("expected <key> in <dict>")
                }
                let line = lines.line(at: keyStart, in: bytes)
                let key = keyTag.selfClosing ? "" : try text(closing: "key")
                guard seen.insert(key).inserted else { index = keyStart; throw fail("key \(JSONWriter.quoted(key)) appears twice") }
                skipMisc()
                guard !lookingAt("</") else { throw fail("key \(JSONWriter.quoted(key)) has no value") }
                entries.append(PropertyListEntry(key: key, value: try parseValue(), line: line))
            }
        default:
            index = start
            throw fail("unknown element <\(tag.name)>; expected dict, array, string, integer, real, true, false, date or data")
        }
    }

    private mutating func enterContainer(_ tag: Tag, at start: Int) throws(InteropError) {
        depth += 1
        guard depth > JSONParser.maximumDepth else { return }
        index = start
        throw fail("<\(tag.name)> nested deeper than \(JSONParser.maximumDepth) levels")
    }

    // MARK: Tags and text

    private struct Tag { var name: String; var selfClosing: Bool }

    private mutating func openTag() throws(InteropError) -> Tag? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<"), !lookingAt("</") else { return nil }
        guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { throw fail("unterminated tag") }
        var inner = Array(bytes[(index + 1)..<end])
        let selfClosing = inner.last == UInt8(ascii: "/")
        if selfClosing { inner.removeLast() }
        let nameBytes = inner.prefix { !isSpace($0) }
        index = end + 1
        return Tag(name: String(decoding: nameBytes, as: UTF8.self), selfClosing: selfClosing)
    }

    private mutating func expectClose(_ name: String) throws(InteropError) {
        let close = Array("</\(name)".utf8)
        guard bytes[index...].starts(with: close) else {
            throw fail("expected </\(name)>, found \(describeCurrent())")
        }
        index += close.count
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fail("expected '>' to close </\(name)") }
        index += 1
    }

    /// Character data up to `</name>`, with entities and CDATA resolved.
    private mutating func text(closing name: String) throws(InteropError) -> String {
        var output: [UInt8] = []
        while index < bytes.count {
            if lookingAt("<![CDATA[") {
                guard let end = find("]]>") else { throw fail("unterminated CDATA section") }
                output += bytes[(index + 9)..<end]
                index = end + 3
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                try expectClose(name)
                return String(decoding: output, as: UTF8.self)
            }
            if byte == UInt8(ascii: "&") {
                guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw fail("'&' must start an entity such as &amp;") }
                let entity = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                switch entity {
                case "amp": output.append(UInt8(ascii: "&"))
                case "lt": output.append(UInt8(ascii: "<"))
                case "gt": output.append(UInt8(ascii: ">"))
                case "quot": output.append(UInt8(ascii: "\""))
                case "apos": output.append(UInt8(ascii: "'"))
                default:
                    var scalar: UInt32?
                    if entity.hasPrefix("#x") { scalar = UInt32(entity.dropFirst(2), radix: 16) } else if entity.hasPrefix("#") { scalar = UInt32(entity.dropFirst(), radix: 10) }
                    guard let scalar, let character = Unicode.Scalar(scalar) else { throw fail("unknown entity &\(entity);") }
                    output += Array(String(Character(character)).utf8)
                }
                index = end + 1
                continue
            }
            output.append(byte)
            index += 1
        }
        throw fail("unterminated <\(name)>")
    }

    private mutating func skipMisc() {
        while index < bytes.count {
            if isSpace(bytes[index]) { index += 1; continue }
            if lookingAt("<!--") {
                index = (find("-->").map { $0 + 3 }) ?? bytes.count
                continue
            }
            return
        }
    }

    private func lookingAt(_ text: String) -> Bool { bytes[index...].starts(with: text.utf8) }

    private func find(_ text: String) -> Int? {
        let needle = Array(text.utf8)
        var position = index
        while position + needle.count <= bytes.count {
            if bytes[position] == needle[0] && bytes[position..<(position + needle.count)].elementsEqual(needle) { return position }
            position += 1
        }
        return nil
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    private func lineNumber(_ offset: Int) -> Int {
        1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let snippet = bytes[index..<min(bytes.count, index + 12)].prefix { $0 != 0x0A }
        return "'" + String(decoding: snippet, as: UTF8.self) + "'"
    }

    private func fail(_ reason: String) -> InteropError {
        InteropError(file: file, line: lineNumber(index), reason)
    }
}
