/// `prefix` and `suffix` joined, with one allocation.
package func concatenate(_ prefix: String, _ suffix: String) -> String {
    var prefix = prefix
    var suffix = suffix
    return prefix.withUTF8 { head in
        suffix.withUTF8 { tail in
            String(unsafeUninitializedCapacity: head.count + tail.count) { buffer in
                if let address = buffer.baseAddress {
                    if let start = head.baseAddress { address.initialize(from: start, count: head.count) }
                    if let start = tail.baseAddress { (address + head.count).initialize(from: start, count: tail.count) }
                }
                return head.count + tail.count
            }
        }
    }
}
