enum FeatureFlag: String {
    case inbox
    case sync

    var enabled: Bool { rawValue.count > 4 }
}

struct FlagMock {
    func set(_ flag: FeatureFlag, value: Bool) {}
}

func testInbox(flagMock: FlagMock) {
    flagMock.set(.inbox, value: work())
}
