/// An app version as the App Store reads `CFBundleShortVersionString`: one to four
/// non-negative integers separated by dots (`2`, `2.5`, `2.5.1`, `2.5.1.3`), compared part by
/// part as numbers, so `2.10.0` is newer than `2.9.1` and `2.5` is the same version as `2.5.0`.
///
/// One rule for every way in: the command line (`remove --app-version`, `support --minimum`),
/// the event decoder and the write rules all go through ``problem(with:)``, so a version a
/// writer accepts is one every reader accepts. Strict on purpose: no sign, no empty part, no
/// leading zero (`2.05` would silently equal `2.5`), ASCII digits only (no `٢`), at most
/// 9 digits a part and 4 parts.
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// As written (and as it is written back): `2.5` stays `2.5`.
    public let text: String

    public static let maximumParts = 4
    public static let maximumDigits = 9

    /// Nil when `text` is not a valid version (``problem(with:)`` says why).
    public init?(_ text: String) {
        guard Self.problem(with: text) == nil else { return nil }
        self.text = text
    }

    /// Nil when `text` is a valid app version; otherwise why not, for a message that names
    /// the argument or field: `must be an app version such as 2.5.0 …`.
    public static func problem(with text: String) -> String? {
        let expected = "an app version such as 2.5.0 (1 to \(maximumParts) numbers separated by dots, each 0 or digits without a leading zero, at most \(maximumDigits) digits)"
        var parts = 0
        var digits = 0
        var first: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0 else { return "must be \(expected), found \(JSONWriter.quoted(text)): a part is empty" }
                parts += 1
                digits = 0
                continue
            }
            guard byte >= 0x30 && byte <= 0x39 else {
                return "must be \(expected), found \(JSONWriter.quoted(text))"
            }
            if digits == 0 {
                first = byte
            } else if first == UInt8(ascii: "0") {
                return "must be \(expected), found \(JSONWriter.quoted(text)): a part has a leading zero"
            }
            digits += 1
            guard digits <= maximumDigits else {
                return "must be \(expected), found \(JSONWriter.quoted(text)): a part has more than \(maximumDigits) digits"
            }
        }
        guard digits > 0 else {
            return text.isEmpty ? "must be \(expected), found an empty string" : "must be \(expected), found \(JSONWriter.quoted(text)): a part is empty"
        }
        guard parts + 1 <= maximumParts else {
            return "must be \(expected), found \(JSONWriter.quoted(text)): \(parts + 1) parts"
        }
        return nil
    }

    /// The numeric parts, padded with zeros to four: `2.5` is `[2, 5, 0, 0]`.
    public var parts: [Int] {
        var result = text.split(separator: ".").map { Int($0)! }
        while result.count < Self.maximumParts { result.append(0) }
        return result
    }

    public var description: String { text }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { lhs.parts == rhs.parts }
    public func hash(into hasher: inout Hasher) { hasher.combine(parts) }
    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }
}

/// The minimum supported version a writer saw in force when it recorded a
/// `minimum-version-changed` event (its `previous` field): a version, or none at all
/// (`"previous": null`, every version was supported). Replay compares it with the minimum in
/// force to tell a sequential change from one made concurrently on another branch.
public enum PreviousMinimum: Sendable, Hashable {
    case noMinimum
    case version(AppVersion)

    public init(_ minimum: AppVersion?) {
        self = minimum.map(PreviousMinimum.version) ?? .noMinimum
    }

    /// The version, nil for ``noMinimum``.
    public var minimum: AppVersion? {
        if case .version(let version) = self { return version }
        return nil
    }

    /// The JSON value of the `previous` field: the version as written, or null.
    public var jsonValue: JSONValue { minimum.map { .string($0.text) } ?? .null }
}
