import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
import ToggleLedger

/// Events of every shape from a seed, for oracle tests of the writer and of appends: every
/// change type, values of every JSON type nested, conditions, managed values, provenance,
/// unknown fields, and strings with every byte that needs an escape at every offset.
package struct RandomEvents {
    package var random: SeededGenerator

    package init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Pieces strings are made of: escapes (all C0 controls, `"`, `\`, DEL), non-ASCII
    /// (combining marks, emoji, C1 controls, line separators), runs longer than a word.
    package static let pieces: [String] =
        [
            "", "a", "plain", "quote\"", "back\\slash", "slash /", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}",
            "\u{1B}[31m", "\u{1F}", "\u{7F}", "é", "e\u{301}", "żółw 🐢", "\u{2028}", "\u{85}", "\u{202E}", "\u{FEFF}",
            "sixteen bytes ok", "a longer run of plain ASCII text, past several words",
        ] + (0..<32).map { String(UnicodeScalar(UInt8($0))) }

    package mutating func string(maxPieces: Int = 4) -> String {
        (0..<Int.random(in: 0...maxPieces, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
    }

    package mutating func optional<T>(_ make: (inout RandomEvents) -> T) -> T? {
        Bool.random(using: &random) ? make(&self) : nil
    }

    package mutating func value(depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth < 3 ? 7 : 4), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(["0", "-1", "0.5", "1e-7", "123456789012345678901234567890", "-0.0"].randomElement(using: &random)!)
        case 3: return .string(string())
        case 4, 5: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth + 1) })
        default: return .object(object(depth: depth + 1))
        }
    }

    package mutating func object(depth: Int = 0) -> JSONObject {
        JSONObject((0..<Int.random(in: 0...3, using: &random)).map { number in .init(string() + "\(number)", value(depth: depth)) })
    }

    package mutating func instant() -> Timestamp {
        switch Int.random(in: 0..<5, using: &random) {
        // (Descriptions of the first second of the range overflow, as they always did.)
        case 0: return Timestamp(nanoseconds: Int64.random(in: (Int64.min + 999_999_999)...Int64.max, using: &random))
        case 1: return Timestamp(secondsSince1970: Int64.random(in: -5_000_000_000...5_000_000_000, using: &random))
        case 2: return Timestamp(nanoseconds: Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &random))
        case 3:
            return Timestamp(
                nanoseconds: 1_767_225_600_000_000_000 + Int64.random(in: 0..<1_000_000_000, using: &random) * [1, 10, 1_000, 1_000_000].randomElement(using: &random)!)
        default: return Timestamp(secondsSince1970: 1_767_225_600 + Int64.random(in: 0..<86_400 * 400, using: &random))
        }
    }

    package mutating func date() -> CalendarDate { CalendarDate(daysSince1970: Int64.random(in: -719_000...2_900_000, using: &random)) }

    package mutating func change() -> Change {
        switch Int.random(in: 0..<9, using: &random) {
        case 0:
            return .created(
                ToggleDefinition(
                    kind: [.build, .local, .remote].randomElement(using: &random)!,
                    valueType: [.bool, .string, .number, .json].randomElement(using: &random)!,
                    defaultValue: value(), category: string(), owner: optional { $0.string() },
                    description: optional { $0.string() }, expires: optional { $0.date() }))
        case 1:
            return .defaultChanged(value())
        case 2:
            let conditions = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                ConditionalValue(name: string(), expression: string(), value: optional { $0.value() }, managed: optional { $0.object() })
            }
            return .published(
                RemoteValue(
                    value: optional { $0.value() }, conditions: conditions,
                    templateVersion: optional { $0.string() }, managed: optional { $0.object() }))
        case 3: return .unpublished(templateVersion: optional { $0.string() })
        case 4: return .expiryExtended(expires: date(), reason: string())
        case 5: return .removed(reason: optional { $0.string() })
        case 6: return .unknown(type: string() + "archived")
        case 7:
            // `previous` absent, null or a version; `resolves` empty or not (issue 25).
            let version = { (random: inout Self) in AppVersion("\(Int.random(in: 0...99, using: &random.random)).\(Int.random(in: 0...9, using: &random.random))")! }
            let previous: PreviousMinimum? = [nil, .noMinimum, .version(version(&self))].randomElement(using: &random)!
            return .minimumVersionChanged(
                minimum: version(&self), reason: optional { $0.string() }, previous: previous,
                resolves: Bool.random(using: &random) ? [] : [string(), string()])
        default: return .created(ToggleDefinition(kind: .local, valueType: .bool, defaultValue: .bool(true)))
        }
    }

    package mutating func event() -> Event {
        var source: Provenance?
        switch Int.random(in: 0..<3, using: &random) {
        case 0: source = nil
        case 1: source = Provenance()  // empty: not written
        default:
            source = Provenance(
                ci: optional { $0.string() }, commit: optional { $0.string() }, branch: optional { $0.string() },
                run: optional { $0.string() }, url: optional { $0.string() })
        }
        return Event(
            id: string() + "id", at: instant(), toggle: string() + "t", actor: string(), change: change(), source: source,
            schema: [1, 1, 1, 0, 9, 10, 42, -3, Int.max, Int.min].randomElement(using: &random)!,
            extra: (0..<Int.random(in: 0...2, using: &random)).map { number in .init(string() + "x\(number)", value()) })
    }
}
