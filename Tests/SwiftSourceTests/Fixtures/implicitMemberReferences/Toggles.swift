enum RemoteToggle: String, ToggleType {
    case isRoundedAvatar
    case isStoriesEnabled

    var defaultValue: Bool { self == .isStoriesEnabled }
}

extension RemoteToggle {
    var title: String {
        switch self {
        case .isRoundedAvatar: "Rounded avatars"
        case .isStoriesEnabled: "Stories"
        }
    }
}

enum InternalToggle: String, ToggleType { case isSwiftUIEnabled }
