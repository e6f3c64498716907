import TraceStore

/// Writes findings and their evidence lines into `findings` and `evidence` one finding at a
/// time, inside the caller's transaction, so a run never needs all its findings at once.
///
/// `replaceFindings` first deletes a trace's earlier findings: a trace analysed again (say with
/// another configuration) keeps one consistent set of rows.
struct FindingWriter {
    /// Evidence rows per INSERT: a trace can hold tens of thousands of findings and ten times as
    /// many evidence lines, and one statement per row would cost a third of a `report`.
    private static let evidenceRowsPerInsert = 32

    private let database: Database
    private let insertFinding: Statement
    private let insertEvidence: Statement
    private let insertEvidenceRows: Statement
    private var pending: [(finding: Int, line: Int)] = []
    /// Findings citing more than this many lines have their count noted in `evidenceCounts`.
    private let countingAbove: Int
    /// How many lines each finding written that cites more than `countingAbove` cites, by id.
    private(set) var evidenceCounts: [Int: Int] = [:]

    /// A writer into `database`; with `countingAbove`, it notes how many lines each finding
    /// citing more than that many cites (`evidenceCounts`).
    init(database: Database, countingAbove: Int = .max) throws {
        self.database = database
        self.countingAbove = countingAbove
        insertFinding = try database.prepare("""
            INSERT INTO findings (trace_id, rule, severity, view, message, count, first_line, last_line, root_cause, duration_ms, waste)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertEvidence = try database.prepare("INSERT INTO evidence (finding_id, line) VALUES (?, ?)")
        // `OR FAIL`: a statement of several rows that may abort (the key's uniqueness) keeps a
        // statement journal, a copy of every page it changes, to undo its own rows alone; the
        // caller's transaction is rolled back on any error anyway, so nothing needs undoing
        // row by row. It was a fifth of what an evidence row cost.
        insertEvidenceRows = try database.prepare(
            "INSERT OR FAIL INTO evidence (finding_id, line) VALUES "
                + Array(repeating: "(?, ?)", count: Self.evidenceRowsPerInsert).joined(separator: ", ")
        )
        pending.reserveCapacity(Self.evidenceRowsPerInsert)
    }

    /// Replaces trace `traceID`'s stored findings and their evidence with the findings `produce`
    /// hands to the writing function it is given, each stored as it comes; inside the caller's
    /// transaction. Returns how many were stored.
    @discardableResult
    static func replaceFindings(
        of traceID: Int, in database: Database, _ produce: ((Finding) throws -> Void) throws -> Void
    ) throws -> Int {
        try database.run("DELETE FROM evidence WHERE finding_id IN (SELECT id FROM findings WHERE trace_id = ?)", [traceID])
        try database.run("DELETE FROM findings WHERE trace_id = ?", [traceID])
        var writer = try FindingWriter(database: database)
        var count = 0
        try produce { finding in
            try writer.write(finding)
            count += 1
        }
        try writer.finish()
        return count
    }

    /// Stores `finding`; its evidence rows may wait for a full statement until `finish`.
    /// Returns its id in `findings`.
    @discardableResult
    mutating func write(_ finding: Finding) throws -> Int {
        insertFinding.bind(finding.traceID, at: 1)
        insertFinding.bind(finding.rule, at: 2)
        insertFinding.bind(finding.severity.rawValue, at: 3)
        insertFinding.bind(finding.view, at: 4)
        insertFinding.bind(finding.message, at: 5)
        insertFinding.bind(finding.count, at: 6)
        insertFinding.bind(finding.lines.first, at: 7)
        insertFinding.bind(finding.lines.last, at: 8)
        insertFinding.bind(finding.rootCause, at: 9)
        insertFinding.bind(finding.milliseconds, at: 10)
        insertFinding.bind(finding.waste, at: 11)
        try insertFinding.step()
        insertFinding.rewind()
        let findingID = database.lastInsertRowID
        if finding.lines.count > countingAbove { evidenceCounts[findingID] = finding.lines.count }
        for line in finding.lines {
            pending.append((findingID, line))
            if pending.count == Self.evidenceRowsPerInsert { try flush() }
        }
        return findingID
    }

    /// Stores the evidence rows still waiting.
    mutating func finish() throws {
        for row in pending {
            insertEvidence.bind(row.finding, at: 1)
            insertEvidence.bind(row.line, at: 2)
            try insertEvidence.step()
            insertEvidence.rewind()
        }
        pending.removeAll()
    }

    private mutating func flush() throws {
        for (index, row) in pending.enumerated() {
            insertEvidenceRows.bind(row.finding, at: Int32(2 * index + 1))
            insertEvidenceRows.bind(row.line, at: Int32(2 * index + 2))
        }
        try insertEvidenceRows.step()
        insertEvidenceRows.rewind()
        pending.removeAll(keepingCapacity: true)
    }
}
