import FirebaseRemoteConfig

final class RemoteConfigClient {
    let remoteConfig = RemoteConfig.remoteConfig()

    var adminCode: String {
        remoteConfig.configValue(forKey: Key.adminCode.rawValue).stringValue ?? ""
    }

    var isWorkoutGenerationOn: Bool {
        remoteConfig.configValue(forKey: Key.aiWorkoutGenerationEnabled.rawValue).boolValue
    }
}

extension RemoteConfigClient {
    enum Key: String {
        case adminCode = "admin_code"
        case aiWorkoutGenerationEnabled = "ai_workout_generation_enabled"
    }
}

struct Profile: Codable {
    var name: String
    var adminCode: String

    enum Key: String, CodingKey {
        case name
        case adminCode = "admin_code"
    }
}

enum AnalyticsKey: String {
    case screenName = "screen_name"
}

let screen = AnalyticsKey.screenName.rawValue
let coded = Profile.Key.name
