import Foundation
import TraceModel

/// The reading half of an ingest: bytes from an input through `LineReader` and `TraceParser`,
/// handed on in batches. Runs on its own thread; owns everything it touches but the stop request.
final class ParseStage: @unchecked Sendable {
    private let input: any ByteInput
    private let source: String
    private var parser: TraceParser
    private let queue: BlockingQueue<Batch>
    /// The events a batch holds at most: about one 256 KiB read of a typical log.
    static let batchCapacity = 4096
    private let pool = ArrayPool<Event>(capacity: ParseStage.batchCapacity)
    private let stopLock = NSLock()
    private var stopRequested = false
    /// Asked between reads: true ends the input where it is, the trace left incomplete.
    private let interrupted: (@Sendable () -> Bool)?

    init(input: any ByteInput, source: String, parser: TraceParser, queue: BlockingQueue<Batch>, interrupted: (@Sendable () -> Bool)? = nil) {
        self.input = input
        self.source = source
        self.parser = parser
        self.queue = queue
        self.interrupted = interrupted
    }

    /// Ends the input where it is, from another thread: the stage finishes its last line and
    /// sends the end, as when the input ends, within one read's wait.
    func stop() {
        stopLock.withLock { stopRequested = true }
    }

    private var isStopRequested: Bool { stopLock.withLock { stopRequested } }

    func run() {
        var reader = LineReader()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Ingestor.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var events = pool.take()
        var totalBytes = 0
        func send(_ kind: Batch.Kind, stats: ParseStats) -> Bool {
            let batch = Batch(parsed: EventBatch(events: events, pool: pool), stats: stats, bytes: totalBytes, kind: kind)
            events = pool.take()
            return queue.put(batch)
        }
        // A batch is sent when its array is full as well as after every read, so every array
        // keeps the pool's one size and is never regrown. A full batch is sent from inside the
        // parser, which cannot be asked for its counters then: it carries those of the last read.
        var statsBeforeRead = parser.stats
        var receiverGone = false
        let emit: (consuming Event) -> Void = { event in
            events.append(event)
            if events.count == Self.batchCapacity, !send(.data, stats: statsBeforeRead) { receiverGone = true }
        }

        reading: while !isStopRequested {
            // Asked between reads (at least every quarter second, see `ByteInput`): what was
            // read is stored, but the trace is not complete, because its input did not end.
            if let interrupted, interrupted() {
                parser.flush(emit: emit)
                _ = send(.stopped, stats: parser.stats)
                return
            }
            let count: Int
            switch input.read(into: buffer) {
            case .bytes(let read):
                count = read
            case .quiet:
                // The parser holds the last event back in case the next line continues it; a quiet
                // stream must still show it to readers within the writer's latency bound.
                parser.flush(emit: emit)
                guard send(.idle, stats: parser.stats) else { return }
                continue
            case .restarted:
                reader.finish { line in parser.consume(line, emit: emit) }
                continue
            case .end:
                break reading
            case .failed(let code):
                _ = queue.put(Batch(parsed: EventBatch(events: [], pool: nil), stats: parser.stats, bytes: totalBytes, kind: .failed(InputError(path: source, errno: code))))
                return
            }
            totalBytes += count
            reader.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { line in
                parser.consume(line, emit: emit)
            }
            statsBeforeRead = parser.stats
            guard !receiverGone, send(.data, stats: statsBeforeRead) else { return }
        }
        reader.finish { line in parser.consume(line, emit: emit) }
        parser.finish(emit: emit)
        _ = send(.end, stats: parser.stats)
    }
}

/// The events parsed from one read, with the counters as they stood after it.
struct Batch: @unchecked Sendable {
    enum Kind {
        /// More input follows.
        case data
        /// The input is quiet: commit what is open.
        case idle
        /// The input ended; `stats` are final.
        case end
        /// Reading was asked to stop before the input ended (Ctrl-C): `stats` cover what was read.
        case stopped
        /// Reading failed.
        case failed(Error)
    }

    let parsed: EventBatch
    let stats: ParseStats
    let bytes: Int
    let kind: Kind
}
