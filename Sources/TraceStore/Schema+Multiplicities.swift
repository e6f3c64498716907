extension Schema {
    /// Version 8 adds `multiplicities`: how many times an event happened when its line (or the
    /// line after it) says more than once, as in `Card init (×3)`, `>>> Card.body: 94` after
    /// `>>> Card.body: 61`, or `last message repeated 4 times`. A side table rather than a
    /// column of `event_rows`: almost every event happened once, and a row of its own per event
    /// would cost every insert. An event without a row here happened once.
    static let multiplicitiesTable = """
    CREATE TABLE multiplicities (
        event_id INTEGER PRIMARY KEY REFERENCES event_rows(id) ON DELETE CASCADE,
        count    INTEGER NOT NULL
    );
    """
}
