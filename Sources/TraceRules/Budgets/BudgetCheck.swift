import TraceStore

/// Holds analysed traces to their budgets: a `budget` finding for each view and measure over
/// (or, for `exactly`, off) its limit, stored with the rules' findings so every reporter, the
/// baseline and the exit code carry it.
///
/// The figures are the per-view account's (`ViewAccount`, what `views` prints), and the causes a
/// finding lists are the `causes` rows `why` reads, so a budget, `views` and `why` never disagree.
public enum BudgetCheck {
    /// The rule id of budget findings.
    public static let rule = "budget"

    /// One view's figure for one measure in one trace, with the lines behind it.
    public struct Figure: Sendable, Equatable {
        /// The view.
        public let view: String
        /// The measure.
        public let measure: Budget.Measure
        /// The figure; nil when the trace cannot know it (`ms` without measured bodies).
        public let value: Double?
    }

    /// Stores the budget findings of traces `traceIDs` (analysed: `Explainer.prepare`) in
    /// `database` and returns notes: budgets naming no view or no tagged trace, figures the
    /// trace cannot know. `rulesRan` says whether `identity_churn` and
    /// `redundant_instance_creation`, which count resets and dropped values, ran.
    public static func run(_ budgets: [Budget], traceIDs: [Int], in database: Database, rulesRan: Set<String>) throws -> [String] {
        guard !budgets.isEmpty else { return [] }
        var notes: [String] = []
        let tags = try TraceTags.all(database)
        var applied = Array(repeating: false, count: budgets.count)
        try database.transaction {
            // A stored trace reported again: its budget findings are this run's, not added to the last's.
            for traceID in traceIDs {
                try database.run("DELETE FROM evidence WHERE finding_id IN (SELECT id FROM findings WHERE trace_id = ? AND rule = ?)", [traceID, rule])
                try database.run("DELETE FROM findings WHERE trace_id = ? AND rule = ?", [traceID, rule])
            }
            var writer = try FindingWriter(database: database)
            for traceID in traceIDs {
                let source = try Self.source(of: traceID, in: database)
                let test = tags[traceID]?.first { $0.key == "test" }?.value
                let views = try Self.views(of: traceID, in: database)
                for (index, budget) in budgets.enumerated() {
                    if let wanted = budget.test, wanted != test { continue }
                    applied[index] = true
                    var named = views.filter(budget.matches)
                    if named.isEmpty {
                        notes.append("\(budget.keyPath): no view \(budget.isGlob ? "matches" : "is named") '\(budget.view)' in \(StandardInput.name(of: source)); check the name (`trace-analyze views` lists the trace's views)")
                        // An exact count of something absent is still a count: 0.
                        guard !budget.isGlob, budget.limits.contains(where: { if case .exactly(let value) = $0.limit { value > 0 } else { false } }) else { continue }
                        named = [budget.view]
                    }
                    for view in named {
                        for (measure, limit) in budget.limits {
                            if let note = try check(
                                view: view, measure: measure, limit: limit, budget: budget, traceID: traceID, source: source,
                                test: test, database: database, rulesRan: rulesRan, writer: &writer
                            ) {
                                notes.append(note)
                            }
                        }
                    }
                }
            }
            try writer.finish()
        }
        for (index, budget) in budgets.enumerated() where !applied[index] {
            notes.append("\(budget.keyPath): no trace is tagged test=\(budget.test ?? ""), so the budget for '\(budget.view)' was not checked (tag a run with --tag test=\(budget.test ?? "NAME"))")
        }
        return notes
    }

    /// The figure of `measure` for `view` in trace `traceID`.
    public static func figure(_ measure: Budget.Measure, view: String, traceID: Int, in database: Database) throws -> Double? {
        var value: Double?
        switch measure {
        case .resets, .dropped:
            let rule = measure == .resets ? "identity_churn" : "redundant_instance_creation"
            try database.forEachRow("SELECT coalesce(sum(count), 0) FROM findings WHERE trace_id = ? AND view = ? AND rule = ?", [traceID, view, rule]) {
                value = Double($0.integer(at: 0))
            }
        case .ms:
            try database.forEachRow(
                "SELECT round(sum(duration_ms), 6) FROM events WHERE trace_id = ? AND view = ? AND kind = 'body' AND duration_ms IS NOT NULL",
                [traceID, view]
            ) { value = $0.double(at: 0) }
        default:
            try database.forEachRow("SELECT count(*) FROM events AS e \(join(measure)) WHERE e.trace_id = ? AND e.view = ? AND \(condition(measure))", [traceID, view]) {
                value = Double($0.integer(at: 0))
            }
        }
        return value
    }

    /// The views (and objects) trace `traceID` names, in name order.
    public static func views(of traceID: Int, in database: Database) throws -> [String] {
        var views: [String] = []
        try database.forEachRow("SELECT DISTINCT view FROM events WHERE trace_id = ? AND view IS NOT NULL AND kind <> 'text' ORDER BY view", [traceID]) {
            if let view = $0.text(at: 0) { views.append(view) }
        }
        return views
    }

