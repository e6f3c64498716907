import Foundation

extension Schema {
    /// Version 9 names the codes Instruments recordings brought: kind 9 `hitch` (a frame shown
    /// late or a hang, from `hitches` and `potential-hangs`) and envelope 10 `instruments` (a row
    /// of an `xctrace export` table). The `events` view is made anew from version 6's with the
    /// two names added; rows and codes are unchanged.
    static var instrumentsCodes: String {
        let view = narrowEvents[narrowEvents.range(of: "CREATE VIEW events AS")!.lowerBound..<narrowEvents.range(of: "CREATE VIEW view_summary")!.lowerBound]
        let named = view
            .replacingOccurrences(of: "WHEN 8 THEN 'warning' END AS kind", with: "WHEN 8 THEN 'warning' WHEN 9 THEN 'hitch' END AS kind")
            .replacingOccurrences(of: "WHEN 9 THEN 'noise' END AS envelope", with: "WHEN 9 THEN 'noise' WHEN 10 THEN 'instruments' END AS envelope")
        return "DROP VIEW events;\n" + named
    }

    /// Version 10 keeps what a recording says about causes: each recorded update's node id
    /// (`recorded_nodes`) and each Cause & Effect edge between nodes (`recorded_causes`), so
    /// the analysis links an update to the update that caused it whatever order the tables
    /// came in (`causes.basis` = `recorded`).
    static let recordedCauses = """
    CREATE TABLE recorded_nodes (
        event_id INTEGER PRIMARY KEY,
        trace_id INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        node     INTEGER NOT NULL
    );
    CREATE INDEX recorded_nodes_by_node ON recorded_nodes(trace_id, node);
    CREATE TABLE recorded_causes (
        trace_id           INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        line               INTEGER NOT NULL,
        source_node        INTEGER,
        destination_node   INTEGER NOT NULL,
        label              TEXT,
        value_type         TEXT,
        changed_properties TEXT
    );
    CREATE INDEX recorded_causes_by_destination ON recorded_causes(trace_id, destination_node);
    """

    /// Version 12 keeps what a recording's hitch, hang and layout rows say beyond the columns of
    /// `events` (`recorded_intervals`: the table a row came from, a hang's type and thread, a
    /// hitch's display and whether it is the system's, a layout pass's time with its children),
    /// and a finding's measured time (`findings.duration_ms`: the summed durations of what its
    /// `count` counts, where the trace has them), which "Fix first" ranks by.
    static let recordedIntervals = """
    CREATE TABLE recorded_intervals (
        event_id     INTEGER PRIMARY KEY,
        trace_id     INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        source_table TEXT NOT NULL,
        hang_type    TEXT,
        thread       TEXT,
        main_thread  INTEGER,
        is_system    INTEGER,
        display      TEXT,
        inclusive_ms REAL
    );
    ALTER TABLE findings ADD COLUMN duration_ms REAL;
    """
}
