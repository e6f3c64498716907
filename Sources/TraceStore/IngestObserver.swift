import TraceModel

/// A reader of an ingest's events as they arrive, beside the writer that stores them: `watch`
/// feeds its rules from one, so they see each event without waiting for it to be committed and
/// read back.
///
/// All calls come on the thread that called `Ingestor.ingest`, in this order: `begin` once,
/// then for each batch `take` and `shouldContinue`, until the input ends.
public protocol IngestObserver: AnyObject {
    /// The trace is about to be written as `traceID`.
    func begin(traceID: Int) throws

    /// Events just handed to the writer, in input order (stored, perhaps not yet committed).
    /// An observer may keep the batch while it reads it (on any thread); its array is reused
    /// once every holder has let go.
    func take(_ batch: EventBatch) throws

    /// Asked after every batch, and about every quarter second while the input is quiet, with
    /// the counters so far. False ends the input where it is, as if it ended there: the last
    /// events come through `take`, and the trace is finished and complete.
    func shouldContinue(_ progress: Ingestor.Progress) -> Bool
}
