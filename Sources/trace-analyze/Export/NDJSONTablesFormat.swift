import TraceStore

/// The stored tables as newline-delimited JSON, one file per table, and `schema.json`.
enum NDJSONTablesFormat: TableExportFormat {
    static let identifier = "ndjson"
    static let summary = "Tables as NDJSON files in --output DIR, with schema.json (DuckDB, ClickHouse, BigQuery, jq)."
    static let fileFormat = TableFileFormat.ndjson
}
