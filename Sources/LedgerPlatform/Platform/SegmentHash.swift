/// A 64-bit hash of bytes (XXH64), stable across processes and platforms: it names the
/// content a checkpoint covered, and checks the checkpoint itself. Four independent lanes
/// keep the processor busy, so it runs at memory speed. Not cryptographic: it detects
/// change, not an attack (a checkpoint is a local cache, never shared).
package enum SegmentHash {
    package static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { hash($0) }
    }

    package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { hashOnce(bytes) }

    package static func hash(file path: String) throws -> UInt64 {
        let descriptor = try SystemCalls.open(path, OpenFlags.readOnly)
        defer { SystemCalls.close(descriptor) }
        let chunkSize = 1 << 20
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { chunk.deallocate() }
        var state = State()
        var offset: Int64 = 0
        while true {
            let read = try SystemCalls.pread(descriptor, into: chunk.baseAddress!, count: chunkSize, offset: offset, path: path)
            if read == 0 { break }
            state.add(UnsafeRawBufferPointer(rebasing: chunk[..<read]))
            offset += Int64(read)
        }
        return state.finish()
    }

    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        let mixed = accumulator &+ input &* prime2
        return ((mixed << 31) | (mixed >> 33)) &* prime1
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 { (value << count) | (value >> (64 - count)) }

    /// XXH64 over bytes given in pieces of any size.
    package struct State {
        private var lanes = (prime1 &+ prime2, prime2, UInt64(0), UInt64(0) &- prime1)
        private var length: UInt64 = 0
        /// Bytes not yet making a whole 32-byte stripe.
        private var pending = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        private var pendingCount = 0

        package init() {}

        package mutating func add(_ bytes: UnsafeRawBufferPointer) {
            guard var base = bytes.baseAddress, bytes.count > 0 else { return }
            var count = bytes.count
            length &+= UInt64(count)
            if pendingCount > 0 {
                let taken = min(32 - pendingCount, count)
                withUnsafeMutableBytes(of: &pending) { ($0.baseAddress! + pendingCount).copyMemory(from: base, byteCount: taken) }
                pendingCount += taken
                base += taken
                count -= taken
                guard pendingCount == 32 else { return }
                withUnsafeBytes(of: pending) { stripes(UnsafeRawPointer($0.baseAddress!), 32) }
                pendingCount = 0
            }
            let whole = count & ~31
            if whole > 0 { stripes(base, whole) }
            if whole < count {
                withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: base + whole, byteCount: count - whole) }
                pendingCount = count - whole
            }
        }

        private mutating func stripes(_ base: UnsafeRawPointer, _ count: Int) {
            SegmentHash.stripes(&lanes, base, count)
        }

        package func finish() -> UInt64 {
            var tail = pending
            return withUnsafeBytes(of: &tail) { raw in
                SegmentHash.finish(lanes: lanes, length: length, tail: UnsafeRawBufferPointer(rebasing: raw[..<pendingCount]))
            }
        }
    }

    /// The hash of `length` bytes whose whole stripes left `lanes`, ending with `tail`.
    @inline(__always)
    fileprivate static func finish(
        lanes: (UInt64, UInt64, UInt64, UInt64), length: UInt64, tail: UnsafeRawBufferPointer
    ) -> UInt64 {
        var hash: UInt64
        if length >= 32 {
            let (v1, v2, v3, v4) = lanes
            hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            hash = (hash ^ round(0, v1)) &* prime1 &+ prime4
            hash = (hash ^ round(0, v2)) &* prime1 &+ prime4
            hash = (hash ^ round(0, v3)) &* prime1 &+ prime4
            hash = (hash ^ round(0, v4)) &* prime1 &+ prime4
        } else {
            hash = prime5
        }
        hash &+= length
        let count = tail.count
        var offset = 0
        while offset + 8 <= count {
            hash ^= round(0, UInt64(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            hash = rotate(hash, 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            hash ^= UInt64(UInt32(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* prime1
            hash = rotate(hash, 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash ^= UInt64(tail[offset]) &* prime5
            hash = rotate(hash, 11) &* prime1
            offset += 1
        }
        hash ^= hash >> 33
        hash = hash &* prime2
        hash ^= hash >> 29
        hash = hash &* prime3
        return hash ^ (hash >> 32)
    }

    /// XXH64 of bytes given at once: the stripes, then the tail where it lies.
    package static func hashOnce(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes = (prime1 &+ prime2, prime2, UInt64(0), UInt64(0) &- prime1)
        let whole = bytes.count & ~31
        if whole > 0, let base = bytes.baseAddress { stripes(&lanes, base, whole) }
        return finish(lanes: lanes, length: UInt64(bytes.count), tail: UnsafeRawBufferPointer(rebasing: bytes[whole...]))
    }

    /// XXH64's main loop: 32-byte stripes into the four lanes (`count` is a multiple of 32).
    static func stripes(_ lanes: inout (UInt64, UInt64, UInt64, UInt64), _ base: UnsafeRawPointer, _ count: Int) {
        var (v1, v2, v3, v4) = lanes
        var offset = 0
        while offset < count {
            v1 = round(v1, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            v2 = round(v2, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            v3 = round(v3, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
            v4 = round(v4, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
            offset += 32
        }
        lanes = (v1, v2, v3, v4)
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
