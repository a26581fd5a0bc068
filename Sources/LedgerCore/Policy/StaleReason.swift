import LedgerPlatform
import LedgerModel
import LedgerStore
/// Why a toggle is stale, with the figure that says how badly and the person to ask.
///
/// Codes are a stable contract (JSON, CSV, SARIF rule ids, `check --fail-on`):
/// - `expired`: its own expiry date has begun;
/// - `over-lifetime`: it has no expiry date and is older than its category's lifetime;
/// - `launched`: it has served the same "on" value to everyone for longer than the grace period;
/// - `retire-remote`: removed from the code in an app version, its remote parameter is still
///   served though no supported version reads it any more.
public struct StaleReason: Sendable, Hashable {
    public enum Code: String, Sendable, Hashable, CaseIterable, Comparable {
        case expired
        case overLifetime = "over-lifetime"
        case launched
        /// Extended past its category's `maxExtensions` or `maxLifetimeDays`.
        case overExtended = "over-extended"
        /// From `--scan`: the log says removed, the code still declares or uses it.
        case removedButReferenced = "removed-but-referenced"
        /// From `--scan`: a toggle enum declares it, the log never created it.
        case untracked
        /// Removed from the code in an app version older than every supported one, and still
        /// served by Remote Config: delete the parameter.
        case retireRemote = "retire-remote"
        /// Concurrent lifecycle edits (two branches merged) that cannot both stand: replay
        /// keeps one side until `toggles resolve` settles it.
        case conflict

        public static func < (lhs: Code, rhs: Code) -> Bool { lhs.position < rhs.position }

        /// Its position in ``allCases``.
        package var position: Int {
            switch self {
            case .expired: 0
            case .overLifetime: 1
            case .launched: 2
            case .overExtended: 3
            case .removedButReferenced: 4
            case .untracked: 5
            case .retireRemote: 6
            case .conflict: 7
            }
        }

        /// The codes the policy judges the log by; the others come from a scan of the code.
        public static let policyCodes: [Code] = [.expired, .overLifetime, .launched, .overExtended, .retireRemote, .conflict]
        /// The codes a scan of the code adds (`report --scan`, `check --scan`).
        public static let codeScanCodes: [Code] = [.removedButReferenced, .untracked]

        /// One sentence on what the code means, for help texts and SARIF rules.
        public var summary: String {
            switch self {
            case .expired: "The toggle's expiry date has passed."
            case .overLifetime: "The toggle has outlived the expected lifetime of its category."
            case .launched: "The toggle has served the same value to everyone for longer than the grace period; it is tested and its code should go."
            case .overExtended: "The toggle's expiry date was extended more often, or the toggle lived longer with its extensions, than its category allows."
            case .removedButReferenced: "The log says the toggle was removed, but the code still declares or uses it."
            case .untracked: "A toggle enum in the code declares the toggle, but the log never created it."
            case .retireRemote: "The toggle was removed from the code in an app version older than every supported one, and Remote Config still serves its parameter; delete it."
            case .conflict: "Two branches edited the toggle's lifecycle concurrently in ways that cannot both stand; replay keeps one side until `toggles resolve` settles it."
            }
        }
    }

    public var code: Code
    /// The figure: days past the expiry date or lifetime (`expired`, `over-lifetime`,
    /// `over-extended` by `maxLifetimeDays`; 0 when only `maxExtensions` was passed), or days
    /// since launch (`launched`). Whole days, rounded down.
    public var days: Int
    /// When the clock behind ``days`` started: the start of the expiry date, the end of the
    /// lifetime, or the launch.
    public var since: Timestamp
    /// The limit that was passed: the lifetime (`over-lifetime`), the grace period
    /// (`launched`) or `maxLifetimeDays` (`over-extended`) in days; nil for `expired`.
    public var limitDays: Int?
    /// The toggle's extensions (`over-extended`).
    package var extensions: ExtensionTally?
    /// The `maxExtensions` that was passed (`over-extended`), nil when only the lifetime was.
    public var limitExtensions: Int?
    /// The expiry date (`expired`).
    public var expires: CalendarDate?
    /// The toggle's category, as declared.
    public var category: String
    /// Who to ask, from the toggle's `owner`.
    public var owner: String?
    /// `retire-remote`: the toggle, and the app version its code was removed in.
    public var toggle: String?
    public var appVersion: AppVersion?
    /// `conflict`: the conflict, with the events that stand and those overruled.
    package var conflict: Conflict?

