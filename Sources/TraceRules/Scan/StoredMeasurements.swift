import TraceStore

/// The XCTest measurements of a stored trace (`test_measurements` and their values), in the
/// order of the events they were printed as: what a scan of the stored trace hands the rules
/// beside its events, as a live run hands them what it reads off the console's text lines.
struct StoredMeasurements {
    /// Each measurement with the id of the text event it was printed as, by that id.
    private(set) var rows: [(eventID: Int, measurement: MeasurementEvent)] = []
    /// The first row not handed out yet.
    private var next = 0

    /// Reads trace `traceID`'s measurements; none for a trace without any (or a store older
    /// than schema version 15, which has no such table and no such rows).
    init(traceID: Int, database: Database) throws {
        var byID: [Int: Int] = [:]
        try database.forEachRow("""
            SELECT id, event_id, line, test_case, metric, unit, average, relative_stddev_percent, metric_id
            FROM test_measurements WHERE trace_id = ? ORDER BY event_id, id
            """, [traceID]) { row in
            byID[row.integer(at: 0)] = rows.count
            rows.append((row.integer(at: 1), MeasurementEvent(
                line: row.integer(at: 2), testCase: row.text(at: 3) ?? "", metric: row.text(at: 4) ?? "",
                unit: row.text(at: 5) ?? "", average: row.double(at: 6) ?? 0, relativeStandardDeviation: row.double(at: 7),
                values: [], metricID: row.text(at: 8)
            )))
        }
        guard !rows.isEmpty else { return }
        try database.forEachRow("""
            SELECT measurement_id, value FROM test_measurement_values
            WHERE measurement_id IN (SELECT id FROM test_measurements WHERE trace_id = ?)
            ORDER BY measurement_id, iteration
            """, [traceID]) { row in
            guard let index = byID[row.integer(at: 0)], let value = row.double(at: 1) else { return }
            rows[index].measurement.values.append(value)
        }
    }

    /// Hands `body` each measurement printed before the event `eventID`, once.
    mutating func handOut(before eventID: Int, _ body: (MeasurementEvent) -> Void) {
        while next < rows.count, rows[next].eventID < eventID {
            body(rows[next].measurement)
            next += 1
        }
    }

    /// Hands `body` every measurement not handed out yet.
    mutating func handOutRest(_ body: (MeasurementEvent) -> Void) {
        handOut(before: .max, body)
    }
}
