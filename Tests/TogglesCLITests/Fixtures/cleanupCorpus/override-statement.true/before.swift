enum FeatureFlag: String {
    case inbox
    case sync

    var enabled: Bool { rawValue.count > 4 }
}

struct FlagMock {
    func set(_ flag: FeatureFlag, value: Bool) {}
    func reset(flag: FeatureFlag) {}
}

func testInbox(flagMock: FlagMock) {
    flagMock.set(.inbox, value: true)
    flagMock.set(.sync, value: false)
    if FeatureFlag.inbox.enabled {
        log("new")
    }
    flagMock.reset(flag: .inbox)
}
