extension Schema {
    /// Version 7 indexes `findings` the way a report reads them, so a report of tens of
    /// thousands of findings starts at its first finding rather than after a sort of all of them.
    ///
    /// `findings_in_report_order` holds one trace's findings in report order (`StoredFindings.
    /// reportOrder`: severity rank, first line, rule, view, then the id every index ends with):
    /// the report's read walks it and sorts nothing, where SQLite used to sort every row, message
    /// and root cause included, before handing out the first. Its expressions must stay those
    /// of `reportOrder` (a test reads the query plan). `findings_by_subject` replaces
    /// `findings_by_trace` (trace and rule, a prefix of it): it also covers the counts a report
    /// takes before its first line, per severity and per rule and view, which read the whole
    /// table without it.
    static let findingIndexes = """
    DROP INDEX IF EXISTS findings_by_trace;
    CREATE INDEX findings_by_subject ON findings(trace_id, rule, view, severity);
    CREATE INDEX findings_in_report_order ON findings(
        trace_id, (CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END), coalesce(first_line, 0), rule, coalesce(view, '')
    );
    """
}
