import TraceStore

/// A view's state model initialised again on parent updates, though the view kept its identity.
public enum StateModelReinitRule: Rule {
    static let minReinits = Threshold.count(
        "min_reinits", default: 2,
        "Inits of one owner's model, made while an earlier one is alive and the owner kept its identity.")

    public static let description = RuleDescription(
        identifier: "state_model_reinit",
        title: "State model re-initialised",
        defaultSeverity: .warning,
        summary: "A model a view holds in @State (or @StateObject) is initialised again on parent updates although the view kept its identity; SwiftUI throws the new instances away.",
        rationale: """
            `@State var model = Model()` evaluates `Model()` every time the view's value is \
            created, that is on every update of its parent. SwiftUI keeps the instance made when \
            the view got its identity and discards each new one, so every extra init is wasted \
            work, and whatever the init does (network calls, subscriptions, analytics) runs again \
            for an object nobody uses. `@StateObject` defers its autoclosure, but a model made in \
            the view's `init` and handed to it, or an `@ObservedObject` given a fresh instance, \
            behaves the same. The rule reads `Owner Model init` lines (the owner is printed with \
            the model, or given by a structured line's `parent=`): an init while an earlier model \
            of the same owner is still alive, followed by the owner's `_printChanges()` line \
            without `@identity` (the view kept its identity: `PlayButton: @self changed.`). \
            A warning: nothing is wrong on screen, but work and side effects repeat.
            """,
        fix: """
            Make the model where it is made once: `@StateObject` (its autoclosure runs once per \
            identity), `.task { model = Model() }` for an optional `@State`, or pass it in from \
            an owner that lives longer; keep model inits free of side effects.
            """,
        seed: "001 (`@State var dataModel = DataModel()` with `@Observable`: `PlayButton DataModel init` after each `+ 1`, the kept instance released only at the end)",
        thresholds: [minReinits],
        triggeringExamples: [
            Example(note: "Seed 001: each `+ 1` makes a DataModel that SwiftUI throws away; the first one is kept.", """
                ContentView: @self, @identity, _showPlayButton, _count changed.
                PlayButton DataModel init
                DataModel address: 0x0000600000c30690
                PlayButton: @self, @identity, _isPlaying, _dataModel changed.
                ContentView: _count changed.
                ↓PlayButton DataModel init
                DataModel address: 0x0000600001714180
                PlayButton: @self changed.
                ContentView: _count changed.
                ↓PlayButton DataModel init
                DataModel address: 0x0000600001701340
                PlayButton DataModel deinit
                DataModel address: 0x0000600001714180
                PlayButton: @self changed.
                """),
            Example(note: "A structured line names the owner with `parent=`.", """
                trace-analyze: kind=init view=SearchModel parent=SearchView
                SearchView: @self, @identity, _model changed.
                ↓trace-analyze: kind=init view=SearchModel parent=SearchView
                SearchView: @self changed.
                ↓trace-analyze: kind=init view=SearchModel parent=SearchView
                SearchView: @self changed.
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Seed 001 with @StateObject: the model is made once; parent updates re-create only the view.", """
                ContentView: @self, @identity, _showPlayButton, _count changed.
                PlayButton DataModel init
                PlayButton: @self, @identity, _isPlaying, _dataModel changed.
                ContentView: _count changed.
                PlayButton: @self changed.
                ContentView: _count changed.
                PlayButton: @self changed.
                """),
            Example(note: "Seed 001 toggled: the view lost its identity, so its model was made anew for the new one.", """
                PlayButton DataModel init
                PlayButton: @self, @identity, _isPlaying, _dataModel changed.
                ContentView: _showPlayButton changed.
                PlayButton DataModel deinit
                ContentView: _showPlayButton changed.
                PlayButton DataModel init
                PlayButton: @self, @identity, _isPlaying, _dataModel changed.
                """),
            Example(note: "Rows of a list, each with its own model: every init comes with a new identity.", """
                RowView Model init
                RowView Model init
                RowView Model init
                RowView: @self, @identity, _model changed.
                RowView: @self, @identity, _model changed.
                RowView: @self, @identity, _model changed.
                """),
            Example(note: "One thrown-away model is below the default of two.", """
                PlayButton DataModel init
                PlayButton: @self, @identity, _dataModel changed.
                ContentView: _count changed.
                PlayButton DataModel init
                PlayButton: @self changed.
                """),
        ]
    )

    public static func check(_ context: RuleContext) throws -> [Violation] {
        var byOwner: [(owner: String, model: String, lines: [Int])] = []
        try context.database.forEachRow(
            sql, [context.traceID, context.eventIDs.lowerBound, context.eventIDs.upperBound]
        ) { row in
            let owner = row.text(at: 0)!, model = row.text(at: 1)!, line = row.int(at: 2)!
            if let last = byOwner.last, last.owner == owner, last.model == model {
                byOwner[byOwner.count - 1].lines.append(line)
            } else {
                byOwner.append((owner, model, [line]))
            }
        }
        let minimum = context.thresholds.count(minReinits)
        return byOwner.filter { $0.lines.count >= minimum }.map { found in
            Violation(
                view: found.owner,
                message: "\(found.owner)'s \(found.model) was initialised \(counted(found.lines.count, "more time")) while "
                    + "\(found.owner) kept its identity and an earlier \(found.model) was alive: SwiftUI keeps the first "
                    + "instance and discards the new ones, so each init is wasted work and its side effects run again.",
                count: found.lines.count,
                lines: found.lines
            )
        }
    }

    /// One row per discarded init: (owner, model, line), grouped by owner and model.
    ///
    /// `alive` is the running count of the owner's live models of that type; an init that
    /// raises it to 2 or more was made while an earlier one lived. It counts as discarded
    /// when the owner's next `_printChanges()` line shows no `@identity`: the owner kept its
    /// identity, so SwiftUI kept its first model. (A list of rows makes several live models at
    /// once too, but each row's next line shows a new identity.) The next line is a running
    /// minimum in reverse order over the owner's lines, each coded `2 × id + new identity`, so
    /// one sorted pass per window finds it without a look-up per init. Only types that are not
    /// views (see `rule_subjects`) count as models.
    static let sql = """
        WITH model_lines AS MATERIALIZED (
            SELECT id, line, kind, owner, view
            FROM events
            WHERE id BETWEEN ?2 AND ?3 AND +trace_id = ?1 AND owner IS NOT NULL AND kind IN ('init', 'deinit')
        ),
        owners AS MATERIALIZED (SELECT DISTINCT owner FROM model_lines),
        -- A structured line's `parent=` names a child view's parent: such "models" are views.
        views AS MATERIALIZED (
            SELECT view FROM rule_subjects WHERE trace_id = ?1 AND is_view
        ),
        lifecycle AS (
            SELECT id, line, kind, owner AS subject, view AS model, NULL AS body_code
            FROM model_lines
            UNION ALL
            SELECT e.id, e.line, 'body', e.view, NULL,
                   2 * e.id + EXISTS (SELECT 1 FROM changes AS c WHERE c.event_id = e.id AND c.token = '@identity')
            FROM events AS e
            WHERE e.id BETWEEN ?2 AND ?3 AND +e.trace_id = ?1 AND e.kind = 'body' AND e.origin = 'print_changes'
              AND e.view IN owners
        ),
        flagged AS (
            SELECT *,
                   sum(CASE kind WHEN 'init' THEN 1 WHEN 'deinit' THEN -1 ELSE 0 END)
                       OVER (PARTITION BY subject, model ORDER BY id ROWS UNBOUNDED PRECEDING) AS alive,
                   min(body_code) OVER (PARTITION BY subject ORDER BY id DESC ROWS UNBOUNDED PRECEDING) AS next_body
            FROM lifecycle
        )
        SELECT subject, model, line
        FROM flagged
        WHERE kind = 'init' AND alive >= 2 AND next_body % 2 = 0 AND model NOT IN views
        ORDER BY subject, model, id
        """
}
