import LedgerPlatform
import LedgerModel
import LedgerStore
import LedgerCore
/// Turns a Remote Config template into the events that bring the log in step with it.
///
/// The template is compared with the log's state *at the template's own instant*
/// (`version.updateTime`), and every event is dated then, so:
/// - importing the same template again finds nothing to change, and ids come from each event's
///   content and the import's rank at its instant (``ImportEventID``), so the same content is
///   recorded once, different content is never skipped, and the plan is exactly what is appended;
/// - a rollback is an ordinary newer version whose values are the old ones; its events carry
///   the rollback facts (`firebase.updateType`, `firebase.rollbackSource`);
/// - an older version imported after a newer one fills in history: its events sit at its
///   instant, and for each parameter it changes, the state of the next imported version is
///   re-asserted at that version's instant, so nothing after it moves (see docs/interop.md).
public enum FirebaseImport {
    /// Settings that do not come from the template.
    public struct Options: Sendable {
        /// When the template has no `version.updateTime`.
        public var fallbackAt: Timestamp
        /// When the template names no `version.updateUser.email` (nor a version number).
        public var fallbackActor: String
        /// The category of toggles the import creates.
        public var category: String
        public var provenance: Provenance?

        public init(fallbackAt: Timestamp, fallbackActor: String, category: String = "release", provenance: Provenance? = nil) {
            self.fallbackAt = fallbackAt
            self.fallbackActor = fallbackActor
            self.category = category
            self.provenance = provenance
        }
    }

    /// What an import would append, and what it noticed.
    public struct Plan: Sendable {
        /// The events to append, in replay order.
        public var events: [Event]
        /// Parameters the log did not know, created by this import.
        public var created: [String]
        /// Parameters left alone, each with the reason.
        public var skipped: [(parameter: String, reason: String)]
        /// Events that re-assert a newer version's state after an older version was filled in.
        public var carriedForward: Int
        /// The instant and actor of the template's events.
        public var at: Timestamp
        public var actor: String
        package var version: FirebaseVersion?
        /// Remote toggles served remotely at the template's instant, and those it unpublishes.
        public var servedRemotely: Int
        public var unpublishing: [String]

        /// The template drops every remote toggle the log serves, or more than half of them:
        /// far more often a wrong or empty file than an intended change.
        public var unpublishesMost: Bool {
            !unpublishing.isEmpty && (unpublishing.count == servedRemotely || unpublishing.count * 2 > servedRemotely)
        }
    }

