import Foundation
import Testing
import TraceModel
@testable import TraceStore

/// The writer reuses its statements' bindings from group to group and gathers change rows
/// across groups: what it stores must still be exactly the events it was given.
@Suite struct EventWriterRowsTests {
    /// Events whose optional fields come and go from row to row, so a parameter that held a
    /// value in one group meets a row without one in the same place of the next, and whose
    /// tokens (0 to 5 per event) fill change statements across group and batch ends.
    static func events(count: Int) -> [Event] {
        (0..<count).map { index in
            let dated = index % 3 != 0
            let envelope = dated
                ? Envelope(format: .nslog, timestamp: 1_700_000_000 + Double(index), process: "App", pid: 42 + index % 2, tid: index % 5 == 0 ? nil : 7)
                : Envelope(format: .plain)
            let tokens = (0..<(index % 6)).map { "_field\($0)_\(index % 4)" }
            return Event(
                line: index + 1, kind: tokens.isEmpty ? .text : .body,
                view: index % 4 == 3 ? nil : "View\(index % 7)",
                owner: index % 5 == 1 ? "Owner\(index)" : nil,
                instance: index % 7 == 2 ? "0x\(index)" : nil,
                origin: tokens.isEmpty ? .text : .printChanges,
                message: index % 4 == 3 ? "plain text \(index)" : "View\(index % 7): message \(index)",
                tokens: tokens, envelope: envelope,
                durationMs: index % 11 == 4 ? Double(index) / 8 : nil
            )
        }
    }

    @Test(arguments: [1, 10, 8192])
    func everyColumnAndTokenIsStoredAsGivenWhateverTheBatchSize(batchSize: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sqlite")
        let database = try TraceDatabase.openForWriting(path: path)
        let writer = try EventWriter(database: database, source: "app.log", batchSize: batchSize)
        let events = Self.events(count: 300)
        // In uneven slices, as the parse stage hands them over.
        var start = 0
        for size in [1, 17, 5, 40, 3, 100, 134] {
            try writer.append(contentsOf: Array(events[start..<(start + size)]))
            start += size
        }
        try writer.finish(stats: ParseStats())

        let reader = try TraceDatabase.openForReading(path: path)
        var stored: [[SQLValue]] = []
        try ReadOnlyQuery.run(
            "SELECT line, ts, process, pid, tid, kind, view, owner, instance, origin, message, duration_ms FROM events ORDER BY id",
            on: reader, columns: { _ in }, row: { stored.append($0) }
        )
        let expected: [[SQLValue]] = events.map { event in
            [
                .integer(Int64(event.line)), event.envelope.timestamp.map { .real($0) } ?? .null,
                event.envelope.process.map { .text($0) } ?? .null, event.envelope.pid.map { .integer(Int64($0)) } ?? .null,
                event.envelope.tid.map { .integer(Int64($0)) } ?? .null, .text(event.kind.rawValue),
                event.view.map { .text($0) } ?? .null, event.owner.map { .text($0) } ?? .null,
                event.instance.map { .text($0) } ?? .null, .text(event.origin.storedValue), .text(event.message),
                event.durationMs.map { .real($0) } ?? .null,
            ]
        }
        #expect(stored == expected)

        var changes: [String] = []
        try reader.forEachRow("SELECT e.line, c.position, c.token FROM changes AS c JOIN events AS e ON e.id = c.event_id ORDER BY c.event_id, c.position") {
            changes.append("\($0.int(at: 0)!) \($0.int(at: 1)!) \($0.text(at: 2)!)")
        }
        let expectedChanges = events.flatMap { event in
            event.tokens.enumerated().map { "\(event.line) \($0.offset) \($0.element)" }
        }
        #expect(changes.count > 2 * EventWriter.changeRowsPerStatement)
        #expect(changes == expectedChanges)
    }

    @Test func aCommittedBatchHoldsTheTokensOfItsEvents() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("t.sqlite")
        let database = try TraceDatabase.openForWriting(path: path)
        // Batches of 10 rows: fewer tokens than a change statement holds wait at each commit.
        let writer = try EventWriter(database: database, source: "-", batchSize: 10)
        let events = Self.events(count: 25)
        try writer.append(contentsOf: events)

        // Another connection sees the two committed batches, tokens and all, before the end.
        let reader = try TraceDatabase.openForReading(path: path)
        let committed = try #require(try reader.scalarInt("SELECT max(line) FROM events"))
        #expect(committed == 20)
        let tokens = try reader.scalarInt("SELECT count(*) FROM changes")
        #expect(tokens == events.prefix(committed).reduce(0) { $0 + $1.tokens.count })
        try writer.finish(stats: ParseStats())
    }
}
