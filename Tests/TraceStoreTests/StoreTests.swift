import Foundation
import Testing
import TraceModel
@testable import TraceStore

@Suite struct StoreTests {
    @Test func eventsRoundTripWithTheirTokensInOrder() throws {
        let directory = try TemporaryDirectory()
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        let writer = try EventWriter(database: database, source: "app.log")
        let envelope = Envelope(format: .nslog, timestamp: 1584897046.546218, process: "App", pid: 76375, tid: 18919854)
        try writer.append(Event(line: 1, kind: .body, view: "ContentView", origin: .printChanges,
                                message: "ContentView: @self, @identity, _count changed.",
                                tokens: ["@self", "@identity", "_count"], envelope: envelope))
        try writer.append(Event(line: 2, kind: .`init`, view: "DataModel", owner: "PlayButton",
                                instance: "0x0000600000c435d0", origin: .lifecycle, message: "PlayButton DataModel init"))
        var stats = ParseStats()
        stats.lines = 2
        stats.eventsByKind[EventKind.body.index] = 1
        stats.eventsByKind[EventKind.`init`.index] = 1
        try writer.finish(stats: stats)

        let reader = try TraceDatabase.openForReading(path: directory.path("t.sqlite"))
        var rows: [[SQLValue]] = []
        try ReadOnlyQuery.run(
            "SELECT line, ts, process, pid, tid, kind, view, owner, instance, origin, envelope FROM events ORDER BY line",
            on: reader, columns: { _ in }, row: { rows.append($0) }
        )
        #expect(rows == [
            [.integer(1), .real(1584897046.546218), .text("App"), .integer(76375), .integer(18919854), .text("body"),
             .text("ContentView"), .null, .null, .text("print_changes"), .text("nslog")],
            [.integer(2), .null, .null, .null, .null, .text("init"), .text("DataModel"), .text("PlayButton"),
             .text("0x0000600000c435d0"), .text("lifecycle"), .text("plain")],
        ])
        var tokens: [String] = []
        try reader.forEachRow("SELECT token FROM changes ORDER BY event_id, position") { tokens.append($0.text(at: 0)!) }
        #expect(tokens == ["@self", "@identity", "_count"])
        #expect(try reader.scalarInt("SELECT self_changes + identity_changes FROM view_summary WHERE view = 'ContentView'") == 2)
        #expect(try reader.scalarInt("SELECT complete FROM traces") == 1)
        #expect(try reader.scalarInt("SELECT value FROM stats WHERE name = 'events_init'") == 1)
    }

    @Test func warningsKeepTheirIdentifierAndValuesBesideTheirEvent() throws {
        let directory = try TemporaryDirectory()
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        let writer = try EventWriter(database: database, source: "app.log")
        try writer.append(contentsOf: [
            Event(line: 1, kind: .body, view: "ItemList", origin: .printChanges, message: "ItemList: @self changed.", tokens: ["@self"]),
            Event(line: 2, kind: .warning, origin: .swiftUIWarning,
                  message: "ForEach<Array<Item>, String, ItemRow>: the ID abc occurs multiple times within the collection, this will give undefined results!"),
            Event(line: 3, kind: .warning, origin: .swiftUIWarning, message: "=== AttributeGraph: cycle detected through attribute 42 ==="),
        ])
        try writer.finish(stats: ParseStats())

        var rows: [[SQLValue]] = []
        try ReadOnlyQuery.run(
            "SELECT e.line, e.kind, e.origin, w.warning, w.type, w.element_id, w.attribute FROM warnings AS w JOIN events AS e ON e.id = w.event_id ORDER BY e.line",
            on: database, columns: { _ in }, row: { rows.append($0) }
        )
        #expect(rows == [
            [.integer(2), .text("warning"), .text("swiftui_warning"), .text("duplicate_foreach_id"),
             .text("ForEach<Array<Item>, String, ItemRow>"), .text("abc"), .null],
            [.integer(3), .text("warning"), .text("swiftui_warning"), .text("attribute_graph_cycle"), .null, .null, .integer(42)],
        ])
        #expect(try database.scalarInt("SELECT count(*) FROM view_summary") == 1)
    }

    @Test func theFileIsInWALMode() throws {
        let directory = try TemporaryDirectory()
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        #expect(try database.scalarText("PRAGMA journal_mode") == "wal")
    }

    @Test func batchesCommitSoAnotherConnectionSeesThemBeforeTheEnd() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sqlite")
        let database = try TraceDatabase.openForWriting(path: path)
        let writer = try EventWriter(database: database, source: "-", batchSize: 10)
        for line in 1...25 {
            try writer.append(Event(line: line, kind: .text, origin: .text, message: "line \(line)"))
        }
        let reader = try TraceDatabase.openForReading(path: path)
        #expect(try reader.scalarInt("SELECT count(*) FROM events") == 20)
        #expect(try reader.scalarInt("SELECT complete FROM traces") == 0)
    }

    @Test func anEmptyDatabaseIsMigratedForward() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("empty.sqlite")
        do { _ = try Database(path: path, mode: .readWrite) }
        let database = try TraceDatabase.openForWriting(path: path)
        #expect(try database.userVersion == Schema.currentVersion)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'events'") == 1)
    }

    @Test func aVersionZeroDatabaseWithOtherTablesIsRefusedAndLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        do {
            let old = try Database(path: path, mode: .readWrite)
            try old.execute("CREATE TABLE notes (x); PRAGMA user_version = 0")
        }
        let error = try #require(throws: SQLiteError.self) { _ = try TraceDatabase.openForWriting(path: path) }
        #expect(error.message.hasSuffix("old.sqlite is a SQLite database but not a trace-analyze one (it holds notes); refusing to add tables to it, choose another --db path"))
        let database = try Database(path: path, mode: .readOnly)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema") == 1)
        #expect(try database.scalarText("PRAGMA journal_mode") == "delete")
    }

    @Test func aNewerSchemaIsRefusedWithAClearMessage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        do {
            let newer = try Database(path: path, mode: .readWrite)
            try newer.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
        }
        for open in [{ _ = try TraceDatabase.openForWriting(path: path) }, { _ = try TraceDatabase.openForReading(path: path) }] {
            let error = try #require(throws: SQLiteError.self, performing: open)
            #expect(error.message.contains("newer than this trace-analyze understands"))
        }
    }

    @Test func aFileThatIsNotADatabaseIsNamed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: SQLiteError.self) { _ = try TraceDatabase.openForReading(path: path) }
        #expect(error.message == "\(path) is not a SQLite database")
    }

    @Test func theDocumentationDescribesEveryColumnOfTheLiveSchema() throws {
        let database = try TraceDatabase.openTemporary()
        for table in SchemaDocumentation.tables {
            var live: [String] = []
            try database.forEachRow("SELECT name FROM pragma_table_info(?)", [table.name]) { live.append($0.text(at: 0)!) }
            #expect(live == table.columns.map(\.name), "table \(table.name)")
        }
        var documented = Set(SchemaDocumentation.tables.map(\.name))
        try database.forEachRow("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')") {
            documented.remove($0.text(at: 0)!)
        }
        #expect(documented.isEmpty)
        var undocumented: [String] = []
        try database.forEachRow("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')") {
            let name = $0.text(at: 0)!
            if !SchemaDocumentation.tables.contains(where: { $0.name == name }) { undocumented.append(name) }
        }
        #expect(undocumented.isEmpty)
    }
}

@Suite struct MigrationTests {
    @Test func aVersionOneDatabaseKeepsItsTracesAndLosesTheViewIndex() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v1.sqlite")
        do {
            let old = try Database(path: path, mode: .readWrite)
            try old.execute(Schema.version1)
            try old.execute("PRAGMA user_version = 1")
            try old.execute("INSERT INTO traces (source, ingested_at, lines, events, complete) VALUES ('old.log', '2026-01-01T00:00:00Z', 1, 1, 1)")
            try old.execute("INSERT INTO events (trace_id, line, kind, view, origin, message, envelope) VALUES (1, 1, 'body', 'A', 'print_changes', 'A: @self changed.', 'plain')")
        }
        let database = try TraceDatabase.openForWriting(path: path)
        #expect(try database.userVersion == Schema.currentVersion)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'events_by_view'") == 0)
        #expect(try database.scalarText("SELECT view FROM events WHERE trace_id = 1") == "A")
        let writer = try EventWriter(database: database, source: "new.log")
        try writer.append(Event(line: 1, kind: .text, origin: .text, message: "new"))
        try writer.finish(stats: ParseStats())
        #expect(try database.scalarInt("SELECT count(*) FROM traces") == 2)
    }
}
