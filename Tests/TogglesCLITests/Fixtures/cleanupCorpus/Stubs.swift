// Declarations the cleanup fixtures use; every fixture is typechecked with this file.
func work() -> Bool { true }
func log(_ text: String) {}
func compute() -> Int { 1 }
func makeFlags() -> any FlagQuery { AlwaysOff() }

protocol FlagQuery {
    func isFeatureOn(_ name: String) -> Bool
}

struct AlwaysOff: FlagQuery {
    func isFeatureOn(_ name: String) -> Bool { false }
}

struct RemoteConfigStub {
    struct Value { var boolValue: Bool }
    func configValue(forKey key: String) -> Value { Value(boolValue: false) }
    subscript(_ key: String) -> Value { Value(boolValue: false) }
}
