import TraceStore

/// The numbers `diff` compares in one trace: per view, its instances, body evaluations and
/// identity changes (from `view_summary`), and its findings per rule.
public struct TraceSnapshot: Sendable {
    /// What the trace is called in reports: its source, or `trace 3`.
    public let label: String
    /// The views the trace counts anything for.
    public let views: Set<String>
    /// Every non-zero count.
    let counts: [TraceDiff.Subject: Int]

    /// Creates a snapshot from counts; views with any count are the trace's views.
    public init(label: String, counts: [TraceDiff.Subject: Int]) {
        self.label = label
        self.counts = counts
        views = Set(counts.keys.map(\.view))
    }

    /// Reads trace `traceID`'s view counts from `database` and counts `findings` (the trace's,
    /// as the `Analyzer` returned them) per view and rule. A finding without a view counts under `-`.
    public static func load(database: Database, traceID: Int, findings: [Finding], label: String) throws -> TraceSnapshot {
        try load(database: database, traceID: traceID, label: label) { count in findings.forEach(count) }
    }

    /// Reads trace `traceID`'s view counts and its stored findings (as `Analyzer.analyzeIntoStore`
    /// left them) from `database`, one finding at a time and without their evidence: memory does
    /// not grow with the number of findings a long trace has.
    public static func loadStored(database: Database, traceID: Int, label: String) throws -> TraceSnapshot {
        try load(database: database, traceID: traceID, label: label) { count in
            try StoredFindings(database: database, traceIDs: [traceID]).forEach(evidence: .omitted) { _, finding in count(finding) }
        }
    }

    private static func load(
        database: Database, traceID: Int, label: String, findings: ((Finding) -> Void) throws -> Void
    ) throws -> TraceSnapshot {
        var counts: [TraceDiff.Subject: Int] = [:]
        try database.forEachRow(
            "SELECT view, inits, bodies, identity_changes FROM view_summary WHERE trace_id = ?", [traceID]
        ) { row in
            guard let view = row.text(at: 0) else { return }
            let values: [(TraceDiff.Metric, Int)] = [
                (.instances, row.int(at: 1) ?? 0), (.bodyEvaluations, row.int(at: 2) ?? 0), (.identityChanges, row.int(at: 3) ?? 0),
            ]
            for (metric, value) in values where value > 0 {
                counts[TraceDiff.Subject(view: view, metric: metric, rule: nil)] = value
            }
        }
        try findings { finding in
            guard finding.traceID == traceID else { return }
            // Info findings are counted apart: a hint that becomes an error is a regression.
            let rule = finding.severity == .info ? finding.rule + " (info)" : finding.rule
            counts[TraceDiff.Subject(view: finding.view ?? "-", metric: .findings, rule: rule), default: 0] += 1
        }
        return TraceSnapshot(label: label, counts: counts)
    }
}
