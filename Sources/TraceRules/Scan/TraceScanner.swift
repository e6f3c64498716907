import Foundation
import TraceModel
import TraceStore

/// Reads one stored trace in input order, once, as `LifecycleEvent`s.
///
/// Statements step side by side: the trace's events by rowid (ids grow with the input, so
/// there is no sort), and by primary key their `_printChanges()` tokens, SwiftUI warnings,
/// multiplicities and endless notes, merged into their event as all advance. Names are
/// interned straight from SQLite's bytes.
///
/// Text lines (a third of a typical log) are not handed to the rules; the event after them says
/// so (`followsText`). When the trace's ids are contiguous (one ingest at a time wrote the file)
/// SQLite skips them and the gaps in the ids tell where they were; otherwise they are read and
/// skipped here.
///
/// The same SELECTs can be pasted into `trace-analyze query` to see what the rules see.
public struct TraceScanner {
    /// The events of a trace whose ids are contiguous: its rowid range holds nothing else, so
    /// rows are not checked for their trace, and text lines show as gaps in the ids.
    /// They are read from `event_rows`, the narrow table behind the `events` view: kind and
    /// origin as codes (7 is text, 1 is print_changes; `EventCodes`), no envelope text. A recorded
    /// update (origin `instruments`, 2 in the eighth column) is read as a `_printChanges()` line:
    /// its tokens say the same, but no token means the recording named no cause, not `unchanged`.
    /// A hitch's `RecordedFacts` (tenth column) are read from `recorded_intervals`, for hitch rows only.
    public static let contiguousEventsSQL = """
        SELECT id, line, ts, kind, view, owner, instance, CASE origin WHEN 1 THEN 1 WHEN (SELECT id FROM event_origins WHERE origin = 'instruments') THEN 2 ELSE 0 END, duration_ms, pid,
               \(RecordedIntervals.factsSQL)
        FROM event_rows
        WHERE id BETWEEN ?1 AND ?2 AND kind <> 7
        ORDER BY id
        """

    /// The events of a trace whose ids interleave with another's (two ingests wrote at once).
    public static let interleavedEventsSQL = """
        SELECT id, line, ts, kind, view, owner, instance, CASE origin WHEN 1 THEN 1 WHEN (SELECT id FROM event_origins WHERE origin = 'instruments') THEN 2 ELSE 0 END, duration_ms, pid,
               \(RecordedIntervals.factsSQL)
        FROM event_rows
        WHERE id BETWEEN ?1 AND ?2 AND +trace_id = ?3
        ORDER BY id
        """

    public static let changesSQL = """
        SELECT event_id, token
        FROM changes
        WHERE event_id BETWEEN ?1 AND ?2
        ORDER BY event_id, position
        """

    /// The SwiftUI warnings among them (events of kind `warning`).
    public static let warningsSQL = """
        SELECT event_id, warning, type, element_id, attribute
        FROM warnings
        WHERE event_id BETWEEN ?1 AND ?2
        ORDER BY event_id
        """

    /// The events that happened more than once, and how many times.
    public static let multiplicitiesSQL = """
        SELECT event_id, count
        FROM multiplicities
        WHERE event_id BETWEEN ?1 AND ?2
        ORDER BY event_id
        """

    /// The events after which the author wrote that what led up to them goes on without end.
    public static let endlessNotesSQL = """
        SELECT event_id, line, words
        FROM endless_notes
        WHERE event_id BETWEEN ?1 AND ?2
        ORDER BY event_id
        """

    /// The trace's first and last event id; nil for a trace without events.
    ///
    /// Two probes that stop at the first match, not `min`/`max` (a scan of the whole table
    /// without an index on `trace_id`): traces are stored one after another, so the latest
    /// trace's last event is the table's last row.
    public static func eventRange(of traceID: Int, in database: Database) throws -> ClosedRange<Int>? {
        let first = try database.scalarInt("SELECT id FROM event_rows WHERE trace_id = ? ORDER BY id LIMIT 1", [traceID])
        let last = try database.scalarInt("SELECT id FROM event_rows WHERE trace_id = ? ORDER BY id DESC LIMIT 1", [traceID])
        guard let first, let last else { return nil }
        return first...last
    }