    package init(
        code: Code, days: Int, since: Timestamp, limitDays: Int? = nil, expires: CalendarDate? = nil,
        category: String, owner: String?, extensions: ExtensionTally? = nil, limitExtensions: Int? = nil,
        toggle: String? = nil, appVersion: AppVersion? = nil, conflict: Conflict? = nil
    ) {
        self.conflict = conflict
        self.extensions = extensions
        self.limitExtensions = limitExtensions
        self.toggle = toggle
        self.appVersion = appVersion
        self.code = code
        self.days = days
        self.since = since
        self.limitDays = limitDays
        self.expires = expires
        self.category = category
        self.owner = owner
    }

    /// A human sentence, such as `launched 45 days ago; remove it`. It fits a
    /// `@available(*, deprecated, message:)` annotation as well as a report.
    public var message: String {
        var text = OutputBuffer()
        appendMessage(to: &text, sanitizing: false)
        return text.string
    }

    /// Appends ``message`` to `output`; with `sanitizing`, what comes from the log (the
    /// category) passes through ``TerminalText/sanitize(_:)`` (as the whole message would).
    package func appendMessage(to output: inout OutputBuffer, sanitizing: Bool) {
        switch code {
        case .expired:
            output.append("expired on ")
            output.append(expires.map(\.description) ?? since.date.description)
            output.append(", ")
            if days == 0 {
                output.append("today")
            } else {
                Self.appendDays(days, to: &output)
                output.append(" ago")
            }
            output.append("; remove it or extend it with `toggles extend`")
        case .overLifetime:
            let lifetime = limitDays ?? 0
            if sanitizing { output.appendSanitized(category) } else { output.append(category) }
            output.append(" toggles live ")
            Self.appendDays(lifetime, to: &output)
            output.append("; this one is ")
            Self.appendDays(lifetime + days, to: &output)
            output.append(" old, ")
            Self.appendDays(days, to: &output)
            output.append(" over; remove it or give it an expiry date")
        case .launched:
            output.append("launched ")
            Self.appendDays(days, to: &output)
            output.append(" ago; remove it")
        case .overExtended:
            let tally = extensions ?? ExtensionTally()
            output.append(tally.summary)
            if let limitExtensions {
                output.append(limitExtensions == 0 ? ", but " : ", more than the ")
                if limitExtensions > 0 {
                    output.appendDecimal(limitExtensions)
                    output.append(" allowed for ")
                }
                if sanitizing { output.appendSanitized(category) } else { output.append(category) }
                output.append(limitExtensions == 0 ? " toggles may not be extended" : " toggles")
            }
            if let limitDays {
                output.append(limitExtensions == nil ? "; " : "; and ")
                if limitExtensions == nil {
                    if sanitizing { output.appendSanitized(category) } else { output.append(category) }
                    output.append(" toggles live at most ")
                } else {
                    output.append("they live at most ")
                }
                Self.appendDays(limitDays, to: &output)
                output.append(" with extensions, ")
                Self.appendDays(days, to: &output)
                output.append(" over")
            }
            output.append("; remove it rather than extend it again")
        case .removedButReferenced:
            output.append("removed ")
            Self.appendDays(days, to: &output)
            output.append(" ago but still in the code; delete the references")
        case .untracked:
            output.append("declared in the code but never created in the log; run `toggles sync swift` or `toggles create`")
        case .retireRemote:
            output.append("delete ")
            if let toggle { if sanitizing { output.appendSanitized(toggle) } else { output.append(toggle) } } else { output.append("it") }
            output.append(" from Remote Config: no supported version reads it since ")
            output.append(since.date.description)
            if let appVersion {
                output.append(" (removed from the code in ")
                output.append(appVersion.text)
                output.append(")")
            }
            output.append("; then `toggles retire`")
        case .conflict:
            guard let conflict else { output.append("conflicting edits; settle them with `toggles resolve`"); break }
            if sanitizing { output.appendSanitized(conflict.summary) } else { output.append(conflict.summary) }
        }
    }

    private static func appendDays(_ count: Int, to output: inout OutputBuffer) {
        if count == 1 {
            output.append("1 day")
        } else {
            output.appendDecimal(count)
            output.append(" days")
        }
    }

    /// The figure in a few words: `22 days over`, `for 45 days` (launched).
    public var figure: String {
        switch code {
        case .launched: "for \(Self.days(days))"
        case .overExtended:
            [limitExtensions.map { _ in "\(extensions?.count ?? 0) extensions" }, limitDays.map { _ in "\(Self.days(days)) over" }]
                .compactMap { $0 }.joined(separator: ", ")
        case .removedButReferenced: "removed \(Self.days(days)) ago"
        case .untracked: "not in the log"
        case .retireRemote: "unread for \(Self.days(days))"
        default: "\(Self.days(days)) over"
        }
    }

    package static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}
