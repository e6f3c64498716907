import TraceStore

/// The few findings that cost most, ranked by measured waste: what every report ends with, so a
/// developer with a long report knows where to start (as compose-stability-analyzer and React's
/// profiler rank by cost).
///
/// Waste is in the log's own units: the evaluations, instances or resets a finding counts that
/// need not have happened (`Finding.count`, which counts multiplied lines as the log says). For
/// body evaluations that is the avoidable ones (`Verdict`): the rules that count evaluations
/// count those, never the expected ones, so a loop ranks by what it wasted, not by the
/// first evaluation of each identity that any view needs.
/// Time ranks first when the log has it: the summed durations (`events.duration_ms`) of the
/// lines a finding cites, so durations from structured lines, probes or Instruments rank on
/// their own. Without time, severity ranks (counts of different rules are different units),
/// then the count, then the report order.
public struct FixFirst: Sendable, Equatable {
    /// One ranked finding.
    public struct Entry: Sendable, Equatable {
        /// The rule to read.
        public let rule: String
        /// The view it is about.
        public let view: String?
        /// How many `unit` the finding counts.
        public let waste: Int
        /// What `waste` counts, in words (`body evaluations`, `state resets`).
        public let unit: String
        /// The summed durations of its cited lines, when the log has them.
        public let milliseconds: Double?
        /// The trace's source.
        public let source: String

        /// `CardView: 39 state resets (identity_churn)`, with the time first when known.
        public var text: String {
            let time = milliseconds.map { String(format: "%.1f ms over ", $0) } ?? ""
            return "\(view ?? "-"): \(time)\(waste) \(unit) (\(rule))"
        }
    }

    /// The entries, most costly first.
    public let entries: [Entry]

    /// How many entries a report shows.
    public static let defaultLimit = 5

    /// What each rule's count counts, as a report says it: one, and more than one.
    static let units: [String: (one: String, many: String)] = [
        "excessive_body_evaluation": ("avoidable body evaluation", "avoidable body evaluations"),
        "avoidable_body_evaluation": ("avoidable body evaluation", "avoidable body evaluations"),
        "redundant_instance_creation": ("instance built and thrown away", "instances built and thrown away"),
        "identity_churn": ("state reset", "state resets"),
        "state_model_reinit": ("model made and discarded", "models made and discarded"),
        "repeated_appear": ("repeated appear", "repeated appears"),
        "heavy_initializer": ("heavy init", "heavy inits"),
        "non_lazy_navigation_destination": ("destination built early", "destinations built early"),
        "unstable_view_value": ("needless re-evaluation", "needless re-evaluations"),
        "update_loop": ("update-loop warning", "update-loop warnings"),
        "missing_deinit": ("object retained", "objects retained"),
        "duplicate_identity": ("duplicate ID", "duplicate IDs"),
        "state_object_outside_view": ("misplaced state object", "misplaced state objects"),
        "missing_navigation_destination": ("link without a destination", "links without a destination"),
        "long_body_update": ("slow body evaluation", "slow body evaluations"),
        "hitch_attribution": ("hitch", "hitches"),
    ]

    /// The unit of `rule`'s count, for `count` of them.
    public static func unit(of rule: String, count: Int = 2) -> String {
        let unit = units[rule] ?? ("occurrence", "occurrences")
        return count == 1 ? unit.one : unit.many
    }

    /// Ranks `findings`' most costly, at most `limit`.
    ///
    /// Candidates are the most severe findings with the largest counts, fifty at most;
    /// durations are summed in one grouped query, read only when the traces hold any.
    public init(_ findings: StoredFindings, limit: Int = defaultLimit) throws {
        let database = findings.database
        guard limit > 0 else { entries = []; return }
        var candidates: [(id: Int, entry: Entry, rank: Int)] = []
        let filter = findings.filter("f")
        try database.forEachRow("""
            SELECT f.id, f.rule, f.view, f.count, t.source, \(StoredFindings.severityRank)
            FROM findings f JOIN traces t ON t.id = f.trace_id
            WHERE \(filter)
            ORDER BY \(StoredFindings.severityRank), f.count DESC, \(StoredFindings.reportOrder)
            LIMIT \(limit * 10)
            """) { row in
            let rule = row.text(at: 1) ?? ""
            candidates.append((row.integer(at: 0), Entry(
                rule: rule, view: row.text(at: 2), waste: row.integer(at: 3), unit: Self.unit(of: rule, count: row.integer(at: 3)),
                milliseconds: nil, source: row.text(at: 4) ?? ""
            ), row.integer(at: 5)))
        }
        var times: [Int: Double] = [:]
        if !candidates.isEmpty, try database.scalarInt("""
            SELECT 1 FROM event_rows e JOIN findings f ON f.trace_id = e.trace_id
            WHERE \(filter) AND e.duration_ms IS NOT NULL LIMIT 1
            """) != nil {
            try database.forEachRow("""
                SELECT v.finding_id, sum(e.duration_ms)
                FROM evidence v JOIN findings f ON f.id = v.finding_id
                JOIN event_rows e ON e.trace_id = f.trace_id AND e.line = v.line
                WHERE v.finding_id IN (\(candidates.map { String($0.id) }.joined(separator: ", "))) AND e.duration_ms IS NOT NULL
                GROUP BY v.finding_id
                """) { row in
                if let time = row.double(at: 1) { times[row.integer(at: 0)] = time }
            }
        }
        let ranked = candidates.enumerated().map { offset, candidate -> (entry: Entry, rank: Int, offset: Int) in
            let entry = candidate.entry
            return (Entry(rule: entry.rule, view: entry.view, waste: entry.waste, unit: entry.unit,
                          milliseconds: times[candidate.id], source: entry.source), candidate.rank, offset)
        }.sorted { left, right in
            // Time is one unit for all rules; counts are not (an evaluation, a state reset and a
            // retained object cost differently), so between rules severity says which costs
            // more, and within one severity the larger count goes first.
            let leftTime = left.entry.milliseconds ?? -1, rightTime = right.entry.milliseconds ?? -1
            if leftTime != rightTime { return leftTime > rightTime }
            if left.rank != right.rank { return left.rank < right.rank }
            if left.entry.waste != right.entry.waste { return left.entry.waste > right.entry.waste }
            return left.offset < right.offset
        }
        entries = ranked.prefix(limit).map(\.entry)
    }
}
