import TraceStore

/// The numbers `diff` compares in one trace: per view, its instances, body evaluations and
/// identity changes (from `view_summary`), its findings per rule, the durations the log
/// measured (`views`' `body_ms`, `max_body_ms`, `max_init_ms`) and its XCTest measurements
/// (`test_measurements`).
public struct TraceSnapshot: Sendable {
    /// What the trace is called in reports: its source, or `trace 3`.
    public let label: String
    /// The views the trace counts anything for.
    public let views: Set<String>
    /// Every non-zero count.
    let counts: [TraceDiff.Subject: Int]
    /// Every measured duration, in milliseconds, under a duration metric (`Metric.isDuration`).
    let durations: [TraceDiff.Subject: Double]
    /// The duration metrics the log has timings for at all: `body_ms` and `max_body_ms` when some
    /// body was measured, `max_init_ms` when some init was. A metric not here is unknown in this
    /// run, not 0: a log without timings says nothing about how long anything took.
    public let measured: Set<TraceDiff.Metric>
    /// The XCTest measurements the trace printed, every measured line of each test case's metric.
    public let measurements: [MeasurementDiff.Key: [MeasurementDiff.Line]]

    /// Creates a snapshot from counts, durations and measurements; views with any count are the
    /// trace's views.
    ///
    /// `measured` defaults to the metrics `durations` has a value for.
    public init(
        label: String, counts: [TraceDiff.Subject: Int], durations: [TraceDiff.Subject: Double] = [:],
        measured: Set<TraceDiff.Metric>? = nil, measurements: [MeasurementDiff.Key: [MeasurementDiff.Line]] = [:]
    ) {
        self.label = label
        self.counts = counts
        self.durations = durations
        self.measured = measured ?? Set(durations.keys.map(\.metric))
        self.measurements = measurements
        views = Set(counts.keys.map(\.view))
    }

    /// The figure of `subject` in this run: its count, or its duration where the run measured
    /// that metric (0 for a view it measured nothing of); nil for a duration the run cannot know.
    public func value(of subject: TraceDiff.Subject) -> Double? {
        guard subject.metric.isDuration else { return Double(counts[subject] ?? 0) }
        guard measured.contains(subject.metric) else { return nil }
        return durations[subject] ?? 0
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
        var durations: [TraceDiff.Subject: Double] = [:]
        var measured: Set<TraceDiff.Metric> = []
        // As `ViewAccount` sums them, so `diff` and `views` print the same milliseconds.
        try database.forEachRow("""
            SELECT view, round(sum(CASE WHEN kind = 'body' THEN duration_ms END), 6),
                   max(CASE WHEN kind = 'body' THEN duration_ms END), max(CASE WHEN kind = 'init' THEN duration_ms END)
            FROM events WHERE trace_id = ? AND view IS NOT NULL AND kind IN ('body', 'init') AND duration_ms IS NOT NULL
            GROUP BY view
            """, [traceID]) { row in
            guard let view = row.text(at: 0) else { return }
            let values: [(TraceDiff.Metric, Double?)] = [
                (.bodyMilliseconds, row.double(at: 1)), (.maxBodyMilliseconds, row.double(at: 2)), (.maxInitMilliseconds, row.double(at: 3)),
            ]
            for case let (metric, value?) in values {
                measured.insert(metric)
                durations[TraceDiff.Subject(view: view, metric: metric, rule: nil)] = value
            }
        }
        try findings { finding in
            guard finding.traceID == traceID else { return }
            // Info findings are counted apart: a hint that becomes an error is a regression.
            let rule = finding.severity == .info ? finding.rule + " (info)" : finding.rule
            counts[TraceDiff.Subject(view: finding.view ?? "-", metric: .findings, rule: rule), default: 0] += 1
        }
        return TraceSnapshot(
            label: label, counts: counts, durations: durations, measured: measured,
            measurements: try measurements(database: database, traceID: traceID)
        )
    }

    /// Trace `traceID`'s measured lines with their values, by test case, metric and unit.
    private static func measurements(database: Database, traceID: Int) throws -> [MeasurementDiff.Key: [MeasurementDiff.Line]] {
        var values: [Int: [Double]] = [:]
        try database.forEachRow("""
            SELECT v.measurement_id, v.value FROM test_measurement_values v JOIN test_measurements m ON m.id = v.measurement_id
            WHERE m.trace_id = ? ORDER BY v.measurement_id, v.iteration
            """, [traceID]) { row in
            if let value = row.double(at: 1) { values[row.integer(at: 0), default: []].append(value) }
        }
        var lines: [MeasurementDiff.Key: [MeasurementDiff.Line]] = [:]
        try database.forEachRow(
            "SELECT id, test_case, metric, unit, average, relative_stddev_percent, polarity FROM test_measurements WHERE trace_id = ? ORDER BY id",
            [traceID]
        ) { row in
            let key = MeasurementDiff.Key(testCase: row.text(at: 1) ?? "", metric: row.text(at: 2) ?? "", unit: row.text(at: 3) ?? "")
            lines[key, default: []].append(MeasurementDiff.Line(
                average: row.double(at: 4) ?? 0, relativeStandardDeviation: row.double(at: 5),
                values: values[row.integer(at: 0)] ?? [], polarity: row.text(at: 6)
            ))
        }
        return lines
    }
}
