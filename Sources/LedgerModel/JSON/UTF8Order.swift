/// Byte order of two strings' UTF-8, the order every sorted output and the replay order
/// use (so every platform and locale agrees). Same result as
/// `lhs.utf8.lexicographicallyPrecedes(rhs.utf8)`, eight bytes at a time.
@inline(__always)
package func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
    var lhs = lhs
    var rhs = rhs
    return lhs.withUTF8 { left in
        rhs.withUTF8 { right in utf8Precedes(left, right) }
    }
}

/// ``utf8Precedes(_:_:)`` on the bytes themselves.
package func utf8Precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
    let common = min(left.count, right.count)
    var offset = 0
    if common > 0 {
        let leftRaw = UnsafeRawPointer(left.baseAddress!)
        let rightRaw = UnsafeRawPointer(right.baseAddress!)
        // Big-endian words compare as their bytes do, first byte most significant.
        while offset + 8 <= common {
            let leftWord = UInt64(bigEndian: leftRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let rightWord = UInt64(bigEndian: rightRaw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if leftWord != rightWord { return leftWord < rightWord }
            offset += 8
        }
        while offset < common {
            if left[offset] != right[offset] { return left[offset] < right[offset] }
            offset += 1
        }
    }
    return left.count < right.count
}

/// Whether two strings have the same UTF-8 bytes (file names: canonically equivalent but
/// differently encoded names are different files).
package func utf8Equal(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count && !utf8Precedes(lhs, rhs) && !utf8Precedes(rhs, lhs)
}
