import TraceStore

/// The stored tables as Apache Parquet files, one per table.
enum ParquetTablesFormat: TableExportFormat {
    static let identifier = "parquet"
    static let summary = "Tables as Parquet files in --output DIR (DuckDB, ClickHouse, BigQuery, pyarrow)."
    static let fileFormat = TableFileFormat.parquet
}
