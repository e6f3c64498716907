import Foundation
import TraceStore

/// The SQL behind `identity_churn`, one pass over the trace each.
extension IdentityChurnRule {
    struct RecreatedView {
        struct Update {
            let root: String
            let rootLine: Int
            let lines: [Int]
            /// The dynamic properties (`_isPlaying`) printed with the new identity: the state that reset.
            let state: [String]
        }
        let name: String
        var updates: [Update]
    }

    struct RecreatedModel {
        struct Cycle {
            let deinitLine: Int
            let initLine: Int
        }
        let owner: String
        let model: String
        var cycles: [Cycle]
    }

    /// Views given a new identity inside an update started by an ancestor that kept its own.
    ///
    /// An update starts at a body line with neither `@identity` nor `@self`: a view re-evaluated
    /// because its own state changed (`ContentView: _showPlayButton changed.`). SwiftUI prints
    /// the subtree it re-evaluates right after, so every following body line belongs to that
    /// update until the next such line, an appear/disappear (printed once the update is
    /// committed), or, when timestamps tell, `max_update_seconds` after it. A view counts as re-created in an update when it printed `@identity` there,
    /// had printed `@identity` before the update began (it already existed), and printed no
    /// evaluation that kept its identity in the same update (which would mean the `@identity`
    /// belongs to a new sibling, as when a row is appended to a list).
    static let recreatedViewsSQL = """
        WITH lifecycle AS (
            SELECT e.id, e.line, e.ts, e.kind, e.view,
                   EXISTS (SELECT 1 FROM changes AS c WHERE c.event_id = e.id AND c.token = '@identity') AS new_identity,
                   EXISTS (SELECT 1 FROM changes AS c WHERE c.event_id = e.id AND c.token = '@self') AS new_value
            FROM events AS e
            WHERE e.id BETWEEN ?2 AND ?3 AND +e.trace_id = ?1
              AND (e.kind IN ('appear', 'disappear') OR (e.kind = 'body' AND e.origin = 'print_changes'))
        ),
        updates AS (
            SELECT *,
                   max(CASE WHEN starts_update THEN id END) OVER running AS update_id,
                   -- Log lines are in time order, so the latest update's time is the running
                   -- maximum: no join back to the update's line.
                   max(CASE WHEN starts_update THEN ts END) OVER running AS update_ts
            FROM (SELECT *, kind <> 'body' OR NOT (new_identity OR new_value) AS starts_update FROM lifecycle)
            WINDOW running AS (ORDER BY id ROWS UNBOUNDED PRECEDING)
        ),
        per_update AS (
            SELECT u.update_id, u.view,
                   sum(u.new_identity) AS created,
                   sum(NOT u.new_identity) AS kept,
                   group_concat(CASE WHEN u.new_identity THEN u.line END) AS lines,
                   max(CASE WHEN u.new_identity THEN u.id END) AS sample_id
            FROM updates AS u
            WHERE u.kind = 'body' AND u.id > u.update_id
              AND (u.ts IS NULL OR u.update_ts IS NULL OR u.ts - u.update_ts <= ?4)
            GROUP BY u.update_id, u.view
        ),
        first_seen AS (
            SELECT view, min(id) AS first_id FROM lifecycle WHERE new_identity GROUP BY view
        )
        SELECT p.view, root.view, root.line, p.lines,
               (SELECT group_concat(token, ', ') FROM changes WHERE event_id = p.sample_id AND token GLOB '_*')
        FROM per_update AS p
        JOIN events AS root ON root.id = p.update_id AND root.kind = 'body'
        JOIN first_seen AS f ON f.view = p.view
        WHERE p.created > 0 AND p.kept = 0 AND f.first_id < p.update_id
        ORDER BY p.view, p.update_id
        """

    static func recreatedViews(_ context: RuleContext) throws -> [RecreatedView] {
        var views: [RecreatedView] = []
        try context.database.forEachRow(
            recreatedViewsSQL,
            [context.traceID, context.eventIDs.lowerBound, context.eventIDs.upperBound, context.thresholds[maxUpdateSeconds]]
        ) { row in
            let name = row.text(at: 0)!
            let update = RecreatedView.Update(
                root: row.text(at: 1) ?? "?", rootLine: row.int(at: 2)!,
                lines: (row.text(at: 3) ?? "").split(separator: ",").compactMap { Int($0) },
                state: (row.text(at: 4) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            )
            if views.last?.name == name {
                views[views.count - 1].updates.append(update)
            } else {
                views.append(RecreatedView(name: name, updates: [update]))
            }
        }
        return views
    }

    /// `Owner Model init` after the owner's previous model was released: init → deinit → init.
    ///
    /// `alive` counts the owner's live models; an init that brings it from 0 back to 1 after a
    /// deinit is a re-creation. Inits while an older model is still alive (a `@State` initial
    /// value evaluated again and thrown away) are a different problem and not counted here.
    static let recreatedModelsSQL = """
        WITH models AS (
            SELECT id, line, kind, owner, view,
                   sum(CASE kind WHEN 'init' THEN 1 ELSE -1 END)
                       OVER (PARTITION BY owner, view ORDER BY id ROWS UNBOUNDED PRECEDING) AS alive
            FROM events
            WHERE id BETWEEN ?2 AND ?3 AND +trace_id = ?1
              AND owner IS NOT NULL AND kind IN ('init', 'deinit')
        ),
        steps AS (
            SELECT *,
                   lag(alive) OVER (PARTITION BY owner, view ORDER BY id) AS alive_before,
                   lag(kind) OVER (PARTITION BY owner, view ORDER BY id) AS previous_kind,
                   lag(line) OVER (PARTITION BY owner, view ORDER BY id) AS previous_line
            FROM models
        )
        SELECT owner, view, previous_line, line
        FROM steps
        WHERE kind = 'init' AND alive = 1 AND alive_before = 0 AND previous_kind = 'deinit'
        ORDER BY owner, view, id
        """

    static func recreatedModels(_ context: RuleContext) throws -> [RecreatedModel] {
        var models: [RecreatedModel] = []
        try context.database.forEachRow(
            recreatedModelsSQL, [context.traceID, context.eventIDs.lowerBound, context.eventIDs.upperBound]
        ) { row in
            let owner = row.text(at: 0)!, model = row.text(at: 1) ?? "?"
            let cycle = RecreatedModel.Cycle(deinitLine: row.int(at: 2)!, initLine: row.int(at: 3)!)
            if let last = models.last, last.owner == owner, last.model == model {
                models[models.count - 1].cycles.append(cycle)
            } else {
                models.append(RecreatedModel(owner: owner, model: model, cycles: [cycle]))
            }
        }
        return models
    }
}
