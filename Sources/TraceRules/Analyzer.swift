import TraceStore

/// Runs the enabled rules over one stored trace and records what they find.
///
/// Findings replace the trace's earlier ones in `findings` and `evidence`, so analysing a trace
/// again (say with another configuration) leaves one consistent set of rows behind.
public struct Analyzer {
    private let database: Database
    private let configuration: RuleConfiguration
    private let sources: SourceIndex?
    private let storesExplanations: Bool

    /// Creates an analyzer over `database` (opened for writing) with `configuration`.
    ///
    /// With `sources` (the app's Swift files, as `--sources` names them) a rule may name the
    /// code behind a finding, such as the stored property that makes a view's value unstable.
    /// Updates and causes are always worked out (findings cite their root causes); with
    /// `storingExplanations` false they are not written to `updates` and `causes` (`report`:
    /// writing a row per body line costs more than the rules; `why` and `views` write them).
    public init(
        database: Database, configuration: RuleConfiguration = RuleConfiguration(), sources: SourceIndex? = nil,
        storingExplanations: Bool = true
    ) {
        self.database = database
        self.configuration = configuration
        self.sources = sources
        storesExplanations = storingExplanations
    }

    /// Analyses trace `traceID`, stores the findings and returns them in report order.
    ///
    /// `observe` sees every event the rules see, in the same scan, after them: a consumer such
    /// as the timeline reads the trace without a second pass. Names are interned in `symbols`,
    /// which the consumer may read once `analyze` returns.
    public func analyze(
        traceID: Int, symbols: SymbolTable = SymbolTable(), observing observe: (LifecycleEvent) -> Void = { _ in }
    ) throws -> [Finding] {
        try analyze(traceID: traceID, symbols: symbols, observing: observe, judged: { _ in })
    }

    /// `analyze`, handing `judged` the verdicts `identity_churn` gave the new identities, in event
    /// order, once the scan has read them: what the timeline draws its lifetimes by.
    func analyze(
        traceID: Int, symbols: SymbolTable, observing observe: (LifecycleEvent) -> Void, judged: ([IdentityMark]) -> Void
    ) throws -> [Finding] {
        var findings: [Finding] = []
        let scan = try self.scan(traceID: traceID, symbols: symbols, observing: observe)
        scan.finish { findings.append($0) }
        // The last updates are judged as the rules finish: the verdicts are complete only now.
        let marks = scan.identityMarks
        judged(marks)
        try database.transaction {
            try replaceFindings(findings, traceID: traceID)
            // After the built-in findings are stored: a custom query may read them.
            try CustomRuleRunner.store(configuration.customRules, traceID: traceID, in: database) { findings.append($0) }
            try scan.storeExplanations(marks: marks, in: database)
        }
        findings.sort(by: Finding.reportOrder)
        return findings
    }

    /// Analyses trace `traceID` and stores each finding as its rule produces it, never holding
    /// them all (`report`, which renders them from the store); returns how many there are.
    /// Stored in production order, not report order: readers order them (`StoredFindings`).
    /// `observe` and `symbols` are as in `analyze`.
    @discardableResult
    public func analyzeIntoStore(
        traceID: Int, symbols: SymbolTable = SymbolTable(), observing observe: (LifecycleEvent) -> Void = { _ in }
    ) throws -> Int {
        try analyzeIntoStore(traceID: traceID, symbols: symbols, observing: observe, judged: { _ in })
    }

    /// `analyzeIntoStore`, handing `judged` the identity verdicts as `analyze(…judged:)` does.
    @discardableResult
    func analyzeIntoStore(
        traceID: Int, symbols: SymbolTable, observing observe: (LifecycleEvent) -> Void, judged: ([IdentityMark]) -> Void
    ) throws -> Int {
        let scan = try self.scan(traceID: traceID, symbols: symbols, observing: observe)
        var marks: [IdentityMark] = []
        let count = try database.transaction {
            let count = try FindingWriter.replaceFindings(of: traceID, in: database) { write in try scan.finish(write) }
            let custom = try CustomRuleRunner.store(configuration.customRules, traceID: traceID, in: database)
            marks = scan.identityMarks
            try scan.storeExplanations(marks: marks, in: database)
            return count + custom
        }
        judged(marks)
        return count
    }

    /// A stored trace read once by the rules and the update tracker, ready to say what they found.
    private struct Scan {
        let traceID: Int
        let source: String
        let eventIDs: ClosedRange<Int>?
        let symbols: SymbolTable
        let tracker: UpdateTracker
        let subjects: Subjects
        let launches: [DetectorSet]
        let writesExplanations: Bool

