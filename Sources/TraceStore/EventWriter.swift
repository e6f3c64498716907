import Foundation
import TraceModel

/// Streams events of one trace into the store in batched transactions.
///
/// A batch commits after `batchSize` events or once `maxLatency` has passed, whichever comes
/// first, so a concurrent reader sees new events within about a second and a killed process
/// loses at most the open batch.
public final class EventWriter {
    /// The id of the trace being written.
    public let traceID: Int
    private let database: Database
    private let batchSize: Int
    private let maxLatency: TimeInterval
    private var pending = 0
    /// What the committed rows add up to, stored with every commit so `traces` never disagrees
    /// with `events`, even after kill -9: rows written, of them text rows, and the last line.
    private var written = 0
    private var writtenText = 0
    private var lastLine = 0
    /// The id of the last event stored: a batch's events take consecutive ids ending here.
    public private(set) var lastEventID = 0
    /// How many rows sat on the last line stored before them: stored with the counters
    /// (`events_sharing_a_line`), so a reader looking a line up knows whether the event on it
    /// can have a second one after it (`EvidenceLookup`).
    private var sharingALine = 0
    /// How many rows carry a duration (`events_with_duration`): a report ranks by time only when
    /// some do, and without the count it scanned every row of the trace to find out.
    private var withDuration = 0
    private var inTransaction = false
    private var batchStarted: TimeInterval = 0
    private let insertEvents: [Statement]
    /// Held through a pointer: a stored `var` of a class pays a dynamic exclusivity check on
    /// every mutation, a measurable share of the per-row cost.
    private let arena: UnsafeMutablePointer<TextArena> = {
        let pointer = UnsafeMutablePointer<TextArena>.allocate(capacity: 1)
        pointer.initialize(to: TextArena())
        return pointer
    }()
    let insertChanges: [Statement]
    /// The token texts of the change rows waiting in `changeRows`: a statement of its own,
    /// so they outlive the event groups they came from.
    let changeArena: UnsafeMutablePointer<TextArena> = {
        let pointer = UnsafeMutablePointer<TextArena>.allocate(capacity: 1)
        pointer.initialize(to: TextArena())
        return pointer
    }()
    /// Which nullable parameters of each event statement hold a value from an earlier group,
    /// a bit per column (`nullableColumns`) for each row of each statement: a parameter left
    /// NULL needs no call when it was NULL before, where clearing every binding before each
    /// group cost a call that touched all 224 parameters.
    private let boundValues: UnsafeMutablePointer<UInt8> = {
        let count = EventWriter.rowsPerStatement * EventWriter.rowsPerStatement
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        pointer.initialize(repeating: 0, count: count)
        return pointer
    }()
    /// The integers each event statement's parameters hold, a slot per parameter of every
    /// statement (numbered as `bindRow` says): most repeat the row the parameter held before.
    private let eventIntegers = BoundIntegers(count: EventWriter.rowsPerStatement * EventWriter.rowsPerStatement * Int(EventWriter.parametersPerRow))
    /// The same for the change statements' `position` parameters, a slot per row of each.
    let changePositions = BoundIntegers(count: EventWriter.changeRowsPerStatement * EventWriter.changeRowsPerStatement)
    /// One row at a time: a warning is rare next to the events around it.
    let insertWarning: Statement
    /// One row at a time: an event that happened more than once is as rare.
    let insertMultiplicity: Statement
    /// One row at a time: an event the author says goes on without end is rarer still.
    let insertEndlessNote: Statement
    /// Ids of the envelope fields and origins that repeat from row to row.
    private let dictionary: EventDictionary
    /// Whether `_printChanges` tokens go into `changes`.
    private let storesTokens: Bool
    /// Where the events go instead of `event_rows`, for a database that keeps them in a spool
    /// (`check`'s temporary one).
    private let spool: EventSpool?

