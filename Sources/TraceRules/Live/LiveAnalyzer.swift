import TraceModel
import TraceStore

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
    private let configuration: RuleConfiguration
    private let decidesEarly: Bool
    private let sources: SourceIndex?
    /// The detectors of each launch: a relaunch inside the stream starts fresh ones, as `Analyzer` does.
    @exclusivity(unchecked) private var launches: [DetectorSet]
    /// The last launch's detectors, which each event goes to, in a buffer of our own
    /// (`DetectorSet.allocateObservers`); `launches` keeps them alive.
    @exclusivity(unchecked) private var observing: UnsafeMutableBufferPointer<DetectorSet.Observer>
    @exclusivity(unchecked) private var relaunch = Relaunch()
    /// Updates and causes, for the findings' root causes, as `Analyzer` works them out.
    private let tracker: UpdateTracker
    @exclusivity(unchecked) private var names: PropertyNames
    /// The id the store gives the next event (text lines take ids too), which the tracker keys on.
    @exclusivity(unchecked) private var nextEventID = 1
    @exclusivity(unchecked) private var subjects: Subjects
    private let traceID: Int
    private let source: String
    /// True when text lines came since the last event handed to the rules.
    @exclusivity(unchecked) private var textSince = false
    /// The lines whose events name an instance: a text report looks only these up when it asks
    /// whether a finding's lines name one. Empty unless asked for (`collectingLinesNamingInstances`).
    @exclusivity(unchecked) public private(set) var linesNamingInstances = LineSet()
    /// XCTest measured lines read off the stream (a console's or `xcresulttool`'s): what
    /// `check`'s coverage counts for a trace whose temporary store keeps no `test_measurements`.
    @exclusivity(unchecked) public private(set) var measurementsRead = 0
    /// Whether `linesNamingInstances` is filled: a set of lines, which a run that reads its
    /// report from the store (`watch`) has no use for.
    private let collectsLinesNamingInstances: Bool
    /// Per rule (its position in `rules`) and early key: the live id and the severity reported.
    @exclusivity(unchecked) private var reported: [Key: (id: Int, severity: Severity)] = [:]
    @exclusivity(unchecked) private var nextID = 1

    private struct Key: Hashable {
        let launch: Int
        let rule: Int
        let key: Int
    }

    /// A run of `configuration`'s rules over trace `traceID`, read from `source` (`-` for stdin).
    /// Without `decidingEarly` (a run that only wants the end's findings) `decisions` finds nothing;
    /// without `collectingLinesNamingInstances`, `linesNamingInstances` stays empty.
    public init(
        configuration: RuleConfiguration = RuleConfiguration(), sources: SourceIndex? = nil, traceID: Int, source: String,
        decidingEarly: Bool = true, collectingLinesNamingInstances: Bool = true
    ) {
        decidesEarly = decidingEarly
        collectsLinesNamingInstances = collectingLinesNamingInstances
        self.configuration = configuration
        self.sources = sources
        launches = [DetectorSet(configuration: configuration, sources: sources, symbols: symbols, decidingEarly: decidingEarly)]
        observing = launches[0].allocateObservers()
        tracker = UpdateTracker(symbols: symbols, keepingRows: false)
        names = PropertyNames(symbols: symbols)
        subjects = Subjects(symbols: symbols)
        self.traceID = traceID
        self.source = source
    }

    deinit {
        observing.deallocate()
    }

    /// Takes the next parsed event, text lines included, in input order.
    public func observe(_ event: borrowing Event) {
        withUnsafePointer(to: event) { observe(at: $0) }
    }

    /// Takes the event at `event`: read where it lies, never copied (a copy of an `Event` is a
    /// retain and a release of each of its strings, a tenth of the rules' thread).
    private func observe(at event: UnsafePointer<Event>) {
        let id = nextEventID
        nextEventID += 1
        if collectsLinesNamingInstances, event.pointee.instance != nil { linesNamingInstances.insert(event.pointee.line) }
        guard event.pointee.kind != .text else {
            textSince = true
            // An XCTest measured line stays text, and is a measurement for the rules too, as
            // `test_measurements` keeps it for a stored trace's scan.
            if let measurement = MeasurementEvent.reading(event.pointee.message, line: event.pointee.line) {
                measurementsRead += 1
                launches[launches.count - 1].observe(measurement: measurement)
            }
            return
        }
        var converted = LifecycleEvent(at: event, followsText: textSince, symbols: symbols)
        converted.id = id
        converted.relaunch = relaunch.startsAgain(converted, pid: event.pointee.envelope.pid)
        textSince = false
        // A constant from here on: handed to a dozen detectors, a `var` is copied for each call
        // (its tokens retained), since the compiler cannot tell that no detector changes it.
        // Consumed, not copied, into it: a copy is one more retain and release.
        let ready = consume converted
        // The second print of one evaluation (`multiplicity` 0) is not a second evaluation.
        guard ready.multiplicity > 0 else { return }
        subjects.count(ready)
        tracker.observe(ready)
        if ready.relaunch {
            launches.append(DetectorSet(configuration: configuration, sources: sources, symbols: symbols, decidingEarly: decidesEarly))
            observing.deallocate()
            observing = launches[launches.count - 1].allocateObservers()
        }
        DetectorSet.observe(ready, by: UnsafeBufferPointer(observing))
        // As `Analyzer` does: each repeat of an event the log counts more than once.
        if ready.multiplicity > 1 {
            let repeated = ready.repeated
            for _ in 1..<ready.multiplicity {
                subjects.count(repeated)
                DetectorSet.observe(repeated, by: UnsafeBufferPointer(observing))
            }
        }
    }

    /// Every launch's detectors with the key parts that tell them apart.
    private var entries: [(launch: Int, rule: Int, entry: DetectorSet.Entry)] {
        launches.enumerated().flatMap { launch, set in
            set.entries.enumerated().map { (launch, $0.offset, $0.element) }
        }
    }

    private func finding(_ violation: Violation, of entry: DetectorSet.Entry) -> Finding {
        DetectorSet.finding(violation, of: entry, traceID: traceID, source: source) { lines in
            tracker.rootCause(ofLines: lines, view: violation.view, names: &names)
        }
    }

    /// Takes events in input order.
    public func observe(contentsOf events: [Event]) {
        // By index: `for event in events` copies each event out, a retain and release of every
        // string it holds.
        events.withUnsafeBufferPointer { events in
            guard let first = events.baseAddress else { return }
            for index in 0 ..< events.count { observe(at: first + index) }
        }
    }

    /// The findings decided since the last call: new ones, and ones whose severity rose.
    public func decisions() -> [LiveFinding] {
        var result: [LiveFinding] = []
        for (launch, index, entry) in entries {
            for violation in entry.detector.decided(subjects) {
                guard let key = violation.earlyKey else { continue }
                let finding = finding(violation, of: entry)
                if let live = report(finding, key: Key(launch: launch, rule: index, key: key)) { result.append(live) }
            }
        }
        return result
    }

    /// Ends the stream: every finding in full, and those that still need reporting.
    public func finish() -> Outcome {
        var found: [(finding: Finding, id: Int)] = []
        var decidedAtEnd: [LiveFinding] = []
        for (launch, index, entry) in entries {
            entry.detector.finish(subjects) { violation in
                let finding = finding(violation, of: entry)
                let key = violation.earlyKey.map { Key(launch: launch, rule: index, key: $0) }
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

    /// The findings that became final since the last call (`Detector.settled`), each once, as
    /// findings with their root causes; `finish` does not return them again. For a run that
    /// stores findings as they settle (`check`); a live report (`decisions`) does not ask.
    public func settled(each body: (Finding) throws -> Void) rethrows {
        for (_, _, entry) in entries {
            for violation in entry.detector.settled(subjects) { try body(finding(violation, of: entry)) }
        }
    }

    /// Ends the stream keeping nothing for live reports: hands each finding to `body` as its
    /// rule produces it, rule after rule, so a caller that stores them as they come (`check`)
    /// never holds them all. `finish`'s findings, in production order rather than report order.
    /// Root causes are worked out a batch of findings at a time (`RootCauseBatch`).
    public func finish(each body: (Finding) throws -> Void) rethrows {
        try finish(batchingBytes: RootCauseBatch.maxBytes, each: body)
    }

    /// `finish(each:)` with root causes worked out in batches of about `bytes` bytes.
    func finish(batchingBytes bytes: Int, each body: (Finding) throws -> Void) rethrows {
        try RootCauseBatch.finish(
            entries.lazy.map(\.entry), subjects: subjects, traceID: traceID, source: source, tracker: tracker,
            names: &names, maxBytes: bytes, emit: body
        )
    }

    /// For a run that reports live and stores its findings (`watch`): stores in `store` the
    /// findings that became final since the last call (`Detector.settled`), so that neither they
    /// nor what `decisions` remembers of them are held to the end. Call after `decisions`: a
    /// settled finding it reported at this severity is only stored; one it did not report is
    /// reported with the end's findings (`finish(storingIn:report:)`), as `finish` would.
    public func storeSettled(in store: LiveFindingStore) throws {
        for (launch, index, entry) in entries {
            for violation in entry.detector.settled(subjects) {
                let key = violation.earlyKey.map { Key(launch: launch, rule: index, key: $0) }
                let finding = finding(violation, of: entry)
                try store.write(finding, report: settle(finding, key: key))
            }
        }
    }

    /// Ends the stream of a run that stores its findings: stores each finding still to come in
    /// `store` as its rule produces it (root causes a batch at a time, as `finish(each:)`), and
    /// the custom rules' findings, in one transaction; then hands `report` the findings not
    /// reported before at their severity, in report order, read back from the store one at a
    /// time. What `report` gets is what `finish()` returns in `decidedAtEnd`, and the store then
    /// holds `finish()`'s findings, without either ever being in memory at once. With
    /// `evidenceLimit`, the findings `report` gets carry only their first lines
    /// (`LiveFinding.evidenceCount` counts them all).
    public func finish(
        storingIn store: LiveFindingStore, database: Database, evidenceLimit: Int? = nil, report: (LiveFinding) throws -> Void
    ) throws {
        let finished = entries
        try database.transaction {
            try RootCauseBatch.finish(
                finished.lazy.map(\.entry), subjects: subjects, traceID: traceID, source: source, tracker: tracker, names: &names
            ) { finding, origin in
                let key = origin.earlyKey.map { Key(launch: finished[origin.entry].launch, rule: finished[origin.entry].rule, key: $0) }
                try store.write(finding, report: settle(finding, key: key))
            }
            try store.flush()
            // The custom rules' SQL reads the stored trace, so they run once all of it is there.
            _ = try CustomRuleRunner.store(configuration.customRules, traceID: traceID, in: database)
        }
        try store.forEachReportedAtEnd(traceID: traceID, evidenceLimit: evidenceLimit, report)
    }

    /// Forgets `key` (its finding is final and will not come again); the live finding to report
    /// for `finding` at the end, or nil when it was reported at this severity (or a higher one).
    /// New findings are numbered as `finish` numbers them.
    private func settle(_ finding: Finding, key: Key?) -> LiveFinding? {
        if let key, let earlier = reported.removeValue(forKey: key) {
            guard finding.severity > earlier.severity else { return nil }
            return LiveFinding(id: earlier.id, finding: finding, previousSeverity: earlier.severity)
        }
        nextID += 1
        return LiveFinding(id: nextID - 1, finding: finding)
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
