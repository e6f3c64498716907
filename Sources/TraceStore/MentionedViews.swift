/// The views a set of stored traces names, wherever their events are kept.
public enum MentionedViews {
    /// The distinct views the events of traces `traceIDs` name.
    ///
    /// One pass over the traces' events: a caller asks once for the few sites it checks, and
    /// `event_rows` has no index by view that a lookup per site could use.
    public static func read(_ database: Database, traceIDs: [Int]) throws -> Set<String> {
        var views: Set<String> = []
        var stored: [Int] = []
        for traceID in traceIDs {
            guard let spool = database.eventSpool, spool.holds(traceID) else {
                stored.append(traceID)
                continue
            }
            spool.forEachEvent(ofTrace: traceID) { event in
                if let view = event.view { views.insert(view) }
            }
        }
        guard !stored.isEmpty else { return views }
        let traces = stored.map(String.init).joined(separator: ", ")
        try database.forEachRow("SELECT DISTINCT view FROM event_rows WHERE trace_id IN (\(traces)) AND view IS NOT NULL") { row in
            if let view = row.text(at: 0) { views.insert(view) }
        }
        return views
    }
}