    /// Starts a new trace read from `source` and returns a writer for its events.
    ///
    /// Without `storingTokens` the `_printChanges` tokens are left out of `changes`: for a
    /// database only its writer reads (`check`'s temporary one, whose rules take the tokens from
    /// the events themselves), where they cost a sixth of the writer's time.
    public init(
        database: Database, source: String, batchSize: Int = 8192, maxLatency: TimeInterval = 0.5, storingTokens: Bool = true
    ) throws {
        storesTokens = storingTokens
        self.database = database
        self.batchSize = batchSize
        self.maxLatency = maxLatency
        try database.run(
            "INSERT INTO traces (source, ingested_at) VALUES (?, ?)",
            [source, ISO8601DateFormatter().string(from: Date())]
        )
        traceID = database.lastInsertRowID
        spool = database.eventSpool
        // The trace id is written into the SQL rather than bound: the same on every row, it cost
        // a bind call per row.
        let traceID = traceID
        insertEvents = spool != nil ? [] : try (1...Self.rowsPerStatement).map { rows in
            try database.prepare(Self.insertSQL(table: "event_rows", columns: Self.eventColumns, rows: rows, first: "\(traceID)"))
        }

        dictionary = EventDictionary(database: database)
        insertChanges = try (1...Self.changeRowsPerStatement).map { rows in
            try database.prepare(Self.insertSQL(table: "changes", columns: ["event_id", "position", "token"], rows: rows))
        }
        insertWarning = try database.prepare(
            Self.insertSQL(table: "warnings", columns: ["event_id", "warning", "type", "element_id", "attribute"], rows: 1)
        )
        insertMultiplicity = try database.prepare(Self.insertSQL(table: "multiplicities", columns: ["event_id", "count"], rows: 1))
        insertEndlessNote = try database.prepare(Self.insertSQL(table: "endless_notes", columns: ["event_id", "line", "words"], rows: 1))
        if let spool {
            spool.beginTrace(traceID)
            lastEventID = spool.lastEventID
        }
    }

    deinit {
        arena.deinitialize(count: 1)
        arena.deallocate()
        changeArena.deinitialize(count: 1)
        changeArena.deallocate()
        boundValues.deallocate()
        eventIntegers.deallocate()
        changePositions.deallocate()
        changeRows.deinitialize(count: 1)
        changeRows.deallocate()
    }

    /// Stores one event; commits the batch when it is full or old enough.
    public func append(_ event: Event) throws {
        try append(contentsOf: [event])
    }

    /// Stores events in input order; commits whenever a batch is full or old enough.
    ///
    /// Rows go in `rowsPerStatement` at a time: one multi-row `INSERT` costs far less than as many
    /// single-row ones (statement start-up and halt dominate a narrow insert).
    public func append(contentsOf events: [Event]) throws {
        var start = 0
        while start < events.count {
            if !inTransaction { try begin() }
            let count = min(events.count - start, Self.rowsPerStatement, batchSize - pending)
            try insertGroup(events[start..<(start + count)])
            start += count
            pending += count
            // Reading the clock for every group would cost more than it saves: look at it each
            // time the batch crosses a multiple of 256 rows.
            let crossed256 = pending / 256 != (pending - count) / 256
            if pending >= batchSize || (crossed256 && isBatchOld) {
                try commit()
            }
        }
    }

    static let rowsPerStatement = 16

    /// Change rows per `INSERT`: they are gathered across event groups, so every statement but
    /// the last of a batch is full (a group's own tokens filled 9 rows on average).
    static let changeRowsPerStatement = 32

    /// The parameters of one event row: every column but `trace_id`, which is in the SQL.
    static let parametersPerRow = Int32(eventColumns.count - 1)

    /// The bits of `boundValues`, one per nullable parameter of a row.
    private enum Nullable {
        static let ts: UInt8 = 1, pid: UInt8 = 2, tid: UInt8 = 4, view: UInt8 = 8
        static let owner: UInt8 = 16, instance: UInt8 = 32, duration: UInt8 = 64
    }

    /// The `stats` counter of events stored on the same line as the event before them: 0 for
    /// everything the parser writes (a line is one event or a continuation of one), more for
    /// events appended by hand.
    public static let sharingALineStat = "events_sharing_a_line"

    /// The `stats` counter of events stored with a duration (`duration_ms`): 0 for a log with
    /// no structured `ms=`, probe or Instruments lines.
    public static let withDurationStat = "events_with_duration"

    /// The columns of `event_rows` (schema version 6): the `events` view reads them back.
    static let eventColumns = [
        "trace_id", "line", "kind", "origin", "envelope", "context", "ts", "pid", "tid",
        "view", "owner", "instance", "message", "view_prefix", "duration_ms",
    ]

