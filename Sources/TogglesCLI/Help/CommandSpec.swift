/// One option a command accepts.
struct OptionSpec: Sendable {
    /// `--kind`
    let name: String
    /// Names of the values it takes (`["KIND"]`); empty for a flag.
    let values: [String]
    let help: String
    let repeatable: Bool

    /// An option written as its line of `toggles help COMMAND` (`--at TIME  when it happened`),
    /// for the options several commands share (``CommonOptions``).
    init(_ line: String) {
        do throws(CommandSpec.HelpTextError) {
            let line = Substring(line)
            guard let gap = CommandSpec.gap(in: line) else { throw .init("expected the option, two spaces, then what it does") }
            self = try Self(label: line[..<gap.lowerBound], help: line[gap.upperBound...])
        } catch {
            preconditionFailure("option `\(line)`: \(error.problem)")
        }
    }

    /// `--when CONDITION EXPRESSION VALUE` and its help; a help ending in ` (repeatable)`, as
    /// the help page prints it, makes the option repeatable.
    fileprivate init(label: Substring, help: Substring) throws(CommandSpec.HelpTextError) {
        let words = CommandSpec.words(label).map(String.init)
        guard words[0].hasPrefix("--"), words[0].utf8.count > 2, !words.dropFirst().contains(where: { $0.hasPrefix("-") }) else {
            throw .init("`\(label)` is not an option: --name, then the names of its values")
        }
        var help = help.drop { $0 == " " }
        repeatable = help.hasSuffix(" (repeatable)")
        if repeatable { help = help.dropLast(" (repeatable)".count) }
        (name, values, self.help) = (words[0], Array(words.dropFirst()), String(help))
    }
}

