import Foundation
import Testing
import TraceModel
@testable import TraceStore

/// `TableExporter`: every exported file, decoded by the tests' own reader, holds what the
/// database holds, in the documented columns, with the schema version in its metadata.
@Suite struct TableExportTests {
    static let log = """
    ContentView: @self, @identity, _count changed.
    PlayButton: @self changed.
    PlayButton init
    PlayButton init
    Row(id: 1) appeared
    message with "quotes", a \\ and a tab\there
    ContentView: _count changed.
    PlayButton deinit

    """

    private func seeded(_ directory: TemporaryDirectory) throws -> Database {
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        let input = directory.path("run.log")
        try Self.log.write(toFile: input, atomically: true, encoding: .utf8)
        for commit in ["aaa", "bbb"] {
            _ = try Ingestor(database: database, tags: [TraceTags.Tag(key: "commit", value: commit)]).ingest(path: input)
        }
        return database
    }

    /// Every row of `sql`, as the test reader's values.
    private func rows(_ database: Database, _ sql: String) throws -> [[ParquetTestFile.Value?]] {
        var rows: [[ParquetTestFile.Value?]] = []
        let statement = try database.prepare(sql)
        while try statement.step() {
            rows.append(statement.row().map { value in
                switch value {
                case .null, .blob: nil
                case .integer(let int): .int(int)
                case .real(let double): .double(double)
                case .text(let text): .text(text)
                }
            })
        }
        return rows
    }

    @Test func parquetFilesHoldEveryRowAndColumn() throws {
        let directory = try TemporaryDirectory()
        let database = try seeded(directory)
        let written = try TableExporter.export(database: database, selection: ExportSelection(), format: .parquet, directory: directory.path("out"))
        #expect(written.map(\.table) == ["traces", "events", "changes", "findings", "view_summary", "tags", "metrickit_payloads", "metrickit_histogram_buckets", "metrickit_hangs"])
        for (table, _) in try ExportTable.all(in: database, selection: ExportSelection()) {
            let file = try ParquetTestFile(path: directory.path("out/\(table.name).parquet"))
            let documented = SchemaDocumentation.tables.first { $0.name == table.name }!.columns.map(\.name)
            #expect(file.columnNames == documented, "\(table.name)")
            #expect(file.metadata["trace_analyze.schema_version"] == String(Schema.currentVersion))
            #expect(file.metadata["trace_analyze.table"] == table.name)
            let expected = try rows(database, table.sql)
            #expect(file.footer[3]?.int == Int64(expected.count), "\(table.name) num_rows")
            let decoded = (0..<expected.count).map { row in documented.map { file.columns[$0]![row] } }
            #expect(decoded == expected, "\(table.name)")
        }
        let events = try ParquetTestFile(path: directory.path("out/events.parquet"))
        #expect(events.columns["kind"]!.count > 10, "the fixture gives the dictionary repeats to encode")
    }

    @Test func smallRowGroupsAndAnOutgrownDictionaryStillRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: ":memory:", mode: .readWrite)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, x REAL, label TEXT, note TEXT NOT NULL)")
        for id in 1...1000 {
            let n: SQLValue = id % 7 == 0 ? .null : .integer(Int64(id * 1_000_003))
            let x: SQLValue = id % 5 == 0 ? .null : .real(Double(id) / 3)
            let label: SQLValue = id % 3 == 0 ? .null : .text(["init", "body", "deinit"][id % 3])
            let note = "unique note \(id) " + String(repeating: "é", count: id % 11)
            try database.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [SQLValue.integer(Int64(id)), n, x, label, SQLValue.text(note)])
        }
        let table = ExportTable(name: "t", columns: [
            .init(name: "id", type: .integer, nullable: false), .init(name: "n", type: .integer, nullable: true),
            .init(name: "x", type: .real, nullable: true), .init(name: "label", type: .text, nullable: true),
            .init(name: "note", type: .text, nullable: false),
        ], sql: "SELECT id, n, x, label, note FROM t ORDER BY id")
        let path = directory.path("t.parquet")
        let writer = try ParquetFileWriter(path: path, table: table, metadata: [], limits: .init(rowGroupRows: 64, rowGroupBytes: 1 << 20, dictionaryBytes: 300))
        let statement = try database.prepare(table.sql)
        while try statement.step() { try writer.append(statement) }
        _ = try writer.finish()
        let file = try ParquetTestFile(path: path)
        #expect(file.footer[4]?.list.count == 16, "1000 rows in row groups of 64")
        let expected = try rows(database, table.sql)
        #expect((0..<1000).map { row in ["id", "n", "x", "label", "note"].map { file.columns[$0]![row] } } == expected)
        let chunks = file.footer[4]!.list.map { $0[1]!.list[4][3]! }
        #expect(chunks.contains { $0[11] == nil }, "the unique notes outgrow the dictionary and turn PLAIN")
        #expect(file.footer[4]!.list.allSatisfy { $0[1]!.list[3][3]![11] != nil }, "the three labels stay dictionary-encoded")
    }

    @Test func ndjsonLinesAreTheRowsAndTheSidecarNamesTheVersion() throws {
        let directory = try TemporaryDirectory()
        let database = try seeded(directory)
        _ = try TableExporter.export(database: database, selection: ExportSelection(traceID: 2), format: .ndjson, directory: directory.path("out"))
        let events = try String(contentsOfFile: directory.path("out/events.ndjson"), encoding: .utf8).split(separator: "\n")
        let expected = try rows(database, "SELECT id, message, ts FROM events WHERE trace_id = 2 ORDER BY id")
        #expect(events.count == expected.count)
        for (line, row) in zip(events, expected) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            #expect(object["id"] as? Int == { if case .int(let id) = row[0]! { Int(id) } else { nil } }())
            #expect(object["message"] as? String == { if case .text(let text) = row[1]! { text } else { nil } }())
            #expect(object["ts"] is NSNull)
            #expect(object["trace_id"] as? Int == 2)
        }
        let tags = try String(contentsOfFile: directory.path("out/tags.ndjson"), encoding: .utf8)
        #expect(tags == "{\"trace_id\":2,\"key\":\"commit\",\"value\":\"bbb\"}\n")
        let sidecar = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.url.appendingPathComponent("out/schema.json"))) as! [String: Any]
        #expect(sidecar["trace_analyze.schema_version"] as? Int == Schema.currentVersion)
        let tables = sidecar["tables"] as! [[String: Any]]
        #expect(tables.map { $0["name"] as! String } == ["traces", "events", "changes", "findings", "view_summary", "tags", "metrickit_payloads", "metrickit_histogram_buckets", "metrickit_hangs"])
        #expect(tables[1]["rows"] as? Int == expected.count)
    }

    @Test func sinceSelectsByIngestTime() throws {
        let directory = try TemporaryDirectory()
        let database = try seeded(directory)
        try database.execute("UPDATE traces SET ingested_at = '2020-01-01T00:00:00Z' WHERE id = 1")
        let written = try TableExporter.export(database: database, selection: ExportSelection(since: "2021-01-01"), format: .ndjson, directory: directory.path("out"))
        #expect(written.first { $0.table == "traces" }?.rows == 1)
        #expect(try String(contentsOfFile: directory.path("out/traces.ndjson"), encoding: .utf8).hasPrefix("{\"id\":2,"))
    }
}
