import Foundation
import Testing
import TraceModel
@testable import TraceStore

@Suite struct EventBatchTests {
    /// A batch let go of on another thread gives its array back: the next batch is filled in
    /// the same memory, emptied, with its full capacity.
    @Test func aBatchsArrayIsReusedOnceItsLastReaderLetsGo() {
        let pool = ArrayPool<Event>(capacity: 4096)
        var events = pool.take()
        #expect(events.capacity >= pool.capacity)
        for line in 1...10 { events.append(Event(line: line, kind: .appear, view: "Row", origin: .lifecycle, message: "Row appear \(line)")) }
        let address = events.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        var batch: EventBatch? = EventBatch(events: events, pool: pool)
        events = []
        let done = DispatchSemaphore(value: 0)
        let handed = UnsafeSendable(batch!)
        batch = nil
        Thread.detachNewThread {
            // The reader on another thread is the last holder.
            #expect(handed.value.events.count == 10)
            handed.release()
            done.signal()
        }
        done.wait()
        let reused = pool.take()
        #expect(reused.isEmpty)
        #expect(reused.capacity >= pool.capacity)
        #expect(reused.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == address)
        // Nothing spare: a new array.
        #expect(pool.take().withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } != address)
    }

    /// An ingest cuts a read into full batches: an observer holding every batch to the end sees
    /// each event once, in order, and never a batch above the pool's size.
    @Test func anObserverSeesEveryEventOnceInOrderAcrossFullBatches() throws {
        let directory = try TemporaryDirectory()
        let lines = 3 * ParseStage.batchCapacity + 17
        let log = (1...lines).map { "Row\($0 % 50) init" }.joined(separator: "\n") + "\n"
        let path = directory.path("big.log")
        try log.write(toFile: path, atomically: true, encoding: .utf8)
        let database = try TraceDatabase.openForWriting(path: directory.path("t.sqlite"))
        let observer = HoldingObserver()
        let summary = try Ingestor(database: database).ingest(path: path, observer: observer)
        #expect(observer.batches.allSatisfy { $0.events.count <= ParseStage.batchCapacity })
        #expect(observer.batches.flatMap { $0.events.map(\.line) } == Array(1...lines))
        #expect(try database.scalarInt("SELECT count(*) FROM events WHERE trace_id = ?", [summary.traceID]) == lines)
    }
}

/// Keeps every batch it is given, as a slow reader would.
private final class HoldingObserver: IngestObserver {
    var batches: [EventBatch] = []
    func begin(traceID: Int) throws {}
    func take(_ batch: EventBatch) throws { batches.append(batch) }
    func shouldContinue(_ progress: Ingestor.Progress) -> Bool { true }
}

/// Hands a batch to another thread, which drops the last reference.
private final class UnsafeSendable: @unchecked Sendable {
    private(set) var value: EventBatch!
    init(_ value: EventBatch) { self.value = value }
    func release() { value = nil }
}
