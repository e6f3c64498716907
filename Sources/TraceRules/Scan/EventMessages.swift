import TraceStore

/// The message text of a trace's events, in the order `TraceScanner` hands the events out.
///
/// The rules never read messages, so the scan leaves them out; a consumer that shows each
/// event's line (the timeline) reads them here in a second, cheap pass over the same rows.
public struct EventMessages {
    /// The messages of the events the scan's consumers see (`Analyzer.analyze(observing:)`), in
    /// its order: all but text lines, and but the second print of one evaluation (multiplicity
    /// 0, `Card body` beside `Card: _n changed.`), which the rules and consumers never see. Read
    /// with them, a log printing both had one message more than the timeline's events and its
    /// page, exact or as a Chrome trace, failed.
    public static let messagesSQL = """
        SELECT message
        FROM events
        WHERE id BETWEEN ?1 AND ?2 AND +trace_id = ?3 AND kind <> 'text'
          AND id NOT IN (SELECT event_id FROM multiplicities WHERE event_id BETWEEN ?1 AND ?2 AND count <= 0)
        ORDER BY id
        """

    private let database: Database
    private let traceID: Int

    /// A reader of trace `traceID`'s messages.
    public init(database: Database, traceID: Int) {
        self.database = database
        self.traceID = traceID
    }

    /// Calls `body` with each event's message, interned in `texts` (a repeated line is stored
    /// once), in scan order; nil for an event stored without a message.
    public func read(into texts: SymbolTable, _ body: (Symbol?) throws -> Void) throws {
        guard let eventIDs = try TraceScanner.eventRange(of: traceID, in: database) else { return }
        let statement = try database.prepare(Self.messagesSQL)
        try statement.bind([eventIDs.lowerBound, eventIDs.upperBound, traceID])
        while try statement.step() {
            try body(statement.bytes(at: 0).map(texts.intern))
        }
    }

    /// Calls `body` with each event's message as text, in scan order; nil for an event stored
    /// without one. Nothing is kept: a long trace's distinct lines are many.
    public func forEach(_ body: (String?) throws -> Void) throws {
        guard let eventIDs = try TraceScanner.eventRange(of: traceID, in: database) else { return }
        let statement = try database.prepare(Self.messagesSQL)
        try statement.bind([eventIDs.lowerBound, eventIDs.upperBound, traceID])
        while try statement.step() {
            try body(statement.text(at: 0))
        }
    }
}
