import TraceStore

/// Lays a recording's Cause & Effect edges (`recorded_causes`) over the causes the scan
/// inferred: where the recording names what caused an update, that is its cause.
///
/// An edge from another recorded update makes that update's event the parent (`parent`, or
/// `identity` for a `Creation` edge); an edge from a state, environment or observable node sets
/// the cause from its label and the property from its changed properties. Where several edges
/// reach one update, one from an update wins, then the first by line. `basis` becomes
/// `recorded`. Traces without recorded edges are left as they are.
enum RecordedCauseLinks {
    static let sql = """
        WITH edge AS (
            SELECT n.event_id AS event_id, rc.label AS label, rc.changed_properties AS changed, rc.line AS line,
                   (SELECT max(s.event_id) FROM recorded_nodes AS s
                    WHERE s.trace_id = n.trace_id AND s.node = rc.source_node AND s.event_id < n.event_id) AS parent
            FROM recorded_nodes AS n
            JOIN recorded_causes AS rc ON rc.trace_id = n.trace_id AND rc.destination_node = n.node
            WHERE n.trace_id = ?1 AND n.event_id BETWEEN ?2 AND ?3
        ), chosen AS (
            SELECT e.event_id, e.label, e.changed, e.parent FROM edge AS e
            WHERE NOT EXISTS (
                SELECT 1 FROM edge AS o WHERE o.event_id = e.event_id
                AND ((o.parent IS NOT NULL) > (e.parent IS NOT NULL)
                     OR ((o.parent IS NOT NULL) = (e.parent IS NOT NULL) AND o.line < e.line))
            )
        )
        UPDATE causes SET
            cause = CASE
                WHEN lower(chosen.label) IN ('creation', 'new identity', 'inserted') THEN 'identity'
                WHEN chosen.parent IS NOT NULL THEN 'parent'
                WHEN lower(chosen.label) LIKE '%environment%' THEN 'environment'
                WHEN lower(chosen.label) LIKE '%object%' THEN 'observed_object'
                WHEN lower(chosen.label) LIKE '%observ%' THEN 'dependency'
                WHEN chosen.label LIKE '@%' THEN 'state'
                ELSE causes.cause END,
            property = CASE WHEN chosen.parent IS NULL AND chosen.changed IS NOT NULL
                            THEN '_' || ltrim(chosen.changed, '_') ELSE causes.property END,
            parent_event_id = CASE WHEN chosen.parent IS NOT NULL THEN chosen.parent
                                   WHEN chosen.label LIKE '@%' THEN NULL ELSE causes.parent_event_id END,
            basis = 'recorded'
        FROM chosen WHERE causes.event_id = chosen.event_id
        """

    /// Applies the edges of trace `traceID` to the causes of its events `eventIDs`; inside the
    /// caller's transaction, after the inferred causes are stored.
    static func apply(traceID: Int, eventIDs: ClosedRange<Int>, in database: Database) throws {
        guard try database.scalarInt("SELECT 1 FROM recorded_causes WHERE trace_id = ? LIMIT 1", [traceID]) != nil else { return }
        try database.run(sql, [traceID, eventIDs.lowerBound, eventIDs.upperBound])
    }
}