        /// Hands each finding to `body` as its rule produces it, rule after rule, root causes a
        /// batch at a time (`RootCauseBatch`).
        func finish(_ body: (Finding) throws -> Void) rethrows {
            guard eventIDs != nil else { return }
            var names = PropertyNames(symbols: symbols)
            try RootCauseBatch.finish(
                launches.lazy.flatMap(\.entries), subjects: subjects, traceID: traceID, source: source, tracker: tracker,
                names: &names, emit: body
            )
        }

        /// The verdicts `identity_churn` gave the new identities (none when it is off), in event order.
        var identityMarks: [IdentityMark] {
            launches.flatMap(\.identityMarks).sorted { $0.event < $1.event }
        }

        /// Stores the updates and causes, with the identities' verdicts `marks`, when they are to be
        /// stored; inside the caller's transaction.
        func storeExplanations(marks: [IdentityMark], in database: Database) throws {
            guard writesExplanations else { return }
            try ExplanationStore.store(tracker, marks: marks, symbols: symbols, traceID: traceID, eventIDs: eventIDs, in: database)
        }
    }

    /// Reads trace `traceID` once for all rules and the update tracker.
    private func scan(traceID: Int, symbols: SymbolTable, observing observe: (LifecycleEvent) -> Void) throws -> Scan {
        guard let source = try database.scalarText("SELECT source FROM traces WHERE id = ?", [traceID]) else {
            throw AnalysisError("no trace \(traceID) in \(database.path)")
        }
        let eventIDs = try TraceScanner.eventRange(of: traceID, in: database)
        // Updates and causes ride on the same scan as the rules: one pass, many readers. They
        // do not depend on the configuration, so a trace whose events they already cover keeps
        // its rows (writing them costs more than the rules).
        let writesExplanations = try storesExplanations && !ExplanationStore.isCurrent(traceID, eventIDs: eventIDs, in: database)
        let tracker = UpdateTracker(symbols: symbols, keepingRows: writesExplanations)
        // One scan for all rules: each event goes to every enabled rule's detector in turn.
        // A relaunch inside the stream starts fresh detectors, so no lifetime, update or
        // model count runs across it; all finish at the end, when every name is known.
        var launches = [DetectorSet(configuration: configuration, sources: sources, symbols: symbols)]
        var subjects = Subjects(symbols: symbols)
        // XCTest measurements go to the rules in input order among the events, each to the
        // launch it was printed in, as a live run hands them over from the text lines.
        var measurements = try StoredMeasurements(traceID: traceID, database: database)
        if let eventIDs {
            try TraceScanner(database: database, traceID: traceID, eventIDs: eventIDs).scan(into: symbols) { event in
                measurements.handOut(before: event.id) { launches[launches.count - 1].observe(measurement: $0) }
                // The second print of one evaluation (`multiplicity` 0) is not a second evaluation.
                guard event.multiplicity > 0 else { return }
                subjects.count(event)
                tracker.observe(event)
                if event.relaunch { launches.append(DetectorSet(configuration: configuration, sources: sources, symbols: symbols)) }
                launches[launches.count - 1].observe(event)
                observe(event)
                // An event the log counts more than once (`(×3)`, `last message repeated 4 times`)
                // is what many lines would have been: the rules see each repeat.
                if event.multiplicity > 1 {
                    let repeated = event.repeated
                    for _ in 1..<event.multiplicity {
                        subjects.count(repeated)
                        launches[launches.count - 1].observe(repeated)
                    }
                }
            }
        }
        measurements.handOutRest { launches[launches.count - 1].observe(measurement: $0) }
        return Scan(
            traceID: traceID, source: source, eventIDs: eventIDs, symbols: symbols, tracker: tracker,
            subjects: subjects, launches: launches, writesExplanations: writesExplanations
        )
    }

    /// Replaces trace `traceID`'s stored findings and their evidence with `findings`, in one
    /// transaction: what a live run (`LiveAnalyzer`) stores once its stream ends.
    public func store(_ findings: [Finding], traceID: Int) throws {
        try database.transaction {
            try replaceFindings(findings, traceID: traceID)
            try CustomRuleRunner.store(configuration.customRules, traceID: traceID, in: database)
        }
    }

    /// `store`'s work, inside the caller's transaction (`analyze` adds the explanations to it).
    private func replaceFindings(_ findings: [Finding], traceID: Int) throws {
        try FindingWriter.replaceFindings(of: traceID, in: database) { write in
            for finding in findings { try write(finding) }
        }
    }
}

/// A trace that cannot be analysed, in words a user can act on.
public struct AnalysisError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, naming the trace and the database.
    public let description: String

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}
