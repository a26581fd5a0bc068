import LedgerCore
/// Pass 1's reader of a toggle enum's `var defaultValue { switch self { case .x: true … } }`:
/// the in-app default of each case, for the findings that say which value to keep.
extension SwiftReferenceScanner {
    /// Reads the body of `var defaultValue: T { … }`; returns the index after its closing brace.
    static func readDefaults(_ tokens: [SwiftToken], after start: Int, into defaults: inout EnumDefaults) -> Int {
        var i = start
        while i < tokens.count && !(tokens[i].kind == .punctuation && tokens[i].text == "{") { i += 1 }
        let open = i
        var depth = 0
        var close = open
        while close < tokens.count {
            if tokens[close].kind == .punctuation && tokens[close].text == "{" { depth += 1 }
            if tokens[close].kind == .punctuation && tokens[close].text == "}" {
                depth -= 1
                if depth == 0 { break }
            }
            close += 1
        }
        let body = Array(tokens[min(open + 1, tokens.count)..<min(close, tokens.count)])
        if let parsed = parseDefaultSwitch(body) {
            defaults.values.merge(parsed.values) { first, _ in first }
            defaults.fallback = defaults.fallback ?? parsed.fallback
        } else {
            defaults.readable = false
        }
        return min(close + 1, tokens.count)
    }

    /// `switch self|rawValue { case .a, "b": [return] value … default: [return] value }`.
    static func parseDefaultSwitch(_ body: [SwiftToken]) -> EnumDefaults? {
        guard body.count >= 4, body[0].text == "switch", body[1].text == "self" || body[1].text == "rawValue",
            body[2].text == "{", body.last?.text == "}"
        else { return nil }
        var result = EnumDefaults()
        var i = 3
        func literal() -> DeclaredDefault? {
            if i < body.count && body[i].text == "return" && body[i].kind == .identifier { i += 1 }
            guard i < body.count else { return nil }
            let token = body[i]
            i += 1
            switch token.kind {
            case .identifier where token.text == "true": return .bool(true)
            case .identifier where token.text == "false": return .bool(false)
            case .string where !token.interpolated: return .text(token.text)
            default: return nil
            }
        }
        while i < body.count - 1 {
            let token = body[i]
            if token.text == "default" {
                guard i + 1 < body.count, body[i + 1].text == ":" else { return nil }
                i += 2
                guard let value = literal() else { return nil }
                result.fallback = value
                continue
            }
            guard token.text == "case" else { return nil }
            i += 1
            var names: [String] = []
            while i < body.count {
                if body[i].kind == .punctuation && body[i].text == ".", i + 1 < body.count, body[i + 1].kind == .identifier {
                    names.append(body[i + 1].text)
                    i += 2
                } else if body[i].kind == .string && !body[i].interpolated {
                    names.append(body[i].text)
                    i += 1
                } else {
                    return nil
                }
                if i < body.count && body[i].text == "," { i += 1; continue }
                break
            }
            guard i < body.count, body[i].text == ":" else { return nil }
            i += 1
            guard let value = literal() else { return nil }
            for name in names where result.values[name] == nil { result.values[name] = value }
        }
        return result
    }
}
