import Foundation

/// A file format one exported table is written in.
public enum TableFileFormat: String, Sendable, CaseIterable {
    /// One JSON object per line, plus a `schema.json` sidecar.
    case ndjson
    /// Apache Parquet, written by `ParquetFileWriter`.
    case parquet
}

/// Writes one file per table for the selected traces, streaming rows from SQLite.
public enum TableExporter {
    /// One file written.
    public struct Written: Sendable {
        /// The table.
        public let table: String
        /// The file's path.
        public let path: String
        /// Rows written.
        public let rows: Int
        /// The file's size in bytes.
        public let bytes: Int
    }

    /// The metadata key under which every file carries the schema version.
    public static let schemaVersionKey = "trace_analyze.schema_version"

    /// Writes `traces.<ext>`, `events.<ext>`, ... into `directory` (created when missing), and for
    /// NDJSON a `schema.json` naming the schema version, the tables and their columns.
    ///
    /// `metadata` goes into every Parquet file's key-value metadata and into `schema.json`, next to
    /// the schema version and the table name. Reads inside one transaction, so the files agree.
    public static func export(
        database: Database,
        selection: ExportSelection,
        format: TableFileFormat,
        directory: String,
        metadata: [(key: String, value: String)] = []
    ) throws -> [Written] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let version = try database.userVersion
        try database.execute("BEGIN")
        defer { try? database.execute("COMMIT") }
        var written: [Written] = []
        let tables = try ExportTable.all(in: database, selection: selection)
        for (table, values) in tables {
            let path = (directory as NSString).appendingPathComponent("\(table.name).\(format.rawValue)")
            let fileMetadata = [(schemaVersionKey, String(version)), ("trace_analyze.table", table.name)] + metadata.map { ($0.key, $0.value) }
            let writer: TableFileWriter = switch format {
            case .ndjson: try NDJSONTableWriter(path: path, table: table)
            case .parquet: try ParquetFileWriter(path: path, table: table, metadata: fileMetadata)
            }
            var rows = 0
            do {
                let statement = try database.prepare(table.sql)
                try statement.bind(values)
                while try statement.step() {
                    try writer.append(statement)
                    rows += 1
                }
                written.append(Written(table: table.name, path: path, rows: rows, bytes: try writer.finish()))
            } catch {
                writer.abandon()
                throw error
            }
        }
        if format == .ndjson {
            let path = (directory as NSString).appendingPathComponent("schema.json")
            try SchemaSidecar.write(to: path, version: version, tables: tables.map(\.table), written: written, metadata: metadata)
        }
        return written
    }
}

/// A writer of one table's file: rows in, a finished file out.
protocol TableFileWriter: AnyObject {
    /// Appends the statement's current row (columns in the table's order).
    func append(_ row: Statement) throws
    /// Completes the file and returns its size in bytes.
    func finish() throws -> Int
    /// Removes the unfinished file.
    func abandon()
}
