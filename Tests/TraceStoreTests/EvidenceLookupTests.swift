import Foundation
import Testing
import TraceModel
@testable import TraceStore

@Suite struct EvidenceLookupTests {
    /// Stores a trace whose events sit on `lines` (in order), each saying which event it is.
    private static func store(_ lines: [Int], source: String, in database: Database) throws -> Int {
        let writer = try EventWriter(database: database, source: source)
        for (index, line) in lines.enumerated() {
            try writer.append(Event(line: line, kind: .`init`, view: "Row", instance: "#\(index)", origin: .lifecycle,
                                    message: "\(source) event \(index)"))
        }
        var stats = ParseStats()
        stats.lines = lines.last ?? 0
        try writer.finish(stats: stats)
        return try database.scalarInt("SELECT max(id) FROM traces")!
    }

    @Test(arguments: [
        [1, 2, 3, 4, 5, 6],              // one event per line: the predicted id is right
        [1, 2, 2, 3, 7, 8, 8, 8, 9, 12], // several events on a line, lines without events
        [3, 4, 5, 9],                     // a trace that does not start at line 1
        [1, 1, 3],                        // as many ids as lines, but not one per line
    ])
    func everyLineReadsAsTheWholeTraceScanReadsIt(lines: [Int]) throws {
        let directory = try TemporaryDirectory()
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        // A trace before and after, so the lookup must stay inside its own.
        _ = try Self.store([1, 2, 3], source: "before.log", in: database)
        let traceID = try Self.store(lines, source: "app.log", in: database)
        _ = try Self.store([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], source: "after.log", in: database)
        let wanted = Set(0...(lines.last! + 2))
        let scanned = try EvidenceText.read(database, traceID: traceID, lines: wanted)
        let lookup = try EvidenceLookup(database: database)
        for line in wanted.sorted() {
            #expect(try lookup.line(line, traceID: traceID) == scanned[line], "line \(line) of \(lines)")
        }
        // Several events on one line: the last one, as the scan keeps it.
        if lines == [1, 2, 2, 3, 7, 8, 8, 8, 9, 12] {
            #expect(try lookup.line(8, traceID: traceID)?.text == "app.log event 7")
        }
    }

    /// The writer counts the events stored on the line of the one before them; a trace the
    /// parser wrote has none, and its lookups read one row each.
    @Test func theWriterCountsEventsSharingALine() throws {
        let directory = try TemporaryDirectory()
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        let shared = try Self.store([1, 2, 2, 3, 7, 8, 8, 8, 9, 12], source: "shared.log", in: database)
        let single = try Self.store([1, 2, 3, 5], source: "single.log", in: database)
        let count = "SELECT value FROM stats WHERE trace_id = ? AND name = 'events_sharing_a_line'"
        #expect(try database.scalarInt(count, [shared]) == 3)
        #expect(try database.scalarInt(count, [single]) == 0)
    }

    /// Every fixture log, as the parser reads it, is one event or a continuation per line: no
    /// event shares a line, so lookups in traces `ingest` wrote take the one-row read.
    @Test func noParsedFixtureHasEventsSharingALine() throws {
        let directory = try TemporaryDirectory()
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures")
        var traces = 0
        for folder in ["formats", "seeds", "rules", "realworld"] {
            let folderURL = fixtures.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: folderURL.path).sorted() where name.hasSuffix(".log") {
                let summary = try Ingestor(database: database).ingest(path: folderURL.appendingPathComponent(name).path)
                let count = try database.scalarInt(
                    "SELECT value FROM stats WHERE trace_id = ? AND name = 'events_sharing_a_line'", [summary.traceID]
                )
                #expect(count == 0, "\(folder)/\(name)")
                traces += 1
            }
        }
        #expect(traces > 50)
    }

    /// A store written before the writer counted has no count: its lookups still read the row
    /// after each line's event, and find the last event of a line that holds several.
    @Test func aStoreWithoutTheCountStillFindsTheLastEventOfALine() throws {
        let directory = try TemporaryDirectory()
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        let lines = [1, 2, 2, 3, 7, 8, 8, 8, 9, 12]
        let traceID = try Self.store(lines, source: "app.log", in: database)
        try database.run("DELETE FROM stats WHERE name = 'events_sharing_a_line'")
        let lookup = try EvidenceLookup(database: database)
        let scanned = try EvidenceText.read(database, traceID: traceID, lines: Set(0...14))
        for line in 0...14 {
            #expect(try lookup.line(line, traceID: traceID) == scanned[line], "line \(line)")
        }
        #expect(try lookup.line(2, traceID: traceID)?.text == "app.log event 2")
        #expect(try lookup.line(8, traceID: traceID)?.text == "app.log event 7")
    }

    @Test func aTraceWithoutEventsHasNoLines() throws {
        let directory = try TemporaryDirectory()
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        let traceID = try Self.store([], source: "empty.log", in: database)
        #expect(try EvidenceLookup(database: database).line(1, traceID: traceID) == nil)
    }
}
