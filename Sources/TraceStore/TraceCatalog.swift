/// The traces a database holds.
public enum TraceCatalog {
    /// One stored trace.
    public struct Trace: Sendable {
        public let id: Int
        public let source: String
        public let format: String?
        public let ingestedAt: String
        public let lines: Int
        public let events: Int
        public let unrecognized: Int
        /// False while an ingest is still streaming, or after one was killed.
        public let complete: Bool
    }

    /// Every trace, oldest first.
    public static func list(_ database: Database) throws -> [Trace] {
        var traces: [Trace] = []
        try database.forEachRow(
            "SELECT id, source, format, ingested_at, lines, events, unrecognized, complete FROM traces ORDER BY id"
        ) { row in
            traces.append(Trace(
                id: row.int(at: 0) ?? 0, source: row.text(at: 1) ?? "", format: row.text(at: 2),
                ingestedAt: row.text(at: 3) ?? "", lines: row.int(at: 4) ?? 0, events: row.int(at: 5) ?? 0,
                unrecognized: row.int(at: 6) ?? 0, complete: row.int(at: 7) == 1
            ))
        }
        return traces
    }

    /// The newest trace's id, nil when there is none.
    public static func latestID(_ database: Database) throws -> Int? {
        try database.scalarInt("SELECT max(id) FROM traces")
    }
}
