import Foundation

/// A Remote Config value as it travels: text, whatever its type (`"true"`, `"0.33"`,
/// `"#FBB03B"`, `"{\"a\":1}"`), with typed readings.
///
/// A reading that does not fit the text is nil rather than a made-up `0` or `false`.
public struct RemoteConfigValue: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    public init(stringLiteral value: String) {
        self.text = value
    }

    public var description: String { text }

    public var stringValue: String { text }

    /// `"true"`/`"false"` (any case) and `"1"`/`"0"` (how plists store `<true/>`).
    public var boolValue: Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    /// A whole number, also from `"3.0"`; nil for `"3.5"` or text that is not a number.
    public var intValue: Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let whole = Int(trimmed) { return whole }
        guard let number = Double(trimmed), number.rounded() == number, abs(number) < 9.2e18 else { return nil }
        return Int(number)
    }

    public var doubleValue: Double? {
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else { return nil }
        return number
    }

    /// Decodes the text as JSON into `type`.
    public func decoded<T: Decodable>(as type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(T.self, from: Data(text.utf8))
    }
}

/// A Remote Config parameter that is not a boolean toggle: a colour, a scale factor, a JSON
/// value. `toggles export swift` generates the `RemoteConfigKeys` enum conforming to it.
public protocol RemoteConfigKey: Sendable {
    /// The parameter name.
    var key: String { get }
    /// The in-app default, used until a value was fetched.
    var defaultValue: RemoteConfigValue { get }
}

extension RemoteConfigKey where Self: RawRepresentable, Self.RawValue == String {
    public var key: String { rawValue }
}
