enum Defaults {
    static let flags: [String: Bool] = [
        "sync": false,
    ]
}

func run(flags: any FlagQuery) -> Bool {
    Defaults.flags.isEmpty
}
