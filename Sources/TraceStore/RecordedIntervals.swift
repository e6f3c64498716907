import TraceModel

/// Stores what a recording's hitch, hang and layout rows say beyond the columns of `events`
/// (`recorded_intervals`, schema version 12), and reads it back as the facts the rules use.
package enum RecordedIntervals {
    /// Stores `intervals` for trace `traceID`, whose events of the batch have ids from `firstEventID` on.
    static func store(_ intervals: [(index: Int, interval: RecordedInterval)], firstEventID: Int, traceID: Int, in database: Database) throws {
        guard !intervals.isEmpty else { return }
        let insert = try database.prepare("""
            INSERT OR REPLACE INTO recorded_intervals
                (event_id, trace_id, source_table, hang_type, thread, main_thread, is_system, display, inclusive_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (index, interval) in intervals {
            insert.rewind()
            insert.bind(firstEventID + index, at: 1)
            insert.bind(traceID, at: 2)
            insert.bind(interval.table, at: 3)
            insert.bind(interval.hangType, at: 4)
            insert.bind(interval.thread, at: 5)
            insert.bind(interval.mainThread.map { $0 ? 1 : 0 }, at: 6)
            insert.bind(interval.isSystem.map { $0 ? 1 : 0 }, at: 7)
            insert.bind(interval.display, at: 8)
            insert.bind(interval.inclusiveMs, at: 9)
            try insert.step()
        }
    }

    /// The SQL expression, over a row of `event_rows`, of its `RecordedFacts` raw value: the
    /// scan's reading of `recorded_intervals`, asked of `hitch` rows only (kind 9).
    package static let factsSQL = """
        CASE kind WHEN 9 THEN (SELECT (i.source_table = 'potential-hangs') + 2 * (i.source_table = 'potential-hangs' AND i.main_thread IS 0) + 4 * (i.is_system IS 1) FROM recorded_intervals AS i WHERE i.event_id = event_rows.id) END
        """
}
