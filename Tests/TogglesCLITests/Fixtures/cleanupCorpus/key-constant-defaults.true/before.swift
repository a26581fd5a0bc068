import Foundation

enum Keys {
    static let inboxKey = "inbox"
    static let syncKey = "sync"
}

func run() {
    if UserDefaults.standard.bool(forKey: Keys.inboxKey) {
        log("new")
    }
}
