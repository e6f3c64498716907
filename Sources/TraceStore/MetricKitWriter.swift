import TraceModel

/// Writes MetricKit payloads into `metrickit_payloads`, `metrickit_histogram_buckets` and
/// `metrickit_hangs` (schema version 16) with statements prepared once per trace.
final class MetricKitWriter {
    private let database: Database
    private let traceID: Int
    private let insertPayload: Statement
    private let insertBucket: Statement
    private let insertHang: Statement
    private var lines = 0

    init(database: Database, traceID: Int) throws {
        self.database = database
        self.traceID = traceID
        insertPayload = try database.prepare("""
            INSERT INTO metrickit_payloads (trace_id, line, kind, app_version, app_build_version, os_version, device_type,
                region_format, platform_architecture, bundle_identifier, time_stamp_begin, time_stamp_end,
                scroll_hitch_ms_per_s, unknown_keys, unknown_key_names, json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertBucket = try database.prepare(
            "INSERT OR REPLACE INTO metrickit_histogram_buckets (payload_id, histogram, bucket, start_ms, end_ms, count) VALUES (?, ?, ?, ?, ?, ?)"
        )
        insertHang = try database.prepare("""
            INSERT INTO metrickit_hangs (payload_id, diagnostic, duration_ms, app_build_version, os_version, device_type, top_frames, stack_depth)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
    }

    /// Stores one payload and what was taken out of it.
    func store(_ payload: MetricKitPayload) throws {
        let meta = payload.metaData
        try run(insertPayload, [
            traceID, payload.line, payload.kind, payload.appVersion, meta["appBuildVersion"], meta["osVersion"], meta["deviceType"],
            meta["regionFormat"], meta["platformArchitecture"], meta["bundleIdentifier"], payload.timeStampBegin, payload.timeStampEnd,
            payload.scrollHitchMsPerS, payload.unknownKeys.count, payload.unknownKeys.isEmpty ? nil : payload.unknownKeys.joined(separator: ","),
            payload.json,
        ])
        let id = database.lastInsertRowID
        lines = payload.line + payload.json.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        for histogram in payload.histograms {
            for bucket in histogram.buckets {
                try run(insertBucket, [id, histogram.name, bucket.index, bucket.startMs, bucket.endMs, bucket.count])
            }
        }
        for (index, hang) in payload.hangs.enumerated() {
            // A diagnostic carries its own metadata; the payload's stands in where it has none.
            try run(insertHang, [
                id, index, hang.durationMs, hang.metaData["appBuildVersion"] ?? meta["appBuildVersion"],
                hang.metaData["osVersion"] ?? meta["osVersion"], hang.metaData["deviceType"] ?? meta["deviceType"],
                hang.topFrames.joined(separator: " <- "), hang.depth,
            ])
        }
    }

    /// Sets the trace's counters: payloads as its events, unknown keys as a stat.
    func finish(reader: MetricKitReader, complete: Bool) throws {
        try database.run("UPDATE traces SET lines = ?, events = ?, complete = ? WHERE id = ?", [lines, reader.payloads, complete ? 1 : 0, traceID])
        for (name, value) in [("metrickit_payloads", reader.payloads), ("metrickit_unknown_keys", reader.unknownKeys)] {
            try database.run("INSERT OR REPLACE INTO stats (trace_id, name, value) VALUES (?, ?, ?)", [traceID, name, value])
        }
    }

    private func run(_ statement: Statement, _ values: [SQLBindable]) throws {
        try statement.bind(values)
        _ = try statement.step()
        statement.rewind()
    }
}
