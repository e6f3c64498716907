import TraceStore

/// The few findings that cost most, ranked by measured waste: what every report ends with, so a
/// developer with a long report knows where to start (as compose-stability-analyzer and React's
/// profiler rank by cost).
///
/// Waste is in the log's own units: the evaluations, instances or resets a finding counts that
/// need not have happened (`Finding.waste` where a rule says it is fewer than `Finding.count`,
/// else the count, which counts multiplied lines as the log says); a finding with no waste (a
/// view only removed and shown again by the code's own change) is not listed. For
/// body evaluations that is the avoidable ones (`Verdict`): the rules that count evaluations
/// count those, never the expected ones, so a loop ranks by what it wasted, not by the
/// first evaluation of each identity that any view needs.
/// Time ranks first when the log has it: the time the rule measured for what it counts
/// (`findings.duration_ms`), else the summed durations (`events.duration_ms`) of the lines a
/// finding cites, so durations from structured lines, probes or Instruments rank on their own. Without time, severity ranks (counts of different rules are different units),
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
        /// The finding's whole count, where only part of it (`waste`) need not have happened.
        public let count: Int?
        /// What `waste` counts, in words (`body evaluations`, `state resets`).
        public let unit: String
        /// The summed durations of its cited lines, when the log has them.
        public let milliseconds: Double?
        /// The trace's source.
        public let source: String

        /// `CardView: 39 state resets (identity_churn)`, with the time first when known.
        public var text: String {
            // A finding about SwiftUI's own warning with no body line near it names no view;
            // a lone `-` read as a typo in the list.
            "\(view ?? "(no view named)"): \(cost)"
        }

        /// What it cost, without the view: `3.0 ms over 6 dropped view values (rule)`, for a
        /// page that shows the view beside it.
        public var cost: String {
            guard let count, count > waste else {
                let time = milliseconds.map { String(format: "%.1f ms over ", $0) } ?? ""
                return "\(time)\(waste) \(unit) (\(rule))"
            }
            // The time is that of the whole count (`findings.duration_ms`), not of the waste alone.
            let time = milliseconds.map { String(format: ", %.1f ms over all %d", $0, count) } ?? ""
            return "\(waste) \(unit) of \(count)\(FixFirst.totals[rule].map { " \($0)" } ?? "")\(time) (\(rule))"
        }
    }

    /// The entries, most costly first.
    public let entries: [Entry]

    /// How many entries a report shows.
    public static let defaultLimit = 5

    /// What a rule's whole count counts, where its waste is a part of it and the words differ.
    static let totals: [String: String] = ["identity_churn": "new identities"]

    /// What each rule's count counts, as a report says it: one, and more than one.
    static let units: [String: (one: String, many: String)] = [
        "excessive_body_evaluation": ("avoidable body evaluation", "avoidable body evaluations"),
        "avoidable_body_evaluation": ("avoidable body evaluation", "avoidable body evaluations"),
        "redundant_instance_creation": ("instance built and thrown away", "instances built and thrown away"),
        "identity_churn": ("state reset", "state resets"),
        "state_model_reinit": ("model made again", "models made again"),
        "repeated_appear": ("repeated appear", "repeated appears"),
        "reinit_while_shown": ("init while shown", "inits while shown"),
        "heavy_initializer": ("repeated heavy init", "repeated heavy inits"),
        "non_lazy_navigation_destination": ("destination built early", "destinations built early"),
        "unstable_view_value": ("needless re-evaluation", "needless re-evaluations"),
        "update_loop": ("update-loop warning", "update-loop warnings"),
        "missing_deinit": ("object retained", "objects retained"),
        "duplicate_identity": ("duplicate ID", "duplicate IDs"),
        "offset_identity": ("count change of rows keyed by offset", "count changes of rows keyed by offset"),
        "state_object_outside_view": ("misplaced state object", "misplaced state objects"),
        "missing_navigation_destination": ("link without a destination", "links without a destination"),
        "long_body_update": ("slow body evaluation", "slow body evaluations"),
        "hitch_attribution": ("hitch", "hitches"),
        "long_hitch": ("hitch", "hitches"),
        "main_thread_hang": ("hang", "hangs"),
        "hitch_time_ratio": ("hitch", "hitches"),
    ]

    /// The unit of `rule`'s count, for `count` of them. Under `EvaluationScope.all` the rules
    /// that count avoidable evaluations count expected ones too, so their unit drops "avoidable".
    public static func unit(of rule: String, count: Int = 2, evaluations: EvaluationScope = .avoidable) -> String {
        let unit = units[rule] ?? ("occurrence", "occurrences")
        let words = count == 1 ? unit.one : unit.many
        return evaluations == .all && words.hasPrefix(avoidable) ? String(words.dropFirst(avoidable.count)) : words
    }

    private static let avoidable = "avoidable "

    /// Ranks `findings`' most costly, at most `limit`.
    ///
    /// Candidates are the most severe findings with the largest counts, fifty at most; the
    /// durations of their cited lines are summed only when the traces hold any.
    /// `evaluations` is the scope the rules counted in, which names their unit.
    public init(_ findings: StoredFindings, limit: Int = defaultLimit, evaluations: EvaluationScope = .avoidable) throws {
        let database = findings.database
        guard limit > 0 else { entries = []; return }
        var candidates: [(id: Int, entry: Entry, rank: Int)] = []
        var times: [Int: Double] = [:]
        let filter = findings.filter("f")
        try database.forEachRow("""
            SELECT f.id, f.rule, f.view, coalesce(f.waste, f.count), t.source, \(StoredFindings.severityRank), f.duration_ms, f.count
            FROM findings f JOIN traces t ON t.id = f.trace_id
            WHERE \(filter) AND coalesce(f.waste, f.count) > 0
            ORDER BY \(StoredFindings.severityRank), coalesce(f.waste, f.count) DESC, \(StoredFindings.reportOrder)
            LIMIT \(limit * 10)
            """) { row in
            let rule = row.text(at: 1) ?? ""
            candidates.append((row.integer(at: 0), Entry(
                rule: rule, view: row.text(at: 2), waste: row.integer(at: 3), count: row.integer(at: 7),
                unit: Self.unit(of: rule, count: row.integer(at: 3), evaluations: evaluations),
                milliseconds: nil, source: row.text(at: 4) ?? ""
            ), row.integer(at: 5)))
            // The rule's own sum of what it counts, where it made one: its cited lines may be a
            // sample (a first and a last) or mix a hitch with the updates inside it.
            if let measured = row.double(at: 6) { times[row.integer(at: 0)] = measured }
        }
        if !candidates.isEmpty, times.count < candidates.count, try Self.holdDurations(findings) {
            let lookup = try EvidenceLookup(database: database)
            for candidate in candidates where times[candidate.id] == nil {
                if let time = try Self.time(ofFinding: candidate.id, in: database, lookup: lookup) { times[candidate.id] = time }
            }
        }
        let ranked = candidates.enumerated().map { offset, candidate -> (entry: Entry, rank: Int, offset: Int) in
            let entry = candidate.entry
            return (Entry(rule: entry.rule, view: entry.view, waste: entry.waste, count: entry.count, unit: entry.unit,
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

    /// The summed durations of the events on finding `id`'s evidence lines; nil when none has one.
    ///
    /// Each line's events are looked up by id (`EvidenceLookup`), so the cost follows the
    /// candidates' lines: joined on the line, SQLite indexed every event of the trace first
    /// (154M instructions at 200,000 lines, growing with the trace). The sum is SQLite's over the
    /// same events in the same order (ascending id), as the join added them.
    private static func time(ofFinding id: Int, in database: Database, lookup: EvidenceLookup) throws -> Double? {
        guard let traceID = try database.scalarInt("SELECT trace_id FROM findings WHERE id = ?", [id]) else { return nil }
        let durations = try lookup.durations(citedBy: id, traceID: traceID)
        // Summed here, in id order, rather than by SQLite's sum(): the events may be in a spool
        // (`check`), and one sum in one order gives one figure however they were stored.
        return durations.isEmpty ? nil : durations.reduce(0, +)
    }

    /// True when a trace of `findings` may store durations: the writer counts them
    /// (`EventWriter.withDurationStat`), so a log without any is known at once. Only a trace
    /// stored before the count is looked through, row by row, which at a million events cost
    /// more than the rest of the ranking.
    private static func holdDurations(_ findings: StoredFindings) throws -> Bool {
        var uncounted = Set(findings.traceIDs)
        var timed = false
        try findings.database.forEachRow(
            "SELECT trace_id, value FROM stats WHERE name = ? AND trace_id IN (\(findings.traceIDs.map(String.init).joined(separator: ", ")))",
            [EventWriter.withDurationStat]
        ) { row in
            uncounted.remove(row.integer(at: 0))
            if row.integer(at: 1) > 0 { timed = true }
        }
        if timed { return true }
        guard !uncounted.isEmpty else { return false }
        return try findings.database.scalarInt("""
            SELECT 1 FROM event_rows
            WHERE trace_id IN (\(uncounted.sorted().map(String.init).joined(separator: ", "))) AND duration_ms IS NOT NULL LIMIT 1
            """) != nil
    }
}
