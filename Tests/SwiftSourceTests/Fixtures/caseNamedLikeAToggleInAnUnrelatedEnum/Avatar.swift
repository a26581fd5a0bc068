enum AvatarStyle {
    case isRoundedAvatar
    case square
}

struct AvatarView {
    var style: AvatarStyle = .isRoundedAvatar
    let store: TogglesDataStoreType

    func body() -> Bool {
        if style == AvatarStyle.isRoundedAvatar { return true }
        return store.isToggleOn(.isRoundedAvatar)
    }
}
