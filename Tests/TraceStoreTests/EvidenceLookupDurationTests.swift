import Foundation
import Testing
import TraceModel
@testable import TraceStore

/// `EvidenceLookup.timedEvents` finds the events with a duration on a line as a query over the
/// whole trace finds them, whether a line holds one event, several, or none.
@Suite struct EvidenceLookupDurationTests {
    /// Stores a trace whose events sit on `lines` (in order); every event at an odd position
    /// carries a duration.
    private static func store(_ lines: [Int], source: String, in database: Database) throws -> Int {
        let writer = try EventWriter(database: database, source: source)
        for (index, line) in lines.enumerated() {
            try writer.append(Event(line: line, kind: .body, view: "Row", origin: .structured,
                                    message: "\(source) event \(index)", durationMs: index % 2 == 1 ? Double(index) : nil))
        }
        var stats = ParseStats()
        stats.lines = lines.last ?? 0
        try writer.finish(stats: stats)
        return try database.scalarInt("SELECT max(id) FROM traces")!
    }

    @Test(arguments: [
        [1, 2, 3, 4, 5, 6],                    // one event per line: the predicted id
        [1, 2, 3, 5, 6, 9, 10, 14],            // lines a multi-line message spans hold no event of their own
        [1, 2, 2, 3, 7, 8, 8, 8, 9, 12],       // several events on a line
        [3, 4, 5, 9],                           // a trace that does not start at line 1
    ])
    func everyLineFindsTheTimedEventsAQueryFinds(lines: [Int]) throws {
        let directory = try TemporaryDirectory()
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        // A trace before and after, so the lookup must stay inside its own.
        _ = try Self.store([1, 2, 3, 4], source: "before.log", in: database)
        let traceID = try Self.store(lines, source: "app.log", in: database)
        _ = try Self.store(Array(1...20), source: "after.log", in: database)
        let lookup = try EvidenceLookup(database: database)
        var found = 0
        for line in 0...(lines.last! + 2) {
            var ids: [Int] = []
            try lookup.timedEvents(onLine: line, traceID: traceID, into: &ids)
            var expected: [Int] = []
            try database.forEachRow(
                "SELECT id FROM event_rows WHERE trace_id = ? AND line = ? AND duration_ms IS NOT NULL ORDER BY id", [traceID, line]
            ) { expected.append($0.integer(at: 0)) }
            #expect(ids == expected, "line \(line) of \(lines)")
            found += ids.count
        }
        #expect(found == lines.count / 2)

        // A finding citing every line, lines without an event among them: its lines read with
        // their predicted events in one statement find the same events.
        try database.run("INSERT INTO findings (trace_id, rule, severity, message, count) VALUES (?, 'r', 'warning', 'm', 1)", [traceID])
        let findingID = database.lastInsertRowID
        var each: [Int] = []
        for line in 1...(lines.last! + 2) {
            try database.run("INSERT INTO evidence (finding_id, line) VALUES (?, ?)", [findingID, line])
            try lookup.timedEvents(onLine: line, traceID: traceID, into: &each)
        }
        #expect(try lookup.timedEvents(citedBy: findingID, traceID: traceID) == each)
        #expect(each.count == lines.count / 2)
    }
}
