import TraceStore

/// SQL the rules share, created as TEMP views on the analysing connection.
///
/// TEMP views live only as long as the connection and never change the stored schema, so a
/// database written by `check --db` or `report` stays readable by any version that reads it.
/// Users can paste the same SQL into `trace-analyze query` to see what the rules see.
public enum RuleSQL {
    /// `rule_subjects`: per trace and type, how often each lifecycle step happened, and
    /// whether the type looks like a SwiftUI view.
    ///
    /// A type is taken for a view when SwiftUI evaluated or showed it (a body, appear or
    /// disappear line), or when it is named `…View` and never deinitialises: views are values,
    /// only objects print `deinit`. Everything else (coordinators, models, services) is an object.
    public static let subjects = """
        CREATE TEMP VIEW IF NOT EXISTS rule_subjects AS
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
        WHERE view IS NOT NULL
        GROUP BY trace_id, view
        """

    /// Creates the shared TEMP views on `database` if they are not there yet.
    public static func install(on database: Database) throws {
        try database.execute(subjects)
    }
}
