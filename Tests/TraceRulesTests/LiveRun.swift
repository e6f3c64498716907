import Foundation
import TraceModel
import TraceRules
import TraceStore

/// A live run of the rules over one log, fed by the ingest that stores it (`IngestObserver`),
/// beside the stored trace's `Analyzer` run: what `watch` and `check` each make of the log.
final class LiveRun: IngestObserver {
    /// A finding reported while the stream ran, with the last line read when it was.
    struct Report {
        let live: LiveFinding
        let afterLine: Int
    }

    let path: String
    private(set) var reports: [Report] = []
    private(set) var outcome: LiveAnalyzer.Outcome?
    private(set) var analyzed: [Finding] = []
    private var analyzer: LiveAnalyzer?
    private var lastLine = 0

    /// Ingests `path` into a temporary store with the live rules attached, then analyses the
    /// stored trace as `check` does.
    init(path: String) throws {
        self.path = path
        let database = try TraceDatabase.openTemporary()
        let summary = try Ingestor(database: database).ingest(path: path, observer: self)
        outcome = analyzer?.finish()
        analyzed = try Analyzer(database: database).analyze(traceID: summary.traceID)
    }

    func begin(traceID: Int) throws {
        analyzer = LiveAnalyzer(traceID: traceID, source: path)
    }

    /// Asks for decisions after every event, the strictest a stream can be asked.
    func take(_ batch: EventBatch) throws {
        for event in batch.events {
            analyzer?.observe(event)
            lastLine = event.line
            for live in analyzer?.decisions() ?? [] { reports.append(Report(live: live, afterLine: lastLine)) }
        }
    }

    func shouldContinue(_ progress: Ingestor.Progress) -> Bool { true }

    /// Every report of the run, those made at the end included, in order.
    var allReports: [LiveFinding] { reports.map(\.live) + (outcome?.decidedAtEnd ?? []) }
}
