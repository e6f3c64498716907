import Foundation
import Testing
import TraceModel
@testable import TraceStore

/// A file the user may only read is analysed in temporary tables on the connection that reads
/// it: the file's bytes never change, and it is copied only when its schema is older.
@Suite struct AnalysisTablesTests {
    /// A database of the current schema with one trace of two events and one stored finding.
    static func storedTrace(at path: String) throws {
        let database = try TraceDatabase.openForWriting(path: path)
        let writer = try EventWriter(database: database, source: "app.log")
        try writer.append(Event(line: 1, kind: .body, view: "ContentView", origin: .printChanges,
                                message: "ContentView: @self changed.", tokens: ["@self"]))
        try writer.append(Event(line: 2, kind: .`init`, view: "Row", origin: .lifecycle, message: "Row init"))
        var stats = ParseStats()
        stats.lines = 2
        try writer.finish(stats: stats)
        try database.execute("INSERT INTO findings (trace_id, rule, severity, view, message, count) VALUES (1, 'old_rule', 'info', 'Row', 'stored before', 1)")
        TraceDatabase.finishWriting(database)
    }

    @Test func writesOfTheAnalysisGoToTemporaryTablesAndTheFileIsUnchanged() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sqlite")
        try Self.storedTrace(at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let database = try TraceDatabase.openReadOnlyForAnalysis(path: path, isAnalysed: nil)
        #expect(database.copiedBecause == nil)
        #expect(database.path == path)
        // What the analysis writes, it reads back; what it reads of the trace is the file's.
        try database.execute("INSERT INTO findings (trace_id, rule, severity, view, message, count) VALUES (1, 'new_rule', 'warning', 'Row', 'worked out now', 2)")
        try database.execute("INSERT INTO evidence (finding_id, line) VALUES (last_insert_rowid(), 2)")
        try database.execute("INSERT OR REPLACE INTO stats (trace_id, name, value) VALUES (1, 'updates', 1)")
        #expect(try database.scalarText("SELECT group_concat(rule) FROM findings") == "new_rule")
        #expect(try database.scalarInt("SELECT count(*) FROM evidence JOIN events ON events.trace_id = 1 AND events.line = evidence.line") == 1)
        #expect(try database.scalarInt("SELECT value FROM stats WHERE trace_id = 1 AND name = 'lines'") == 2)
        #expect(try database.scalarInt("SELECT count(*) FROM events") == 2)
        // A second connection would read the file's tables, not these: none is handed out.
        #expect(try database.openReader() == nil)

        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["t.sqlite"])
    }

    @Test func aFileOfAnOlderSchemaIsUpgradedInACopyThatSaysSo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        let older = Schema.currentVersion - 1
        do {
            let old = try Database(path: path, mode: .readWrite)
            for migration in Schema.migrations where migration.version <= older { try old.execute(migration.sql) }
            try old.execute("PRAGMA user_version = \(older)")
            try old.execute("INSERT INTO traces (source, ingested_at, lines, events, complete) VALUES ('old.log', '2026-01-01T00:00:00Z', 0, 0, 1)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let database = try TraceDatabase.openReadOnlyForAnalysis(path: path, isAnalysed: nil)
        #expect(try database.userVersion == Schema.currentVersion)
        #expect(database.path == path)
        let reason = try #require(database.copiedBecause)
        #expect(reason.hasPrefix("\(path) is in schema version \(older) (this trace-analyze writes \(Schema.currentVersion))"))
        #expect(try database.scalarText("SELECT source FROM traces") == "old.log")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func statementsOfTheSchemaBecomeTemporary() {
        #expect(AnalysisTables.temporary("CREATE TABLE findings (id INTEGER)", isIndex: false) == "CREATE TEMP TABLE findings (id INTEGER)")
        #expect(AnalysisTables.temporary("CREATE INDEX a ON findings(x)", isIndex: true) == "CREATE INDEX temp.a ON findings(x)")
        #expect(AnalysisTables.temporary("CREATE UNIQUE INDEX b ON stats(x)", isIndex: true) == "CREATE UNIQUE INDEX temp.b ON stats(x)")
    }
}