    /// A multi-row `INSERT` of `columns` with a parameter for each, or with `first` as the
    /// first column's value in every row.
    static func insertSQL(table: String, columns: [String], rows: Int, first: String? = nil) -> String {
        let values = (first.map { [$0] } ?? []) + Array(repeating: "?", count: columns.count - (first == nil ? 0 : 1))
        let row = "(" + values.joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    private func insertGroup(_ group: ArraySlice<Event>) throws {
        // Events are read where they lie, through a pointer: a loop over the slice copies each
        // event out, a retain and release of every string it holds, and `check`'s rules read
        // the same strings on another core at the same time.
        try group.withUnsafeBufferPointer { events in
            guard let first = events.baseAddress else { return }
            var holdsRare = false
            let firstID: Int
            if let spool {
                for row in 0..<events.count {
                    holdsRare = count(first + row) || holdsRare
                    spool.append(first + row)
                }
                firstID = lastEventID + 1
            } else {
                let statement = insertEvents[group.count - 1]
                statement.rewind()
                let bound = boundValues + (group.count - 1) * Self.rowsPerStatement
                let slots = (group.count - 1) * Self.rowsPerStatement * Int(Self.parametersPerRow)
                for row in 0..<events.count {
                    let base = Int32(row) * Self.parametersPerRow
                    holdsRare = try bindRow(first + row, at: base, slot: slots + Int(base), of: statement, bound: bound + row) || holdsRare
                }
                try arena.pointee.bind(to: statement) { _ = try statement.step() }
                // A multi-row INSERT into a rowid table inside our write transaction takes
                // consecutive ids, ending at the last insert rowid.
                firstID = database.lastInsertRowID - events.count + 1
            }
            written += events.count
            lastEventID = firstID + events.count - 1
            // Apart from the loop above, which stays lean: almost no group holds a warning.
            if holdsRare {
                for offset in 0..<events.count {
                    if first[offset].kind == .warning { try storeWarning(of: first[offset].message, eventID: firstID + offset) }
                    if first[offset].multiplicity != 1 { try storeMultiplicity(Int(first[offset].multiplicity), eventID: firstID + offset) }
                    if let note = first[offset].endlessNote {
                        try storeEndlessNote(note, after: first[offset].line, eventID: firstID + offset)
                    }
                }
            }
            guard storesTokens else { return }
            for offset in 0..<events.count {
                let tokens = (first + offset).pointer(to: \.tokens)!
                for position in 0..<tokens.pointee.count {
                    if changeRows.pointee.count == Self.changeRowsPerStatement { try flushChanges() }
                    pendingChange(eventID: firstID + offset, position: position, token: tokens.pointee[position])
                }
            }
        }
    }

    /// Counts the event at `event` into the trace's counters; true when it is a warning,
    /// happened more than once or is followed by an endless note (rows of side tables follow).
    @inline(__always)
    private func count(_ event: UnsafePointer<Event>) -> Bool {
        let kind = event.pointee.kind
        if kind == .text { writtenText += 1 }
        // Lines count from 1: the first row never matches the 0 `lastLine` starts from.
        if event.pointee.line == lastLine { sharingALine += 1 }
        lastLine = max(lastLine, event.pointee.line)
        if event.pointee.durationMs != nil { withDuration += 1 }
        return kind == .warning || event.pointee.multiplicity != 1 || event.pointee.endlessNote != nil
    }

    /// Binds the columns of the event at `event` from parameter `base + 1` on, and counts it;
    /// true when it is a warning, happened more than once or has an endless note (`count`).
    /// `bound` holds the bits of the row's nullable parameters that hold a value: one is set
    /// NULL only when it does.
    /// Parameter `base + k` has slot `slot + k - 1` in `eventIntegers`: an integer equal to the
    /// one it holds is not bound again.
    @inline(__always)
    private func bindRow(
        _ event: UnsafePointer<Event>, at base: Int32, slot: Int, of statement: Statement, bound: UnsafeMutablePointer<UInt8>
    ) throws -> Bool {
        let integers = eventIntegers
        let holdsRare = count(event)
        var present: UInt8 = 0
        statement.bind(event.pointee.line, at: base + 1)
        integers.bind(event.pointee.kind.index, slot: slot + 1, at: base + 2, of: statement)
        integers.bind(try dictionary.originID(of: event.pointee.origin), slot: slot + 2, at: base + 3, of: statement)
        integers.bind(event.pointee.envelope.format.index, slot: slot + 3, at: base + 4, of: statement)
        integers.bind(try dictionary.contextID(of: event.pointee.envelope), slot: slot + 4, at: base + 5, of: statement)
        if let ts = event.pointee.envelope.timestamp {
            statement.bind(ts, at: base + 6)
            present |= Nullable.ts
        }
        if let pid = event.pointee.envelope.pid {
            integers.bind(pid, slot: slot + 6, at: base + 7, of: statement)
            present |= Nullable.pid
        }
        if let tid = event.pointee.envelope.tid {
            integers.bind(tid, slot: slot + 7, at: base + 8, of: statement)
            present |= Nullable.tid
        }
        if arena.pointee.add(event.pointee.view, at: base + 9) { present |= Nullable.view }
        if arena.pointee.add(event.pointee.owner, at: base + 10) { present |= Nullable.owner }
        if arena.pointee.add(event.pointee.instance, at: base + 11) { present |= Nullable.instance }
        // A message that begins with the view's name is stored without it.
        let elided = arena.pointee.add(event.pointee.message, droppingPrefix: event.pointee.view, at: base + 12)
        integers.bind(elided ? 1 : 0, slot: slot + 12, at: base + 13, of: statement)
        if let duration = event.pointee.durationMs {
            statement.bind(duration, at: base + 14)
            present |= Nullable.duration
        }
        // Parameters that held a value for an earlier row and have none now are set NULL.
        let stale = bound.pointee & ~present
        if stale != 0 { Self.bindNull(stale, base: base, slot: slot, of: statement, integers: integers) }
        bound.pointee = present
        return holdsRare
    }

    /// Sets NULL the parameters of a row (from `base + 1`) whose `Nullable` bits are in `stale`,
    /// and forgets the integers the process and thread ids held.
    private static func bindNull(_ stale: UInt8, base: Int32, slot: Int, of statement: Statement, integers: BoundIntegers) {
        if stale & Nullable.ts != 0 { statement.bindNull(at: base + 6) }
        if stale & Nullable.pid != 0 {
            statement.bindNull(at: base + 7)
            integers.forget(slot: slot + 6)
        }
        if stale & Nullable.tid != 0 {
            statement.bindNull(at: base + 8)
            integers.forget(slot: slot + 7)
        }
        if stale & Nullable.view != 0 { statement.bindNull(at: base + 9) }
        if stale & Nullable.owner != 0 { statement.bindNull(at: base + 10) }
        if stale & Nullable.instance != 0 { statement.bindNull(at: base + 11) }
        if stale & Nullable.duration != 0 { statement.bindNull(at: base + 14) }
    }

    /// Token rows wait in `changeRows` until a full statement's worth, or until the batch
    /// commits: they are written in the same transaction as their events. Held through a
    /// pointer, as `arena` is: a stored array paid an exclusivity check on every append.
    let changeRows: UnsafeMutablePointer<[(eventID: Int, position: Int)]> = {
        let pointer = UnsafeMutablePointer<[(eventID: Int, position: Int)]>.allocate(capacity: 1)
        pointer.initialize(to: [])
        pointer.pointee.reserveCapacity(EventWriter.changeRowsPerStatement)
        return pointer
    }()

    /// Commits the open batch if it is older than the latency bound; call when input is idle.
    public func flushIfDue() throws {
        if inTransaction && isBatchOld { try commit() }
    }

    /// Commits the last batch and records the trace's final counters; marks the trace complete
    /// only when `complete` (its input ended, rather than the ingest being stopped).
    public func finish(stats: ParseStats, complete: Bool = true) throws {
        if !inTransaction { try begin() }
        try flushChanges()
        try database.run(
            "UPDATE traces SET format = ?, lines = ?, events = ?, unrecognized = ?, complete = ? WHERE id = ?",
            [Self.dominantFormat(stats), stats.lines, stats.events, stats.unrecognized, complete ? 1 : 0, traceID]
        )
        // A spooled trace (`check`'s) keeps no event rows to read measurements from.
        let measured = spool == nil && writtenText > 0 ? try TestMeasurements.store(traceID: traceID, database: database).named : []
        for (name, value) in stats.named + [(Self.sharingALineStat, sharingALine), (Self.withDurationStat, withDuration)] + measured {
            try database.run("INSERT OR REPLACE INTO stats (trace_id, name, value) VALUES (?, ?, ?)", [traceID, name, value])
        }
        try database.execute("COMMIT")
        inTransaction = false
        pending = 0
        spool?.finishTrace()
    }

    private var isBatchOld: Bool { ProcessInfo.processInfo.systemUptime - batchStarted >= maxLatency }

    private func begin() throws {
        try database.execute("BEGIN IMMEDIATE")
        inTransaction = true
        batchStarted = ProcessInfo.processInfo.systemUptime
    }

    /// Commits the open batch with the counters of what is now stored: while a stream runs,
    /// `events` and `unrecognized` equal the rows, and `lines` is the line of the last event
    /// stored (every line before it is accounted for).
    private func commit() throws {
        try flushChanges()
        try database.run(
            "UPDATE traces SET lines = ?, events = ?, unrecognized = ? WHERE id = ?",
            [lastLine, written, writtenText, traceID]
        )
        try database.execute("COMMIT")
        inTransaction = false
        pending = 0
    }

    /// The envelope most lines came in, ignoring tool chatter; nil for an empty trace.
    /// `xcresult` for `xcresulttool`'s metrics JSON, whose lines come in no envelope.
    static func dominantFormat(_ stats: ParseStats) -> String? {
        if stats.isXCResultMetrics { return "xcresult" }
        let ranked = EnvelopeFormat.allCases
            .filter { $0 != .noise && stats.linesByEnvelope[$0.index] > 0 }
            .max { stats.linesByEnvelope[$0.index] < stats.linesByEnvelope[$1.index] }
        return ranked?.rawValue
    }
}
