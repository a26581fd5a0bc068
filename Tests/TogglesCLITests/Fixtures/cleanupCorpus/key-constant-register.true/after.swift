import Foundation

enum Keys {
    static let syncKey = "sync"
}

func setUp() {
    UserDefaults.standard.register(defaults: [Keys.syncKey: true])
    log("on")
}
