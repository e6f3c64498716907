import Foundation
import TraceModel
import TraceStore

/// Runs the rules over an ingest's events on a thread of their own while the writer stores
/// them, so `check` judges a log in about the time it takes to store it, without reading the
/// trace back.
///
/// The findings are `LiveAnalyzer`'s, which are exactly `Analyzer.analyze`'s for the stored
/// trace. The queue to the rules' thread is bounded: when the rules are the slower side, the
/// writer waits for them rather than holding more of the log. Findings that settle before the
/// end (`Detector.settled`) come back from the rules' thread as they do; given a database, the
/// writer's thread stores them between batches, so they are not held to the end either.
public final class StreamAnalysis: IngestObserver {
    private let configuration: RuleConfiguration
    private let sources: SourceIndex?
    private let source: String
    private let database: Database?
    private var worker: Worker?
    /// The trace being stored, once the ingest has begun it.
    private var traceID: Int?
    /// Writes settled findings on the writer's thread; made with the first of them.
    private var writer: FindingWriter?
    private var stored = 0
    private let countingEvidenceAbove: Int

    /// An analysis of the trace read from `source` (as the user named it; `-` for stdin) with
    /// `configuration`'s rules. With `database` (the one the ingest writes) findings are stored
    /// in its `findings` and `evidence` as they settle and at the end (`finishStoring`); without
    /// one, `finish` returns them. With `countingEvidenceAbove`, the stored findings citing
    /// more lines than that are counted as they are stored (`evidenceCounts`).
    public init(
        configuration: RuleConfiguration = RuleConfiguration(), sources: SourceIndex? = nil, source: String,
        storingIn database: Database? = nil, countingEvidenceAbove: Int = .max
    ) {
        self.configuration = configuration
        self.sources = sources
        self.source = source
        self.database = database
        self.countingEvidenceAbove = countingEvidenceAbove
    }

    deinit { worker?.queue.cancel() }

    public func begin(traceID: Int) throws {
        self.traceID = traceID
        let analyzer = LiveAnalyzer(configuration: configuration, sources: sources, traceID: traceID, source: source, decidingEarly: false)
        let worker = Worker(analyzer: analyzer)
        self.worker = worker
        Thread.detachNewThread { worker.run() }
    }

    public func take(_ batch: EventBatch) throws {
        guard let worker else { return }
        _ = worker.queue.put(.events(batch))
        if database != nil { try store(worker.takeSettled()) }
    }

    public func shouldContinue(_ progress: Ingestor.Progress) -> Bool { true }

    /// The lines whose events name an instance, once `finish` or `finishStoring` has returned.
    public var linesNamingInstances: LineSet { worker?.analyzer.linesNamingInstances ?? LineSet() }

    /// The XCTest measured lines the rules read, once `finish` or `finishStoring` has returned.
    public var measurementsRead: Int { worker?.analyzer.measurementsRead ?? 0 }

    /// How many lines each stored finding that cites more than `countingEvidenceAbove` cites,
    /// by its id in `findings`, once `finishStoring` has returned: what a report would count in
    /// `evidence`, known without reading the rows back (a text report shows ten lines of a
    /// finding and counts the rest; the count read each of them). The findings of custom rules,
    /// stored by their SQL, are not here.
    public var evidenceCounts: [Int: Int] { writer?.evidenceCounts ?? [:] }

    /// Waits for the rules to see the last event, and returns every finding in report order;
    /// call once the ingest has returned, on an analysis without a database. Empty when the
    /// ingest never began.
    public func finish() -> [Finding] {
        guard let worker = finishedWorker() else { return [] }
        var findings = worker.takeSettled()
        worker.analyzer.finish { findings.append($0) }
        findings.sort(by: Finding.reportOrder)
        return findings
    }

