extension Schema {
    /// Version 17 adds `endless_notes`: the events after which the log's author wrote that what
    /// led up to them goes on without end (`…forever`, `(and so on, until the watchdog kills
    /// it)`, `etc.`). A side table, as `multiplicities` is: almost no event has one. The note
    /// gives no count and none is stored; the note's own line stays a text event.
    static let endlessNotesTable = """
    CREATE TABLE endless_notes (
        event_id INTEGER PRIMARY KEY REFERENCES event_rows(id) ON DELETE CASCADE,
        line     INTEGER NOT NULL,
        words    TEXT NOT NULL
    );
    """
}
