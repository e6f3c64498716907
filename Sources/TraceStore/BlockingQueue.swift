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

/// What a producing thread hands over through a `BlockingQueue`: a part, the error that ended
/// it, or its end.
public enum Handover<Part> {
    case part(Part)
    case failed(any Error)
    case end
}

extension BlockingQueue {
    /// Runs `produce` on a thread of its own and calls `consume` here with each part it puts,
    /// at most `capacity` parts ahead: the two halves of a scan or a report on two cores.
    ///
    /// Returns once `produce` has returned and its parts are consumed, and throws what
    /// `produce` threw. When `consume` throws, the queue is cancelled, so the producer's next
    /// `put` returns false and it should stop (by returning or throwing: no one hears it).
    /// Either way the producer has finished when this returns, and what it used is the
    /// caller's again.
    public static func drain<Part>(
        capacity: Int, producing produce: @escaping @Sendable (BlockingQueue<Handover<Part>>) throws -> Void,
        _ consume: (Part) throws -> Void
    ) throws where Element == Handover<Part> {
        let queue = BlockingQueue<Handover<Part>>(capacity: capacity)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            do {
                try produce(queue)
                _ = queue.put(.end)
            } catch {
                _ = queue.put(.failed(error))
            }
            finished.signal()
        }.start()
        defer {
            queue.cancel()
            finished.wait()
        }
        while let handover = queue.take() {
            switch handover {
            case .part(let part): try consume(part)
            case .failed(let error): throw error
            case .end: return
            }
        }
    }
}
