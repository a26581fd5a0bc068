/// The byte-level test behind pass 1's choice of files for ``ToggleTypeDiscovery``
/// (``SwiftSourceScan/mayDeclare(_:)``): a `struct`, `class`, `protocol`, `extension` or
/// `actor` declaration or an `@` attribute is followed by a name holding flag, feature, toggle,
/// experiment, switch or config (any case), where a toggle type, its Bool query or a wrapped toggle
/// property can be declared.
extension ToggleTypeDiscovery {
    /// The name after `position` (after blanks when a keyword precedes it) holds a toggle word.
    static func nameHoldsToggleWord(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int, afterKeyword: Bool) -> Bool {
        var start = position
        if afterKeyword {
            guard start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 else { return false }
            while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        }
        var end = start
        while end < bytes.count, end - start < 128, SwiftLexer.isIdentifierByte(bytes[end]) { end += 1 }
        guard end > start else { return false }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !afterKeyword, name.elementsEqual("propertyWrapper".utf8) { return true }
        return toggleWordBytes.contains { word in
            guard name.count >= word.count else { return false }
            for offset in 0...(name.count - word.count) {
                var matched = 0
                while matched < word.count, name[offset + matched] | 0x20 == word[matched] { matched += 1 }
                if matched == word.count { return true }
            }
            return false
        }
    }

    /// `config` too: `extension OEXConfig` may declare key getters (SwiftReferenceScanner+KeyGetterRule.swift).
    private static let toggleWordBytes: [[UInt8]] = (toggleWords + ["config"]).map { Array($0.utf8) }
}
