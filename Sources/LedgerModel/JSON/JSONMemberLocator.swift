/// Finds where a member is written in JSON text, so a message about a value (a policy
/// setting) can name its line, not only its path.
///
/// It reads text the ``JSONParser`` has already accepted: it only follows strings and
/// brackets, and does not validate again.
package enum JSONMemberLocator {
    /// The 1-based line of the key of the member at `path` (object keys from the root; array
    /// elements are passed through), or nil when no member has that path.
    package static func line(ofMember path: [String], in bytes: [UInt8]) -> Int? {
        guard !path.isEmpty else { return nil }
        // Per open container: whether it is an object, and its current member's key.
        var containers: [(isObject: Bool, key: String?)] = []
        var expectingKey = false
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "{"):
                containers.append((true, nil))
                expectingKey = true
            case UInt8(ascii: "["):
                containers.append((false, nil))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !containers.isEmpty { containers.removeLast() }
                expectingKey = false
            case UInt8(ascii: ","):
                expectingKey = containers.last?.isObject == true
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                if expectingKey, !containers.isEmpty, case .string(let key)? = try? JSONParser.parse(Array(bytes[start...min(index, bytes.count - 1)])) {
                    containers[containers.count - 1].key = key
                    expectingKey = false
                    let keys = containers.compactMap { $0.isObject ? $0.key : nil }
                    if keys == path { return line }
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
