import Foundation
import TraceModel
import TraceStore

/// Runs the rules over an ingest's events on a thread of their own while the writer stores
/// them, so `check` judges a log in about the time it takes to store it, without reading the
/// trace back.
///
/// The findings are `LiveAnalyzer`'s, which are exactly `Analyzer.analyze`'s for the stored
/// trace. The queue to the rules' thread is bounded: when the rules are the slower side, the
/// writer waits for them rather than holding more of the log.
public final class StreamAnalysis: IngestObserver {
    private let configuration: RuleConfiguration
    private let sources: SourceIndex?
    private let source: String
    private var worker: Worker?

    /// An analysis of the trace read from `source` (as the user named it; `-` for stdin) with
    /// `configuration`'s rules.
    public init(configuration: RuleConfiguration = RuleConfiguration(), sources: SourceIndex? = nil, source: String) {
        self.configuration = configuration
        self.sources = sources
        self.source = source
    }

    deinit { worker?.queue.cancel() }

    public func begin(traceID: Int) throws {
        let worker = Worker(analyzer: LiveAnalyzer(configuration: configuration, sources: sources, traceID: traceID, source: source, decidingEarly: false))
        self.worker = worker
        Thread.detachNewThread { worker.run() }
    }

    public func take(_ events: [Event]) throws {
        _ = worker?.queue.put(.events(events))
    }

    public func shouldContinue(_ progress: Ingestor.Progress) -> Bool { true }

    /// Waits for the rules to see the last event, and returns every finding in report order;
    /// call once the ingest has returned. Empty when the ingest never began.
    public func finish() -> [Finding] {
        var findings: [Finding] = []
        finish { findings.append($0) }
        findings.sort(by: Finding.reportOrder)
        return findings
    }

    /// Waits for the rules to see the last event, then stores every finding in trace
    /// `traceID`'s `findings` and `evidence` as its rule produces it (replacing earlier ones),
    /// in one transaction: the findings are never all in memory at once. Call once the ingest
    /// has returned; returns how many findings were stored.
    @discardableResult
    public func finish(storingIn database: Database, traceID: Int) throws -> Int {
        var count = 0
        try database.transaction {
            try FindingWriter.deleteFindings(of: traceID, in: database)
            var writer = try FindingWriter(database: database)
            try finish { finding in
                try writer.write(finding)
                count += 1
            }
            try writer.finish()
        }
        return count
    }

    /// Waits for the rules' thread to take the end, then finishes the run on this thread.
    private func finish(each body: (Finding) throws -> Void) rethrows {
        guard let worker else { return }
        _ = worker.queue.put(.end)
        worker.done.wait()
        try worker.analyzer.finish(each: body)
    }

    /// The rules' thread: takes batches in input order until the end, then finishes the run.
    private final class Worker: @unchecked Sendable {
        enum Item {
            case events([Event])
            case end
        }

        let queue = BlockingQueue<Item>(capacity: 2)
        let done = DispatchSemaphore(value: 0)
        /// The rules' thread's alone until it signals `done`; the caller's after.
        let analyzer: LiveAnalyzer

        init(analyzer: LiveAnalyzer) { self.analyzer = analyzer }

        func run() {
            defer { done.signal() }
            while let item = queue.take() {
                switch item {
                case .events(let events):
                    analyzer.observe(contentsOf: events)
                case .end:
                    return
                }
            }
        }
    }
}
