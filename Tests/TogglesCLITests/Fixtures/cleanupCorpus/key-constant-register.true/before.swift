import Foundation

enum Keys {
    static let inboxKey = "inbox"
    static let syncKey = "sync"
}

func setUp() {
    UserDefaults.standard.register(defaults: [Keys.inboxKey: false, Keys.syncKey: true])
    if UserDefaults.standard.bool(forKey: Keys.inboxKey) || UserDefaults.standard.bool(forKey: Keys.syncKey) {
        log("on")
    }
}
