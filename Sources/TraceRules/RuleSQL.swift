import Foundation
import TraceStore

/// SQL the rules share, created as TEMP tables on the analysing connection.
///
/// TEMP tables live only as long as the connection and never change the stored schema, so a
/// database written by `check --db` or `report` stays readable by any version that reads it.
/// Users can paste the same SELECT into `trace-analyze query` to see what the rules see.
public enum RuleSQL {
    /// `rule_subjects`: per trace and type, how often each lifecycle step happened, and
    /// whether the type looks like a SwiftUI view.
    ///
    /// A type is taken for a view when SwiftUI evaluated or showed it (a body, appear or
    /// disappear line), or when it is named `…View` and never deinitialises: views are values,
    /// only objects print `deinit`. Everything else (coordinators, models, services) is an object.
    ///
    /// Every rule reads it, so it is computed once per analysed trace (a TEMP table, not a view):
    /// grouping a million events costs as much as a whole rule.
    public static let subjects = """
        SELECT trace_id,
               view,
               sum(kind = 'init')      AS inits,
               sum(kind = 'deinit')    AS deinits,
               sum(kind = 'body')      AS bodies,
               sum(kind = 'appear')    AS appears,
               sum(kind = 'disappear') AS disappears,
               (sum(kind IN ('body', 'appear', 'disappear')) > 0
                OR (view GLOB '*View' AND sum(kind = 'deinit') = 0)) AS is_view
        FROM events
        WHERE id BETWEEN ?2 AND ?3 AND +trace_id = ?1 AND view IS NOT NULL
        GROUP BY trace_id, view
        """

    /// A list of names as a JSON array, for `IN (SELECT value FROM json_each(?))`: one statement
    /// for many names instead of one statement per name.
    public static func list(_ names: [String]) -> String {
        // Encoding an array of strings cannot fail.
        String(decoding: try! JSONEncoder().encode(names), as: UTF8.self)
    }

    /// Creates the shared TEMP tables on `database` for the trace whose events are `eventIDs`.
    public static func install(on database: Database, traceID: Int, eventIDs: ClosedRange<Int>) throws {
        try database.execute("DROP TABLE IF EXISTS temp.rule_subjects")
        try database.run(
            "CREATE TEMP TABLE rule_subjects AS " + subjects,
            [traceID, eventIDs.lowerBound, eventIDs.upperBound]
        )
    }
}
