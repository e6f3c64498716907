import Testing
import TraceModel
@testable import TraceStore

/// User SQL run under the read-only guard on a connection that writes (custom rules on the
/// store `check` has just written): refused as `query` refuses it, and the connection writes
/// again once the statement is done.
@Suite struct GuardedQueryTests {
    /// A writing store with one trace of one event.
    private func store(_ directory: TemporaryDirectory) throws -> Database {
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        let writer = try EventWriter(database: database, source: "x")
        try writer.append(Event(line: 1, kind: EventKind.`init`, view: "Row", origin: .lifecycle, message: "Row init"))
        try writer.finish(stats: ParseStats())
        return database
    }

    @Test(arguments: ReadOnlyQueryTests.writes.filter { !$0.contains(";") } + [
        "SELECT fts3_tokenizer('simple')",
        "SELECT load_extension('x')",
        "SELECT random() AS view, 1 AS lines",
        "PRAGMA query_only = 0",
        "PRAGMA trusted_schema = 1",
    ])
    func refusesWhatQueryRefusesOnAWritingConnection(sql: String) throws {
        let directory = try TemporaryDirectory()
        let database = try store(directory)
        #expect(throws: SQLiteError.self) {
            try GuardedQuery.run(sql, on: database, parameters: [:], deadline: Deadline(after: 5)) { _ in }
        }
        #expect(try database.scalarInt("SELECT count(*) FROM events") == 1)
        #expect(try database.userVersion == Schema.currentVersion)
        // The guard is lifted: the connection's own writes go on, with its own settings.
        try database.run("INSERT INTO traces (source, ingested_at) VALUES ('y', 'now')")
        #expect(try database.scalarInt("PRAGMA query_only") == 0)
        #expect(try database.scalarInt("PRAGMA trusted_schema") == 1)
        #expect(try database.scalarInt("SELECT count(*) FROM traces") == 2)
    }

    @Test func runsOneSelectWithItsNamedParameterBound() throws {
        let directory = try TemporaryDirectory()
        let database = try store(directory)
        let sql = "SELECT view, line AS lines FROM events WHERE trace_id = :trace_id"
        let shape = try GuardedQuery.shape(of: sql, on: database)
        #expect(shape == GuardedQuery.Shape(columns: ["view", "lines"], parameters: ["trace_id"]))
        var rows: [[SQLValue]] = []
        try GuardedQuery.run(sql, on: database, parameters: ["trace_id": .integer(1)], deadline: Deadline(after: 5)) { rows.append($0) }
        #expect(rows == [[.text("Row"), .integer(1)]])
        #expect(try database.scalarInt("PRAGMA query_only") == 0)
    }

    @Test func refusesScriptsAndUnnamedParameters() throws {
        let directory = try TemporaryDirectory()
        let database = try store(directory)
        for (sql, message) in [
            ("SELECT 1 AS view; SELECT 2", "give one statement, found a second one: SELECT 2"),
            ("SELECT view FROM events WHERE trace_id = ?", "parameter 1 has no name; use a named one such as :trace_id"),
            ("  -- nothing\n", "no SQL statement given"),
        ] {
            do {
                _ = try GuardedQuery.shape(of: sql, on: database)
                Issue.record("accepted \(sql)")
            } catch let error as SQLiteError {
                #expect(error.message == message)
            }
        }
    }
}
