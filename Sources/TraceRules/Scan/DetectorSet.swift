/// The enabled rules' detectors for one trace, each with its rule and severity: what `Analyzer`
/// feeds from a stored trace's scan and `LiveAnalyzer` from a stream, so both judge alike.
struct DetectorSet {
    /// One enabled rule.
    struct Entry {
        let rule: any Rule.Type
        let severity: Severity
        let detector: any Detector
    }

    let entries: [Entry]

    /// Fresh detectors for `configuration`'s enabled rules, in registry order, naming into
    /// `symbols`; with `decidingEarly`, someone will ask them what they decided before the end.
    init(configuration: RuleConfiguration, sources: SourceIndex?, symbols: SymbolTable, decidingEarly: Bool = false) {
        entries = configuration.enabledRules.map { rule in
            let settings = configuration.settings(for: rule)
            let context = RuleContext(thresholds: settings.thresholds, sources: sources, symbols: symbols, decidesEarly: decidingEarly)
            return Entry(rule: rule, severity: settings.severity, detector: rule.detector(context))
        }
    }

    /// Hands `event` to every detector in turn.
    ///
    /// By index into the entries' storage: a `for entry in entries` copies each entry out, a
    /// retain and release of its detector per event and rule, a fifth of the rules' cost.
    @inline(__always) func observe(_ event: LifecycleEvent) {
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices { entries[index].detector.observe(event) }
        }
    }

    /// `violation` of `entry`'s rule as a finding of trace `traceID` read from `source`, with the
    /// root cause `rootCause` gives for its sorted evidence lines.
    static func finding(
        _ violation: Violation, of entry: Entry, traceID: Int, source: String, rootCause: ([Int]) -> String? = { _ in nil }
    ) -> Finding {
        let lines = Array(Set(violation.lines)).sorted()
        return Finding(
            rule: entry.rule.description.identifier, severity: violation.weight.severity(for: entry.severity),
            view: violation.view, message: violation.message, count: violation.count,
            lines: lines, traceID: traceID, source: source, rootCause: rootCause(lines)
        )
    }
}
