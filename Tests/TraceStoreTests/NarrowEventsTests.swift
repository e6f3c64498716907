import Foundation
import Testing
import TraceModel
@testable import TraceStore

/// Schema version 6: `events` is a view over `event_rows`, and reads exactly as the table it
/// replaced, for rows the writer stores and for rows an older binary stored and the migration
/// carried over.
@Suite struct NarrowEventsTests {
    /// Every column of every event, in id order, as SQLite values.
    private func rows(_ database: Database, _ sql: String = "SELECT * FROM events ORDER BY id") throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        try database.forEachRow(sql) { rows.append($0.row()) }
        return rows
    }

    /// Events the parser never makes in the fixtures: a pattern's origin, an empty view, a view
    /// that is the whole message, a non-ASCII view, a message that only looks like it begins
    /// with the view, envelope fields some present and some not.
    static let unusual: [Event] = [
        Event(line: 1, kind: .task, view: "Café", origin: .pattern("net"), message: "Café task started"),
        Event(line: 2, kind: .layout, view: "", origin: .pattern("layout pass"), message: "layout"),
        Event(line: 3, kind: .appear, view: "Row", origin: .lifecycle, message: "Row"),
        Event(line: 4, kind: .appear, view: "Row", origin: .lifecycle, message: "Rows appear"),
        Event(line: 5, kind: .body, view: "e\u{301}", origin: .structured, message: "é body",
              envelope: Envelope(format: .oslog, timestamp: 1.5, process: "App", pid: 7, tid: 9, subsystem: "s", category: nil, level: "Info")),
        Event(line: 6, kind: .warning, view: nil, origin: .swiftUIWarning, message: "Publishing changes from within view updates is not allowed, this will cause undefined behavior.",
              envelope: Envelope(format: .oslog, process: "App", pid: 7, subsystem: "s", level: "Info")),
        Event(line: 7, kind: .text, origin: .lookalike, message: "Row appeared?", envelope: Envelope(format: .swiftlog, level: "")),
        Event(line: 8, kind: .`init`, view: "Model", owner: "Row", instance: "0x1", origin: .pattern("net"), message: "Model init", durationMs: 2.5),
    ]

    @Test func writtenEventsReadBackFieldForField() throws {
        let database = try Database(path: ":memory:", mode: .readWrite)
        try Schema.migrate(database)
        let writer = try EventWriter(database: database, source: "t.log")
        try writer.append(contentsOf: Self.unusual)
        try writer.finish(stats: ParseStats())
        let stored = try rows(database, """
            SELECT line, kind, view, owner, instance, origin, message, envelope, ts, process, pid, tid,
                   subsystem, category, level, duration_ms FROM events ORDER BY id
            """)
        let expected: [[SQLValue]] = Self.unusual.map { event in
            let e = event.envelope
            func text(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
            func int(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
            func real(_ value: Double?) -> SQLValue { value.map { .real($0) } ?? .null }
            return [
                .integer(Int64(event.line)), .text(event.kind.rawValue), text(event.view), text(event.owner),
                text(event.instance), .text(event.origin.storedValue), .text(event.message), .text(e.format.rawValue),
                real(e.timestamp), text(e.process), int(e.pid), int(e.tid), text(e.subsystem), text(e.category),
                text(e.level), real(event.durationMs),
            ]
        }
        #expect(stored == expected)
        // The view name was left out where the message begins with it, and only there.
        #expect(try rows(database, "SELECT view_prefix FROM event_rows ORDER BY id").map { $0[0] }
            == [1, 0, 1, 1, 0, 0, 0, 1].map { SQLValue.integer($0) })
        #expect(try database.scalarInt("SELECT count(*) FROM event_origins WHERE origin LIKE 'pattern:%'") == 2)
    }

    @Test func everyKindOriginAndEnvelopeCodeReadsAsItsName() throws {
        let database = try Database(path: ":memory:", mode: .readWrite)
        try Schema.migrate(database)
        let writer = try EventWriter(database: database, source: "t.log")
        let origins: [Origin] = [.printChanges, .lifecycle, .structured, .swiftUIWarning, .text, .lookalike, .pattern("p")]
        var events: [Event] = []
        for kind in EventKind.allCases {
            for origin in origins { events.append(Event(line: events.count + 1, kind: kind, origin: origin, message: "m")) }
        }
        for format in EnvelopeFormat.allCases {
            events.append(Event(line: events.count + 1, kind: .text, origin: .text, message: "m", envelope: Envelope(format: format)))
        }
        try writer.append(contentsOf: events)
        try writer.finish(stats: ParseStats())
        let stored = try rows(database, "SELECT kind, origin, envelope FROM events ORDER BY id")
        #expect(stored == events.map { [.text($0.kind.rawValue), .text($0.origin.storedValue), .text($0.envelope.format.rawValue)] })
        var decoded: [EventKind] = []
        try database.forEachRow("SELECT kind FROM event_rows ORDER BY id") { decoded.append(EventCodes.kind(code: $0.integer(at: 0))) }
        #expect(decoded == events.map(\.kind))
    }

    /// A version-5 database (events a table) holding the fixtures' events, and the unusual ones,
    /// migrates to rows that read the same through the view, `view_summary` included.
    @Test func aVersionFiveDatabaseMigratesWithTheSameRows() throws {
        let directory = try TemporaryDirectory()
        // The fixtures' events as this binary stores them.
        let current = try TraceDatabase.openForWriting(path: directory.path("current.sqlite"))
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures")
        for folder in ["formats", "seeds", "rules"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(folder).path).sorted()
            for name in names where name.hasSuffix(".log") {
                _ = try Ingestor(database: current).ingest(path: fixtures.appendingPathComponent(folder).appendingPathComponent(name).path)
            }
        }
        let writer = try EventWriter(database: current, source: "unusual.log")
        try writer.append(contentsOf: Self.unusual)
        try writer.finish(stats: ParseStats())
        let events = try rows(current)
        let summary = try rows(current, "SELECT * FROM view_summary ORDER BY trace_id, view")
        #expect(events.count > 500, "the fixtures give the migration something to carry")

        // The same rows in the old table.
        let path = directory.path("v5.sqlite")
        do {
            let old = try Database(path: path, mode: .readWrite)
            for migration in Schema.migrations where migration.version <= 5 { try old.execute(migration.sql) }
            try old.execute("PRAGMA user_version = 5")
            try old.execute("ATTACH '\(directory.path("current.sqlite"))' AS current")
            try old.execute("""
                INSERT INTO traces SELECT * FROM current.traces;
                INSERT INTO events SELECT * FROM current.events;
                INSERT INTO changes SELECT * FROM current.changes;
                INSERT INTO warnings SELECT * FROM current.warnings;
                DETACH current;
                """)
            #expect(try rows(old) == events)
            #expect(try rows(old, "SELECT * FROM view_summary ORDER BY trace_id, view") == summary)
        }

        let migrated = try TraceDatabase.openForWriting(path: path)
        #expect(try migrated.userVersion == Schema.currentVersion)
        #expect(try migrated.scalarText("SELECT type FROM sqlite_schema WHERE name = 'events'") == "view")
        #expect(try rows(migrated) == events)
        #expect(try rows(migrated, "SELECT * FROM view_summary ORDER BY trace_id, view") == summary)
        // A migrated store takes new traces after the old ones.
        let last = try #require(try migrated.scalarInt("SELECT max(id) FROM events"))
        let next = try EventWriter(database: migrated, source: "new.log")
        try next.append(Self.unusual[0])
        try next.finish(stats: ParseStats())
        #expect(try migrated.scalarText("SELECT message FROM events WHERE id = ?", [last + 1]) == "Café task started")
    }

    /// Columns a query does not use cost nothing: the envelope's fields are subqueries SQLite
    /// leaves out, where a LEFT JOIN was kept in every aggregate query.
    @Test func aQueryReadsOnlyTheTablesItsColumnsNeed() throws {
        let database = try Database(path: ":memory:", mode: .readWrite)
        try Schema.migrate(database)
        func plan(_ sql: String) throws -> String {
            var steps: [String] = []
            try database.forEachRow("EXPLAIN QUERY PLAN " + sql) { steps.append($0.text(at: 3) ?? "") }
            return steps.joined(separator: "; ")
        }
        #expect(try plan("SELECT kind, count(*) FROM events GROUP BY kind") == "SCAN r; USE TEMP B-TREE FOR GROUP BY")
        #expect(try plan("SELECT line, message FROM events WHERE view = 'A'") == "SCAN r")
    }
}