    private let database: Database
    private let traceID: Int
    private let eventIDs: ClosedRange<Int>

    /// A scanner of trace `traceID`, whose events have the ids `eventIDs`.
    public init(database: Database, traceID: Int, eventIDs: ClosedRange<Int>) {
        self.database = database
        self.traceID = traceID
        self.eventIDs = eventIDs
    }

    /// Calls `body` with every event of the trace but its text lines, in input order, names
    /// interned in `symbols`.
    ///
    /// SQLite is read on a thread of its own, a few thousand events ahead of `body`, as an ingest
    /// parses ahead of its writer: decoding rows and running the rules take about as long as
    /// each other, and two cores do both at once. So `body` must not read `symbols` (the reading
    /// thread is filling it): what a rule needs of a name while it observes is in the `Symbol`;
    /// names are for after the scan. The connection is not touched by anything else until
    /// `scan` returns.
    public func scan(into symbols: SymbolTable, _ body: (LifecycleEvent) throws -> Void) throws {
        let storedEvents = try database.scalarInt("SELECT events FROM traces WHERE id = ?", [traceID]) ?? 0
        let reader = try Reader(
            database: database, traceID: traceID, eventIDs: eventIDs, contiguous: storedEvents == eventIDs.count,
            symbols: symbols
        )
        // `drain` stops the reader when `body` throws, and returns once it has stopped.
        symbols.isBeingFilled = true
        defer { symbols.isBeingFilled = false }
        try BlockingQueue.drain(capacity: 4, producing: { try reader.run(into: $0) }) { events in
            for event in events { try body(event) }
            reader.pool.recycle(events)
        }
    }

    /// The reading half of a scan: steps both statements and interns names, on its own thread.
    private final class Reader: @unchecked Sendable {
        static let chunkSize = 4096
        /// The chunks' arrays, back from `scan` once it has read them.
        let pool = ArrayPool<LifecycleEvent>(capacity: chunkSize)

        private let eventIDs: ClosedRange<Int>
        private let contiguous: Bool
        private let symbols: SymbolTable
        private let events: Statement
        private let changes: Statement
        private let warnings: Statement
        private let multiplicities: Statement
        private let endlessNotes: Statement

        init(database: Database, traceID: Int, eventIDs: ClosedRange<Int>, contiguous: Bool, symbols: SymbolTable) throws {
            self.eventIDs = eventIDs
            self.contiguous = contiguous
            self.symbols = symbols
            events = try database.prepare(contiguous ? TraceScanner.contiguousEventsSQL : TraceScanner.interleavedEventsSQL)
            try events.bind([eventIDs.lowerBound, eventIDs.upperBound] + (contiguous ? [] : [traceID]))
            changes = try database.prepare(TraceScanner.changesSQL)
            try changes.bind([eventIDs.lowerBound, eventIDs.upperBound])
            warnings = try database.prepare(TraceScanner.warningsSQL)
            try warnings.bind([eventIDs.lowerBound, eventIDs.upperBound])
            multiplicities = try database.prepare(TraceScanner.multiplicitiesSQL)
            try multiplicities.bind([eventIDs.lowerBound, eventIDs.upperBound])
            endlessNotes = try database.prepare(TraceScanner.endlessNotesSQL)
            try endlessNotes.bind([eventIDs.lowerBound, eventIDs.upperBound])
        }

        /// Reads the trace into `queue` in chunks; stops early when no one takes them any more.
        func run(into queue: BlockingQueue<Handover<[LifecycleEvent]>>) throws {
            var chunk = pool.take()
            try read { event in
                chunk.append(event)
                guard chunk.count == Self.chunkSize else { return true }
                defer { chunk = pool.take() }
                return queue.put(.part(chunk))
            }
            if !chunk.isEmpty { _ = queue.put(.part(chunk)) }
        }

