/// Writes one table as an Apache Parquet file, streaming: rows are buffered per column until a
/// row group is full (`rowGroupRows` rows or `rowGroupBytes` bytes), then written out, so memory
/// stays flat however long the table. Pages are uncompressed; the footer carries the schema,
/// every row group's offsets and the key-value metadata (schema version, table name).
final class ParquetFileWriter: TableFileWriter {
    /// How large a row group and a dictionary may grow; tests make them small.
    struct Limits {
        /// The most rows a row group holds.
        var rowGroupRows = 131_072
        /// The most buffered bytes a row group holds, checked every 1024 rows.
        var rowGroupBytes = 32 << 20
        /// Distinct bytes a column's dictionary may hold per row group before it turns PLAIN.
        var dictionaryBytes = 1 << 20
    }

    private let limits: Limits

    private let output: FileOutput
    private let table: ExportTable
    private let buffers: [ParquetColumnBuffer]
    private let metadata: [(String, String)]
    private var rowGroups: [ParquetRowGroup] = []
    private var pending = 0

    static let magic: [UInt8] = Array("PAR1".utf8)
    /// The footer's `created_by`, in the `<application> version <version>` shape readers parse.
    static let createdBy = "trace-analyze version 1"

    init(path: String, table: ExportTable, metadata: [(String, String)], limits: Limits = Limits()) throws {
        output = try FileOutput(path: path)
        self.limits = limits
        self.table = table
        self.metadata = metadata
        buffers = table.columns.map { ParquetColumnBuffer(column: $0, dictionaryLimit: limits.dictionaryBytes) }
        try output.write(Self.magic)
    }

    func append(_ row: Statement) throws {
        for (index, buffer) in buffers.enumerated() { buffer.append(from: row, at: Int32(index)) }
        pending += 1
        if pending >= limits.rowGroupRows || (pending % 1024 == 0 && buffers.reduce(0) { $0 + $1.bufferedBytes } >= limits.rowGroupBytes) {
            try flushRowGroup()
        }
    }

    private func flushRowGroup() throws {
        guard pending > 0 else { return }
        var chunks: [ParquetColumnChunk] = []
        for buffer in buffers {
            let (parts, chunk) = buffer.takeChunk(at: output.offset)
            for part in parts { try output.write(part) }
            chunks.append(chunk)
        }
        rowGroups.append(ParquetRowGroup(columns: chunks, rows: pending))
        pending = 0
    }

    func finish() throws -> Int {
        try flushRowGroup()
        let footer = ParquetFooter.encode(columns: table.columns, rowGroups: rowGroups, metadata: metadata, createdBy: Self.createdBy)
        try output.write(footer)
        withUnsafeBytes(of: UInt32(footer.count).littleEndian) { for byte in $0 { output.write(byte: byte) } }
        try output.write(Self.magic)
        try output.finish()
        return output.offset
    }

    func abandon() { output.abandon() }
}