/// A command's interface: what `toggles help COMMAND` prints and what the parser accepts,
/// written as that help page and read once:
///
///     Summary line.
///
///     usage: toggles NAME SYNOPSIS
///
///     Discussion: one paragraph of any number of lines (joined by a space).
///
///     arguments:
///       NAME  what it is
///
///     options:
///       --kind KIND  what it does; a long help goes on
///                    on lines indented deeper (joined by a space)
///       --when A B   an option that may be given again says so (repeatable)
///       --log --at
///
///     examples:
///       $ toggles …
///
/// The discussion and each section are optional, in this order. An options line of names
/// alone places options of `shared` (defined once for several commands); each is placed once.
/// The name is the synopsis's leading lower-case words; the command takes more positionals
/// than `arguments:` lists when its synopsis shows more, or one ending in `…`. Every option
/// the synopsis names must be listed. A text breaking these rules stops the program naming
/// the command and the line (a test reads every command's), so a typo cannot drop an option.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// The synopsis after `toggles `, such as `remove NAME [--reason TEXT]`.
    let synopsis: String
    /// Positional arguments, in order: name and help. All are required.
    let positionals: [(name: String, help: String)]
    /// Accept any number of extra positionals (after the required ones).
    let variadicPositionals: Bool
    let options: [OptionSpec]
    let discussion: String
    let examples: [String]

    init(help: String, shared: [OptionSpec] = []) {
        do { self = try Self.parse(help, shared: shared) } catch { preconditionFailure("\(error)") }
    }

    struct HelpTextError: Error, CustomStringConvertible {
        var problem: String
        var command = ""
        /// 1-based, within the help text.
        var line = 0
        init(_ problem: String) { self.problem = problem }
        var description: String { "help text of `\(command)`, line \(line): \(problem)" }
    }

    private enum Section: Int { case discussion, arguments, options, examples }
    /// An argument or option line (its help joined), with its index in the page.
    private struct Entry {
        var line: Int
        var text: Substring
    }
    /// The section a header line starts, nil for any other line.
    private static func header(_ line: Substring) -> Section? {
        switch line {
        case "arguments:": .arguments
        case "options:": .options
        case "examples:": .examples
        default: nil
        }
    }

    /// The command's name in its help page, without reading the rest of it: the leading
    /// lower-case words of the synopsis on the third line, `usage: toggles export swift …`.
    /// The dispatcher finds a command this way, so a run parses its own command's page and no
    /// other; read as bytes, as it runs for every command on every run.
    static func name(inHelp text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var start = 0
            for _ in 0..<2 {
                while start < bytes.count, bytes[start] != UInt8(ascii: "\n") { start += 1 }
                start += 1
            }
            let usage = "usage: toggles ".utf8
            guard start + usage.count <= bytes.count, bytes[start..<(start + usage.count)].elementsEqual(usage) else { return "" }
            start += usage.count
            var (wordStart, nameEnd) = (start, start)
            while true {
                var end = wordStart
                while end < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) { end += 1 }
                guard end > wordStart, end == bytes.count || bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\n") else { break }
                nameEnd = end
                guard end < bytes.count, bytes[end] == UInt8(ascii: " ") else { break }
                wordStart = end + 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<nameEnd]), as: UTF8.self)
        }
    }

    /// The words of `text` between single or repeated spaces, split as bytes (a page is
    /// read on every run).
    fileprivate static func words(_ text: Substring) -> ArraySlice<Substring> {
        ArraySlice(text.utf8.split(separator: UInt8(ascii: " ")).map(Substring.init))
    }

    /// The first two spaces in a row: the gap between an entry and its help.
    fileprivate static func gap(in text: Substring) -> Range<Substring.Index>? {
        var bytes = text
        let offset: Int? = bytes.withUTF8 { bytes in
            guard bytes.count > 1 else { return nil }
            for index in 1..<bytes.count where bytes[index] == UInt8(ascii: " ") && bytes[index - 1] == UInt8(ascii: " ") { return index - 1 }
            return nil
        }
        guard let offset else { return nil }
        let start = text.utf8.index(text.startIndex, offsetBy: offset)
        return start..<text.utf8.index(start, offsetBy: 2)
    }

    static func parse(_ text: String, shared: [OptionSpec] = []) throws(HelpTextError) -> CommandSpec {
        // Split as bytes: a page is read on every run, and splitting by Character cost more than the rest.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Substring.init)
        let synopsis = lines.count > 2 && lines[2].hasPrefix("usage: toggles ") ? String(lines[2].dropFirst("usage: toggles ".count)) : ""
        let name = name(inHelp: text)
        var current = 0
        do throws(HelpTextError) {
            guard lines.count > 2, !lines[0].isEmpty, !lines[0].hasPrefix(" "), lines[1].isEmpty, !name.isEmpty else {
                throw .init("expected a summary line, a blank line, then `usage: toggles COMMAND …`")
            }
            var (section, afterBlank) = (Section.discussion, false)
            var (discussion, examples): ([Substring], [String]) = ([], [])
            // Entries of arguments: (index 0) and options: (index 1), with their line.
            var entries: [[Entry]] = [[], []]
            for (index, line) in lines.enumerated().dropFirst(3) {
                current = index
                defer { afterBlank = line.isEmpty }
                if line.isEmpty { continue }
                if let next = header(line) {
                    guard afterBlank, next.rawValue > section.rawValue else {
                        throw .init("`\(line)` must follow a blank line; the order is discussion, arguments:, options:, examples:")
                    }
                    section = next
                } else if section == .discussion {
                    guard !line.hasPrefix(" "), discussion.isEmpty == afterBlank else { throw .init("the discussion is one paragraph of unindented lines after the usage line") }
                    discussion.append(line)
                } else if afterBlank {
                    throw .init("a blank line ends a section; expected arguments:, options: or examples:")
                } else if section == .examples {
                    guard line.hasPrefix("  $ ") else { throw .init("an example is written `  $ toggles …`") }
                    examples.append(String(line.dropFirst(4)))
                } else if line.hasPrefix("   "), let last = entries[section.rawValue - 1].indices.last {
                    entries[section.rawValue - 1][last].text += " " + line.drop { $0 == " " }  // the help of the entry above goes on
                } else {
                    guard line.hasPrefix("  "), line.dropFirst(2).first != " " else { throw .init("an entry is indented by two spaces, the rest of its help deeper") }
                    entries[section.rawValue - 1].append(Entry(line: index, text: line.dropFirst(2)))
                }
            }
            var positionals: [(name: String, help: String)] = []
            for entry in entries[0] {
                let (line, text) = (entry.line, entry.text)
                current = line
                guard let gap = gap(in: text), !text[..<gap.lowerBound].contains(" "), !text.hasPrefix("-") else {
                    throw .init("an argument is one word such as NAME, two spaces, then what it is")
                }
                positionals.append((String(text[..<gap.lowerBound]), String(text[gap.upperBound...].drop { $0 == " " })))
            }
            var options: [OptionSpec] = []
            for entry in entries[1] {
                let (line, text) = (entry.line, entry.text)
                current = line
                for option in try Self.options(text, shared: shared) {
                    guard !options.contains(where: { $0.name == option.name }) else { throw .init("\(option.name) is listed twice") }
                    options.append(option)
                }
            }
            current = lines.count - 1
            if let missing = shared.first(where: { option in !options.contains { $0.name == option.name } }) {
                throw .init("the shared option \(missing.name) is not placed: name it alone on an options line")
            }
            current = 2
            let more = try takesMore(words(Substring(synopsis)).dropFirst(words(Substring(name)).count), than: positionals.count, options)
            return CommandSpec(
                name: name, summary: String(lines[0]), synopsis: synopsis, positionals: positionals, variadicPositionals: more, options: options,
                discussion: discussion.joined(separator: " "), examples: examples)
        } catch {
            var error = error
            (error.command, error.line) = (name.isEmpty ? String(lines[0]) : name, current + 1)
            throw error
        }
    }

    /// `--kind KIND  help`, or the names of shared options alone (`--log --at`).
    private static func options(_ entry: Substring, shared: [OptionSpec]) throws(HelpTextError) -> [OptionSpec] {
        if let gap = gap(in: entry) { return [try OptionSpec(label: entry[..<gap.lowerBound], help: entry[gap.upperBound...])] }
        return try words(entry).map { word throws(HelpTextError) in
            guard let option = shared.first(where: { $0.name == word }) else {
                throw .init("`\(word)` has no help (two spaces, then what it does) and is none of the shared options (\(shared.map(\.name).joined(separator: " ")))")
            }
            return option
        }
    }

    /// Whether the synopsis words after the name show more positionals than `count`, or one
    /// followed by `…`; every option it names must be listed, and its values are skipped.
    private static func takesMore(_ words: ArraySlice<Substring>, than count: Int, _ options: [OptionSpec]) throws(HelpTextError) -> Bool {
        var (positionals, open, skip) = (0, false, 0)
        for raw in words {
            let marks: (Character) -> Bool = { mark in mark == "[" || mark == "]" || mark == "(" || mark == ")" || mark == "…" || mark == "." }
            var word = raw.drop(while: marks)
            while let last = word.last, marks(last) { word = word.dropLast() }
            if word.isEmpty || word == "|" { continue }
            if skip > 0 {
                skip -= 1
            } else if word.hasPrefix("--") {
                guard let option = options.first(where: { $0.name == word }) else { throw .init("the usage names \(word), which is not among the options") }
                skip = option.values.count
            } else {
                positionals += 1
                open = open || raw.contains("…") || raw.contains("...")
            }
        }
        return positionals > count || open
    }

    private init(
        name: String, summary: String, synopsis: String, positionals: [(name: String, help: String)], variadicPositionals: Bool, options: [OptionSpec],
        discussion: String, examples: [String]
    ) {
        (self.name, self.summary, self.synopsis, self.positionals) = (name, summary, synopsis, positionals)
        (self.variadicPositionals, self.options, self.discussion, self.examples) = (variadicPositionals, options, discussion, examples)
    }
}
