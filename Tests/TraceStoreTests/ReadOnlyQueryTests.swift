import Testing
import TraceModel
@testable import TraceStore

@Suite struct ReadOnlyQueryTests {
    static let writes = [
        "DROP TABLE events",
        "DELETE FROM events",
        "UPDATE events SET kind = 'text'",
        "INSERT INTO traces (source, ingested_at) VALUES ('x', 'y')",
        "CREATE TABLE t (x)",
        "ATTACH DATABASE 'other.sqlite' AS other",
        "PRAGMA writable_schema = 1",
        "PRAGMA journal_mode = WAL",
        "PRAGMA user_version = 7",
        "VACUUM",
        "VACUUM INTO 'copy.sqlite'",
        "REINDEX",
        "SELECT 1; DELETE FROM events",
    ]

    @Test(arguments: writes)
    func refusesEveryWrite(sql: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sqlite")
        do {
            let database = try TraceDatabase.openForWriting(path: path)
            let writer = try EventWriter(database: database, source: "x")
            try writer.append(Event(line: 1, kind: .text, origin: .text, message: "kept"))
            try writer.finish(stats: ParseStats())
        }
        let reader = try TraceDatabase.openForReading(path: path)
        #expect(throws: SQLiteError.self) {
            try ReadOnlyQuery.run(sql, on: reader, columns: { _ in }, row: { _ in })
        }
        #expect(try reader.scalarInt("SELECT count(*) FROM events") == 1)
        #expect(try reader.userVersion == Schema.currentVersion)
        // The writer left the file in rollback-journal mode as it closed; a refused statement
        // (`PRAGMA journal_mode = WAL` among them) did not change that.
        #expect(try reader.scalarText("PRAGMA journal_mode") == "delete")
    }

    @Test func readingPragmasAndSelectsRun() throws {
        let database = try TraceDatabase.openTemporary()
        var rows = 0
        try ReadOnlyQuery.run("PRAGMA table_info(events); SELECT 1", on: database, columns: { _ in }, row: { _ in rows += 1 })
        #expect(rows == SchemaDocumentation.tables[1].columns.count + 1)
    }
}
