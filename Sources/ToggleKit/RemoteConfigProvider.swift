import Foundation

/// Where remote values come from: Firebase Remote Config in the app (wrap `RemoteConfig` in
/// a small class), ``TemplateRemoteConfigProvider`` in tests, previews and offline.
///
/// Getters return nil when nothing was fetched for the key, so callers fall back to their
/// in-app default. Only ``setup()``, ``fetch()`` and ``value(forKey:)`` must be written; the
/// typed getters read ``value(forKey:)``.
public protocol RemoteConfigProvider: AnyObject, Sendable {
    /// Prepares the provider (settings, defaults, loading a file). Call once at launch.
    func setup() throws
    /// Fetches and activates the latest values.
    func fetch() async throws
    /// The fetched value of `key`, or nil when none was fetched.
    func value(forKey key: String) -> RemoteConfigValue?

    func string(forKey key: String) -> String?
    func int(forKey key: String) -> Int?
    func double(forKey key: String) -> Double?
    func bool(forKey key: String) -> Bool?
    /// The fetched value decoded from JSON; nil when none was fetched, an error when it
    /// does not decode.
    func decoded<T: Decodable>(_ type: T.Type, forKey key: String) throws -> T?
}

extension RemoteConfigProvider {
    public func string(forKey key: String) -> String? { value(forKey: key)?.stringValue }
    public func int(forKey key: String) -> Int? { value(forKey: key)?.intValue }
    public func double(forKey key: String) -> Double? { value(forKey: key)?.doubleValue }
    public func bool(forKey key: String) -> Bool? { value(forKey: key)?.boolValue }

    public func decoded<T: Decodable>(_ type: T.Type, forKey key: String) throws -> T? {
        try value(forKey: key)?.decoded(as: type)
    }

    // Typed keys: the fetched value, else the key's in-app default.

    public func string(_ key: some RemoteConfigKey) -> String {
        string(forKey: key.key) ?? key.defaultValue.stringValue
    }

    /// The fetched value if it is a whole number, else the in-app default (nil only when the
    /// default is not a whole number either).
    public func int(_ key: some RemoteConfigKey) -> Int? {
        int(forKey: key.key) ?? key.defaultValue.intValue
    }

    public func double(_ key: some RemoteConfigKey) -> Double? {
        double(forKey: key.key) ?? key.defaultValue.doubleValue
    }

    public func bool(_ key: some RemoteConfigKey) -> Bool? {
        bool(forKey: key.key) ?? key.defaultValue.boolValue
    }

    /// The fetched value decoded from JSON, else the in-app default decoded.
    public func decoded<T: Decodable>(_ type: T.Type, _ key: some RemoteConfigKey) throws -> T {
        if let fetched = try decoded(type, forKey: key.key) { return fetched }
        return try key.defaultValue.decoded(as: type)
    }
}
