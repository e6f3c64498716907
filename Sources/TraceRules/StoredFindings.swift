import TraceStore

/// The findings stored for some traces, read back one at a time in report order, so a report
/// of any size is written in flat memory: nothing per finding is kept.
///
/// Each `Finding` is rebuilt as the analyzer made it: the trace's source from `traces`, the
/// evidence lines ascending, the root cause. Counts are SQL aggregates, never a pass in Swift.
public struct StoredFindings {
    /// How a report walks the findings.
    public enum Order: Sendable {
        /// `Finding.reportOrder`, then the stored id (the order the analyzer stored them in).
        case report
        /// Grouped by rule and view (a nil view counts as `-`), groups in the report order of
        /// their first finding, findings within a group in report order: JUnit's test cases.
        case byRuleAndView
    }

    /// Which of each finding's evidence lines a walk reads.
    public enum Evidence: Sendable {
        /// None: for a pass that needs only the findings' rules, views and messages, such as a
        /// baseline's.
        case omitted
        /// Every line.
        case all
        /// The first lines, up to this many: for a report that shows only those (the rest can
        /// be counted with `evidenceCount(of:)` and read with `evidenceLines(of:)`).
        case first(Int)
    }

    /// A rule's findings about one view of one trace.
    public struct Subject: Hashable, Sendable {
        /// The rule's id.
        public let rule: String
        /// The view the findings are about.
        public let view: String?
        /// The trace's id in the store.
        public let traceID: Int

        /// The subject of `finding`.
        public init(_ finding: Finding) { (rule, view, traceID) = (finding.rule, finding.view, finding.traceID) }
        init(rule: String, view: String?, traceID: Int) { (self.rule, self.view, self.traceID) = (rule, view, traceID) }
    }

    let database: Database
    let traceIDs: [Int]
    private let excluded: Set<Int>

    /// The findings of the traces `traceIDs` in `database`, without those whose ids are in `excluding`
    /// (the ones a baseline hides, say).
    public init(database: Database, traceIDs: [Int], excluding: Set<Int> = []) {
        self.database = database
        self.traceIDs = traceIDs
        excluded = excluding
    }

    /// The same findings read through `database`, another connection to the same store.
    public func reading(from database: Database) -> StoredFindings {
        StoredFindings(database: database, traceIDs: traceIDs, excluding: excluded)
    }

    /// The same findings without those whose ids are in `hidden` as well.
    public func excluding(_ hidden: Set<Int>) -> StoredFindings {
        StoredFindings(database: database, traceIDs: traceIDs, excluding: excluded.union(hidden))
    }

    /// The condition on `findings` rows (as `alias`): the traces' ids and the excluded findings'
    /// ids are integers written into the SQL, one statement per report (they are few: traces are
    /// inputs, excluded findings are at most a baseline's entries).
    func filter(_ alias: String = "findings") -> String {
        var filter = "\(alias).trace_id IN (\(traceIDs.map(String.init).joined(separator: ", ")))"
        if !excluded.isEmpty { filter += " AND \(alias).id NOT IN (\(excluded.sorted().map(String.init).joined(separator: ", ")))" }
        return filter
    }

    /// SQL ranking severities as `Finding.reportOrder` does: most severe first.
    static let severityRank = "CASE f.severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END"
    /// `Finding.reportOrder` in SQL (`first_line` is the first evidence line, 0 without one),
    /// with the id last so equal findings keep the order they were stored in. The index
    /// `findings_in_report_order` (schema version 7) holds these expressions: a report of one
    /// trace reads in this order without sorting.
    static let reportOrder = "\(severityRank), f.trace_id, coalesce(f.first_line, 0), f.rule, coalesce(f.view, ''), f.id"

    /// A finding's evidence lines, ascending, up to a limit (-1 for none).
    private static let evidenceLinesSQL = "SELECT line FROM evidence WHERE finding_id = ? ORDER BY line LIMIT ?"

