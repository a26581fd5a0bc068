import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Recognises JSON documents that are not a client Remote Config template, so `import firebase`
/// refuses them instead of reading them as an empty template that unpublishes every toggle.
///
/// A template has at least one of `parameters`, `parameterGroups` or `conditions` (Firebase
/// writes `"parameters": {}` for a project without parameters). Anything else is named by what
/// it looks like and the command that takes it.
enum TemplateShape {
    /// Nil when `value` can be read as a client template; otherwise why it is not one.
    package static func problem(with value: JSONValue) -> String? {
        switch value {
        case .array(let elements):
            if !elements.isEmpty, elements.allSatisfy(looksLikeVersion) {
                return "this is a list of template versions (a listVersions response), not a template; read it with `toggles import firebase-versions FILE`"
            }
            return "expected a JSON object with \"parameters\", found an array"
        case .object(let object):
            return problem(with: object)
        default:
            return "expected a JSON object with \"parameters\", found \(value.typeName)"
        }
    }

    private static func problem(with object: JSONObject) -> String? {
        if let conditions = object["conditions"], case .array(let elements) = conditions,
            elements.contains(where: isStructuredCondition)
        {
            return
                "this is a server-side Remote Config template (its conditions are structured objects, not expressions); only client templates are imported: download the client template (namespace firebase, the default) with `firebase remoteconfig:get --json > FILE`"
        }
        if object["parameters"] != nil || object["parameterGroups"] != nil || object["conditions"] != nil {
            return nil
        }
        if object["versions"] != nil || object["nextPageToken"] != nil || object["next_page_token"] != nil {
            return "this is a listVersions response, not a template; read it with `toggles import firebase-versions FILE`"
        }
        if object["flags"] != nil {
            return
                "this is a flagd flag file (what `toggles export flagd` writes), not a Remote Config template; toggles does not import flagd files: import the Remote Config template instead (`firebase remoteconfig:get --json > FILE`)"
        }
        if object.isEmpty {
            return
                "the document is an empty object {}, not a template: a Remote Config template has \"parameters\" (Firebase writes \"parameters\": {} for a project without any); download it with `firebase remoteconfig:get --json > FILE`"
        }
        if object.members.allSatisfy({ if case .string = $0.value { true } else { false } }) {
            return
                "this looks like a defaults file (downloadDefaults?format=JSON: parameter → string), not a template; toggles reads defaults as a plist: `toggles import plist FILE` after downloading with format=PLIST"
        }
        let keys = object.members.prefix(5).map { JSONWriter.quoted($0.key) }.joined(separator: ", ")
        return
            "no \"parameters\", \"parameterGroups\" or \"conditions\": this is not a Remote Config template (its keys: \(keys)); download one with `firebase remoteconfig:get --json > FILE`"
    }

    private static func looksLikeVersion(_ value: JSONValue) -> Bool {
        guard case .object(let object) = value else { return false }
        return object["versionNumber"] != nil || object["version_number"] != nil
    }

    /// A server template's condition: `{"name": …, "condition": {"orCondition": …}}`.
    private static func isStructuredCondition(_ value: JSONValue) -> Bool {
        guard case .object(let object) = value else { return false }
        return object["condition"] != nil && object["expression"] == nil
    }
}
