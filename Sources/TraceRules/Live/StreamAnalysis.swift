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
        let worker = Worker(analyzer: LiveAnalyzer(configuration: configuration, sources: sources, traceID: traceID, source: source))
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
        guard let worker else { return [] }
        _ = worker.queue.put(.end)
        worker.done.wait()
        return worker.findings
    }

    /// The rules' thread: takes batches in input order until the end, then finishes the run.
    private final class Worker: @unchecked Sendable {
        enum Item {
            case events([Event])
            case end
        }

        let queue = BlockingQueue<Item>(capacity: 2)
        let done = DispatchSemaphore(value: 0)
        private let analyzer: LiveAnalyzer
        /// Written by the rules' thread before it signals `done`, read after.
        private(set) var findings: [Finding] = []

        init(analyzer: LiveAnalyzer) { self.analyzer = analyzer }

        func run() {
            defer { done.signal() }
            while let item = queue.take() {
                switch item {
                case .events(let events):
                    analyzer.observe(contentsOf: events)
                case .end:
                    findings = analyzer.finish().findings
                    return
                }
            }
        }
    }
}
