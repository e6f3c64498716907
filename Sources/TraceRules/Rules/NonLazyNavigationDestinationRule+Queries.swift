import Foundation
import TraceStore

/// The SQL behind `non_lazy_navigation_destination`.
extension NonLazyNavigationDestinationRule {
    /// One burst: a root's appear or body line and the late destinations initialised after it.
    struct Burst {
        struct Destination {
            let view: String
            let line: Int
            /// When it was shown: `17.2 s later`, `after MyRootView appeared again`, `never`.
            let appearance: String
        }
        let rootID: Int
        let root: String
        let rootKind: String
        let rootLine: Int
        var destinations: [Destination]
    }

    /// Inits in a burst right after a root's appear or body, shown (appear or body) late or never.
    ///
    /// A burst is the run of init lines right after a root's appear or body line, with no other
    /// lifecycle line between, and (when timestamps tell) less than `min_delay_seconds` after it. Only
    /// view types count as destinations (see `rule_subjects`), so the coordinators the
    /// destinations create are not counted twice. "The next appear (or body) of this view after
    /// this line" is a running minimum over the view's later lines (the `later` window, read
    /// backwards), so one sorted pass answers it for every line without an index or a join.
    static let sql = """
        WITH lifecycle AS MATERIALIZED (
            SELECT id, line, ts, kind, view,
                   max(CASE WHEN kind <> 'init' THEN id END) OVER (ORDER BY id ROWS UNBOUNDED PRECEDING) AS head_id,
                   min(CASE WHEN kind = 'appear' THEN id END) OVER later AS next_appear_id,
                   min(CASE WHEN kind = 'body' THEN id END) OVER later AS next_body_id
            FROM events
            WHERE id BETWEEN ?2 AND ?3 AND +trace_id = ?1 AND kind <> 'text' AND view IS NOT NULL
            WINDOW later AS (PARTITION BY view ORDER BY id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
        ),
        heads AS MATERIALIZED (
            SELECT id, line, ts, kind, view, next_appear_id FROM lifecycle WHERE kind IN ('appear', 'body')
        ),
        burst AS (
            SELECT g.id, g.line, g.ts, g.view, g.next_appear_id AS appear_id, g.next_body_id AS body_id,
                   head.id AS root_id, head.view AS root_view, head.kind AS root_kind, head.line AS root_line,
                   head.next_appear_id AS root_again_id
            FROM lifecycle AS g
            JOIN heads AS head ON head.id = g.head_id
            WHERE g.kind = 'init' AND g.view <> head.view
              AND (g.ts IS NULL OR head.ts IS NULL OR g.ts - head.ts < ?4)
        ),
        views AS MATERIALIZED (
            SELECT view FROM rule_subjects WHERE trace_id = ?1 AND is_view
        ),
        destinations AS (
            -- Shown: the first appear or body evaluation after the init. A destination's body
            -- runs only when it is pushed; a child that is on screen prints one at once.
            SELECT *, CASE WHEN body_id < coalesce(appear_id, body_id + 1) THEN body_id ELSE appear_id END AS shown_id
            FROM burst
            WHERE view IN views
        )
        SELECT d.root_id, d.root_view, d.root_kind, d.root_line, d.view, d.line,
               CASE WHEN d.shown_id IS NULL THEN 'never'
                    WHEN d.root_again_id < d.shown_id THEN 'after ' || d.root_view || ' appeared again'
                    ELSE printf('%.1f s later', shown.ts - d.ts) END
        FROM destinations AS d
        LEFT JOIN events AS shown ON shown.id = d.shown_id
        WHERE d.shown_id IS NULL OR d.root_again_id < d.shown_id OR shown.ts - d.ts >= ?4
        ORDER BY d.root_id, d.id
        """

    static func lateDestinations(_ context: RuleContext) throws -> [Burst] {
        var bursts: [Burst] = []
        try context.database.forEachRow(
            sql,
            [context.traceID, context.eventIDs.lowerBound, context.eventIDs.upperBound, context.thresholds[minDelaySeconds]]
        ) { row in
            let rootID = row.int(at: 0)!
            let destination = Burst.Destination(view: row.text(at: 4)!, line: row.int(at: 5)!, appearance: row.text(at: 6)!)
            if bursts.last?.rootID == rootID {
                bursts[bursts.count - 1].destinations.append(destination)
            } else {
                bursts.append(Burst(
                    rootID: rootID, root: row.text(at: 1)!, rootKind: row.text(at: 2)!, rootLine: row.int(at: 3)!,
                    destinations: [destination]
                ))
            }
        }
        return bursts
    }
}
