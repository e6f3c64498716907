import Foundation

/// A bounded blocking queue between two threads: the stages of an ingest (parser → writer), or
/// the scan of a stored trace (SQLite → rules). The producer waits while it is full, so memory
/// stays at `capacity` items however long the input.
public final class BlockingQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private let capacity: Int
    private var cancelled = false

    /// A queue holding at most `capacity` items.
    public init(capacity: Int) { self.capacity = capacity }

    /// Adds an item, waiting while the queue is full; false once the consumer has gone.
    public func put(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// Takes the next item, waiting while the queue is empty; nil once cancelled.
    public func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !cancelled { condition.wait() }
        guard !items.isEmpty, !cancelled else { return nil }
        // At most `capacity` items: removing the first is cheap, and drops the item's memory now.
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// Stops both sides: `put` returns false and `take` nil from now on.
    public func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
