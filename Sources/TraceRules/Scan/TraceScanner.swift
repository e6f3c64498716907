import TraceModel
import TraceStore

/// Reads one stored trace in input order, once, as `LifecycleEvent`s.
///
/// Two statements step side by side: the trace's events by rowid (ids grow with the input, so
/// there is no sort) and their `_printChanges()` tokens by primary key; tokens are merged into
/// their event as both advance. Names are interned straight from SQLite's bytes.
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
    public static let contiguousEventsSQL = """
        SELECT id, line, ts, kind, view, owner, instance, origin = 'print_changes', duration_ms
        FROM events
        WHERE id BETWEEN ?1 AND ?2 AND kind <> 'text'
        ORDER BY id
        """

    /// The events of a trace whose ids interleave with another's (two ingests wrote at once).
    public static let interleavedEventsSQL = """
        SELECT id, line, ts, kind, view, owner, instance, origin = 'print_changes', duration_ms
        FROM events
        WHERE id BETWEEN ?1 AND ?2 AND +trace_id = ?3
        ORDER BY id
        """

    public static let changesSQL = """
        SELECT event_id, token
        FROM changes
        WHERE event_id BETWEEN ?1 AND ?2
        ORDER BY event_id, position
        """

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
    public func scan(into symbols: SymbolTable, _ body: (LifecycleEvent) throws -> Void) throws {
        let storedEvents = try database.scalarInt("SELECT events FROM traces WHERE id = ?", [traceID]) ?? 0
        let contiguous = storedEvents == eventIDs.count
        let events = try database.prepare(contiguous ? Self.contiguousEventsSQL : Self.interleavedEventsSQL)
        try events.bind([eventIDs.lowerBound, eventIDs.upperBound] + (contiguous ? [] : [traceID]))
        let changes = try database.prepare(Self.changesSQL)
        try changes.bind([eventIDs.lowerBound, eventIDs.upperBound])
        var nextChange = try changes.step() ? changes.integer(at: 0) : nil

        var event = LifecycleEvent(line: 0, kind: .text)
        var previousID = eventIDs.lowerBound - 1
        var skippedText = false
        while try events.step() {
            let id = events.integer(at: 0)
            let kind = Self.kind(events.bytes(at: 3))
            if kind == .text {
                skippedText = true
                continue
            }
            event.followsText = skippedText || (contiguous && id != previousID + 1)
            skippedText = false
            previousID = id
            event.line = events.integer(at: 1)
            event.ts = events.double(at: 2)
            event.kind = kind
            event.view = events.bytes(at: 4).map(symbols.intern)
            event.owner = events.bytes(at: 5).map(symbols.intern)
            event.instance = events.bytes(at: 6).map(symbols.intern)
            event.isPrintChanges = events.integer(at: 7) == 1
            event.durationMilliseconds = events.double(at: 8)
            event.tokens.removeAll(keepingCapacity: true)
            event.newIdentity = false
            event.newValue = false
            while let changeEventID = nextChange, changeEventID <= id {
                if changeEventID == id, let token = changes.bytes(at: 1).map(symbols.intern) {
                    event.tokens.append(token)
                    if token == symbols.identityToken { event.newIdentity = true }
                    if token == symbols.selfToken { event.newValue = true }
                }
                nextChange = try changes.step() ? changes.integer(at: 0) : nil
            }
            try body(event)
        }
    }

    /// The kind stored as `bytes`, told apart by length and first four bytes (the writer stores
    /// only `EventKind` names); anything else (a newer writer's kind) reads as text, which no rule
    /// looks at.
    @inline(__always) static func kind(_ bytes: UnsafeRawBufferPointer?) -> EventKind {
        guard let bytes, bytes.count >= 4 else { return .text }
        let head = bytes.loadUnaligned(as: UInt32.self)
        switch (bytes.count, head) {
        case (4, prefix("body")): return .body
        case (4, prefix("init")): return .`init`
        case (6, prefix("dein")): return .`deinit`
        case (6, prefix("appe")): return .appear
        case (9, prefix("disa")): return .disappear
        case (4, prefix("task")): return .task
        case (6, prefix("layo")): return .layout
        default: return .text
        }
    }

    /// Four ASCII characters as the little- or big-endian word `loadUnaligned` reads them.
    private static func prefix(_ text: StaticString) -> UInt32 {
        text.withUTF8Buffer { UnsafeRawBufferPointer($0).loadUnaligned(as: UInt32.self) }
    }
}
