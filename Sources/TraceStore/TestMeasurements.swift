import Foundation
import TraceModel

/// Stores the XCTest metric results of a trace (`test_measurements`, schema version 15): read
/// once the trace is written, from its text events that carry ` measured [`, so the parser
/// keeps each line as it was (a UI test's console is one trace, its lifecycle prints and its
/// metrics side by side) and the hot path pays nothing for a line it cannot know is one.
/// `xcresulttool`'s metrics JSON comes as such lines too (`XCResultMetricsReader`), with the
/// run's device and configuration as fields of their own (schema version 18).
enum TestMeasurements {
    /// What a trace's measured lines came to, as `stats` counters.
    struct Counts {
        var measurements = 0
        var malformed = 0
        var unknownFields = 0

        /// The counters, none for a trace without a measured line.
        var named: [(String, Int)] {
            measurements + malformed == 0 ? [] : [("xctest_measurements", measurements), ("xctest_malformed_measurements", malformed),
             ("xctest_unknown_fields", unknownFields)]
        }
    }

    /// Reads the measured lines of trace `traceID` into the tables; counts malformed ones.
    static func store(traceID: Int, database: Database) throws -> Counts {
        var counts = Counts()
        var found: [(event: Int, line: Int, message: String)] = []
        // `kind = 7` is text: a measured line is no lifecycle event.
        try database.forEachRow(
            "SELECT id, line, CASE WHEN view_prefix THEN view || message ELSE message END FROM event_rows WHERE trace_id = ? AND kind = 7 AND instr(message, ' measured [') > 0 ORDER BY id",
            [traceID]
        ) { row in
            found.append((row.integer(at: 0), row.integer(at: 1), row.text(at: 2) ?? ""))
        }
        guard !found.isEmpty else { return counts }
        let insert = try database.prepare("""
            INSERT INTO test_measurements (trace_id, event_id, line, test_case, metric, unit, average,
                relative_stddev_percent, value_count, metric_id, baseline_name, baseline_average, polarity,
                max_percent_regression, max_percent_relative_stddev, max_regression, max_stddev, other_fields,
                device, device_id, configuration, configuration_id, test_identifier_url)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertValue = try database.prepare("INSERT INTO test_measurement_values (measurement_id, iteration, value) VALUES (?, ?, ?)")
        for row in found {
            guard case .measurement(let measured)? = XCTestMeasurementLine.read(row.message) else {
                counts.malformed += 1
                continue
            }
            counts.measurements += 1
            counts.unknownFields += measured.unknownFieldCount
            let others = measured.fields.filter { !XCTestMeasurement.knownFields.contains($0.key) }
            try insert.bind([
                traceID, row.event, row.line, measured.testCase, measured.metric, measured.unit, measured.average,
                measured.relativeStandardDeviation, measured.values.count, measured.field("performanceMetricID"),
                measured.field("baselineName"), number(measured.field("baselineAverage")), measured.field("polarity"),
                number(measured.field("maxPercentRegression")), number(measured.field("maxPercentRelativeStandardDeviation")),
                number(measured.field("maxRegression")), number(measured.field("maxStandardDeviation")),
                others.isEmpty ? nil : json(others),
                measured.field("deviceName"), measured.field("deviceId"), measured.field("configurationName"),
                measured.field("configurationId"), measured.field("testIdentifierURL"),
            ])
            _ = try insert.step()
            insert.rewind()
            let id = database.lastInsertRowID
            for (iteration, value) in measured.values.enumerated() {
                try insertValue.bind([id, iteration + 1, value])
                _ = try insertValue.step()
                insertValue.rewind()
            }
        }
        return counts
    }

    /// `10.000%` or `0.100` as a number; nil for an empty or unreadable field (kept as printed
    /// nowhere else: these fields are Xcode's own, and a garbled one is no limit to compare with).
    private static func number(_ text: String?) -> Double? {
        guard var text else { return nil }
        if text.hasSuffix("%") { text.removeLast() }
        return Double(text)
    }

    /// The fields Xcode does not print today, as a JSON object (a key printed twice keeps its
    /// last value).
    private static func json(_ fields: [(key: String, value: String)]) -> String {
        let object = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
