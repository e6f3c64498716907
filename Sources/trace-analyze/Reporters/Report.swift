import TraceRules

/// What reporters print: one run's findings, the traces they come from, and the fail level.
struct Report {
    let findings: [Finding]
    /// How many traces were analysed (some may have no findings).
    let traceCount: Int
    let failLevel: FailLevel

    /// Findings of `severity`.
    func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// True when a finding reaches the fail level: the run exits 2.
    var failed: Bool { findings.contains { failLevel.fails($0.severity) } }

    /// `3 findings (1 error, 2 warnings) in 1 trace`.
    var summaryLine: String {
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = count(severity)
            guard count > 0 else { return nil }
            return severity == .info ? "\(count) info" : plural(count, severity.rawValue)
        }
        let list = parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
        return "\(plural(findings.count, "finding"))\(list) in \(plural(traceCount, "trace"))"
    }

    /// How a finding's source is shown: the path as given, or `<stdin>`.
    static func file(of finding: Finding) -> String { finding.source == "-" ? "<stdin>" : finding.source }
}

func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
