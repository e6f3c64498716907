import TraceModel
import TraceStore

extension Timeline {
    /// Bins per level of a summary, coarsest first: each level eight times finer, the finest
    /// no finer than a line per bin.
    public static let summaryLevels = [1024, 8192, 32768]

    /// The most bytes a summary's bins may take (two bytes per bin, lane and level): about
    /// 300 view types at every level; more types give up the finest level.
    public static let summaryBudget = 24 << 20

    /// How many evidence lines a summary keeps of each finding it lists (and the last one).
    public static let summaryEvidenceLimit = 100

    /// The most events a trace may hold for `timeline` to draw every mark by default; a longer
    /// one is summarised (its page and memory stay the same size however long it runs).
    public static let exactEventLimit = 200_000

    /// How many findings a summary keeps for the page's list; the rest are counted and flagged.
    public static let summaryFindingLimit = 500

    /// Analyses trace `traceID` of `database` (opened for writing: the findings are stored as
    /// `report` stores them) and bins it into a summary, in memory that does not grow with
    /// the trace: findings go to the store as the rules decide them and are read back from it.
    public static func summarize(
        database: Database, traceID: Int, configuration: RuleConfiguration = RuleConfiguration(),
        sources: SourceIndex? = nil
    ) throws -> TimelineSummary {
        guard let trace = try TraceCatalog.list(database).first(where: { $0.id == traceID }) else {
            throw AnalysisError("no trace \(traceID) in \(database.path)")
        }
        let lines = max(1, trace.lines)
        var levels = summaryLevels.filter { $0 < lines }
        if levels.count < summaryLevels.count { levels.append(lines) }
        let builder = TimelineSummaryBuilder(TimelineSummary(trace: trace, lines: lines, levels: levels), budget: summaryBudget)
        let symbols = SymbolTable()
        let analyzer = Analyzer(database: database, configuration: configuration, sources: sources, storingExplanations: false)
        var verdicts: [IdentityMark] = []
        try analyzer.analyzeIntoStore(traceID: traceID, symbols: symbols, observing: builder.observe) { verdicts = $0 }
        var summary = builder.finish(symbols: symbols, verdicts: verdicts)
        let laneOfView = Dictionary(summary.lanes.indices.map { (summary.lanes[$0].view, $0) }, uniquingKeysWith: { first, _ in first })
        try StoredFindings(database: database, traceIDs: [traceID]).forEach(order: .report) { _, finding in
            let lane = finding.view.flatMap { laneOfView[$0] }
            summary.findingCount += 1
            summary.severityCounts[finding.severity, default: 0] += 1
            if let lane {
                let flag = TimelineSummary.Extra.flag(finding.severity)
                for level in summary.levels.indices {
                    let bins = summary.levels[level]
                    for line in finding.lines { summary.lanes[lane].extras[level][summary.bin(of: line, bins: bins)] |= flag }
                }
            }
            if summary.findings.count < summaryFindingLimit {
                // A finding of a long trace can cite a hundred thousand lines; the page lists a
                // few and keeps the last (a click zooms from the first to it), the flags have them all.
                var lines = Array(finding.lines.prefix(summaryEvidenceLimit))
                if let last = finding.lines.last, finding.lines.count > summaryEvidenceLimit { lines.append(last) }
                summary.findings.append((Finding(
                    rule: finding.rule, severity: finding.severity, view: finding.view, message: finding.message,
                    count: finding.count, lines: lines, traceID: finding.traceID, source: finding.source,
                    rootCause: finding.rootCause
                ), lane))
            }
        }
        return summary
    }
}
