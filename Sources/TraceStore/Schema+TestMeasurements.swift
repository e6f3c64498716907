extension Schema {
    /// Version 15 keeps the XCTest metric results a console holds (`test_measurements`, one row
    /// per `… measured [Metric, unit] average: …` line, and `test_measurement_values`, one row
    /// per iteration), read from the text events of those lines, which stay as they were.
    static let testMeasurements = """
    CREATE TABLE test_measurements (
        id                      INTEGER PRIMARY KEY,
        trace_id                INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        event_id                INTEGER NOT NULL,
        line                    INTEGER NOT NULL,
        test_case               TEXT NOT NULL,
        metric                  TEXT NOT NULL,
        unit                    TEXT NOT NULL,
        average                 REAL NOT NULL,
        relative_stddev_percent REAL,
        value_count             INTEGER NOT NULL,
        metric_id               TEXT,
        baseline_name           TEXT,
        baseline_average        REAL,
        polarity                TEXT,
        max_percent_regression  REAL,
        max_percent_relative_stddev REAL,
        max_regression          REAL,
        max_stddev              REAL,
        other_fields            TEXT
    );
    CREATE INDEX test_measurements_by_test ON test_measurements(trace_id, test_case, metric);
    CREATE TABLE test_measurement_values (
        measurement_id INTEGER NOT NULL REFERENCES test_measurements(id) ON DELETE CASCADE,
        iteration      INTEGER NOT NULL,
        value          REAL NOT NULL,
        PRIMARY KEY (measurement_id, iteration)
    ) WITHOUT ROWID;
    """
}

extension Schema {
    /// Version 18 keeps what only a result bundle's metric says (`xcresulttool get test-results
    /// metrics`, read as a console's measured lines): the run's device and test-plan
    /// configuration, and the test's URL. NULL for a console's line, which names none of them.
    static let testMeasurementRuns = """
    ALTER TABLE test_measurements ADD COLUMN device TEXT;
    ALTER TABLE test_measurements ADD COLUMN device_id TEXT;
    ALTER TABLE test_measurements ADD COLUMN configuration TEXT;
    ALTER TABLE test_measurements ADD COLUMN configuration_id TEXT;
    ALTER TABLE test_measurements ADD COLUMN test_identifier_url TEXT;
    """
}
