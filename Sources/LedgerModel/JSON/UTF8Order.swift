#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte order of two strings' UTF-8, the order every sorted output and the replay order
/// use (so every platform and locale agrees). Same result as
/// `lhs.utf8.lexicographicallyPrecedes(rhs.utf8)`, with one `memcmp`.
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
    if common > 0 {
        let order = memcmp(left.baseAddress!, right.baseAddress!, common)
        if order != 0 { return order < 0 }
    }
    return left.count < right.count
}

/// Whether two strings have the same UTF-8 bytes (file names: canonically equivalent but
/// differently encoded names are different files).
package func utf8Equal(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count && !utf8Precedes(lhs, rhs) && !utf8Precedes(rhs, lhs)
}
