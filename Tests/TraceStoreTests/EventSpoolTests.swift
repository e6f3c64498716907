import Foundation
import Testing
import TraceModel
@testable import TraceStore

/// A temporary database that spools its events (`check`'s) answers every read `check` makes of
/// them as a database holding them in `event_rows` does: each line's text and instance, the
/// durations a finding cites, the coverage's sample lines and the views named.
@Suite struct EventSpoolTests {
    /// The events of one trace: on `lines` (in order), with a view, an instance on every third,
    /// a duration on every odd one, lookalikes and text among them.
    private static func events(on lines: [Int], source: String) -> [Event] {
        lines.enumerated().map { index, line in
            switch index % 5 {
            case 4:
                return Event(line: line, kind: .text, origin: .text, message: "\(source) plain text \(index) ✓")
            case 3:
                return Event(line: line, kind: .text, origin: .lookalike, message: "Row\(index) appearedd")
            default:
                return Event(
                    line: line, kind: .body, view: "Row\(index % 3)", instance: index % 3 == 0 ? "0x\(index)" : nil,
                    origin: .structured, message: "Row\(index % 3) event \(index) of \(source)",
                    durationMs: index % 2 == 1 ? Double(index) / 3 : nil
                )
            }
        }
    }

    /// Stores `lines`' events as trace `source` and cites every line from 1 to past the last in
    /// one finding; returns the trace's and the finding's ids.
    private static func store(_ lines: [Int], source: String, in database: Database) throws -> (trace: Int, finding: Int) {
        let writer = try EventWriter(database: database, source: source)
        try writer.append(contentsOf: events(on: lines, source: source))
        var stats = ParseStats()
        stats.lines = lines.last ?? 0
        // Counted as if no line was recognised, so the coverage reads the first lines too.
        stats.eventsByKind[EventKind.text.index] = lines.count
        stats.lookalikes = lines.indices.filter { $0 % 5 == 3 }.count
        try writer.finish(stats: stats)
        try database.run("INSERT INTO findings (trace_id, rule, severity, message, count) VALUES (?, 'r', 'warning', 'm', 1)", [writer.traceID])
        let finding = database.lastInsertRowID
        for line in 1...((lines.last ?? 0) + 2) {
            try database.run("INSERT INTO evidence (finding_id, line) VALUES (?, ?)", [finding, line])
        }
        return (writer.traceID, finding)
    }

