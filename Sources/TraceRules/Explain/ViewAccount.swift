import TraceStore

/// The per-view account of a trace that `views` prints: one row per view type (and per
/// instance where the log names instances), ranked by body evaluations like a profiler's view;
/// a trace whose bodies were measured (TraceProbe, an Instruments recording) by body time.
public enum ViewAccount {
    /// One view type, or one named instance of it.
    public struct Row: Sendable, Equatable {
        /// The view (or object) type.
        public let view: String
        /// The instance the log named (an address, UUID, `#n`); nil for the type's unnamed events.
        public let instance: String?
        /// Init lines.
        public let inits: Int
        /// Body evaluations, whatever their cause.
        public let bodies: Int
        /// Body evaluations that need not have happened (`EvaluationVerdicts`): `unchanged`, or
        /// explained as waste by a finding.
        public let avoidable: Int
        /// Body evaluations per cause, in `Cause.allCases` order.
        public let bodiesByCause: [Int]
        /// Appear lines.
        public let appears: Int
        /// Disappear lines.
        public let disappears: Int
        /// Deinit lines.
        public let deinits: Int
        /// The longest init the log reported a duration for, in milliseconds.
        public let maxInitMilliseconds: Double?
        /// The measured body evaluations' total time (a probe's or Instruments' `ms`), in
        /// milliseconds; nil when no body of the view was measured. What a ranking by time sorts on.
        public let bodyMilliseconds: Double?
        /// The longest measured body evaluation, in milliseconds.
        public let maxBodyMilliseconds: Double?
        /// Findings about the view type in the trace.
        public let findings: Int

        /// Body evaluations with `cause`.
        public func bodies(_ cause: Cause) -> Int { bodiesByCause[Cause.allCases.firstIndex(of: cause)!] }
    }

    /// The column names, in `Row` order, as `views` prints them (one per cause after `bodies`).
    public static let columns = ["view", "instance", "inits", "bodies", "avoidable"] + Cause.allCases.map(\.rawValue)
        + ["appears", "disappears", "deinits", "max_init_ms", "findings"]

    /// The columns of a trace whose bodies were measured (TraceProbe, Instruments): `body_ms`
    /// and `max_body_ms` before `findings`. A trace without durations keeps `columns`, so what
    /// existing scripts read does not change.
    public static let measuredColumns = Array(columns.dropLast()) + ["body_ms", "max_body_ms", "findings"]

    /// The query behind the account; `causes` comes from the trace's analysis, the avoidable
    /// count also from its findings.
    public static let sql = """
        SELECT e.view, e.instance,
               sum(e.kind = 'init'), sum(e.kind = 'body'),
               sum(e.kind = 'body' AND \(EvaluationVerdicts.sql()) = 'avoidable'),
        \(Cause.allCases.map { "       sum(e.kind = 'body' AND coalesce(c.cause, 'unknown') = '\($0.rawValue)')," }.joined(separator: "\n"))
               sum(e.kind = 'appear'), sum(e.kind = 'disappear'), sum(e.kind = 'deinit'),
               max(CASE WHEN e.kind = 'init' THEN e.duration_ms END),
               round(sum(CASE WHEN e.kind = 'body' THEN e.duration_ms END), 6),
               max(CASE WHEN e.kind = 'body' THEN e.duration_ms END)
        FROM events AS e LEFT JOIN causes AS c ON c.event_id = e.id
        WHERE e.trace_id = ?1 AND e.view IS NOT NULL AND e.kind <> 'text'
        GROUP BY e.view, e.instance
        """

    /// Whether some body of trace `traceID` was measured (TraceProbe, an Instruments recording):
    /// then `views` adds `body_ms` and `max_body_ms` and ranks by time.
    public static func isMeasured(traceID: Int, in database: Database) throws -> Bool {
        var measured = false
        try database.forEachRow(
            "SELECT EXISTS (SELECT 1 FROM events WHERE trace_id = ? AND kind = 'body' AND duration_ms IS NOT NULL)", [traceID]
        ) { measured = $0.integer(at: 0) != 0 }
        return measured
    }

    /// The rows of trace `traceID` (analysed: see `Explainer.prepare`), most body time first where
    /// bodies were measured, else most body evaluations first.
    public static func rows(traceID: Int, in database: Database) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(traceID: traceID, in: database) { rows.append($0) }
        return rows
    }

    /// Calls `body` with each row `rows` returns, in the same order, one at a time: SQLite sorts
    /// them (on file when they outgrow its cache), so a trace with a hundred thousand instances
    /// costs no memory per row.
    public static func forEachRow(traceID: Int, in database: Database, _ body: (Row) throws -> Void) throws {
        var findings: [String: Int] = [:]
        try database.forEachRow("SELECT view, count(*) FROM findings WHERE trace_id = ? AND view IS NOT NULL GROUP BY view", [traceID]) { row in
            if let view = row.text(at: 0) { findings[view] = row.integer(at: 1) }
        }
        let causes = Cause.allCases.count
        // Time first where it was measured: a recording ranks views as Instruments does. BINARY
        // collation compares UTF-8 bytes, and a NULL instance sorts first, before any name.
        let byTime = try isMeasured(traceID: traceID, in: database)
            ? "coalesce(round(sum(CASE WHEN e.kind = 'body' THEN e.duration_ms END), 6), 0) DESC, " : ""
        try database.forEachRow(sql + "\nORDER BY \(byTime)4 DESC, 3 DESC, 1, 2", [traceID]) { row in
            let view = row.text(at: 0) ?? ""
            try body(Row(
                view: view, instance: row.text(at: 1), inits: row.integer(at: 2), bodies: row.integer(at: 3),
                avoidable: row.integer(at: 4), bodiesByCause: (0..<causes).map { row.integer(at: Int32(5 + $0)) },
                appears: row.integer(at: Int32(5 + causes)), disappears: row.integer(at: Int32(6 + causes)),
                deinits: row.integer(at: Int32(7 + causes)), maxInitMilliseconds: row.double(at: Int32(8 + causes)),
                bodyMilliseconds: row.double(at: Int32(9 + causes)), maxBodyMilliseconds: row.double(at: Int32(10 + causes)),
                findings: findings[view] ?? 0
            ))
        }
    }
}
