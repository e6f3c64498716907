import TraceStore

/// The SQL behind `unstable_view_value`: one ordered pass over the trace's `_printChanges()` lines.
extension UnstableViewValueRule {
    /// `_printChanges()` body lines and appear/disappear lines in input order, each body line
    /// with its tokens as printed: (line, ts, kind, view, tokens).
    ///
    /// The rowid range is read in order, so no sort. Updates are then delimited in one sweep
    /// (`UpdateSweep`) as `identity_churn` delimits them in SQL; carrying each update's root,
    /// cause and number to its members takes SQLite window functions several passes over the
    /// whole trace, the sweep one.
    static let linesSQL = """
        SELECT e.line, e.ts, e.kind, e.view,
               CASE WHEN e.kind = 'body'
                    THEN (SELECT group_concat(c.token, ', ') FROM changes AS c WHERE c.event_id = e.id)
               END
        FROM events AS e
        WHERE e.id BETWEEN ?2 AND ?3 AND +e.trace_id = ?1
          AND (e.kind IN ('appear', 'disappear') OR (e.kind = 'body' AND e.origin = 'print_changes'))
        ORDER BY e.id
        """

    static func sweep(_ context: RuleContext, into sweep: inout UpdateSweep) throws {
        try context.database.forEachRow(
            linesSQL, [context.traceID, context.eventIDs.lowerBound, context.eventIDs.upperBound]
        ) { row in
            guard row.text(at: 2) == "body", let view = row.text(at: 3) else {
                sweep.endUpdate()
                return
            }
            sweep.body(view: view, tokens: row.text(at: 4) ?? "", line: row.int(at: 0)!, ts: row.double(at: 1))
        }
        sweep.endUpdate()
    }
}
