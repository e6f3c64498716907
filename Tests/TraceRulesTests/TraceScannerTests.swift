import Testing
import TraceModel
@testable import TraceRules
import TraceStore

/// The one scan every rule reads: what it hands out, and that a trace stored between another
/// trace's rows (two ingests writing at once) reads exactly like the same trace stored alone.
@Suite struct TraceScannerTests {
    /// One line per event as the rules see it.
    private func events(_ database: Database, trace traceID: Int) throws -> [String] {
        let first = try #require(try database.scalarInt("SELECT min(id) FROM events WHERE trace_id = ?", [traceID]))
        let last = try #require(try database.scalarInt("SELECT max(id) FROM events WHERE trace_id = ?", [traceID]))
        let symbols = SymbolTable()
        var scanned: [LifecycleEvent] = []
        // Names are read after the scan: during it the reading thread fills the table.
        try TraceScanner(database: database, traceID: traceID, eventIDs: first...last).scan(into: symbols) { scanned.append($0) }
        var lines: [String] = []
        for event in scanned {
            let tokens = event.tokens.map { symbols[$0] }.joined(separator: ",")
            lines.append([
                "\(event.line)", event.kind.rawValue, event.view.map { symbols[$0] } ?? "-",
                event.owner.map { symbols[$0] } ?? "-", event.instance.map { symbols[$0] } ?? "-",
                event.followsText ? "after-text" : "", tokens, event.newIdentity ? "identity" : "",
                event.newValue ? "self" : "", event.ts.map { "\($0)" } ?? "", event.durationMilliseconds.map { "\($0)" } ?? "",
            ].joined(separator: " "))
        }
        return lines
    }

    @Test func textLinesAreLeftOutAndMarkedOnTheNextEvent() throws {
        let pipeline = try Pipeline(log: """
            noise
            ContentView: @self, _count changed.
            more noise
            and more
            Row init
            Row body
            trace-analyze: kind=init view=Detail id=7 owner=Row ms=3.5
            Row: @self, @identity, _a, _b, @16, _c changed.
            """)
        let seen = try events(pipeline.database, trace: pipeline.traceID)
        #expect(seen == [
            "2 body ContentView - - after-text @self,_count  self  ",
            "5 init Row - - after-text     ",
            "6 body Row - -      ",
            "7 init Detail Row 7      3.5",
            "8 body Row - -  @self,@identity,_a,_b,@16,_c identity self  ",
        ], "\(seen)")
    }

    /// Trace 2 is copied into trace 3 with every other id taken by a trace 4: the scanner reads
    /// the interleaved rows (and skips the other trace's) with the same result, findings included.
    @Test(arguments: ["rules/body-loop.log", "rules/004-navigation-mixed.log", "seeds/001-playbutton-toggle-twice.log"])
    func anInterleavedTraceReadsLikeAContiguousOne(_ fixture: String) throws {
        let pipeline = try Pipeline(path: Fixture.path(fixture))
        let database = pipeline.database
        let traceID = pipeline.traceID
        let first = try #require(try database.scalarInt("SELECT min(id) FROM events WHERE trace_id = ?", [traceID]))
        let base = try #require(try database.scalarInt("SELECT max(id) + 1 FROM events"))
        try database.transaction {
            try database.run("""
                INSERT INTO traces (id, source, format, ingested_at, lines, events, unrecognized, complete)
                SELECT id + 1, source, format, ingested_at, lines, events, unrecognized, complete FROM traces WHERE id = ?
                """, [traceID])
            try database.run("INSERT INTO traces (id, source, ingested_at) VALUES (?, 'other', 'now')", [traceID + 2])
            // Rows are written where the writer puts them: `events` is a view over `event_rows`.
            let columns = "line, kind, origin, envelope, context, ts, pid, tid, view, owner, instance, message, view_prefix, duration_ms"
            try database.run("""
                INSERT INTO event_rows (id, trace_id, \(columns))
                SELECT ?1 + 2 * (id - ?2), ?3, \(columns) FROM event_rows WHERE trace_id = ?4
                """, [base, first, traceID + 1, traceID])
            try database.run("""
                INSERT INTO event_rows (id, trace_id, line, kind, origin, envelope, context, message, view_prefix)
                SELECT ?1 + 2 * (id - ?2) + 1, ?3, line, 0, 2, 0, context, 'Other body', 0 FROM event_rows WHERE trace_id = ?4
                """, [base, first, traceID + 2, traceID])
            try database.run("""
                INSERT INTO changes (event_id, position, token)
                SELECT ?1 + 2 * (event_id - ?2), position, token FROM changes WHERE event_id IN (SELECT id FROM events WHERE trace_id = ?3)
                """, [base, first, traceID])
        }
        let copy = traceID + 1
        #expect(try events(database, trace: copy) == events(database, trace: traceID))
        let original = try Analyzer(database: database).analyze(traceID: traceID)
        let interleaved = try Analyzer(database: database).analyze(traceID: copy)
        #expect(!original.isEmpty)
        #expect(interleaved.map(\.message) == original.map(\.message))
        #expect(interleaved.map(\.lines) == original.map(\.lines))
    }

    /// A rule that reads a name mid-scan would race the reading thread; it stops instead.
    @Test func readingANameDuringTheScanStops() async {
        await #expect(processExitsWith: .failure) {
            let pipeline = try Pipeline(log: "Row init\nRow body\n")
            let symbols = SymbolTable()
            try TraceScanner(database: pipeline.database, traceID: pipeline.traceID, eventIDs: 1...2).scan(into: symbols) { event in
                _ = symbols[event.view!]
            }
        }
    }
}
