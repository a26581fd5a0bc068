#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `%.17g`, as CoreFoundation formats a double in a property list (`vsnprintf`: Swift's own
/// `description` gives the shortest form instead).
package func formatG17(_ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = withVaList([value]) { arguments in vsnprintf(&buffer, buffer.count, "%.17g", arguments) }
    return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