    /// Calls `body` with every finding in `order` and its id in `findings`, carrying the
    /// evidence lines `evidence` asks for.
    public func forEach(order: Order = .report, evidence: Evidence = .all, _ body: (_ id: Int, Finding) throws -> Void) throws {
        let findings = try database.prepare(query(order))
        let lines = try database.prepare(Self.evidenceLinesSQL)
        switch evidence {
        case .omitted: break
        case .all: lines.bind(-1, at: 2)
        case .first(let count): lines.bind(max(count, 0), at: 2)
        }
        while try findings.step() {
            let id = findings.integer(at: 0)
            guard let severityName = findings.text(at: 3), let severity = Severity(rawValue: severityName) else {
                throw AnalysisError("finding \(id) in \(database.path) has an unknown severity '\(findings.text(at: 3) ?? "NULL")'")
            }
            var cited: [Int] = []
            if case .omitted = evidence {} else {
                lines.bind(id, at: 1)
                while try lines.step() { cited.append(lines.integer(at: 0)) }
                lines.rewind()
            }
            try body(id, Finding(
                rule: findings.text(at: 2) ?? "", severity: severity, view: findings.text(at: 4),
                message: findings.text(at: 5) ?? "", count: findings.integer(at: 6), lines: cited,
                traceID: findings.integer(at: 1), source: findings.text(at: 8) ?? "", rootCause: findings.text(at: 7),
                milliseconds: findings.double(at: 9), waste: findings.int(at: 10)
            ))
        }
    }

    /// The query `forEach` walks the findings with, in `order`.
    func query(_ order: Order) -> String {
        let columns = "f.id, f.trace_id, f.rule, f.severity, f.view, f.message, f.count, f.root_cause, t.source, f.duration_ms, f.waste"
        let from = "findings f JOIN traces t ON t.id = f.trace_id WHERE \(filter("f"))"
        switch order {
        case .report:
            return "SELECT \(columns) FROM \(from) ORDER BY \(Self.reportOrder)"
        case .byRuleAndView:
            return """
                SELECT * FROM (
                    SELECT \(columns), row_number() OVER (ORDER BY \(Self.reportOrder)) AS rank FROM \(from)
                ) ORDER BY min(rank) OVER (PARTITION BY rule, coalesce(view, '-')), rank
                """
        }
    }

    /// How many evidence lines finding `id` cites.
    public func evidenceCount(of id: Int) throws -> Int {
        try database.scalarInt("SELECT count(*) FROM evidence WHERE finding_id = ?", [id]) ?? 0
    }

    /// The evidence lines finding `id` cites, ascending: every one, or the first `limit`.
    public func evidenceLines(of id: Int, limit: Int? = nil) throws -> [Int] {
        var lines: [Int] = []
        try database.forEachRow(Self.evidenceLinesSQL, [id, limit.map { max($0, 0) } ?? -1]) { lines.append($0.integer(at: 0)) }
        return lines
    }

    /// How many findings there are of each severity (absent: none).
    public func counts() throws -> [Severity: Int] {
        var counts: [Severity: Int] = [:]
        try database.forEachRow("SELECT severity, count(*) FROM findings WHERE \(filter()) GROUP BY severity") { row in
            if let severity = row.text(at: 0).flatMap(Severity.init(rawValue:)) { counts[severity] = row.integer(at: 1) }
        }
        return counts
    }

    /// How many findings there are of each rule and severity.
    public func countsByRule() throws -> [String: [Severity: Int]] {
        var counts: [String: [Severity: Int]] = [:]
        try database.forEachRow("SELECT rule, severity, count(*) FROM findings WHERE \(filter()) GROUP BY rule, severity") { row in
            if let rule = row.text(at: 0), let severity = row.text(at: 1).flatMap(Severity.init(rawValue:)) {
                counts[rule, default: [:]][severity] = row.integer(at: 2)
            }
        }
        return counts
    }

    /// How many distinct rule-and-view groups `.byRuleAndView` walks.
    public func ruleAndViewGroups() throws -> Int {
        try database.scalarInt("SELECT count(*) FROM (SELECT 1 FROM findings WHERE \(filter()) GROUP BY rule, coalesce(view, '-'))") ?? 0
    }

    /// The query of `sharedSubjects`, grouped in the order of `findings_by_subject`: no sort.
    var sharedSubjectsQuery: String {
        "SELECT rule, view, trace_id FROM findings WHERE \(filter()) GROUP BY trace_id, rule, view HAVING count(*) > 1"
    }

    /// The subjects more than one finding is about (bounded by rules × views × traces).
    public func sharedSubjects() throws -> Set<Subject> {
        var shared: Set<Subject> = []
        try database.forEachRow(sharedSubjectsQuery) { row in
            shared.insert(Subject(rule: row.text(at: 0) ?? "", view: row.text(at: 1), traceID: row.integer(at: 2)))
        }
        return shared
    }
}
