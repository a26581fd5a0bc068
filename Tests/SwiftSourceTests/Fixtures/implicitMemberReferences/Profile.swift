struct ProfileView {
    let store: TogglesDataStoreType

    func render(selected: RemoteToggle) -> Bool {
        let avatar: RemoteToggle = .isRoundedAvatar
        store.update(toggle: .isSwiftUIEnabled, value: true)
        if selected == .isStoriesEnabled { return true }
        let toggles: [RemoteToggle] = [.isRoundedAvatar, .isStoriesEnabled]
        return store.isToggleOn(avatar) || store.isToggleOn(.isRoundedAvatar) || toggles.isEmpty
    }

    func chained(view: View) -> View {
        view
            .isRoundedAvatar
    }

    func pick(_ flag: Bool) -> RemoteToggle {
        flag ? .isRoundedAvatar : .isStoriesEnabled
    }
}
