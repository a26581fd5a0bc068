@propertyWrapper struct Feature {
    let key: String
    init(_ key: String) { self.key = key }
    var wrappedValue: Bool { key.isEmpty }
}

struct Settings {
    @Feature("sync") var sync: Bool
}

func run(settings: Settings) {
    log("new")
}
