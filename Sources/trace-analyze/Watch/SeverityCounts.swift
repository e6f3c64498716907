import TraceRules

/// The running count of a live run's findings per severity: each finding counted once, at the
/// severity it was last reported with.
/// A raised finding says the severity it was last reported with (`previousSeverity`), so
/// nothing is kept per finding: a long stream can report hundreds of thousands.
struct SeverityCounts {
    private var counts: [Severity: Int] = [:]

    /// Counts `live`, moving a raised finding from its old severity to its new one.
    mutating func record(_ live: LiveFinding) {
        if let old = live.previousSeverity { counts[old, default: 0] -= 1 }
        counts[live.finding.severity, default: 0] += 1
    }

    /// Findings now at `severity`.
    subscript(_ severity: Severity) -> Int { counts[severity] ?? 0 }

    /// `1 error, 0 warnings, 2 info`.
    var text: String {
        "\(plural(self[.error], "error")), \(plural(self[.warning], "warning")), \(self[.info]) info"
    }
}