    private static func check(
        view: String, measure: Budget.Measure, limit: Budget.Limit, budget: Budget, traceID: Int, source: String, test: String?,
        database: Database, rulesRan: Set<String>, writer: inout FindingWriter
    ) throws -> String? {
        let file = StandardInput.name(of: source)
        if measure == .resets || measure == .dropped {
            let rule = measure == .resets ? "identity_churn" : "redundant_instance_creation"
            guard rulesRan.contains(rule) else {
                return "\(budget.keyPath): '\(measure.rawValue)' is what \(rule) counts, and it did not run (disabled_rules, only_rules): the budget for '\(view)' was not checked"
            }
        }
        guard let value = try figure(measure, view: view, traceID: traceID, in: database) else {
            return "\(budget.keyPath): \(file) has no measured body of \(view) (durations come from TraceProbe lines or an Instruments recording): its 'ms' budget was not checked"
        }
        guard !limit.holds(value) else { return nil }
        let lines = try evidence(measure, view: view, traceID: traceID, in: database)
        let during = test.map { " in test \($0)" } ?? ""
        var message: String
        switch limit {
        case .max(let most):
            message = "\(view) had \(measure.amount(value))\(during), over its budget of \(limit.words) (\(budget.keyPath)) by \(Budget.number(value - most))"
        case .exactly:
            message = "\(view) had \(measure.amount(value))\(during), where its budget (\(budget.keyPath)) asks for \(limit.words)"
        }
        let causes = try Self.causes(measure, view: view, traceID: traceID, in: database)
        if !causes.isEmpty { message += "; by cause: " + causes.map { "\($0.count) \($0.cause)" }.joined(separator: ", ") }
        if measure == .body || measure == .`init` || measure == .identities || measure == .ms {
            message += ". `trace-analyze why \(view)` shows each chain"
        }
        try writer.write(Finding(
            rule: rule, severity: budget.severity, view: view, message: message, count: Int(value.rounded()),
            lines: lines, traceID: traceID, source: source, milliseconds: measure == .ms ? value : nil,
            // A budget is the team's own limit, not waste: Fix first does not rank it.
            waste: 0
        ))
        return nil
    }

    /// The causes of the events a measure counts, most frequent first (the `why` account);
    /// empty for the measures counted by rules.
    static func causes(_ measure: Budget.Measure, view: String, traceID: Int, in database: Database) throws -> [(cause: String, count: Int)] {
        guard measure == .body || measure == .`init` || measure == .ms else { return [] }
        var causes: [(String, Int)] = []
        try database.forEachRow("""
            SELECT coalesce(c.cause, 'unknown'), count(*) FROM events AS e LEFT JOIN causes AS c ON c.event_id = e.id
            WHERE e.trace_id = ? AND e.view = ? AND \(condition(measure)) GROUP BY 1 ORDER BY 2 DESC, 1
            """, [traceID, view]) { row in
            let cause = row.text(at: 0).flatMap(Cause.init(rawValue:))?.words ?? row.text(at: 0) ?? "unknown"
            causes.append((cause, row.integer(at: 1)))
        }
        return causes
    }

    /// The lines behind a figure: the events it counts, or the evidence of the findings it sums.
    static func evidence(_ measure: Budget.Measure, view: String, traceID: Int, in database: Database) throws -> [Int] {
        var lines: [Int] = []
        switch measure {
        case .resets, .dropped:
            let rule = measure == .resets ? "identity_churn" : "redundant_instance_creation"
            try database.forEachRow("""
                SELECT DISTINCT v.line FROM evidence AS v JOIN findings AS f ON f.id = v.finding_id
                WHERE f.trace_id = ? AND f.view = ? AND f.rule = ? ORDER BY v.line
                """, [traceID, view, rule]) { lines.append($0.integer(at: 0)) }
        default:
            try database.forEachRow("SELECT DISTINCT e.line FROM events AS e \(join(measure)) WHERE e.trace_id = ? AND e.view = ? AND \(condition(measure)) ORDER BY e.line", [traceID, view]) {
                lines.append($0.integer(at: 0))
            }
        }
        return lines
    }

    private static func join(_ measure: Budget.Measure) -> String {
        measure == .identities ? "JOIN causes AS c ON c.event_id = e.id" : ""
    }

    private static func condition(_ measure: Budget.Measure) -> String {
        switch measure {
        case .body: "e.kind = 'body'"
        case .`init`: "e.kind = 'init'"
        case .appears: "e.kind = 'appear'"
        case .identities: "e.kind = 'body' AND c.cause = 'identity'"
        case .ms: "e.kind = 'body' AND e.duration_ms IS NOT NULL"
        case .resets, .dropped: "0"
        }
    }

    private static func source(of traceID: Int, in database: Database) throws -> String {
        var source = "-"
        try database.forEachRow("SELECT source FROM traces WHERE id = ?", [traceID]) { source = $0.text(at: 0) ?? "-" }
        return source
    }
}

extension BudgetCheck {
    /// How reporters that list rules (SARIF, the html report) describe budget findings.
    public static let description = RuleDescription(
        identifier: rule, title: "Budget",
        defaultSeverity: .error,
        summary: "A view's figure (body evaluations, inits, identities, resets, appears, dropped values or measured ms) is over the budget `.trace-analyze.json` gives it.",
        rationale: "A budget is the team's own assertion, as Compose's assertRecompositions is: the view may do this much in this test, and more is a regression.",
        fix: "Find where the extra evaluations came from (`trace-analyze why VIEW` shows each chain), or raise the budget on purpose (`trace-analyze budgets --write`).",
        seed: "", triggeringExamples: [], nonTriggeringExamples: []
    )
}
