import Foundation
import TraceModel

/// The events parsed from one read, shared by the writer and an ingest's observer.
///
/// When the last of its readers lets go, the batch's array goes back to the parse stage's
/// `ArrayPool` to be filled again.
public final class EventBatch: @unchecked Sendable {
    /// The events, in input order.
    public private(set) var events: [Event]
    private let pool: ArrayPool<Event>?

    init(events: [Event], pool: ArrayPool<Event>?) {
        self.events = events
        self.pool = pool
    }

    deinit {
        guard let pool else { return }
        let storage = events
        events = []
        pool.recycle(storage)
    }
}
