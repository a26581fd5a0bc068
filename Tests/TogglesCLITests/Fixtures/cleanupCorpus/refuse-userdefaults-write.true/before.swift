import Foundation

func run() {
    UserDefaults.standard.set(true, forKey: "inbox")
}
