import TraceModel

/// Runs the enabled rules over a stream of parsed events as they arrive, beside the writer that
/// stores them, and says which findings are decided before the stream ends.
///
/// Events come straight from the parser, not read back from the store: each is converted as
/// `TraceScanner` converts the stored row (`LifecycleEvent.init(_:followsText:symbols:)`) and
/// goes to the same detectors in the same order, so `finish` returns exactly the findings that
/// `Analyzer.analyze` returns for the stored trace. Between events, `decisions` asks every
/// detector what it has decided early (`Detector.decided`). Every finding is reported once by
/// `decisions` or `finish`, and again only when its severity rises; the last report of each
/// carries its final severity.
public final class LiveAnalyzer {
    /// What a finished run found.
    public struct Outcome: Sendable {
        /// Every finding, in report order: what `Analyzer.analyze` returns for the same events.
        public let findings: [Finding]
        /// Each finding's live id, in the order of `findings`.
        public let ids: [Int]
        /// The findings not reported (or reported below their final severity) before the end.
        public let decidedAtEnd: [LiveFinding]
    }

    private let symbols = SymbolTable()
    private let rules: DetectorSet
    private var subjects: Subjects
    private let traceID: Int
    private let source: String
    /// True when text lines came since the last event handed to the rules.
    private var textSince = false
    /// Per rule (its position in `rules`) and early key: the live id and the severity reported.
    private var reported: [Key: (id: Int, severity: Severity)] = [:]
    private var nextID = 1

    private struct Key: Hashable {
        let rule: Int
        let key: Int
    }

    /// A run of `configuration`'s rules over trace `traceID`, read from `source` (`-` for stdin).
    public init(configuration: RuleConfiguration = RuleConfiguration(), sources: SourceIndex? = nil, traceID: Int, source: String) {
        rules = DetectorSet(configuration: configuration, sources: sources, symbols: symbols)
        subjects = Subjects(symbols: symbols)
        self.traceID = traceID
        self.source = source
    }

    /// Takes the next parsed event, text lines included, in input order.
    public func observe(_ event: Event) {
        guard event.kind != .text else {
            textSince = true
            return
        }
        let converted = LifecycleEvent(event, followsText: textSince, symbols: symbols)
        textSince = false
        subjects.count(converted)
        rules.observe(converted)
    }

    /// Takes events in input order.
    public func observe(contentsOf events: [Event]) {
        for event in events { observe(event) }
    }

    /// The findings decided since the last call: new ones, and ones whose severity rose.
    public func decisions() -> [LiveFinding] {
        var result: [LiveFinding] = []
        for (index, entry) in rules.entries.enumerated() {
            for violation in entry.detector.decided(subjects) {
                guard let key = violation.earlyKey else { continue }
                let finding = DetectorSet.finding(violation, of: entry, traceID: traceID, source: source)
                if let live = report(finding, key: Key(rule: index, key: key)) { result.append(live) }
            }
        }
        return result
    }

    /// Ends the stream: every finding in full, and those that still need reporting.
    public func finish() -> Outcome {
        var found: [(finding: Finding, id: Int)] = []
        var decidedAtEnd: [LiveFinding] = []
        for (index, entry) in rules.entries.enumerated() {
            for violation in entry.detector.finish(subjects) {
                let finding = DetectorSet.finding(violation, of: entry, traceID: traceID, source: source)
                let key = violation.earlyKey.map { Key(rule: index, key: $0) }
                if let key, let live = report(finding, key: key) {
                    decidedAtEnd.append(live)
                    found.append((finding, live.id))
                } else if let key, let earlier = reported[key] {
                    found.append((finding, earlier.id))
                } else {
                    decidedAtEnd.append(LiveFinding(id: nextID, finding: finding))
                    found.append((finding, nextID))
                    nextID += 1
                }
            }
        }
        // The same comparison over the same order as `Analyzer`: the same order out.
        found.sort { Finding.reportOrder($0.finding, $1.finding) }
        decidedAtEnd.sort { Finding.reportOrder($0.finding, $1.finding) }
        return Outcome(findings: found.map(\.finding), ids: found.map(\.id), decidedAtEnd: decidedAtEnd)
    }

    /// Records `finding` under `key`; the live finding to report, or nil when it was already
    /// reported at this severity (or a higher one).
    private func report(_ finding: Finding, key: Key) -> LiveFinding? {
        guard let earlier = reported[key] else {
            reported[key] = (nextID, finding.severity)
            nextID += 1
            return LiveFinding(id: nextID - 1, finding: finding)
        }
        guard finding.severity > earlier.severity else { return nil }
        reported[key] = (earlier.id, finding.severity)
        return LiveFinding(id: earlier.id, finding: finding, previousSeverity: earlier.severity)
    }
}
