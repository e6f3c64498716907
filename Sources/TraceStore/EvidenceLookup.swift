/// Reads what single lines of stored traces say, one line at a time, for a report that prints
/// each finding's evidence as it reaches it.
///
/// `EvidenceText.read` scans a trace once for a known set of lines; a streaming report does not
/// know its lines in advance and must not collect them. Lines grow with event ids within a
/// trace, and nearly always one event is one line, so a line is first looked for at the id its
/// number predicts (one indexed read), and otherwise found by a binary search over ids.
public final class EvidenceLookup {
    let database: Database
    private let probe: Statement
    /// The predicted event alone, for a trace whose writer stored no two events on one line.
    private let exact: Statement
    private let atOrAfter: Statement
    private var trace: Bounds?

    struct Bounds {
        let id: Int
        let firstID: Int
        let firstLine: Int
        let lastID: Int
        /// The writer counted no event on the line of the one before it
        /// (`EventWriter.sharingALineStat` is 0); unknown for a store written before it counted.
        let oneEventPerLine: Bool
    }

    /// A lookup over `database`'s events.
    public init(database: Database) throws {
        self.database = database
        // From the rows under the `events` view: the message is put back together here (the view's
        // `view || message`) rather than by SQLite, for about half the cost per line.
        let columns = "SELECT id, trace_id, line, message, instance, view_prefix, view FROM event_rows"
        // Two rows: the predicted event and the next, which would share its line when one line
        // holds several events (the last of them is the one `EvidenceText.read` keeps).
        probe = try database.prepare("\(columns) WHERE id >= ? ORDER BY id LIMIT 2")
        // Without a second row to read, an exact seek: half the cost of a text report's lookups.
        exact = try database.prepare("\(columns) WHERE id = ?")
        atOrAfter = try database.prepare("SELECT id, trace_id, line FROM events WHERE id >= ? ORDER BY id LIMIT 1")
    }

    /// Line `line` of trace `traceID`, as `EvidenceText.read` would give it; nil when the trace
    /// holds no event on that line.
    public func line(_ line: Int, traceID: Int) throws -> EvidenceText.Line? {
        if let spool = database.eventSpool, spool.holds(traceID) {
            return spool.events(onLine: line, traceID: traceID).last.map { EvidenceText.Line(text: $0.message, instance: $0.instance) }
        }
        guard let trace = try bounds(of: traceID) else { return nil }
        let guess = trace.firstID + (line - trace.firstLine)
        if guess >= trace.firstID && guess <= trace.lastID,
           let found = try predicted(guess, line: line, traceID: traceID, alone: trace.oneEventPerLine) {
            return found
        }
        return try searched(line, in: trace, traceID: traceID)
    }

    /// The event at `id` when it is the last of trace `traceID` on `line`; `alone` when no
    /// event can follow it on its line.
    private func predicted(_ id: Int, line: Int, traceID: Int, alone: Bool) throws -> EvidenceText.Line? {
        let statement = alone ? exact : probe
        // Its one parameter is bound anew each time: no bindings to clear.
        defer { statement.rewind() }
        statement.bind(id, at: 1)
        guard try statement.step(), statement.integer(at: 0) == id, statement.int(at: 1) == traceID, statement.int(at: 2) == line else {
            return nil
        }
        let found = Self.said(by: statement)
        if !alone, try statement.step(), statement.int(at: 1) == traceID, statement.int(at: 2) == line { return nil }
        return found
    }

    /// What the row `statement` is on says: the message with its view put back (the `events`
    /// view's `view || message`), made in one piece, and the instance. Both were stored from
    /// Swift strings, valid UTF-8, so decoding them together reads as decoding them apart.
    private static func said(by statement: Statement) -> EvidenceText.Line {
        let message = statement.bytes(at: 3) ?? UnsafeRawBufferPointer(start: nil, count: 0)
        let view = statement.integer(at: 5) != 0 ? statement.bytes(at: 6) : nil
        let text = view.map { view in
            String(unsafeUninitializedCapacity: view.count + message.count) { buffer in
                let out = UnsafeMutableRawBufferPointer(buffer)
                out.copyMemory(from: view)
                UnsafeMutableRawBufferPointer(rebasing: out[view.count...]).copyMemory(from: message)
                return view.count + message.count
            }
        } ?? String(decoding: message, as: UTF8.self)
        return EvidenceText.Line(text: text, instance: statement.text(at: 4))
    }

    /// The last event of the trace on `line`, found by bisecting ids: the largest id from which
    /// the next event's line is still at most `line` names that event.
    private func searched(_ line: Int, in trace: Bounds, traceID: Int) throws -> EvidenceText.Line? {
        guard trace.firstLine <= line else { return nil }
        var low = trace.firstID, high = trace.lastID
        var lowEvent = try next(from: low)
        while low < high {
            let middle = low + (high - low + 1) / 2
            if let event = try next(from: middle), event.line <= line, event.id <= trace.lastID {
                low = middle
                lowEvent = event
            } else {
                high = middle - 1
            }
        }
        guard let lowEvent, lowEvent.line == line else { return nil }
        let statement = try database.cachedStatement("SELECT message, instance FROM events WHERE id = ?")
        defer { statement.reset() }
        statement.bind(lowEvent.id, at: 1)
        guard try statement.step() else { return nil }
        return EvidenceText.Line(text: statement.text(at: 0) ?? "", instance: statement.text(at: 1))
    }

    private func next(from id: Int) throws -> (id: Int, line: Int)? {
        defer { atOrAfter.reset() }
        atOrAfter.bind(id, at: 1)
        guard try atOrAfter.step(), let line = atOrAfter.int(at: 2) else { return nil }
        return (atOrAfter.integer(at: 0), line)
    }

    func bounds(of traceID: Int) throws -> Bounds? {
        if let trace, trace.id == traceID { return trace }
        guard let firstID = try database.scalarInt("SELECT id FROM events WHERE trace_id = ? ORDER BY id LIMIT 1", [traceID]),
              let lastID = try database.scalarInt("SELECT id FROM events WHERE trace_id = ? ORDER BY id DESC LIMIT 1", [traceID]),
              let firstLine = try database.scalarInt("SELECT line FROM events WHERE id = ?", [firstID])
        else { return nil }
        let sharing = try database.scalarInt(
            "SELECT value FROM stats WHERE trace_id = ? AND name = ?", [traceID, EventWriter.sharingALineStat]
        )
        trace = Bounds(id: traceID, firstID: firstID, firstLine: firstLine, lastID: lastID, oneEventPerLine: sharing == 0)
        return trace
    }
}
