import TraceStore

/// Objects whose holder went away for good but that never logged deinit, while their kind does.
public enum MissingDeinitRule: Rule {
    static let minReleased = Threshold.count(
        "min_released", default: 1,
        "Deinit lines of the same kind of object, after the holder went away, that show such objects are released and their deinit is logged.")

    public static let description = RuleDescription(
        identifier: "missing_deinit",
        title: "Missing deinit",
        defaultSeverity: .info,
        summary: "An object whose view disappeared for good, or whose owner was released, never logs deinit, while objects of the same kind do: probably retained.",
        rationale: """
            A coordinator, model or service made for a screen should go when the screen goes. \
            When it does not, something still holds it: a closure capturing `self`, a delegate \
            that is not `weak`, a cache or singleton, or a navigation destination value the list \
            keeps alive. It keeps its memory, subscriptions and timers, and does its work twice \
            when the screen is made again. The rule ties an object to its holder as the other \
            rules do (`Owner Object init`, or its init printed just before a view's init, as a \
            stored property's is) and takes the holder as gone when it is an object that logged \
            deinit, or a view whose last appear/disappear line is a disappear. It reports only \
            objects of a kind whose deinit the trace shows after that point (the same type, or \
            the same last word of the name: `FirstCoordinator` and `SecondCoordinator`), since \
            an object that never prints deinit at all is more likely just not instrumented. \
            Info only: a log that ends soon after can also explain it.
            """,
        fix: """
            Find what holds the object: capture `[weak self]` in closures and `Task`s it stores, \
            make delegates `weak`, cancel subscriptions, and build navigation destinations when \
            they are pushed (`navigationDestination`, a lazy wrapper) so the list does not keep them.
            """,
        seed: "004 (eager destinations: the coordinators are never released after popping back to the root; with LazyView they are)",
        thresholds: [minReleased],
        triggeringExamples: [
            Example(note: "Seed 004 with only the first link left eager: SecondCoordinator is released, FirstCoordinator never is.", """
                🚩 MyRootView appear
                ↓1️⃣ FirstCoordinator init 🟢
                1️⃣ FirstView init 🟢
                ---------1️⃣ FirstView appear-------
                🚩 MyRootView appear
                ↓---------1️⃣ FirstView disappear-------
                2️⃣ SecondCoordinator init 🟢
                2️⃣ SecondView init 🟢
                ---------2️⃣ SecondView appear-------
                🚩 MyRootView appear
                ---------2️⃣ SecondView disappear-------
                3️⃣ ThirdCoordinator init 🟢
                3️⃣ ThirdView init 🟢
                2️⃣ SecondCoordinator deinit 🔴
                ---------3️⃣ ThirdView appear-------
                """),
            Example(note: "An object owned by another: its owner was released, another of its type was too, it never was.", """
                LobbyView appear
                ↓RoomCoordinator Socket init #1
                RoomView appear
                RoomView disappear
                ↓RoomCoordinator deinit
                RoomCoordinator Socket init #2
                RoomView appear
                RoomView disappear
                RoomCoordinator deinit
                RoomCoordinator Socket deinit #2
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Seed 004, all links eager: nothing in the trace logs a deinit, so nothing says deinit is printed at all.", """
                🚩 MyRootView appear
                1️⃣ FirstCoordinator init 🟢
                1️⃣ FirstView init 🟢
                2️⃣ SecondCoordinator init 🟢
                2️⃣ SecondView init 🟢
                ---------1️⃣ FirstView appear-------
                🚩 MyRootView appear
                ---------1️⃣ FirstView disappear-------
                ---------2️⃣ SecondView appear-------
                🚩 MyRootView appear
                ---------2️⃣ SecondView disappear-------
                """),
            Example(note: "Seed 004 with LazyView: each coordinator is released when the next screen opens; the last one's screen is still shown.", """
                🚩 MyRootView appear
                1️⃣ FirstCoordinator init 🟢
                1️⃣ FirstView init 🟢
                ---------1️⃣ FirstView appear-------
                🚩 MyRootView appear
                ---------1️⃣ FirstView disappear-------
                2️⃣ SecondCoordinator init 🟢
                2️⃣ SecondView init 🟢
                1️⃣ FirstCoordinator deinit 🔴
                ---------2️⃣ SecondView appear-------
                """),
            Example(note: "A tab that disappears and appears again is still alive; so is what it holds.", """
                FeedModel init
                FeedView init
                FeedView appear
                FeedView disappear
                ProfileModel init
                ProfileView init
                ProfileView appear
                ProfileView disappear
                ProfileModel deinit
                FeedView appear
                """),
            Example(note: "The last screen is closed as the log ends: its coordinator had no chance to be released yet.", """
                1️⃣ FirstCoordinator init 🟢
                1️⃣ FirstView init 🟢
                ---------1️⃣ FirstView appear-------
                ---------1️⃣ FirstView disappear-------
                1️⃣ FirstCoordinator deinit 🔴
                2️⃣ SecondCoordinator init 🟢
                2️⃣ SecondView init 🟢
                ---------2️⃣ SecondView appear-------
                ---------2️⃣ SecondView disappear-------
                """),
        ]
    )

    public static func check(_ context: RuleContext) throws -> [Violation] {
        let range: [SQLBindable] = [context.traceID, context.eventIDs.lowerBound, context.eventIDs.upperBound]
        var ledger = Ledger()
        try context.database.forEachRow(viewsLastSeenSQL, range) { row in
            ledger.lastSeen(view: row.text(at: 0)!, disappearID: row.int(at: 1), disappearLine: row.int(at: 2), appearID: row.int(at: 3))
        }
        try context.database.forEachRow(objectsSQL, range) { row in
            let id = row.int(at: 0)!, line = row.int(at: 2)!
            let type = row.text(at: 3)!, instance = row.text(at: 4)
            if row.text(at: 1) == "deinit" {
                ledger.release(type: type, instance: instance, id: id, line: line)
            } else {
                ledger.create(id: id, line: line, type: type, instance: instance, holder: row.text(at: 5))
            }
        }
        return ledger.violations(minReleased: context.thresholds.count(minReleased))
    }

    /// Object inits and deinits in trace order, each init with its holder:
    /// (id, kind, line, type, instance, holder).
    ///
    /// The holder is the init line's owner (`RoomCoordinator Socket init`), else the view whose
    /// init is the next lifecycle line (the object is one of its stored properties, made first).
    /// The next lifecycle line is looked up by rowid from each object line, so only the objects'
    /// lines are read one by one, never the whole trace in a window.
    static let objectsSQL = """
        WITH subjects AS MATERIALIZED (
            SELECT view, is_view FROM rule_subjects WHERE trace_id = ?1
        ),
        views AS MATERIALIZED (SELECT view FROM subjects WHERE is_view),
        objects AS MATERIALIZED (SELECT view FROM subjects WHERE NOT is_view),
        lines AS (
            SELECT e.id, e.kind, e.line, e.view, e.owner, e.instance,
                   -- The next lifecycle line, found by rowid from this one: no pass over the trace.
                   (SELECT n.id FROM events AS n
                    WHERE n.id > e.id AND n.id <= ?3 AND n.trace_id = ?1 AND n.kind <> 'text' AND n.view IS NOT NULL
                    ORDER BY n.id LIMIT 1) AS next_id
            FROM events AS e
            WHERE e.id BETWEEN ?2 AND ?3 AND +e.trace_id = ?1 AND e.kind IN ('init', 'deinit') AND e.view IN objects
        )
        SELECT l.id, l.kind, l.line, l.view, l.instance,
               CASE WHEN l.kind = 'init' THEN coalesce(
                   l.owner,
                   CASE WHEN n.kind = 'init' AND n.owner IS NULL AND n.view IN views THEN n.view END
               ) END
        FROM lines AS l
        LEFT JOIN events AS n ON n.id = l.next_id
        ORDER BY l.id
        """

    /// Per view, its last disappear (id and line) and its last appear: a view whose last such
    /// line is a disappear has left the screen for good.
    static let viewsLastSeenSQL = """
        SELECT view,
               max(CASE WHEN kind = 'disappear' THEN id END),
               max(CASE WHEN kind = 'disappear' THEN line END),
               max(CASE WHEN kind = 'appear' THEN id END)
        FROM events
        WHERE id BETWEEN ?2 AND ?3 AND +trace_id = ?1 AND kind IN ('appear', 'disappear') AND view IS NOT NULL
        GROUP BY view
        """
}
