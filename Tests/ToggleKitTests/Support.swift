import Foundation
import ToggleKit

/// Toggles as an app declares them (the shape `toggles export swift` generates).
enum SampleInternalToggle: String, ToggleType, CaseIterable {
    case isLikeButtonForMomentEnabled
    case isSwiftUIEnabled

    var defaultValue: Bool {
        switch self {
        case .isLikeButtonForMomentEnabled: true
        case .isSwiftUIEnabled: false
        }
    }
}

enum SampleRemoteToggle: String, ToggleType, CaseIterable {
    case isRoundedAvatar
    case shouldWeIncludePluto
    case isStoriesEnabled

    var defaultValue: Bool { self == .isStoriesEnabled }
}

enum SampleBuildTargetToggle: String, ToggleType, CaseIterable {
    case debug, `internal`, production, verboseLogging

    var defaultValue: Bool { self == .verboseLogging }
}

enum SampleRemoteConfigKeys: String, RemoteConfigKey, CaseIterable {
    case appPrimaryColor, planetImageScaleFactor, maximumMoments, planetOrder

    var defaultValue: RemoteConfigValue {
        switch self {
        case .appPrimaryColor: "#FBB03B"
        case .planetImageScaleFactor: "0.5"
        case .maximumMoments: "20"
        case .planetOrder: "{\"first\":\"Pluto\",\"count\":1}"
        }
    }
}

struct PlanetOrder: Decodable, Equatable {
    var first: String
    var count: Int
}

/// A fixture file named after the test that reads it.
func fixture(_ name: String, file: String = #filePath) -> URL {
    URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
}
