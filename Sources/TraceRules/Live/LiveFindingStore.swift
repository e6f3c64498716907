import TraceStore

/// Where a live run (`watch`) keeps its findings: in the store, as each becomes final, rather
/// than in memory to the end. A long run's findings and their evidence grew with the stream
/// (181 MB at ten million lines); here a finding costs memory only while it is being written,
/// and, when it is still to be reported at the end, its live id until then.
///
/// Fed by `LiveAnalyzer.storeSettled(in:)` between batches and `LiveAnalyzer.finish(storingIn:report:)`
/// at the end, on the thread that writes the trace.
public final class LiveFindingStore {
    private let database: Database
    private var writer: FindingWriter?
    /// Per stored finding (its id in `findings`) that is reported at the end: its live id and
    /// the severity it was reported with before, when it was raised.
    private var atEnd: [Int: (id: Int, previous: Severity?)] = [:]

    /// How many findings have been stored.
    public private(set) var stored = 0

    /// A store of findings into `database`, the one the trace is being written to.
    public init(database: Database) {
        self.database = database
    }

    /// Stores `finding`, inside the transaction open on the database (the writer's batch) or
    /// in one of its own; `report` is the live finding to report at the end, nil when the run
    /// reported it already at this severity.
    func write(_ finding: Finding, report: LiveFinding?) throws {
        if database.isInTransaction {
            try insert(finding, report: report)
        } else {
            try database.transaction {
                try insert(finding, report: report)
                try writer?.finish()
            }
        }
    }

    /// Stores the evidence rows still waiting; inside the caller's transaction.
    func flush() throws {
        try writer?.finish()
    }

    private func insert(_ finding: Finding, report: LiveFinding?) throws {
        if writer == nil { writer = try FindingWriter(database: database) }
        let id = try writer!.write(finding)
        stored += 1
        if let report { atEnd[id] = (report.id, report.previousSeverity) }
    }

    /// Hands `body` the findings to report at the end, in report order, read back from the
    /// store with their evidence one at a time: they are exactly the findings that were written
    /// with a live finding to report, as that live finding was. With `evidenceLimit`, each
    /// carries only its first lines (and their count): a finding can cite a million lines, and
    /// a report that shows six need not hold them.
    func forEachReportedAtEnd(traceID: Int, evidenceLimit: Int? = nil, _ body: (LiveFinding) throws -> Void) throws {
        guard !atEnd.isEmpty else { return }
        let findings = StoredFindings(database: database, traceIDs: [traceID])
        try findings.forEach(order: .report, evidence: .omitted) { id, finding in
            guard let live = atEnd[id] else { return }
            let lines = try findings.evidenceLines(of: id, limit: evidenceLimit)
            let complete = Finding(
                rule: finding.rule, severity: finding.severity, view: finding.view, message: finding.message,
                count: finding.count, lines: lines, traceID: finding.traceID,
                source: finding.source, rootCause: finding.rootCause, milliseconds: finding.milliseconds, waste: finding.waste
            )
            var evidenceCount = lines.count
            if let evidenceLimit, lines.count >= evidenceLimit { evidenceCount = try findings.evidenceCount(of: id) }
            try body(LiveFinding(id: live.id, finding: complete, previousSeverity: live.previous, evidenceCount: evidenceCount))
        }
        atEnd = [:]
    }
}
