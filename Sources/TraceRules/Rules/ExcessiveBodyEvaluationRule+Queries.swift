import TraceStore

/// The SQL behind `excessive_body_evaluation`: one ordered pass over every event of the trace.
extension ExcessiveBodyEvaluationRule {
    /// Every event in input order: (line, is body, view, instance, tenth of a second, value or identity only).
    ///
    /// Text lines take part because any other line breaks a run of one view's body lines. The
    /// last column is 1 for a `_printChanges()` line whose only news is a new `@identity` or
    /// `@self` (rows of one update print exactly that), 0 or NULL otherwise. The rowid range is
    /// read in order, so no sort; runs, seconds and totals are then counted in one sweep
    /// (`Storms`), which is several times faster than SQLite's window functions over a whole
    /// trace and needs no join.
    static let eventsSQL = """
        SELECT e.line, e.kind = 'body', e.view, e.instance, CAST(e.ts * 10 AS INTEGER),
               CASE WHEN e.kind = 'body' AND e.origin = 'print_changes' THEN (
                   SELECT max(c.token = '@identity') OR min(c.token = '@self') FROM changes AS c WHERE c.event_id = e.id
               ) END
        FROM events AS e
        WHERE e.id BETWEEN ?2 AND ?3 AND +e.trace_id = ?1
        ORDER BY e.id
        """

    static func sweep(_ context: RuleContext, into storms: inout Storms) throws {
        try context.database.forEachRow(
            eventsSQL, [context.traceID, context.eventIDs.lowerBound, context.eventIDs.upperBound]
        ) { row in
            let line = row.int(at: 0)!
            guard row.int(at: 1) == 1, let view = row.text(at: 2) else {
                storms.other()
                return
            }
            storms.body(
                view: view, instance: row.text(at: 3), line: line, slot: row.int(at: 4),
                valueOrIdentityOnly: row.int(at: 5) == 1
            )
        }
        storms.finish()
    }
}
