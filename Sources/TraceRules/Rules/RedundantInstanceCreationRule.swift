import TraceStore

/// A view type built far more often than its body is used: instances made and thrown away.
public enum RedundantInstanceCreationRule: Rule {
    static let minInstances = Threshold.count(
        "min_instances", default: 5, "Inits of the view type before the rule looks at it.")
    static let minRatio = Threshold.ratio(
        "min_ratio", default: 3, "How many times more inits than body evaluations (or appears when no body is logged).")

    public static let description = RuleDescription(
        identifier: "redundant_instance_creation",
        title: "Redundant instance creation",
        defaultSeverity: .warning,
        summary: "A view type is instantiated far more often than its body is evaluated: instances are built and thrown away.",
        rationale: """
            Every time a parent's body runs, SwiftUI calls the initialisers of all its child views \
            to compare the new values with the stored ones; when a value is unchanged the body is \
            skipped and the instance is discarded. That is cheap only while `init` is cheap: a \
            view whose inits outnumber its body evaluations many times over pays its init cost \
            for nothing, on every parent update. A warning, not an error: the app still behaves \
            correctly; it does work it throws away.
            """,
        fix: """
            Keep `init` trivial (store the arguments, nothing else) and move work to `.task` or \
            `.onAppear`; pass narrower inputs so fewer parents re-run; split the parent so the \
            state that changes lives next to the views that read it.
            """,
        seed: "003 (`subview1 init` on every tap, its body evaluated once); 000 (keep init light)",
        thresholds: [minInstances, minRatio],
        triggeringExamples: [
            Example(note: "Seed 003 tapped four times: `subview1` is re-created on every tap, its body evaluated once.", """
                Evaluating View Declaration Value
                subview1 init
                subview1 body update
                Evaluating View Declaration Value
                ↓subview1 init
                Evaluating View Declaration Value
                ↓subview1 init
                Evaluating View Declaration Value
                ↓subview1 init
                Evaluating View Declaration Value
                ↓subview1 init
                """),
            Example(note: "Printed bodies count as uses: 7 rows built, 2 evaluated.", """
                RowView init
                RowView: @self, @identity changed.
                ↓RowView init
                ↓RowView init
                RowView init
                RowView: @self changed.
                ↓RowView init
                ↓RowView init
                ↓RowView init
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Seed 003 as printed: 3 inits are below the default of 5.", """
                subview1 init
                subview1 body update
                subview1 init
                subview1 init
                """),
            Example(note: "Five inits and one body, with `min_instances` raised to 6.", """
                subview1 init
                subview1 body update
                subview1 init
                subview1 init
                subview1 init
                subview1 init
                """, thresholds: ["min_instances": 6]),
            Example(note: "Every instance is evaluated: a new value each time, nothing thrown away.", """
                Card init
                Card: @self, @identity changed.
                Card init
                Card: @self changed.
                Card init
                Card: @self changed.
                Card init
                Card: @self changed.
                Card init
                Card: @self changed.
                """),
            Example(note: "No body or appear line for the type: nothing says its bodies did not run.", """
                Badge init
                Badge init
                Badge init
                Badge init
                Badge init
                Badge init
                """),
        ]
    )

    public static func check(_ context: RuleContext) throws -> [Violation] {
        let minInstances = context.thresholds.count(minInstances)
        let minRatio = context.thresholds[minRatio]
        var candidates: [(view: String, inits: Int, uses: Int, usesAreBodies: Bool)] = []
        // Views with neither body nor appear lines are skipped: nothing says whether their
        // bodies ran, only that nobody logged them.
        try context.database.forEachRow(
            """
            SELECT view, inits, bodies, appears
            FROM rule_subjects
            WHERE trace_id = ?1 AND inits >= ?2 AND bodies + appears > 0
              AND inits >= ?3 * (CASE WHEN bodies > 0 THEN bodies ELSE appears END)
            ORDER BY view
            """,
            [context.traceID, minInstances, minRatio]
        ) { row in
            let bodies = row.int(at: 2) ?? 0
            candidates.append((row.text(at: 0)!, row.int(at: 1) ?? 0, bodies > 0 ? bodies : row.int(at: 3) ?? 0, bodies > 0))
        }
        let unused = try unusedInits(of: candidates.map(\.view), context)
        return candidates.map { candidate in
            let lines = unused[candidate.view] ?? []
            let use = candidate.usesAreBodies ? "its body was evaluated" : "it appeared"
            return Violation(
                view: candidate.view,
                message: "\(candidate.view) was initialised \(candidate.inits) times but \(use) only \(times(candidate.uses)); "
                    + "\(lines.count) instances were built and dropped before any use.",
                count: candidate.inits,
                lines: lines
            )
        }
    }

    /// Per view, the inits not followed by a body or appear of the same view before the next init.
    ///
    /// One pass over the trace for all candidate views (passed as a JSON array), not one per view.
    private static func unusedInits(of views: [String], _ context: RuleContext) throws -> [String: [Int]] {
        guard !views.isEmpty else { return [:] }
        var lines: [String: [Int]] = [:]
        try context.database.forEachRow(
            """
            SELECT view, line FROM (
                SELECT view, line, kind, lead(kind) OVER (PARTITION BY view ORDER BY id) AS next_kind
                FROM events
                WHERE id BETWEEN ?2 AND ?3 AND +trace_id = ?1 AND kind IN ('init', 'body', 'appear')
                  AND view IN (SELECT value FROM json_each(?4))
            )
            WHERE kind = 'init' AND (next_kind IS NULL OR next_kind = 'init')
            ORDER BY view, line
            """,
            [context.traceID, context.eventIDs.lowerBound, context.eventIDs.upperBound, RuleSQL.list(views)]
        ) { row in lines[row.text(at: 0)!, default: []].append(row.int(at: 1)!) }
        return lines
    }

    private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}
