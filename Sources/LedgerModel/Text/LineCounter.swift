/// The 1-based line of byte offsets met in increasing order in one text: each call counts
/// the line feeds from where the last one stopped, so a reader asking for every key's line
/// reads the text once (counting from the start each time was quadratic: 11.5 s for a
/// property list of 40,000 keys). An offset before the last one is counted from the start.
package struct LineCounter {
    private var offset = 0
    private var line = 1
    /// Bytes looked at so far, for tests of the cost.
    private(set) var bytesCounted = 0

    package init() {}

    package mutating func line(at target: Int, in bytes: [UInt8]) -> Int {
        let target = min(max(target, 0), bytes.count)
        if target < offset { (offset, line) = (0, 1) }
        var count = 0
        for byte in bytes[offset..<target] where byte == 0x0A { count += 1 }
        bytesCounted += target - offset
        line += count
        offset = target
        return line
    }
}
