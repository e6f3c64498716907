extension EvidenceLookup {
    /// The durations of the events on the evidence lines of finding `findingID` of trace
    /// `traceID`, in id order: what a ranking by time sums for the finding.
    public func durations(citedBy findingID: Int, traceID: Int) throws -> [Double] {
        if let spool = database.eventSpool, spool.holds(traceID) {
            var durations: [Double] = []
            try database.forEachRow("SELECT line FROM evidence WHERE finding_id = ? ORDER BY line", [findingID]) { row in
                for event in spool.events(onLine: row.integer(at: 0), traceID: traceID) {
                    if let duration = event.duration { durations.append(duration) }
                }
            }
            return durations
        }
        let timed = try timedEvents(citedBy: findingID, traceID: traceID)
        guard !timed.isEmpty else { return [] }
        var durations: [Double] = []
        try database.forEachRow(
            "SELECT duration_ms FROM event_rows WHERE id IN (\(timed.map(String.init).joined(separator: ", "))) ORDER BY id"
        ) { row in
            if let duration = row.double(at: 0) { durations.append(duration) }
        }
        return durations
    }

    /// The events with a duration on the evidence lines of finding `findingID` of trace
    /// `traceID`, ascending: `timedEvents(onLine:traceID:into:)` for each of its lines, with the
    /// predicted events read in the same statement as the lines (one seek each inside SQLite,
    /// where a statement per line cost four times as much). A line whose predicted event is not
    /// on it is looked up on its own.
    public func timedEvents(citedBy findingID: Int, traceID: Int) throws -> [Int] {
        guard let trace = try bounds(of: traceID) else { return [] }
        let offset = trace.firstID - trace.firstLine
        var ids: [Int] = []
        let statement = try database.cachedStatement("""
            SELECT v.line, e.trace_id, e.line, e.duration_ms IS NOT NULL
            FROM evidence v LEFT JOIN event_rows e ON e.id = v.line + ?
            WHERE v.finding_id = ? ORDER BY v.line
            """)
        defer { statement.reset() }
        statement.bind(offset, at: 1)
        statement.bind(findingID, at: 2)
        while try statement.step() {
            let line = statement.integer(at: 0)
            if trace.oneEventPerLine, statement.int(at: 1) == traceID, statement.int(at: 2) == line {
                if statement.integer(at: 3) != 0 { ids.append(line + offset) }
            } else {
                try timedEvents(onLine: line, traceID: traceID, into: &ids)
            }
        }
        return ids
    }

    /// Appends to `ids`, ascending, the events trace `traceID` stored on `line` that carry a
    /// duration (`duration_ms`): what a ranking by time sums for a finding's evidence line.
    ///
    /// As for a line's text, the event is first looked for at the id its line number predicts
    /// (one exact seek, when the writer stored no two events on one line); otherwise the first
    /// event on or after the line is found by bisecting ids (lines grow with ids within a trace)
    /// and the events from there are read while they stay on the line. A join of the evidence
    /// with `event_rows` on the line instead had SQLite index the whole trace first, since no
    /// index leads with the line: its cost grew with the trace, not with the lines asked for.
    public func timedEvents(onLine line: Int, traceID: Int, into ids: inout [Int]) throws {
        guard let trace = try bounds(of: traceID), line >= trace.firstLine else { return }
        let guess = trace.firstID + (line - trace.firstLine)
        if trace.oneEventPerLine, guess <= trace.lastID {
            let statement = try database.cachedStatement("SELECT trace_id, line, duration_ms IS NOT NULL FROM event_rows WHERE id = ?")
            defer { statement.reset() }
            statement.bind(guess, at: 1)
            if try statement.step(), statement.int(at: 0) == traceID, statement.int(at: 1) == line {
                if statement.integer(at: 2) != 0 { ids.append(guess) }
                return
            }
        }
        // The smallest id at or after which the next event of the trace lies on `line` or later.
        var low = trace.firstID, high = trace.lastID + 1
        while low < high {
            let middle = low + (high - low) / 2
            if let event = try next(from: middle, in: trace), event.line < line {
                low = event.id + 1
            } else {
                high = middle
            }
        }
        let statement = try database.cachedStatement(
            "SELECT id, line, duration_ms IS NOT NULL FROM event_rows WHERE id >= ? AND id <= ? AND trace_id = ? ORDER BY id"
        )
        defer { statement.reset() }
        statement.bind(low, at: 1)
        statement.bind(trace.lastID, at: 2)
        statement.bind(traceID, at: 3)
        while try statement.step(), statement.int(at: 1) == line {
            if statement.integer(at: 2) != 0 { ids.append(statement.integer(at: 0)) }
        }
    }

    /// The first event of `trace` with an id from `id` on, and its line.
    private func next(from id: Int, in trace: Bounds) throws -> (id: Int, line: Int)? {
        let statement = try database.cachedStatement(
            "SELECT id, line FROM event_rows WHERE id >= ? AND id <= ? AND trace_id = ? ORDER BY id LIMIT 1"
        )
        defer { statement.reset() }
        statement.bind(id, at: 1)
        statement.bind(trace.lastID, at: 2)
        statement.bind(trace.id, at: 3)
        guard try statement.step() else { return nil }
        return (statement.integer(at: 0), statement.integer(at: 1))
    }
}
