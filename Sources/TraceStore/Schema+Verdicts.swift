extension Schema {
    /// Version 11 adds `causes.verdict`: whether each body evaluation had to happen (expected,
    /// avoidable, unknown; `Verdict` in TraceRules). Traces analysed before have no verdicts, so
    /// their `updates` counters go: the next `why` or `views` explains them again and fills the
    /// column, rather than count every old evaluation as unknown.
    static let causeVerdicts = """
    ALTER TABLE causes ADD COLUMN verdict TEXT;
    DELETE FROM stats WHERE name IN ('updates', 'updates_last_event');
    """
}
