import LedgerPlatform
import LedgerModel
/// The `template-conditions` event `import firebase` records: the template's whole condition
/// list (name, expression, tag colour, in priority order), used by a parameter or not, so that
/// `export firebase` gives back conditions no parameter uses (a PUT without them would delete
/// them from the project).
///
/// The event belongs to the template, but every event names a toggle, and readers released
/// before this type reject an unknown type for a toggle that does not exist (`toggles audit`
/// fails) while they only warn about one for a toggle that does. So `toggle` names an
/// anchor: a toggle that exists at the template's instant (``anchor(parameters:state:)``).
/// Its `created` event, when the same import makes it, has an id that sorts first
/// (`…-created-…` before `…-template-conditions-…`).
enum TemplateConditionsEvent {
    /// The list a template records.
    package static func list(of template: FirebaseTemplate) -> [TemplateCondition] {
        template.conditions
    }

    /// Whether `list` differs from the one in force (`recorded`; nil when the log has none, which
    /// reads as no conditions).
    package static func changes(_ recorded: [TemplateCondition]?, to list: [TemplateCondition]) -> Bool {
        (recorded ?? []) != list
    }

    /// The toggle a `template-conditions` event names: the first of the template's `parameters`
    /// (in UTF-8 order) that the import leaves live; else the first toggle, live before removed,
    /// that the log has at the template's instant (`state`); nil when the log has none and the
    /// template imports no parameter (then no list can have been recorded before either).
    package static func anchor(parameters: [String], state: Projection) -> String? {
        if let first = parameters.min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { return first }
        let toggles = state.sortedToggles
        return (toggles.first(where: \.isLive) ?? toggles.first)?.name
    }
}
