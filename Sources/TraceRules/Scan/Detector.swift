/// A rule's reading of one trace: it sees every event once, in input order, and then says
/// what it found.
///
/// A million-event trace is read once for all rules (`TraceScanner`), so a rule is a small
/// state machine over the stream, not a query of its own: nine passes of SQLite over the same
/// trace cost about ten times as much as one.
///
/// A detector's stored properties are `@exclusivity(unchecked)`: a stored `var` of a class
/// otherwise pays a dynamic exclusivity check (a thread-local access set) on every access, a
/// sixth of the rules' cost per event, and a detector, owned by one scan, never overlaps two
/// accesses to one property.
public protocol Detector: AnyObject {
    /// Takes the next event of the trace.
    ///
    /// The scan's reading thread is still filling the `SymbolTable` meanwhile, so `observe`
    /// compares symbols and asks them what they carry (`isState`, `endsWithView`) but never
    /// reads the table; names are for `finish`.
    func observe(_ event: LifecycleEvent)

    /// Takes an XCTest measurement the trace printed (a console's `… measured [Metric, unit]
    /// average: …` line), in input order among the events: evidence that is no lifecycle event,
    /// for the few rules that judge one. The default ignores it.
    func observe(measurement: MeasurementEvent)

    /// Called once after the last event: what the rule found. `subjects` holds the whole
    /// trace's per-type counts, for decisions that need them (is this type a view?).
    func finish(_ subjects: Subjects) -> [Violation]

    /// `finish`, handing each violation to `body` as it is made: a rule whose findings cite many
    /// lines implements this too (its `finish` then returns `collected`), so that `check` and
    /// `report`, which ask this way, store one finding before the next is made rather than hold
    /// all of a rule's evidence at once. The default hands over what `finish` returns.
    func finish(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows

    /// The findings decided since the last call, while the trace still runs: only a live run
    /// (`LiveAnalyzer`) asks, between events, so `watch` can show a finding as soon as its
    /// episode is closed (an update ended, a burst ended) rather than when the stream ends.
    ///
    /// Each violation names in `earlyKey` the violation of `finish` it will become, which must
    /// have the same key and a weight no lower: live and final findings are then the same set.
    /// The same key may come again when its weight rises. It may read names: in a live run
    /// nothing else fills the symbol table. The default decides nothing early.
    func decided(_ subjects: Subjects) -> [Violation]

    /// The findings that became final since the last call: nothing later in the trace can change
    /// them, so a run may store them and forget them (`check` does, as the events come), rather
    /// than hold them to the end. Each is returned once, and `finish` does not return it again;
    /// what nobody takes, `finish` returns, so a run that never asks finds the same. Asked
    /// between events, on the scan's thread; it may read names. The default settles nothing early.
    func settled(_ subjects: Subjects) -> [Violation]
}

extension Detector {
    public func observe(measurement: MeasurementEvent) {}

    public func finish(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
        for violation in finish(subjects) { try body(violation) }
    }

    /// What `finish(_:each:)` hands over, in an array: `finish` for a rule that streams.
    public func collected(_ subjects: Subjects) -> [Violation] {
        var violations: [Violation] = []
        finish(subjects) { violations.append($0) }
        return violations
    }

    /// Nothing is decided before the trace ends.
    public func decided(_ subjects: Subjects) -> [Violation] { [] }

    /// Nothing is final before the trace ends.
    public func settled(_ subjects: Subjects) -> [Violation] { [] }
}