    /// Plans the import of `template` into a log holding `history` (every event, in replay order).
    public static func plan(_ template: FirebaseTemplate, file: String?, history: [Event], options: Options) throws(InteropError) -> Plan {
        let version = template.version
        let at = version?.updateTime ?? options.fallbackAt
        let actor =
            version?.updateUserEmail.flatMap { $0.isEmpty ? nil : $0 }
            ?? version?.versionNumber.map { "firebase:v\($0)" } ?? options.fallbackActor
        var extra: [JSONObject.Member] = []
        if let version {
            var facts = JSONObject()
            facts["updateOrigin"] = version.updateOrigin.map(JSONValue.string)
            facts["updateType"] = version.updateType.map(JSONValue.string)
            facts["rollbackSource"] = version.rollbackSource.map(JSONValue.string)
            if !facts.isEmpty { extra.append(.init("firebase", .object(facts))) }
        }
        let rank = ImportEventID.nextRank(at: at, in: history)
        func event(
            _ toggle: String, _ change: Change, at instant: Timestamp = at, actor who: String = actor, rank eventRank: Int = rank,
            version eventVersion: String? = version?.versionNumber, extra fields: [JSONObject.Member]? = nil
        ) -> Event {
            var event = Event(id: "", at: instant, toggle: toggle, actor: who, change: change, source: options.provenance, extra: fields ?? extra)
            event.id = ImportEventID.make(for: event, rank: eventRank, version: eventVersion)
            return event
        }

        let stateThen = project(history, through: at)
        // One pass over what follows the template's instant, so each lookup below is constant time.
        let laterIndex = history.firstIndex { $0.at > at } ?? history.endIndex
        var firstLaterEvent: [String: Event] = [:]
        for event in history[laterIndex...] where firstLaterEvent[event.toggle] == nil { firstLaterEvent[event.toggle] = event }
        var factsThen = TemplateFacts.Tracker()
        for event in history[..<laterIndex] { factsThen.apply(event) }
        let tagColors = Dictionary(template.conditions.compactMap { condition in condition.tagColor.map { (condition.name, $0) } }, uniquingKeysWith: { first, _ in first })
        let priority = Dictionary(uniqueKeysWithValues: template.conditions.enumerated().map { ($1.name, $0) })
        let expressions = Dictionary(uniqueKeysWithValues: template.conditions.map { ($0.name, $0.expression) })
        var plan = Plan(events: [], created: [], skipped: [], carriedForward: 0, at: at, actor: actor, version: version, servedRemotely: 0, unpublishing: [])
        var remoteChanges: [String: Change] = [:]  // toggle → its published/unpublished at `at`
        var factsOf: [String: JSONObject] = [:]  // toggle → the template facts its published event records
        var importedParameters: [String] = []  // live after the import: where the condition list can be anchored

        for parameter in template.parameters.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let name = parameter.key
            if let problem = ToggleName.newToggleProblem(with: name) {
                throw InteropError(file: file, "parameter \(JSONWriter.quoted(name)): \(problem)")
            }
            let state = stateThen.toggles[name]
            // A toggle removed from the code in an app version keeps its parameter for the
            // versions before it: changes to it are recorded like a live toggle's.
            if let state, let removedAt = state.removedAt, state.removedInAppVersion == nil {
                plan.skipped.append((name, "the toggle was removed from the log at \(removedAt) but is still in the template; delete the parameter in Firebase"))
                continue
            }
            if state == nil, let later = firstLaterEvent[name] {
                plan.skipped.append((name, "the log knows it only from \(later.at), after this template (\(at)); not recorded"))
                continue
            }
            let valueType: ValueType
            if let state {
                guard state.kind == .remote else {
                    throw InteropError(
                        file: file,
                        "parameter \(JSONWriter.quoted(name)): the log has \(name) as a \(state.kind.rawValue) toggle; only remote toggles are published. Rename one of them or remove the parameter"
                    )
                }
                if let declared = parameter.valueType, declared.valueType != state.valueType {
                    throw InteropError(
                        file: file,
                        "parameter \(JSONWriter.quoted(name)): valueType \(declared.rawValue) in the template, but the log has \(name) as a \(state.valueType.rawValue) toggle (\(FirebaseValueType(state.valueType).rawValue))"
                    )
                }
                valueType = state.valueType
            } else {
                valueType = parameter.valueType?.valueType ?? .string
            }
            importedParameters.append(name)
            let remote = try remoteValue(parameter, as: valueType, priority: priority, expressions: expressions, templateVersion: version?.versionNumber, file: file)
            let facts = TemplateFacts.of(parameter, in: template, tagColors: tagColors, priority: priority)
            // A description edited in the console is a change of the toggle's attributes, recorded
            // as `toggles set` records it. A template without one leaves the log's alone.
            if let state, state.isLive, let description = parameter.description, !description.isEmpty,
                let changes = AttributeChanges(description: description).differences(from: state.definition)
            {
                plan.events.append(event(name, .attributesChanged(changes)))
            }
            if state == nil {
                let definition = ToggleDefinition(
                    kind: .remote, valueType: valueType, defaultValue: remote.value ?? zero(valueType),
                    category: options.category, description: parameter.description)
                plan.events.append(event(name, .created(definition)))
                plan.created.append(name)
            } else if let current = state?.remote, sameServing(current, remote), (factsThen.byToggle[name] ?? TemplateFacts.implied(by: state!)) == facts {
                continue
            }
            remoteChanges[name] = .published(remote)
            factsOf[name] = facts
        }
        let inTemplate = Set(template.parameters.map(\.key))
        for state in stateThen.sortedToggles where state.isInUse && state.kind == .remote && state.remote != nil {
            plan.servedRemotely += 1
            guard !inTemplate.contains(state.name) else { continue }
            remoteChanges[state.name] = .unpublished(templateVersion: version?.versionNumber)
            plan.unpublishing.append(state.name)
        }
        func withFacts(_ base: [JSONObject.Member], _ facts: JSONObject?) -> [JSONObject.Member] {
            base + (facts.map { [JSONObject.Member(TemplateFacts.field, .object($0))] } ?? [])
        }
        for name in remoteChanges.keys.sorted() { plan.events.append(event(name, remoteChanges[name]!, extra: withFacts(extra, factsOf[name]))) }
        let conditionList = TemplateConditionsEvent.list(of: template)
        let conditionsAnchor = TemplateConditionsEvent.anchor(parameters: importedParameters, state: stateThen)
        let recordsConditions = TemplateConditionsEvent.changes(factsThen.conditions, to: conditionList)
        if recordsConditions, let conditionsAnchor {
            plan.events.append(event(conditionsAnchor, .templateConditions(conditionList)))
        }

