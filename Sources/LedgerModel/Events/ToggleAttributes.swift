/// Where a toggle's value is decided.
public enum ToggleKind: String, Sendable, CaseIterable, Hashable {
    /// At compile time, by the build configuration (`#if DEBUG`).
    case build
    /// On the device: UserDefaults, an internal menu.
    case local
    /// By the server: Firebase Remote Config and its peers.
    case remote
}

/// The type every value of a toggle must have.
public enum ValueType: String, Sendable, CaseIterable, Hashable {
    case bool, string, number, json

    /// Checks that a value from the log has this type. A number must also fit a `Double`, as
    /// every app runtime (and Remote Config) reads it as one: `1e999` is valid JSON but no
    /// toggle value, and neither is `1e-400`, which a double reads as 0 (the two ends of the
    /// range are refused alike; the smallest subnormal, about 4.9e-324, still fits).
    public func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.number, .number(let lexeme)): Self.fitsDouble(lexeme)
        case (.bool, .bool), (.string, .string): true
        case (.json, _): true
        default: false
        }
    }

    /// Whether the number `text` reads as a finite `Double` that is zero only when `text` is.
    package static func fitsDouble(_ text: String) -> Bool {
        guard let double = Double(text), double.isFinite else { return false }
        guard double == 0 else { return true }
        // Zero: fine when every digit of the significand is 0 (`0`, `-0.0`, `0e5`).
        return !text.prefix { $0 != "e" && $0 != "E" }.contains { $0 >= "1" && $0 <= "9" }
    }

    /// Why `value` is not of this type, for messages: `must be a bool value, found string "yes"`.
    public func rejection(of value: JSONValue) -> String {
        if case .number = value, self == .number {
            return "must be a number that fits a double (finite, and not so small it reads as 0), found \(JSONWriter.string(value))"
        }
        return "must be a \(rawValue) value, found \(value.typeName) \(JSONWriter.string(value))"
    }

    /// Turns what a person typed into a value of this type, or nil with the reason.
    ///
    /// `bool` takes `true`/`false`; `number` takes a JSON number (`0.33`, `-2`, `1e3`);
    /// `string` takes the text as is; `json` takes any JSON text.
    package func parse(_ text: String) -> Result<JSONValue, ValueError> {
        switch self {
        case .bool:
            switch text {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            default: return .failure(ValueError(text: text, expected: "true or false"))
            }
        case .number:
            guard case .number(let lexeme)? = try? JSONParser.parse(text), accepts(.number(lexeme)) else {
                return .failure(ValueError(text: text, expected: "a JSON number a double holds (finite, not so small it reads as 0) such as 3, 0.33 or -1e3"))
            }
            return .success(.number(lexeme))
        case .string:
            return .success(.string(text))
        case .json:
            do {
                return .success(try JSONParser.parse(text))
            } catch {
                return .failure(ValueError(text: text, expected: "valid JSON (\(error))"))
            }
        }
    }
}

package struct ValueError: Error, Sendable, Equatable {
    public var text: String
    public var expected: String
}

/// Toggle names follow Remote Config key rules so a toggle can always become a remote
/// parameter: 1 to 256 characters, an ASCII letter or `_` first, then letters, digits or `_`.
package enum ToggleName {
    package static let maximumLength = 256

    /// Nil when `name` is valid; otherwise why not.
    package static func problem(with name: String) -> String? {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else { return "a toggle name may not be empty" }
        if bytes.count > maximumLength { return "a toggle name has at most \(maximumLength) characters (this one has \(bytes.count))" }
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        guard isLetter(first) || first == UInt8(ascii: "_") else {
            return "a toggle name starts with a letter or '_'"
        }
        guard bytes.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }) else {
            return "a toggle name has only letters, digits and '_'"
        }
        return nil
    }
}

extension ToggleName {
    /// Why `name` cannot name a new toggle: ``problem(with:)``, or the name log-wide events
    /// use (`_app`, which the lifecycle rules refuse at every append). Importers ask this
    /// before they plan, so a dry run refuses what the real run would.
    package static func newToggleProblem(with name: String) -> String? {
        if let problem = problem(with: name) { return problem }
        if name == Event.appToggle { return "\(Event.appToggle) is reserved for log-wide events; choose another name" }
        return nil
    }

    /// ``problem(with:)`` == nil, on bytes.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, bytes.count <= maximumLength else { return false }
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        guard isLetter(first) || first == UInt8(ascii: "_") else { return false }
        for byte in bytes where !(isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "_")) {
            return false
        }
        return true
    }
}
