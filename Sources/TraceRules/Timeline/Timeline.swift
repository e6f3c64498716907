import TraceModel
import TraceStore

/// Builds the timeline of a stored trace: the rules' findings and the lanes, marks and
/// lifetimes of its events, from one scan.
public enum Timeline {
    /// Analyses trace `traceID` of `database` (opened for writing: the findings are stored as
    /// `report` stores them) and lays it out.
    ///
    /// With `lines`, only the events of those lines become marks and only the findings citing
    /// one of them are kept: the exact drawing of a range of a trace too long to draw whole.
    /// The model holds every mark it draws, so its memory grows with them (`summarize` does not).
    public static func build(
        database: Database, traceID: Int, configuration: RuleConfiguration = RuleConfiguration(),
        sources: SourceIndex? = nil, lines: ClosedRange<Int>? = nil
    ) throws -> TimelineModel {
        guard let trace = try TraceCatalog.list(database).first(where: { $0.id == traceID }) else {
            throw AnalysisError("no trace \(traceID) in \(database.path)")
        }
        var model = TimelineModel(trace: trace)
        let builder = TimelineBuilder(lines: lines)
        let symbols = SymbolTable()
        let analyzer = Analyzer(database: database, configuration: configuration, sources: sources)
        var verdicts: [IdentityMark] = []
        model.findings = try analyzer.analyze(traceID: traceID, symbols: symbols, observing: builder.observe) { verdicts = $0 }
        if let lines { model.findings.removeAll { finding in !finding.lines.contains(where: lines.contains) } }
        builder.finish(into: &model, symbols: symbols, verdicts: verdicts)
        try attachMessages(&model, placed: builder.placed, database: database, traceID: traceID)
        let typeLanes = Dictionary(
            model.lanes.indices.filter { model.lanes[$0].parent == nil }.map { (model.lanes[$0].view, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        model.findingLanes = model.findings.map { finding in finding.view.flatMap { typeLanes[$0] } }
        return model
    }

    /// Gives each mark its message, matching the message pass to the scan by position.
    private static func attachMessages(
        _ model: inout TimelineModel, placed: [Bool], database: Database, traceID: Int
    ) throws {
        let texts = SymbolTable()
        // The table interns `@self` and `@identity` first; only the messages marks cite are kept.
        var textIndex: [Int] = []
        var event = 0
        var mark = 0
        try EventMessages(database: database, traceID: traceID).read(into: texts) { message in
            defer { event += 1 }
            guard event < placed.count else {
                throw AnalysisError("trace \(traceID) changed while it was read: more messages than events")
            }
            guard placed[event] else { return }
            defer { mark += 1 }
            guard let message else { return }
            textIndex.grow(toInclude: message.index, with: -1)
            if textIndex[message.index] < 0 {
                textIndex[message.index] = model.texts.count
                model.texts.append(texts[message])
            }
            model.marks[mark].text = textIndex[message.index]
        }
        guard event == placed.count else {
            throw AnalysisError("trace \(traceID) changed while it was read: \(event) messages for \(placed.count) events")
        }
    }
}
