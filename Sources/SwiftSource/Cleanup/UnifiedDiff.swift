/// A unified diff in git's format (`diff --git a/P b/P`, hunks with three lines of context),
/// which `git apply` takes.
enum UnifiedDiff {
    static func render(path: String, old: [UInt8], new: [UInt8]) -> String {
        let a = lines(old), b = lines(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middle = script(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
        // The whole edit script: (kind, old index, new index); kind " ", "-", "+".
        var ops: [(Character, Int, Int)] = (0..<prefix).map { (" ", $0, $0) }
        ops += middle.map { ($0.0, $0.1 + prefix, $0.2 + prefix) }
        ops += (0..<suffix).map { (" ", a.count - suffix + $0, b.count - suffix + $0) }
        var out = "diff --git a/\(path) b/\(path)\n--- a/\(path)\n+++ b/\(path)\n"
        let changed = ops.indices.filter { ops[$0].0 != " " }
        var index = 0
        while index < changed.count {
            let begin = max(0, changed[index] - 3)
            var end = min(ops.count, changed[index] + 4)
            index += 1
            while index < changed.count, changed[index] - 3 <= end { end = min(ops.count, changed[index] + 4); index += 1 }
            let hunk = ops[begin..<end]
            let oldCount = hunk.filter { $0.0 != "+" }.count, newCount = hunk.filter { $0.0 != "-" }.count
            let oldBefore = hunk.first!.1, newBefore = hunk.first!.2
            let oldStart = oldCount > 0 ? oldBefore + 1 : oldBefore, newStart = newCount > 0 ? newBefore + 1 : newBefore
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for op in hunk {
                let line = op.0 == "+" ? b[op.2] : a[op.1]
                out += String(op.0) + line.text + "\n"
                if !line.newline { out += "\\ No newline at end of file\n" }
            }
        }
        return out
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    struct Line: Equatable {
        var text: String
        var newline: Bool
    }

    static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(Line(text: String(decoding: bytes[start..<offset], as: UTF8.self), newline: true))
            start = offset + 1
        }
        if start < bytes.count { result.append(Line(text: String(decoding: bytes[start...], as: UTF8.self), newline: false)) }
        return result
    }

    /// A shortest edit script by the longest common subsequence; a middle too large for the
    /// table is one replacement.
    private static func script(_ a: [Line], _ b: [Line]) -> [(Character, Int, Int)] {
        guard a.count * b.count <= 4_000_000 else {
            return a.indices.map { ("-", $0, 0) } + b.indices.map { ("+", a.count, $0) }
        }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var ops: [(Character, Int, Int)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                ops.append((" ", i, j)); i += 1; j += 1
            } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                ops.append(("-", i, j)); i += 1
            } else {
                ops.append(("+", i, j)); j += 1
            }
        }
        return ops
    }
}

extension CleanupPlan {
    /// The diff of every changed file, paths relative to `root` (the repository's root).
    public func diff(root: String) -> String {
        changedFiles.map { file in
            UnifiedDiff.render(path: Self.relative(file.absolutePath, to: root), old: file.original, new: file.cleaned!)
        }.joined()
    }

    static func relative(_ path: String, to root: String) -> String {
        let real = SystemCalls.realPath(path) ?? path
        let base = (SystemCalls.realPath(root) ?? root)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return real.hasPrefix(prefix) ? String(real.dropFirst(prefix.count)) : real
    }
}
