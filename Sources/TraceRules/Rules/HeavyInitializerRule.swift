import TraceStore

/// A view whose init does work: it creates helper objects, or takes measurable time.
public enum HeavyInitializerRule: Rule {
    static let maxInitMilliseconds = Threshold.duration(
        "max_init_ms", default: 1,
        "Longest acceptable init, in milliseconds, where a duration or timestamps bound it.")

    public static let description = RuleDescription(
        identifier: "heavy_initializer",
        title: "Heavy initializer",
        defaultSeverity: .warning,
        summary: "A view's init creates helper objects (coordinators, models, services) or takes longer than a millisecond.",
        rationale: """
            SwiftUI creates view values whenever it likes: each time a parent's body runs, for \
            every NavigationLink destination in a list, for rows that never reach the screen. \
            Whatever a view's init does (including its stored properties' initial values, such as \
            `let coordinator = Coordinator()`) is repeated each time, on the main thread, and the \
            objects it makes are rarely the ones that end up used. The rule sees it as another \
            type's `init` printed just before the view's own (property initialisers run before the \
            init body), as an `Owner Helper init` line, or as an init longer than `max_init_ms` \
            when a duration is logged or two timestamps bound it. A warning: it costs time and \
            memory but is not wrong by itself.
            """,
        fix: """
            Keep view inits to storing their arguments. Create objects in `@StateObject`/`@State` \
            (made once per identity), in `.task`/`.onAppear`, or pass them in from a parent that \
            owns them; wrap navigation destinations so they are built when opened.
            """,
        seed: "004 (`FirstCoordinator` created in `FirstView`, eager and with LazyView); 000 (keep init light)",
        thresholds: [maxInitMilliseconds],
        triggeringExamples: [
            Example(note: "Seed 004: `FirstCoordinator` is a stored property of `FirstView`, made before its init body prints.", """
                2020-03-23 01:10:46.546218+0800 App[76375:18919854] 🚩 MyRootView appear
                ↓2020-03-23 01:10:46.553204+0800 App[76375:18919854] 1️⃣ FirstCoordinator init 🟢
                ↓2020-03-23 01:10:46.553234+0800 App[76375:18919854] 1️⃣ FirstView init 🟢
                2020-03-23 01:11:03.746197+0800 App[76375:18919854] ---------1️⃣ FirstView appear-------
                """),
            Example(note: "An `Owner Helper init` line names the view that made the helper.", """
                ↓PlayButton DataModel init
                PlayButton: @self, @identity, _dataModel changed.
                """),
            Example(note: "A structured line reports the init's duration: 4.2 ms.", """
                trace-analyze: kind=appear view=RootView
                ↓trace-analyze: kind=init view=DetailView parent=RootView ms=4.2
                trace-analyze: kind=body view=DetailView
                """),
            Example(note: "Timestamps bound the init: 8 ms pass between making the cache and the end of the view's init.", """
                2024-05-01 10:00:00.000000+0000 App[1:2] ContentView appear
                ↓2024-05-01 10:00:00.001000+0000 App[1:2] ImageCache init
                ↓2024-05-01 10:00:00.009000+0000 App[1:2] GalleryView init
                2024-05-01 10:00:00.020000+0000 App[1:2] GalleryView appear
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Views initialised in turn: no object among them.", """
                ContentView appear
                HeaderView init
                FooterView init
                HeaderView appear
                FooterView appear
                """),
            Example(note: "A model made by `@StateObject` when the view is installed, after its init.", """
                DetailView init
                DetailModel init
                DetailView appear
                """),
            Example(note: "Structured lines with short inits; a child view's `parent=` is not a helper of the parent.", """
                trace-analyze: kind=init view=RootView ms=0.2
                trace-analyze: kind=init view=DetailView parent=RootView ms=0.4
                trace-analyze: kind=body view=RootView
                trace-analyze: kind=body view=DetailView
                """),
            Example(note: "Timestamps alone prove nothing: the 0.1 ms since the appear is not time spent in the init.", """
                2024-05-01 10:00:00.000000+0000 App[1:2] ContentView appear
                2024-05-01 10:00:00.000100+0000 App[1:2] GalleryView init
                2024-05-01 10:00:00.020000+0000 App[1:2] GalleryView appear
                """),
        ]
    )

    public static func check(_ context: RuleContext) throws -> [Violation] {
        let limit = context.thresholds[maxInitMilliseconds]
        var byView: [String: HeavyInit] = [:]
        var order: [String] = []
        try context.database.forEachRow(
            sql, [context.traceID, context.eventIDs.lowerBound, context.eventIDs.upperBound, limit]
        ) { row in
            let view = row.text(at: 0)!
            if byView[view] == nil {
                order.append(view)
                byView[view] = HeavyInit(view: view)
            }
            byView[view]!.add(
                initLine: row.int(at: 1), helper: row.text(at: 2), helperLine: row.int(at: 3),
                milliseconds: row.double(at: 4), limit: limit
            )
        }
        return order.compactMap { byView[$0]?.violation(limit: limit) }
    }

    /// One row per sign of work in a view's init: (view, init line, helper, helper line, ms).
    ///
    /// Three shapes, in one pass over the trace's lifecycle lines:
    /// 1. an object's init printed right before a view's init: the view's stored properties made
    ///    it (the gap between the two timestamps is time the init spent after making it);
    /// 2. `Owner Helper init`: the line itself names the view that made the helper (an owned
    ///    view, such as a structured line's `parent=`, is a child, not a helper);
    /// 3. a view's init that logged its own duration.
    ///
    /// The window carries only ids through the whole trace (SQLite buffers its rows); the init
    /// lines and the line before each are then read by primary key. View and object names are
    /// looked up with `IN` against sets built once per query.
    static let sql = """
        WITH subjects AS MATERIALIZED (
            SELECT view, is_view FROM rule_subjects WHERE trace_id = ?1
        ),
        views AS MATERIALIZED (SELECT view FROM subjects WHERE is_view),
        objects AS MATERIALIZED (SELECT view FROM subjects WHERE NOT is_view),
        inits AS MATERIALIZED (
            SELECT l.line, l.ts, l.view, l.owner, l.duration_ms,
                   p.kind AS previous_kind, p.view AS previous_view, p.owner AS previous_owner,
                   p.line AS previous_line, p.ts AS previous_ts
            FROM (
                SELECT id, kind, lag(id) OVER (ORDER BY id) AS previous_id
                FROM events
                WHERE id BETWEEN ?2 AND ?3 AND +trace_id = ?1 AND kind <> 'text' AND view IS NOT NULL
            ) AS w
            JOIN events AS l ON l.id = w.id
            LEFT JOIN events AS p ON p.id = w.previous_id
            WHERE w.kind = 'init'
        )
        SELECT view, line, previous_view, previous_line,
               max(coalesce(duration_ms, 0), coalesce((ts - previous_ts) * 1000, 0))
        FROM inits
        WHERE previous_kind = 'init' AND previous_owner IS NULL AND previous_view <> view
          AND view IN views AND previous_view IN objects
        UNION ALL
        SELECT owner, NULL, view, line, NULL
        FROM inits
        WHERE owner IS NOT NULL AND view IN objects
        UNION ALL
        SELECT view, line, NULL, NULL, duration_ms
        FROM inits
        WHERE duration_ms > ?4 AND view IN views
        """
}
