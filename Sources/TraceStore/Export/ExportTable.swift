/// One table as export writes it: its columns (names and types as in the SQLite schema) and
/// the query that streams its rows in a stable order.
public struct ExportTable: Sendable {
    /// A column's SQLite type, which decides its Parquet and JSON type.
    public enum ColumnType: String, Sendable {
        /// INTEGER: Parquet INT64, a JSON number.
        case integer = "INTEGER"
        /// REAL: Parquet DOUBLE, a JSON number.
        case real = "REAL"
        /// TEXT: Parquet BYTE_ARRAY annotated STRING, a JSON string.
        case text = "TEXT"
    }

    /// One exported column.
    public struct Column: Sendable {
        /// The name, as in the SQLite schema.
        public let name: String
        /// The SQLite type.
        public let type: ColumnType
        /// False for NOT NULL and primary-key columns: Parquet REQUIRED, no definition levels.
        public let nullable: Bool
    }

    /// The table (or view) name, which is also the file's base name.
    public let name: String
    /// Its columns in schema order.
    public let columns: [Column]
    /// SELECT of `columns` for the selected traces, ordered by id (or by key for keyless tables).
    public let sql: String
}

/// Which stored traces an export covers: all of them, one, or those ingested since a time.
public struct ExportSelection: Sendable {
    /// Only this trace, when set.
    public var traceID: Int?
    /// Only traces whose `ingested_at` is at or after this ISO 8601 date or time (UTC).
    public var since: String?

    /// A selection; both nil means every trace.
    public init(traceID: Int? = nil, since: String? = nil) {
        self.traceID = traceID
        self.since = since
    }

    /// The subquery of selected trace ids, with its parameters.
    var traceIDs: (sql: String, values: [SQLValue]) {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let traceID { conditions.append("id = ?"); values.append(.integer(Int64(traceID))) }
        if let since { conditions.append("ingested_at >= ?"); values.append(.text(since)) }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return ("SELECT id FROM traces\(filter)", values)
    }
}

extension ExportTable {
    /// The exported tables in file order, with the `from`/`order` clauses that select and sort
    /// their rows.
    static let layout: [(name: String, from: String, order: String)] = [
        ("traces", "traces AS t WHERE t.id IN (%@)", "t.id"),
        ("events", "events AS t WHERE t.trace_id IN (%@)", "t.id"),
        // changes has no trace id: the event it belongs to says which trace.
        ("changes", "changes AS t JOIN events AS e ON e.id = t.event_id WHERE e.trace_id IN (%@)", "t.event_id, t.position"),
        ("findings", "findings AS t WHERE t.trace_id IN (%@)", "t.id"),
        ("view_summary", "view_summary AS t WHERE t.trace_id IN (%@)", "t.trace_id, t.view"),
        ("tags", "tags AS t WHERE t.trace_id IN (%@)", "t.trace_id, t.key"),
        // MetricKit payloads, beside the events, so an engine can ask which version regressed.
        ("metrickit_payloads", "metrickit_payloads AS t WHERE t.trace_id IN (%@)", "t.id"),
        ("metrickit_histogram_buckets", "metrickit_histogram_buckets AS t JOIN metrickit_payloads AS p ON p.id = t.payload_id WHERE p.trace_id IN (%@)", "t.payload_id, t.histogram, t.bucket"),
        ("metrickit_hangs", "metrickit_hangs AS t JOIN metrickit_payloads AS p ON p.id = t.payload_id WHERE p.trace_id IN (%@)", "t.payload_id, t.diagnostic"),
    ]

    /// The tables behind an exported view, whose NOT NULL constraints are the view's.
    static let storage = ["events": ["event_rows"]]

    /// The exported tables for `selection`, their columns taken from the documented schema
    /// and their NOT NULL constraints from the database itself.
    public static func all(in database: Database, selection: ExportSelection) throws -> [(table: ExportTable, values: [SQLValue])] {
        let ids = selection.traceIDs
        return try layout.map { entry in
            guard let documented = SchemaDocumentation.tables.first(where: { $0.name == entry.name }) else {
                preconditionFailure("export lists \(entry.name), which the schema documentation does not")
            }
            var required: Set<String> = []
            // A view has no constraints of its own: `events` takes them from the tables behind it
            // (columns of the same names), so its Parquet schema stays what it was as a table.
            for source in [entry.name] + (storage[entry.name] ?? []) {
                try database.forEachRow("SELECT name, \"notnull\", pk FROM pragma_table_info(?)", [source]) { row in
                    if row.int(at: 1) == 1 || (row.int(at: 2) ?? 0) > 0 { required.insert(row.text(at: 0) ?? "") }
                }
            }
            let columns = documented.columns.map { column in
                Column(name: column.name, type: ColumnType(rawValue: column.type) ?? .text, nullable: !required.contains(column.name))
            }
            let list = columns.map { "t.\"\($0.name)\"" }.joined(separator: ", ")
            let from = entry.from.replacingOccurrences(of: "%@", with: ids.sql)
            let table = ExportTable(name: entry.name, columns: columns, sql: "SELECT \(list) FROM \(from) ORDER BY \(entry.order)")
            return (table, ids.values)
        }
    }
}
