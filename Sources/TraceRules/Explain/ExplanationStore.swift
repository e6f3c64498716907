import TraceStore

/// Writes a trace's updates and causes (`updates`, `causes`, and the `updates` counter in
/// `stats`), replacing the trace's earlier ones.
enum ExplanationStore {
    /// True when trace `traceID`'s stored updates and causes cover its events up to the last of
    /// `eventIDs`: a trace still being ingested has grown since, and is explained again.
    static func isCurrent(_ traceID: Int, eventIDs: ClosedRange<Int>?, in database: Database) throws -> Bool {
        let covered = try database.scalarInt("SELECT value FROM stats WHERE trace_id = ? AND name = 'updates_last_event'", [traceID])
        return covered != nil && covered == (eventIDs?.upperBound ?? 0)
    }

    /// Stores what `tracker` found in trace `traceID`, whose events have ids `eventIDs`; runs
    /// inside the caller's transaction. The tracker must have kept its rows.
    static func store(
        _ tracker: UpdateTracker, marks: [IdentityMark] = [], symbols: SymbolTable, traceID: Int, eventIDs: ClosedRange<Int>?,
        in database: Database
    ) throws {
        if let eventIDs {
            // By event id range first (the primary key), then by trace: ids of traces written at
            // the same time interleave.
            try database.run("""
                DELETE FROM causes WHERE event_id BETWEEN ? AND ?
                AND update_id IN (SELECT id FROM updates WHERE trace_id = ?)
                """, [eventIDs.lowerBound, eventIDs.upperBound, traceID])
        }
        try database.run("DELETE FROM updates WHERE trace_id = ?", [traceID])
        try database.run("INSERT OR REPLACE INTO stats (trace_id, name, value) VALUES (?, 'updates', ?)", [traceID, tracker.updates.count])
        try database.run(
            "INSERT OR REPLACE INTO stats (trace_id, name, value) VALUES (?, 'updates_last_event', ?)", [traceID, eventIDs?.upperBound ?? 0]
        )
        guard !tracker.updates.isEmpty, let first = tracker.base else { return }
        let base = (try database.scalarInt("SELECT coalesce(max(id), 0) FROM updates") ?? 0) + 1
        var names = PropertyNames(symbols: symbols)
        let rootCauses = tracker.roots.map { tracker.rootCause(of: $0, names: &names) }

        let updates = tracker.updates
        try BatchInsert(database, table: "updates", columns: ["id", "trace_id", "first_line", "last_line", "root_event_id", "root_cause", "bodies"])
            .insert(count: updates.count) { statement, column, index in
                let update = updates[index]
                statement.bind(base + index, at: column + 1)
                statement.bind(traceID, at: column + 2)
                statement.bind(Int(update.firstLine), at: column + 3)
                statement.bind(Int(update.lastLine), at: column + 4)
                statement.bind(first + Int(update.root), at: column + 5)
                statement.bind(rootCauses[Int(update.rootKey)], at: column + 6)
                statement.bind(Int(update.bodies), at: column + 7)
            }

        let rows = tracker.rows
        // Rows and marks are both in event order: one walk pairs them.
        var verdicts = IdentityMarkCursor(marks)
        try BatchInsert(
            database, table: "causes", columns: ["event_id", "update_id", "cause", "property", "parent_event_id", "basis", "verdict", "lifetime"]
        )
            .insert(count: rows.count) { statement, column, index in
                let row = rows[index]
                let id = first + Int(row.event)
                let mark = verdicts.verdict(of: id)
                let cause = tracker.cause(of: row, names: &names).rawValue
                let property = row.property == 0 ? nil : names.name(ofIndex: Int(row.property) - 1)
                statement.bind(first + Int(row.event), at: column + 1)
                statement.bind(base + Int(row.update), at: column + 2)
                statement.bind(cause, at: column + 3)
                statement.bind(property, at: column + 4)
                statement.bind(row.parent == 0 ? nil : first + Int(row.parent) - 1, at: column + 5)
                statement.bind(row.basis?.rawValue, at: column + 6)
                statement.bind(row.verdict?.rawValue, at: column + 7)
                statement.bind(mark?.name, at: column + 8)
            }
        if let eventIDs { try RecordedCauseLinks.apply(traceID: traceID, eventIDs: eventIDs, in: database) }
    }
}

/// Inserts rows many to a statement: one statement per row costs more than the rows' tracking.
struct BatchInsert {
    static let rowsPerStatement = 64

    private let many: Statement
    private let one: Statement
    private let columns: Int32

    init(_ database: Database, table: String, columns: [String]) throws {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        many = try database.prepare(head + Array(repeating: row, count: Self.rowsPerStatement).joined(separator: ", "))
        one = try database.prepare(head + row)
        self.columns = Int32(columns.count)
    }

    /// Inserts `count` rows; `bind` binds row `index` to the statement, whose parameters for
    /// the row start after `column`.
    func insert(count: Int, _ bind: (_ statement: Statement, _ column: Int32, _ index: Int) -> Void) throws {
        var start = 0
        while start + Self.rowsPerStatement <= count {
            for offset in 0..<Self.rowsPerStatement {
                bind(many, Int32(offset) * columns, start + offset)
            }
            try many.step()
            many.rewind()
            start += Self.rowsPerStatement
        }
        for index in start..<count {
            bind(one, 0, index)
            try one.step()
            one.rewind()
        }
    }
}