    /// Waits for the rules to see the last event, then stores the findings still to come as their
    /// rules produce them, rule after rule, in one transaction: the findings are never all in
    /// memory at once. Call once the ingest has returned, on an analysis with a database;
    /// returns how many findings the trace has. Stored in production order, not report order.
    @discardableResult
    public func finishStoring() throws -> Int {
        guard let database, let worker = finishedWorker() else { return stored }
        try database.transaction {
            try store(worker.takeSettled())
            // The rules word their findings (root causes, evidence) on their own thread while this
            // one stores them: the two take about as long as each other. The rules hand over
            // root causes a batch at a time (`RootCauseBatch`), so findings go over in parcels of
            // half a batch's weight, up to a batch ahead: the writer stores one batch while the
            // rules work out the next, and memory stays bounded (a parcel of one finding at most
            // beyond it), since one finding can cite a hundred thousand lines. A failed write
            // cancels the queue; the rules' thread then runs out without waiting.
            try BlockingQueue.drain(capacity: 2, producing: { queue in
                var parcel: [Finding] = []
                var bytes = 0
                worker.analyzer.finish { finding in
                    parcel.append(finding)
                    bytes += RootCauseBatch.weight(of: finding)
                    guard bytes >= RootCauseBatch.maxBytes / 2 else { return }
                    _ = queue.put(.part(parcel))
                    parcel = []
                    bytes = 0
                }
                if !parcel.isEmpty { _ = queue.put(.part(parcel)) }
            }) { parcel in
                for finding in parcel { try write(finding, into: database) }
            }
            try writer?.finish()
            // The custom rules' SQL reads the stored trace, so they run once all of it is there.
            if let traceID {
                stored += try CustomRuleRunner.store(configuration.customRules, traceID: traceID, in: database)
            }
        }
        return stored
    }

    /// The worker, once it has taken the end; nil when the ingest never began.
    private func finishedWorker() -> Worker? {
        guard let worker else { return nil }
        _ = worker.queue.put(.end)
        worker.done.wait()
        return worker
    }

    /// Stores `findings` on this (the writer's) thread, inside the writer's open batch when there is one.
    private func store(_ findings: [Finding]) throws {
        guard let database, !findings.isEmpty else { return }
        func writeAll() throws {
            for finding in findings { try write(finding, into: database) }
            try writer?.finish()
        }
        if database.isInTransaction { try writeAll() } else { try database.transaction(writeAll) }
    }

    private func write(_ finding: Finding, into database: Database) throws {
        if writer == nil { writer = try FindingWriter(database: database, countingAbove: countingEvidenceAbove) }
        try writer!.write(finding)
        stored += 1
    }

    /// The rules' thread: takes batches in input order until the end; after each batch, moves
    /// the findings that settled to `settled` for the caller's thread.
    private final class Worker: @unchecked Sendable {
        enum Item {
            case events(EventBatch)
            case end
        }

        /// Three batches (`ParseStage.batchCapacity` events each): the rules are the slower
        /// side, so this queue is full most of the time and its batches, with the ingest's queue
        /// behind it, are what a check holds of the log. Eight held up to 15 MB at 10M lines
        /// against 6 at 1M (the longer the run, the more often the rules lag this far); two cost
        /// `check` a tenth more time when the three threads share two cores.
        let queue = BlockingQueue<Item>(capacity: 3)
        let done = DispatchSemaphore(value: 0)
        /// The rules' thread's alone until it signals `done`; the caller's after.
        let analyzer: LiveAnalyzer
        private let lock = NSLock()
        private var settled: [Finding] = []

        init(analyzer: LiveAnalyzer) { self.analyzer = analyzer }

        func run() {
            defer { done.signal() }
            while let item = queue.take() {
                switch item {
                case .events(let batch):
                    analyzer.observe(contentsOf: batch.events)
                    var found: [Finding] = []
                    analyzer.settled { found.append($0) }
                    if !found.isEmpty { lock.withLock { settled += found } }
                case .end:
                    return
                }
            }
        }

        /// The findings settled since the last call, from any thread.
        func takeSettled() -> [Finding] {
            lock.withLock {
                defer { settled = [] }
                return settled
            }
        }
    }
}
