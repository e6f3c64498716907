import TraceStore

/// What a rule runs against: a connection, one trace and the thresholds in force.
public struct RuleContext {
    /// The connection, with the analyzer's TEMP views in place.
    public let database: Database
    /// The trace being analysed.
    public let traceID: Int
    /// The lowest and highest `events.id` of the trace.
    ///
    /// Events of one ingest are stored with increasing ids, so rules scan this rowid range in
    /// input order instead of sorting the trace (`+trace_id` keeps the planner off the index).
    public let eventIDs: ClosedRange<Int>
    /// The thresholds in force for the running rule.
    public let thresholds: ThresholdValues
    /// The app's view declarations (`--sources`), for rules that can name the code behind a finding.
    public let sources: SourceIndex?
    /// The names of the scan: a detector interns the names it looks for here.
    public let symbols: SymbolTable

    /// Creates a context.
    public init(
        database: Database, traceID: Int, eventIDs: ClosedRange<Int>, thresholds: ThresholdValues,
        sources: SourceIndex? = nil, symbols: SymbolTable = SymbolTable()
    ) {
        self.database = database
        self.traceID = traceID
        self.eventIDs = eventIDs
        self.thresholds = thresholds
        self.sources = sources
        self.symbols = symbols
    }
}