    @Test(arguments: [
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],   // one event per line
        [1, 2, 3, 5, 6, 9, 10, 14],            // lines a multi-line message spans hold no event of their own
        [1, 2, 2, 3, 7, 8, 8, 8, 9, 12],       // several events on a line
        [3, 4, 5, 9],                          // a trace that does not start at line 1
    ])
    func aSpoolAnswersWhatEventRowsAnswer(lines: [Int]) throws {
        let spooled = try TraceDatabase.openTemporary(spoolingEvents: true)
        let stored = try TraceDatabase.openTemporary()
        // A trace before and after, so every read must stay inside its own.
        for database in [spooled, stored] { _ = try Self.store([1, 2, 3, 4], source: "before.log", in: database) }
        let (traceID, findingID) = try Self.store(lines, source: "app.log", in: spooled)
        let twin = try Self.store(lines, source: "app.log", in: stored)
        #expect(twin.trace == traceID && twin.finding == findingID)
        for database in [spooled, stored] { _ = try Self.store(Array(1...20), source: "after.log", in: database) }

        #expect(try spooled.scalarInt("SELECT count(*) FROM event_rows") == 0)
        #expect(try stored.scalarInt("SELECT count(*) FROM event_rows")! == 24 + lines.count)
        let fromSpool = try EvidenceLookup(database: spooled), fromRows = try EvidenceLookup(database: stored)
        for line in 0...(lines.last! + 2) {
            #expect(try fromSpool.line(line, traceID: traceID) == fromRows.line(line, traceID: traceID), "line \(line) of \(lines)")
        }
        let durations = try fromSpool.durations(citedBy: findingID, traceID: traceID)
        #expect(durations == (try fromRows.durations(citedBy: findingID, traceID: traceID)))
        #expect(!durations.isEmpty)
        #expect(try TraceCoverage.read(spooled, traceID: traceID) == TraceCoverage.read(stored, traceID: traceID))
        #expect(try MentionedViews.read(spooled, traceIDs: [traceID]) == MentionedViews.read(stored, traceIDs: [traceID]))
        #expect(try MentionedViews.read(spooled, traceIDs: [traceID]) == ["Row0", "Row1", "Row2"])
        // Counters and ids are those of the stored trace, so findings and side tables agree.
        let counters = "SELECT lines, events, unrecognized FROM traces ORDER BY id"
        #expect(try Self.rows(counters, spooled) == Self.rows(counters, stored))
        let stats = "SELECT trace_id, name, value FROM stats ORDER BY 1, 2"
        #expect(try Self.rows(stats, spooled) == Self.rows(stats, stored))
    }

    @Test func aReaderConnectionReadsTheSameSpool() throws {
        let database = try TraceDatabase.openTemporary(spoolingEvents: true)
        let (traceID, _) = try Self.store([1, 2, 3], source: "app.log", in: database)
        let reader = try #require(try database.openReader())
        #expect(try EvidenceLookup(database: reader).line(2, traceID: traceID)?.text == "Row1 event 1 of app.log")
    }

    @Test func aMessageLargerThanAnyBufferComesBackWhole() throws {
        let database = try TraceDatabase.openTemporary(spoolingEvents: true)
        let writer = try EventWriter(database: database, source: "big.log")
        let big = String(repeating: "é", count: 1_500_000)
        try writer.append(contentsOf: [
            Event(line: 1, kind: .text, origin: .text, message: "first"),
            Event(line: 2, kind: .body, view: "Big", origin: .structured, message: "Big " + big),
            Event(line: 3, kind: .body, view: "Small", origin: .structured, message: "Small body"),
        ])
        try writer.finish(stats: ParseStats())
        let lookup = try EvidenceLookup(database: database)
        #expect(try lookup.line(2, traceID: writer.traceID)?.text == "Big " + big)
        #expect(try lookup.line(3, traceID: writer.traceID)?.text == "Small body")
        #expect(try MentionedViews.read(database, traceIDs: [writer.traceID]) == ["Big", "Small"])
    }

    /// A line's records are read a window at a time: many events on one line, and records
    /// that end just past a window, come back as `event_rows` gives them.
    @Test func aLineWhoseRecordsSpanSeveralReadsComesBackWhole() throws {
        let spooled = try TraceDatabase.openTemporary(spoolingEvents: true)
        let stored = try TraceDatabase.openTemporary()
        var events = [Event(line: 1, kind: .text, origin: .text, message: "first")]
        for index in 0..<40 {
            events.append(Event(
                line: 2, kind: .body, view: "Row\(index)", instance: "0x\(index)", origin: .structured,
                message: "Row\(index) " + String(repeating: "x", count: 90 + index * 7)
            ))
        }
        for length in [1990, 2000, 2010, 2100] {
            events.append(Event(line: 3 + length % 7, kind: .body, view: "Wide", origin: .structured, message: String(repeating: "w", count: length)))
        }
        events.sort { $0.line < $1.line }
        var traceIDs: [Int] = []
        for database in [spooled, stored] {
            let writer = try EventWriter(database: database, source: "many.log")
            try writer.append(contentsOf: events)
            try writer.finish(stats: ParseStats())
            traceIDs.append(writer.traceID)
        }
        let fromSpool = try EvidenceLookup(database: spooled), fromRows = try EvidenceLookup(database: stored)
        for line in 1...10 {
            #expect(try fromSpool.line(line, traceID: traceIDs[0]) == fromRows.line(line, traceID: traceIDs[1]), "line \(line)")
        }
        #expect(try fromSpool.line(2, traceID: traceIDs[0])?.text.contains("Row39 ") == true)
    }

    private static func rows(_ sql: String, _ database: Database) throws -> [[String]] {
        var rows: [[String]] = []
        try database.forEachRow(sql) { row in rows.append((0..<3).map { row.text(at: $0) ?? "NULL" }) }
        return rows
    }
}
