#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// libc's byte comparison and search (vectorised: on long runs several times faster than a
/// Swift loop), for the layers above, which do not import libc themselves.
// Inlinable: the decoder, the interner and the scanner call them per field and per line.
package enum RawMemory {
    /// Whether the `count` bytes at `left` and `right` are equal (`memcmp`).
    @inlinable @inline(__always)
    package static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(left, right, count) == 0
    }

    /// The first `byte` among the `count` bytes at `start`, or nil (`memchr`).
    @inlinable @inline(__always)
    package static func first(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        UnsafeRawPointer(memchr(start, Int32(byte), count))
    }
}
