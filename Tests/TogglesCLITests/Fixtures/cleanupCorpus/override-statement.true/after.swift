enum FeatureFlag: String {
    case sync

    var enabled: Bool { rawValue.count > 4 }
}

struct FlagMock {
    func set(_ flag: FeatureFlag, value: Bool) {}
    func reset(flag: FeatureFlag) {}
}

func testInbox(flagMock: FlagMock) {
    flagMock.set(.sync, value: false)
    log("new")
}
