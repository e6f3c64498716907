import TraceStore

/// A view whose `onAppear` runs again and again within one lifetime.
public enum RepeatedAppearRule: Rule {
    static let minAppears = Threshold.count(
        "min_appears", default: 2, "Appear lines of one view (and instance) within one lifetime.")

    public static let description = RuleDescription(
        identifier: "repeated_appear",
        title: "Repeated appear",
        defaultSeverity: .info,
        summary: "A view's onAppear runs several times within one lifetime (tab switches, cells scrolling back, navigation pops).",
        rationale: """
            `onAppear` is not `viewDidLoad`: it runs whenever the view starts to take part in its \
            parent's layout, so a TabView tab appears on every switch to it, a lazy list cell each \
            time it scrolls back in, a navigation root each time a pushed view is popped. Work \
            placed there (loading data, starting timers, logging analytics) runs every time, \
            while its `@State` lives on. The rule counts appear lines of one view, and of one \
            instance when the line names one (`tab 1 appear`), between new identities: a \
            `@identity` in the view's `_printChanges()` line, or the release of the last state \
            model it owns (`View Model deinit`) ends a lifetime. Info only: appearing again is \
            often what the view needs; it matters when the work belongs to the first appearance.
            """,
        fix: """
            Guard one-time work with a `@State` flag (`if !loaded { load(); loaded = true }`), \
            or use `.task(id:)` keyed on what the work depends on; move work that belongs to the \
            model's lifetime into the model.
            """,
        seed: "000 (TabView: `tab 1 appear` on every switch back); 004 (`MyRootView appear` after every pop); 002 (when onAppear runs)",
        thresholds: [minAppears],
        triggeringExamples: [
            Example(note: "Seed 000: switching tabs makes each tab appear again; its state (the `loaded` flag) lives on.", """
                ↓tab 1 appear
                load data 1
                ↓tab 2 appear
                load data 2
                tab 1 disappear
                ↓tab 1 appear
                tab 2 disappear
                ↓tab 2 appear
                tab 1 disappear
                ↓tab 1 appear
                """),
            Example(note: "Seed 004: the navigation root appears again after every pop.", """
                ↓2020-03-23 01:32:12.577138+0800 App[76407:18927258] 🚩 MyRootView appear
                2020-03-23 01:32:26.788380+0800 App[76407:18927258] 1️⃣ FirstView init 🟢
                2020-03-23 01:32:26.811396+0800 App[76407:18927258] ---------1️⃣ FirstView appear-------
                ↓2020-03-23 01:32:57.753106+0800 App[76407:18927258] 🚩 MyRootView appear
                2020-03-23 01:32:57.969867+0800 App[76407:18927258] ---------1️⃣ FirstView disappear-------
                """),
            Example(note: "A cell scrolled out and back in keeps its identity: `_printChanges()` shows no new one.", """
                FeedView: @self, @identity changed.
                PostCell: @self, @identity changed.
                ↓PostCell appear
                PostCell disappear
                ↓PostCell appear
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Seed 000's ZStack: each layer appears once, whatever its opacity.", """
                2 appear
                1 appear
                """),
            Example(note: "Seed 002: each view appears once, after layout.", """
                outer evaluate
                inner evaluate
                outer layout
                inner layout
                helper layout
                outer onAppear
                helper onAppear
                inner onAppear
                will appear(render)
                """),
            Example(note: "Shown again with a new identity (`if` toggled): a new lifetime, its state fresh.", """
                PlayButton: @self, @identity, _isPlaying changed.
                PlayButton appear
                PlayButton disappear
                ContentView: _showPlayButton changed.
                PlayButton: @self, @identity, _isPlaying changed.
                PlayButton appear
                """),
            Example(note: "Its last state model released before it appears again: a new lifetime.", """
                DetailView Model init
                DetailView appear
                DetailView disappear
                DetailView Model deinit
                DetailView Model init
                DetailView appear
                """),
            Example(note: "Three appears of one tab with `min_appears` raised to 4.", """
                tab 1 appear
                tab 1 disappear
                tab 1 appear
                tab 1 disappear
                tab 1 appear
                """, thresholds: ["min_appears": 4]),
        ]
    )

    public static func check(_ context: RuleContext) throws -> [Violation] {
        var violations: [Violation] = []
        try context.database.forEachRow(
            sql, [context.traceID, context.eventIDs.lowerBound, context.eventIDs.upperBound, context.thresholds.count(minAppears)]
        ) { row in
            let view = row.text(at: 0)!, instance = row.text(at: 1)
            let count = row.int(at: 2)!
            let lines = (row.text(at: 3) ?? "").split(separator: ",").compactMap { Int($0) }
            let name = instance.map { "\(view) \($0)" } ?? view
            violations.append(Violation(
                view: view,
                message: "\(name) appeared \(count == 2 ? "twice" : "\(count) times") within one lifetime (no new identity in between): "
                    + "its onAppear work ran each time, though its state lived on.",
                count: count,
                lines: lines
            ))
        }
        return violations
    }

    /// Appear lines grouped by view, instance and lifetime.
    ///
    /// A lifetime of a view ends where a new one starts: a `_printChanges()` line with
    /// `@identity`, or a `View Model deinit` that releases the last live model the view owns
    /// (a model discarded while another is alive, as `state_model_reinit` finds, ends nothing).
    /// The running sum of those marks per view numbers its lifetimes in one pass.
    static let sql = """
        WITH models AS (
            SELECT id, kind, owner,
                   sum(CASE kind WHEN 'init' THEN 1 ELSE -1 END)
                       OVER (PARTITION BY owner, view ORDER BY id ROWS UNBOUNDED PRECEDING) AS alive
            FROM events
            WHERE id BETWEEN ?2 AND ?3 AND +trace_id = ?1 AND owner IS NOT NULL AND kind IN ('init', 'deinit')
        ),
        marks AS (
            SELECT e.id, e.line, e.view, e.instance, 1 AS is_appear
            FROM events AS e
            WHERE e.id BETWEEN ?2 AND ?3 AND +e.trace_id = ?1 AND e.kind = 'appear'
            UNION ALL
            SELECT e.id, e.line, e.view, NULL, 0
            FROM events AS e
            WHERE e.id BETWEEN ?2 AND ?3 AND +e.trace_id = ?1 AND e.kind = 'body' AND e.origin = 'print_changes'
              AND EXISTS (SELECT 1 FROM changes AS c WHERE c.event_id = e.id AND c.token = '@identity')
            UNION ALL
            SELECT id, NULL, owner, NULL, 0
            FROM models
            WHERE kind = 'deinit' AND alive = 0
        ),
        lifetimes AS (
            SELECT *, sum(NOT is_appear) OVER (PARTITION BY view ORDER BY id ROWS UNBOUNDED PRECEDING) AS lifetime
            FROM marks
        )
        SELECT view, instance, count(*), group_concat(line)
        FROM lifetimes
        WHERE is_appear
        GROUP BY view, instance, lifetime
        HAVING count(*) >= ?4
        ORDER BY min(id)
        """
}
