import TraceModel

/// Stores what a recording says about causes beside its events: node ids and Cause & Effect
/// edges (`recorded_nodes`, `recorded_causes`, schema version 10).
enum RecordedCauses {
    /// Stores `batch` for trace `traceID`, whose events of the batch have ids from `firstEventID` on.
    static func store(_ batch: RecordedBatch, firstEventID: Int, traceID: Int, in database: Database) throws {
        try RecordedIntervals.store(batch.intervals, firstEventID: firstEventID, traceID: traceID, in: database)
        if !batch.nodes.isEmpty {
            let insert = try database.prepare("INSERT OR REPLACE INTO recorded_nodes (event_id, trace_id, node) VALUES (?, ?, ?)")
            for node in batch.nodes {
                insert.rewind()
                insert.bind(firstEventID + node.index, at: 1)
                insert.bind(traceID, at: 2)
                insert.bind(Int(node.node), at: 3)
                try insert.step()
            }
        }
        guard !batch.edges.isEmpty else { return }
        let insert = try database.prepare("""
            INSERT INTO recorded_causes (trace_id, line, source_node, destination_node, label, value_type, changed_properties)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for edge in batch.edges {
            insert.rewind()
            insert.bind(traceID, at: 1)
            insert.bind(edge.line, at: 2)
            insert.bind(edge.source.map(Int.init), at: 3)
            insert.bind(Int(edge.destination), at: 4)
            insert.bind(edge.label, at: 5)
            insert.bind(edge.valueType, at: 6)
            insert.bind(edge.changedProperties, at: 7)
            try insert.step()
        }
    }
}
