import Foundation

enum Keys {
    static let inboxKey = "inbox"
}

func run() {
    UserDefaults.standard.set(true, forKey: Keys.inboxKey)
}