        /// Steps through the trace, handing each event to `emit` until it returns false.
        private func read(_ emit: (LifecycleEvent) -> Bool) throws {
            var nextChange = try changes.step() ? changes.integer(at: 0) : nil
            var nextWarning = try warnings.step() ? warnings.integer(at: 0) : nil
            var nextMultiple = try multiplicities.step() ? multiplicities.integer(at: 0) : nil
            var nextNote = try endlessNotes.step() ? endlessNotes.integer(at: 0) : nil
            var previousID = eventIDs.lowerBound - 1
            var skippedText = false
            var launch = Relaunch()
            while try events.step() {
                let id = events.integer(at: 0)
                let kind = EventCodes.kind(code: events.integer(at: 3))
                if kind == .text {
                    skippedText = true
                    continue
                }
                var event = LifecycleEvent(line: events.integer(at: 1), ts: events.double(at: 2), kind: kind)
                event.id = id
                event.followsText = skippedText || (contiguous && id != previousID + 1)
                skippedText = false
                previousID = id
                event.view = events.bytes(at: 4).map(symbols.intern)
                event.owner = events.bytes(at: 5).map(symbols.intern)
                event.instance = events.bytes(at: 6).map(symbols.internInstance)
                let printed = events.integer(at: 7)
                event.isPrintChanges = printed != 0
                event.isRecorded = printed == 2
                event.durationMilliseconds = events.double(at: 8)
                if kind == .hitch { event.recorded = RecordedFacts(rawValue: UInt8(truncatingIfNeeded: events.integer(at: 10))) }
                while let changeEventID = nextChange, changeEventID <= id {
                    if changeEventID == id, let token = changes.bytes(at: 1).map(symbols.intern) {
                        event.append(token: token, symbols: symbols)
                    }
                    nextChange = try changes.step() ? changes.integer(at: 0) : nil
                }
                while let warningEventID = nextWarning, warningEventID <= id {
                    if warningEventID == id { event.warning = warning() }
                    nextWarning = try warnings.step() ? warnings.integer(at: 0) : nil
                }
                while let multipleEventID = nextMultiple, multipleEventID <= id {
                    if multipleEventID == id { event.multiplicity = max(0, multiplicities.integer(at: 1)) }
                    nextMultiple = try multiplicities.step() ? multiplicities.integer(at: 0) : nil
                }
                while let noteEventID = nextNote, noteEventID <= id {
                    if noteEventID == id, let words = endlessNotes.text(at: 2).flatMap(EndlessNote.Words.init(text:)) {
                        event.endlessNote = (line: endlessNotes.integer(at: 1), words: words)
                    }
                    nextNote = try endlessNotes.step() ? endlessNotes.integer(at: 0) : nil
                }
                event.relaunch = launch.startsAgain(event, pid: events.int(at: 9))
                guard emit(event) else { return }
            }
        }

        /// The warning row `warnings` stands on; nil for an identifier this binary does not know.
        private func warning() -> LifecycleEvent.Warning? {
            guard let name = warnings.text(at: 1), let identifier = SwiftUIWarning.Identifier(rawValue: name) else { return nil }
            return LifecycleEvent.Warning(
                identifier: identifier,
                type: warnings.bytes(at: 2).map(symbols.intern),
                elementID: warnings.bytes(at: 3).map(symbols.intern),
                attribute: warnings.int(at: 4)
            )
        }
    }
}

/// Where an app launched again inside one stream: the lines' process id changed. Every lifetime
/// ends there. (A log without process ids shows a relaunch only as its root view made anew,
/// which `identity_churn` never counts as churn: a view cannot be re-created by its own update.)
struct Relaunch {
    private var pid: Int?

    /// True when `event` is the first of a new launch.
    mutating func startsAgain(_ event: LifecycleEvent, pid newPID: Int?) -> Bool {
        guard let newPID else { return false }
        defer { pid = newPID }
        return pid != nil && pid != newPID
    }
}
