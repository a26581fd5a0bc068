public enum CodeFindings {
    /// Compares a scan with the log's toggles (live and removed), sorted by toggle.
    public static func evaluate(_ scan: ScanResult, toggles: [String: ToggleState]) -> [CodeFinding] {
        let byToggle = Dictionary(grouping: scan.references, by: \.toggle)
        var findings: [CodeFinding] = []
        for name in byToggle.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let references = byToggle[name]!
            if let state = toggles[name] {
                if let removedAt = state.removedAt {
                    findings.append(CodeFinding(toggle: name, reason: .removedButReferenced, references: references, removedAt: removedAt))
                }
            } else {
                let declarations = references.filter { $0.kind == .declaration }
                if !declarations.isEmpty {
                    findings.append(CodeFinding(toggle: name, reason: .untracked, references: declarations))
                }
            }
        }
        return findings
    }
}
