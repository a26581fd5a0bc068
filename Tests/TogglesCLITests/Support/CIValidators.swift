import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ToggleLedger
import TestSupport

/// An XML element as Foundation's `XMLParser` (libxml2 on Linux) reads it: a parse here is
/// a second, independent reader of the JUnit output.
final class ParsedXML {
    let name: String
    let attributes: [String: String]
    var children: [ParsedXML] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    func all(_ name: String) -> [ParsedXML] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.all(name) }
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ xml: String) throws -> ParsedXML {
        final class Builder: NSObject, XMLParserDelegate {
            var stack: [ParsedXML] = []
            var root: ParsedXML?
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                let element = ParsedXML(name: name, attributes: attributes)
                stack.last?.children.append(element)
                if root == nil { root = element }
                stack.append(element)
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                stack.removeLast()
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                stack.last?.text += string
            }
        }
        let parser = XMLParser(data: Data(xml.utf8))
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseError(description: "XMLParser: \(parser.parserError.map { "\($0)" } ?? "no root") at line \(parser.lineNumber)")
        }
        return root
    }
}

/// One GitHub Actions workflow command, decoded as the runner decodes it
/// (`::name key=value,…::data`, `%25`, `%0D`, `%0A`, `%3A`, `%2C`).
struct WorkflowCommand: Equatable {
    var name: String
    var properties: [String: String]
    var data: String

    /// Nil for a line that is not a command.
    init?(line: Substring) {
        guard line.hasPrefix("::") else { return nil }
        let rest = line.dropFirst(2)
        guard let end = rest.range(of: "::") else { return nil }
        let head = rest[..<end.lowerBound]
        let space = head.firstIndex(of: " ") ?? head.endIndex
        name = String(head[..<space])
        properties = [:]
        for pair in head[space...].dropFirst().split(separator: ",") {
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            properties[String(pair[..<equals])] = Self.unescape(pair[pair.index(after: equals)...], property: true)
        }
        data = Self.unescape(rest[end.upperBound...], property: false)
    }

    static func unescape(_ text: Substring, property: Bool) -> String {
        var decoded = text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
        if property {
            decoded = decoded.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
        }
        return decoded.replacingOccurrences(of: "%25", with: "%")
    }
}

/// python3 as an independent validator (its XML parser, `jsonschema`). A test that needs it
/// is skipped, saying why, where python3 or the module is missing.
enum Python {
    static func has(module: String) -> Bool {
        guard let python = executable else { return false }
        return (try? Subprocess.run(python, ["-c", "import \(module)"], in: URL(fileURLWithPath: NSTemporaryDirectory())).status) == 0
    }

    static let executable: String? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Runs `script` with `arguments`; the run's stdout, stderr and status.
    static func run(_ script: String, _ arguments: [String], in directory: URL) throws -> TogglesBinary.Run {
        try Subprocess.run(try #require(executable), ["-c", script] + arguments, in: directory)
    }

    /// Validates the JSON file `document` against the JSON Schema file `schema` (the draft
    /// the schema declares).
    static func validate(_ document: URL, schema: URL) throws -> TogglesBinary.Run {
        try run(
            """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.validators.validator_for(schema).check_schema(schema)
            errors = list(jsonschema.validators.validator_for(schema)(schema).iter_errors(json.load(open(sys.argv[2]))))
            for error in errors: print(list(error.absolute_path), error.message)
            sys.exit(1 if errors else 0)
            """, [schema.path, document.path], in: document.deletingLastPathComponent())
    }
}

/// The schemas the CI formats are checked against: `Fixtures/ciSchemas/`.
func ciSchema(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ciSchemas").appendingPathComponent(name)
}

extension JSONValue {
    /// A number's lexeme.
    var number: String? {
        if case .number(let text) = self { return text }
        return nil
    }
}
