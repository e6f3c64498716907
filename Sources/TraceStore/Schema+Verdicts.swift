extension Schema {
    /// Version 11 adds `causes.verdict`: whether each body evaluation had to happen (expected,
    /// avoidable, unknown; `Verdict` in TraceRules). Traces analysed before have no verdicts, so
    /// their `updates` counters go: the next `why` or `views` explains them again and fills the
    /// column, rather than count every old evaluation as unknown.
    static let causeVerdicts = """
    ALTER TABLE causes ADD COLUMN verdict TEXT;
    DELETE FROM stats WHERE name IN ('updates', 'updates_last_event');
    """

    /// Version 13 adds `causes.lifetime`: for a new identity that the log places, whether it was
    /// added beside others, shown again after it was removed, or replaced one still on screen
    /// (`LifetimeVerdict` in TraceRules), the verdict `identity_churn` reports. Traces explained
    /// before are explained again on the next `why` or `views`, as for version 11.
    static let causeLifetimes = """
    ALTER TABLE causes ADD COLUMN lifetime TEXT;
    DELETE FROM stats WHERE name IN ('updates', 'updates_last_event');
    """

    /// Version 14 adds `findings.waste`: how many of what a finding counts need not have
    /// happened, where that is fewer than its count (a view removed and shown again by the
    /// code's own `if` counts its new lifetimes, none of them waste). NULL means all of `count`;
    /// Fix first ranks by it.
    static let findingWaste = """
    ALTER TABLE findings ADD COLUMN waste INTEGER;
    """
}
