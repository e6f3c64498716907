import Foundation
import TraceModel

/// The events parsed from one read, shared by the writer and an ingest's observer.
///
/// When the last of its readers lets go, the batch's array goes back to the parse stage to be
/// filled again. A long ingest so reuses the same dozen arrays, all of one size, rather than
/// allocating one per read: freed arrays of varying sizes left holes in the allocator's heaps
/// that smaller, longer-lived allocations pinned, and glibc kept them resident, so `check`'s
/// memory grew with the log (76 MB at 10M lines against 57 MB at 1M).
public final class EventBatch: @unchecked Sendable {
    /// The events, in input order.
    public private(set) var events: [Event]
    private let pool: EventBatchPool?

    init(events: [Event], pool: EventBatchPool?) {
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

/// The arrays of batches whose readers are done, for the parse stage to fill again.
/// Thread-safe: batches end on whichever thread read them last.
final class EventBatchPool: @unchecked Sendable {
    private let lock = NSLock()
    private var spare: [[Event]] = []
    /// More than the batches in flight at once (the queues' capacities and one in each stage),
    /// so no array is dropped in a steady ingest; a burst beyond it is simply freed.
    private let limit = 32

    /// The events a batch holds at most: about one 256 KiB read of a typical log.
    static let capacity = 4096

    /// An empty array with room for `capacity` events, reused when one is spare.
    ///
    /// A reused array's events are released here, on the parse stage's thread that made them:
    /// the allocator takes their memory back in that thread's own cache, where the next events
    /// find it, rather than from the rules' thread across arenas.
    func storage() -> [Event] {
        if var events = lock.withLock({ spare.popLast() }) {
            events.removeAll(keepingCapacity: true)
            return events
        }
        var events: [Event] = []
        events.reserveCapacity(Self.capacity)
        return events
    }

    /// Takes back a batch's array, events and all.
    func recycle(_ events: consuming [Event]) {
        let events = events
        lock.withLock {
            if spare.count < limit { spare.append(events) }
        }
    }
}
