import TraceModel
import TraceStore

extension Timeline {
    /// Analyses trace `traceID` of `database` (opened for writing: the findings are stored as
    /// `report` stores them) and lays it out as `build` does, into a `TimelineSpool`: the marks
    /// go to a temporary file and the findings to the store as they are decided, so memory
    /// stays the same however long the trace (a writer then walks the spool in order).
    public static func spool(
        database: Database, traceID: Int, configuration: RuleConfiguration = RuleConfiguration(),
        sources: SourceIndex? = nil
    ) throws -> TimelineSpool {
        guard let trace = try TraceCatalog.list(database).first(where: { $0.id == traceID }) else {
            throw AnalysisError("no trace \(traceID) in \(database.path)")
        }
        let builder = TimelineSpoolBuilder()
        let symbols = SymbolTable()
        let analyzer = Analyzer(database: database, configuration: configuration, sources: sources, storingExplanations: false)
        var verdicts: [IdentityMark] = []
        try analyzer.analyzeIntoStore(traceID: traceID, symbols: symbols, observing: builder.observe) { verdicts = $0 }
        return builder.finish(trace: trace, symbols: symbols, verdicts: verdicts, database: database)
    }
}
