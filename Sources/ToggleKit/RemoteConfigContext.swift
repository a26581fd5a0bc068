import Foundation

/// Who is asking: the facts Remote Config conditions test.
///
/// A fact left nil matches no condition about it (a device whose country is unknown is in
/// no country list).
public struct RemoteConfigContext: Sendable, Hashable {
    /// ISO 3166-1 alpha-2, such as `DK`.
    public var country: String?
    /// A language or locale identifier, such as `zh`, `de_AT` or `en-US`.
    public var language: String?
    /// `CFBundleShortVersionString`, such as `2.4.1`.
    public var appVersion: String?
    /// `CFBundleVersion`.
    public var appBuild: String?
    /// `ios`, `android`, `web`.
    public var os: String?

    public init(country: String? = nil, language: String? = nil, appVersion: String? = nil, appBuild: String? = nil, os: String? = nil) {
        self.country = country
        self.language = language
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.os = os
    }
}
