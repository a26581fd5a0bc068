#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread's buffer for reading many whole files in turn (the Swift sources a scan reads):
/// the same checks as ``WholeFile/read(_:displayName:maximumBytes:)``, but each file's bytes
/// land in memory reused from the file before, so a file costs no allocation, no zeroing and
/// no fresh pages (those were a tenth of a scan's system time).
package struct ReadBuffer: ~Copyable {
    private var storage: UnsafeMutableRawBufferPointer

    package init(capacity: Int = 1 << 16) {
        storage = .allocate(byteCount: max(capacity, 1), alignment: 16)
    }

    deinit { storage.deallocate() }

    /// The bytes of the regular file at `path`, valid until the next read into this buffer.
    package mutating func read(_ path: String, displayName: String, maximumBytes: Int = 1 << 32) throws(FileReadError) -> UnsafeBufferPointer<UInt8> {
        let (descriptor, size) = try WholeFile.openRegular(path, displayName: displayName, maximumBytes: maximumBytes)
        defer { close(descriptor) }
        // One byte more than the size, so a file that grew meanwhile is read to its end too.
        if storage.count < size + 1 { grow(to: size + 1, keeping: 0) }
        var count = 0
        while true {
            let result = systemRead(descriptor, storage.baseAddress! + count, storage.count - count)
            if result < 0 && errno == EINTR { continue }
            if result < 0 { throw .unreadable(file: displayName, errno: errno) }
            if result == 0 { break }
            count += result
            guard count == storage.count else { continue }
            guard count <= maximumBytes else { throw .tooLarge(file: displayName, maximumBytes: maximumBytes) }
            grow(to: count * 2, keeping: count)
        }
        return UnsafeBufferPointer(start: storage.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
    }

    private mutating func grow(to capacity: Int, keeping count: Int) {
        let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        if count > 0 { larger.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: count) }
        storage.deallocate()
        storage = larger
    }
}