        // An older version filled in after a newer one: re-assert the next imported version's
        // state for every toggle this import changed and that version did not touch.
        if let next = history[laterIndex...].first(where: isImportedRemoteEvent),
            let nextVersion = templateVersion(of: next)
        {
            let stateAtNext = project(history, through: next.at)
            var factsAtNext = TemplateFacts.Tracker()
            for event in history where event.at <= next.at { factsAtNext.apply(event) }
            let nextRank = ImportEventID.nextRank(at: next.at, in: history)
            let touched = Set(history[laterIndex...].prefix { $0.at <= next.at }.filter(isRemoteEvent).map(\.toggle))
            for name in remoteChanges.keys.sorted() where !touched.contains(name) {
                let change: Change
                if let state = stateAtNext.toggles[name] {
                    guard state.isLive || state.removedInAppVersion != nil else { continue }
                    if var remote = state.remote {
                        remote.templateVersion = nextVersion
                        change = .published(remote)
                    } else {
                        change = .unpublished(templateVersion: nextVersion)
                    }
                } else {
                    change = .unpublished(templateVersion: nextVersion)  // created by this import, absent from the next version
                }
                let facts: JSONObject? = if case .published = change { factsAtNext.byToggle[name] } else { nil }
                plan.events.append(
                    event(name, change, at: next.at, actor: next.actor, rank: nextRank, version: nextVersion, extra: withFacts(next.extra.filter { $0.key == "firebase" }, facts)))
                plan.carriedForward += 1
            }
            // The condition list likewise, unless a list recorded after this template's instant
            // (and by the next version's) already stands there.
            let listSetSince = history[laterIndex...].contains { later in
                if case .templateConditions = later.change { return later.at <= next.at }
                return false
            }
            let listAtNext = factsAtNext.conditions ?? []
            if recordsConditions, let conditionsAnchor, !listSetSince, listAtNext != conditionList {
                plan.events.append(
                    event(
                        conditionsAnchor, .templateConditions(listAtNext), at: next.at, actor: next.actor, rank: nextRank, version: nextVersion,
                        extra: next.extra.filter { $0.key == "firebase" }))
                plan.carriedForward += 1
            }
        }
        plan.events.sort { $0.orderKey < $1.orderKey }
        return plan
    }

    /// The template's values for one parameter as typed values, conditions in priority order.
    package static func remoteValue(
        _ parameter: FirebaseParameter, as type: ValueType, priority: [String: Int], expressions: [String: String], templateVersion: String?, file: String?
    ) throws(InteropError) -> RemoteValue {
        func typed(_ value: FirebaseValue?, _ role: String) throws(InteropError) -> (JSONValue?, JSONObject?) {
            switch value {
            case .value(let text):
                switch type.parse(text) {
                case .success(let typed): return (typed, nil)
                case .failure(let error):
                    throw InteropError(
                        file: file,
                        "parameter \(JSONWriter.quoted(parameter.key)): \(role) \(JSONWriter.quoted(text)) is not a \(FirebaseValueType(type).rawValue) value; expected \(error.expected)"
                    )
                }
            case .useInAppDefault, nil: return (nil, nil)
            case .managed(let object): return (nil, object)
            }
        }
        let (value, managed) = try typed(parameter.defaultValue, "default value")
        var conditions: [ConditionalValue] = []
        for (condition, option) in parameter.conditionalValues.sorted(by: { priority[$0.condition]! < priority[$1.condition]! }) {
            let (conditionValue, conditionManaged) = try typed(option, "value for condition \(JSONWriter.quoted(condition))")
            conditions.append(ConditionalValue(name: condition, expression: expressions[condition]!, value: conditionValue, managed: conditionManaged))
        }
        return RemoteValue(value: value, conditions: conditions, templateVersion: templateVersion, managed: managed)
    }

    /// Whether two remote values serve the same thing, whatever version recorded them.
    public static func sameServing(_ lhs: RemoteValue, _ rhs: RemoteValue) -> Bool {
        lhs.servesSame(as: rhs)
    }

    /// The value a new toggle gets as its in-app default when the template serves none.
    package static func zero(_ type: ValueType) -> JSONValue {
        switch type {
        case .bool: .bool(false)
        case .number: .number("0")
        case .string: .string("")
        case .json: .null
        }
    }

    /// The state of every toggle after the events up to and including `instant`.
    public static func project(_ history: [Event], through instant: Timestamp) -> Projection {
        var projection = Projection()
        for event in history {
            if event.at > instant { break }
            projection.apply(event)
        }
        return projection
    }

    static func isRemoteEvent(_ event: Event) -> Bool {
        switch event.change {
        case .published, .unpublished: true
        default: false
        }
    }

    static func isImportedRemoteEvent(_ event: Event) -> Bool {
        isRemoteEvent(event) && ImportEventID.parse(event.id) != nil && templateVersion(of: event) != nil
    }

    package static func templateVersion(of event: Event) -> String? {
        switch event.change {
        case .published(let remote): remote.templateVersion
        case .unpublished(let version): version
        default: nil
        }
    }
}
