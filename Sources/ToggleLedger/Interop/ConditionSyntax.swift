import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// A Remote Config condition expression parsed into a tree, for translating it into other
/// targeting languages (flagd's JSON Logic). It reads the elements whose meaning is a plain
/// device or app attribute, joined by `&&`, `||`, `!` and parentheses:
///
/// - `device.language in ['zh', 'de_AT']`, `device.country in ['DK']`, `device.os == 'ios'`
///   (each also with `in [...]` or `== '…'`);
/// - `app.version.>=(['2.4'])` with `==`, `!=`, `>`, `>=`, `<`, `<=`, `contains`,
///   `notContains`, `exactlyMatches` (true when any listed value satisfies it);
/// - `true`, `false`.
///
/// Anything else (`percent`, `app.userProperty[…]`, `device.dateTime`, audiences) is a
/// ``ConditionSyntaxError`` that names the character where reading stopped: it is reported,
/// never guessed. Nesting (`(` and `!`) is limited to ``maximumDepth`` so that a hostile
/// expression cannot exhaust the stack.
package indirect enum ConditionSyntax: Sendable, Hashable {
    case constant(Bool)
    /// `device.language|country|os in [...]`, or `== '…'` (a list of one).
    case attribute(DeviceAttribute, [String])
    /// `app.version.OP([...])`
    case appVersion(VersionOperator, [String])
    case not(ConditionSyntax)
    case and([ConditionSyntax])
    case or([ConditionSyntax])

    package enum DeviceAttribute: String, Sendable, Hashable, CaseIterable {
        case language, country, os
    }

    package enum VersionOperator: String, Sendable, Hashable, CaseIterable {
        case equal = "==", notEqual = "!=", greater = ">", greaterOrEqual = ">=", less = "<", lessOrEqual = "<="
        case contains, notContains, exactlyMatches
    }

    package static let maximumDepth = 32

    /// Parses a whole expression, or throws with the offset (in characters) where it stopped.
    package static func parse(_ source: String) throws(ConditionSyntaxError) -> ConditionSyntax {
        var reader = Reader(characters: Array(source))
        let tree = try reader.disjunction(depth: 0)
        reader.skipSpaces()
        guard reader.isAtEnd else { throw reader.error("expected '&&', '||' or the end of the expression") }
        return tree
    }

    private struct Reader {
        package let characters: [Character]
        package var position = 0

        package var isAtEnd: Bool { position >= characters.count }

        package func error(_ expected: String) -> ConditionSyntaxError {
            let found = isAtEnd ? "the end" : "'\(String(characters[position...].prefix(12)))'"
            return ConditionSyntaxError(offset: position, message: "\(expected), found \(found)")
        }

        mutating func skipSpaces() {
            while !isAtEnd, characters[position].isWhitespace { position += 1 }
        }

        /// Consumes `text` (after spaces) when it comes next.
        package mutating func take(_ text: String) -> Bool {
            skipSpaces()
            let wanted = Array(text)
            guard position + wanted.count <= characters.count, Array(characters[position..<position + wanted.count]) == wanted else { return false }
            position += wanted.count
            return true
        }

        mutating func disjunction(depth: Int) throws(ConditionSyntaxError) -> ConditionSyntax {
            var terms = [try conjunction(depth: depth)]
            while take("||") { terms.append(try conjunction(depth: depth)) }
            return terms.count == 1 ? terms[0] : .or(terms)
        }

        mutating func conjunction(depth: Int) throws(ConditionSyntaxError) -> ConditionSyntax {
            var terms = [try unary(depth: depth)]
            while take("&&") { terms.append(try unary(depth: depth)) }
            return terms.count == 1 ? terms[0] : .and(terms)
        }

        mutating func unary(depth: Int) throws(ConditionSyntaxError) -> ConditionSyntax {
            skipSpaces()
            let start = position
            if take("!") {
                guard depth < ConditionSyntax.maximumDepth else { throw depthError(at: start) }
                return .not(try unary(depth: depth + 1))
            }
            if take("(") {
                guard depth < ConditionSyntax.maximumDepth else { throw depthError(at: start) }
                let inner = try disjunction(depth: depth + 1)
                guard take(")") else { throw error("expected ')'") }
                return inner
            }
            return try element()
        }

        func depthError(at offset: Int) -> ConditionSyntaxError {
            ConditionSyntaxError(offset: offset, message: "nested deeper than \(ConditionSyntax.maximumDepth) levels of '(' and '!'")
        }

        package mutating func element() throws(ConditionSyntaxError) -> ConditionSyntax {
            skipSpaces()
            let start = position
            while !isAtEnd, characters[position].isLetter || characters[position].isNumber || characters[position] == "_" || characters[position] == "." {
                position += 1
            }
            let name = String(characters[start..<position])
            switch name {
            case "true": return .constant(true)
            case "false": return .constant(false)
            case "": throw error("expected a condition element such as device.country, app.version or '('")
            default: break
            }
            if name.hasPrefix("device."), let attribute = DeviceAttribute(rawValue: String(name.dropFirst("device.".count))) {
                if take("==") { return .attribute(attribute, [try quoted()]) }
                guard take("in") else { throw error("expected 'in [...]' or '== '…'' after \(name)") }
                return .attribute(attribute, try list())
            }
            if name.hasPrefix("app.version.") {
                var operatorName = String(name.dropFirst("app.version.".count))
                if operatorName.isEmpty {
                    while !isAtEnd, "<>=!".contains(characters[position]) { operatorName.append(characters[position]); position += 1 }
                }
                guard let op = VersionOperator(rawValue: operatorName) else {
                    position = start
                    throw error("expected app.version.OPERATOR(['…']) with one of \(VersionOperator.allCases.map(\.rawValue).joined(separator: " "))")
                }
                guard take("(") else { throw error("expected '(' after app.version.\(operatorName)") }
                let values = try list()
                guard take(")") else { throw error("expected ')'") }
                return .appVersion(op, values)
            }
            position = start
            throw error("expected device.language, device.country, device.os, app.version, true or false (other elements have no plain device attribute)")
        }

        /// `['a', "b"]`, at least one value.
        package mutating func list() throws(ConditionSyntaxError) -> [String] {
            guard take("[") else { throw error("expected '['") }
            var values = [try quoted()]
            while take(",") { values.append(try quoted()) }
            guard take("]") else { throw error("expected ',' or ']'") }
            return values
        }

        package mutating func quoted() throws(ConditionSyntaxError) -> String {
            skipSpaces()
            guard !isAtEnd, characters[position] == "'" || characters[position] == "\"" else { throw error("expected a quoted value") }
            let quote = characters[position]
            let start = position + 1
            guard let end = characters[start...].firstIndex(of: quote) else {
                throw ConditionSyntaxError(offset: position, message: "the value starting here has no closing \(quote)")
            }
            position = end + 1
            return String(characters[start..<end])
        }
    }
}

/// Why a condition expression could not be read: the character offset and what was expected.
package struct ConditionSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    package var offset: Int
    package var message: String

    package var description: String { "at character \(offset + 1): \(message)" }
}
