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
    /// The entries' detectors again, unretained (`entries` keeps them alive): calling through a
    /// counted reference retains and releases the detector around each call, once per event
    /// and rule.
    private let observers: [Observer]

    /// A detector held unretained, with its type: a metatype is not reference counted, where
    /// a closure's context would be retained around each call as the detector was.
    struct Observer {
        let detector: Unmanaged<AnyObject>
        let type: any Detector.Type

        init(_ detector: any Detector) {
            self.detector = Unmanaged.passUnretained(detector)
            type = Swift.type(of: detector)
        }
    }

    /// Fresh detectors for `configuration`'s enabled rules, in registry order, naming into
    /// `symbols`; with `decidingEarly`, someone will ask them what they decided before the end.
    init(configuration: RuleConfiguration, sources: SourceIndex?, symbols: SymbolTable, decidingEarly: Bool = false) {
        entries = configuration.enabledRules.map { rule in
            let settings = configuration.settings(for: rule)
            let context = RuleContext(
                thresholds: settings.thresholds, sources: sources, symbols: symbols, decidesEarly: decidingEarly,
                evaluations: configuration.evaluations
            )
            return Entry(rule: rule, severity: settings.severity, detector: rule.detector(context))
        }
        observers = entries.map { Observer($0.detector) }
    }

    /// The verdicts `identity_churn` gave the new identities it judged (none when it is off), in
    /// no particular order: what `why` and `views` read back from `causes.lifetime`.
    var identityMarks: [IdentityMark] {
        var marks: [IdentityMark] = []
        for entry in entries {
            guard let churn = entry.detector as? IdentityChurnRule.Recreations else { continue }
            for index in 0..<churn.marks.count { marks.append(churn.marks[index]) }
        }
        return marks
    }

    /// Hands `event` to every detector in turn.
    ///
    /// By index into the observers' storage, each detector called without counting a
    /// reference to it: the retain and release around each of a dozen calls per event were a
    /// tenth of the rules' cost.
    @inline(__always) func observe(_ event: LifecycleEvent) {
        observers.withUnsafeBufferPointer { Self.observe(event, by: $0) }
    }

    /// Hands `measurement` to every detector in turn: rare next to events, so through the
    /// entries themselves.
    func observe(measurement: MeasurementEvent) {
        for entry in entries { entry.detector.observe(measurement: measurement) }
    }

    /// The observers in a buffer of the caller's, which it deallocates before this set goes
    /// away: a class that holds the set in a `var` copies it out for each call (a retain and a
    /// release of both arrays per event), where a buffer pointer is read as it is.
    func allocateObservers() -> UnsafeMutableBufferPointer<Observer> {
        let buffer = UnsafeMutableBufferPointer<Observer>.allocate(capacity: observers.count)
        _ = buffer.initialize(from: observers)
        return buffer
    }

    /// Hands `event` to each of `observers` in turn.
    @inline(__always) static func observe(_ event: LifecycleEvent, by observers: UnsafeBufferPointer<Observer>) {
        for index in observers.indices {
            let observer = observers[index]
            observer.detector._withUnsafeGuaranteedRef { observer.type.observe(unretained: $0, event) }
        }
    }

    /// `violation` of `entry`'s rule as a finding of trace `traceID` read from `source`, with the
    /// root cause `rootCause` gives for its sorted evidence lines.
    static func finding(
        _ violation: Violation, of entry: Entry, traceID: Int, source: String, rootCause: ([Int]) -> String? = { _ in nil }
    ) -> Finding {
        let lines = violation.lines.sortedUniqued()
        return Finding(
            rule: entry.rule.description.identifier, severity: violation.weight.severity(for: entry.severity),
            view: violation.view, message: violation.message, count: violation.count,
            lines: lines, traceID: traceID, source: source, rootCause: rootCause(lines), milliseconds: violation.milliseconds,
            waste: violation.waste
        )
    }
}

extension Detector {
    /// `observe` on `detector`, which must be of this type, through a reference no one counts.
    @inline(__always) static func observe(unretained detector: AnyObject, _ event: LifecycleEvent) {
        unsafeDowncast(detector, to: Self.self).observe(event)
    }
}
