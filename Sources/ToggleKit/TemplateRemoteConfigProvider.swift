import Foundation

/// A ``RemoteConfigProvider`` that evaluates a Remote Config template or defaults file for
/// one client context, without a network: for tests, previews and offline builds.
///
/// Like Firebase, nothing is served until ``fetch()``: before it, every getter is nil and
/// stores use in-app defaults. ``setup()`` reads the file (if the provider was made from one).
///
/// A parameter whose value depends on a condition this runtime cannot decide (`percent`,
/// audiences, user properties) or on a server-managed value (rollout, experiment) is
/// **undetermined**: its getters return nil and ``diagnostics`` says why. It is never guessed.
public final class TemplateRemoteConfigProvider: RemoteConfigProvider, @unchecked Sendable {
    /// How a parameter resolved for the context.
    public enum Resolution: Sendable, Hashable {
        /// Served: the value, and the condition that chose it (nil for the default value).
        case value(RemoteConfigValue, condition: String?)
        /// Not served (`useInAppDefault`, or no default value): the app's default applies.
        case inAppDefault
        /// Not in the template.
        case absent
        /// Depends on something this runtime cannot decide; see the diagnostic.
        case undetermined(RemoteConfigDiagnostic)
    }

    public let context: RemoteConfigContext
    private let source: Source
    private let lock = NSLock()
    private var template: RemoteConfigTemplate?
    private var active: [String: Resolution]?

    private enum Source {
        case file(URL)
        case loaded(RemoteConfigTemplate)
    }

    /// A provider over a template or defaults file, read by ``setup()``.
    public init(contentsOf url: URL, context: RemoteConfigContext = RemoteConfigContext()) {
        self.source = .file(url)
        self.context = context
    }

    /// A provider over a template or defaults file in memory.
    public init(data: Data, context: RemoteConfigContext = RemoteConfigContext()) throws(RemoteConfigFileError) {
        self.source = .loaded(try RemoteConfigTemplate(data: data))
        self.context = context
    }

    public init(template: RemoteConfigTemplate, context: RemoteConfigContext = RemoteConfigContext()) {
        self.source = .loaded(template)
        self.context = context
    }

    /// Reads the file (once); a provider made in memory is ready already.
    public func setup() throws {
        try locked {
            guard template == nil else { return }
            switch source {
            case .file(let url): template = try RemoteConfigTemplate(contentsOf: url)
            case .loaded(let loaded): template = loaded
            }
        }
    }

    /// Evaluates every parameter for ``context`` and makes the values available.
    public func fetch() async throws {
        try setup()
        locked {
            guard let template else { return }
            var resolved: [String: Resolution] = [:]
            for (key, parameter) in template.parameters {
                resolved[key] = Self.resolve(key, parameter, template.conditions, context)
            }
            active = resolved
        }
    }

    /// Whether ``fetch()`` has run.
    public var hasFetched: Bool { locked { active != nil } }

    public func value(forKey key: String) -> RemoteConfigValue? {
        if case .value(let value, _) = resolution(forKey: key) { return value }
        return nil
    }

    /// How `key` resolved; `.absent` before ``fetch()``.
    public func resolution(forKey key: String) -> Resolution {
        locked { active?[key] ?? .absent }
    }

    /// Parameters that could not be decided for the context, sorted by parameter.
    public var diagnostics: [RemoteConfigDiagnostic] {
        locked {
            (active ?? [:]).values.compactMap { resolution -> RemoteConfigDiagnostic? in
                if case .undetermined(let diagnostic) = resolution { return diagnostic }
                return nil
            }.sorted { $0.parameter < $1.parameter }
        }
    }

    /// `NSLock.withLock` needs newer Apple platforms than ToggleKit supports.
    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    static func resolve(
        _ key: String, _ parameter: RemoteConfigTemplate.Parameter,
        _ conditions: [RemoteConfigTemplate.Condition], _ context: RemoteConfigContext
    ) -> Resolution {
        func resolution(_ option: RemoteConfigTemplate.ValueOption?, condition: String?) -> Resolution {
            switch option {
            case .value(let value)?: return .value(value, condition: condition)
            case .useInAppDefault?, nil: return .inAppDefault
            case .managed(let kind)?:
                return .undetermined(RemoteConfigDiagnostic(parameter: key, condition: condition, problem: "the value is a \(kind), decided by the server per user"))
            }
        }
        for condition in conditions {
            guard let option = parameter.conditionalValues[condition.name] else { continue }
            do {
                let expression = try ConditionExpression(condition.expression)
                if expression.matches(context) { return resolution(option, condition: condition.name) }
            } catch {
                return .undetermined(RemoteConfigDiagnostic(parameter: key, condition: condition.name, problem: error.description))
            }
        }
        for name in parameter.conditionalValues.keys.sorted() where !conditions.contains(where: { $0.name == name }) {
            return .undetermined(RemoteConfigDiagnostic(parameter: key, condition: name, problem: "the condition is not defined in the template"))
        }
        return resolution(parameter.defaultValue, condition: nil)
    }
}

/// Why a parameter could not be decided offline.
public struct RemoteConfigDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public var parameter: String
    /// The condition that could not be decided, if one.
    public var condition: String?
    public var problem: String

    public var description: String {
        "\(parameter)\(condition.map { " (condition \($0))" } ?? ""): \(problem)"
    }
}
