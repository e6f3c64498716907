extension Schema {
    /// Version 16 keeps MetricKit payloads from users' devices (`metrickit_payloads`, one row per
    /// `MXMetricPayload` or `MXDiagnosticPayload`), their histograms bucket by bucket as MetricKit
    /// gives them, and their hang diagnostics with the innermost frames of each call stack.
    static let metricKit = """
    CREATE TABLE metrickit_payloads (
        id                    INTEGER PRIMARY KEY,
        trace_id              INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        line                  INTEGER NOT NULL,
        kind                  TEXT NOT NULL,
        app_version           TEXT,
        app_build_version     TEXT,
        os_version            TEXT,
        device_type           TEXT,
        region_format         TEXT,
        platform_architecture TEXT,
        bundle_identifier     TEXT,
        time_stamp_begin      TEXT,
        time_stamp_end        TEXT,
        scroll_hitch_ms_per_s REAL,
        unknown_keys          INTEGER NOT NULL,
        unknown_key_names     TEXT,
        json                  TEXT NOT NULL
    );
    CREATE INDEX metrickit_payloads_by_version ON metrickit_payloads(trace_id, app_version, app_build_version);
    CREATE TABLE metrickit_histogram_buckets (
        payload_id INTEGER NOT NULL REFERENCES metrickit_payloads(id) ON DELETE CASCADE,
        histogram  TEXT NOT NULL,
        bucket     INTEGER NOT NULL,
        start_ms   REAL,
        end_ms     REAL,
        count      INTEGER NOT NULL,
        PRIMARY KEY (payload_id, histogram, bucket)
    ) WITHOUT ROWID;
    CREATE TABLE metrickit_hangs (
        payload_id        INTEGER NOT NULL REFERENCES metrickit_payloads(id) ON DELETE CASCADE,
        diagnostic        INTEGER NOT NULL,
        duration_ms       REAL,
        app_build_version TEXT,
        os_version        TEXT,
        device_type       TEXT,
        top_frames        TEXT NOT NULL,
        stack_depth       INTEGER NOT NULL,
        PRIMARY KEY (payload_id, diagnostic)
    ) WITHOUT ROWID;
    """
}
