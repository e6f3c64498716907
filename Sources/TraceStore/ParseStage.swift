import Foundation
import TraceModel

/// The reading half of an ingest: bytes from a file descriptor through `LineReader` and
/// `TraceParser`, handed on in batches. Runs on its own thread; owns everything it touches.
final class ParseStage: @unchecked Sendable {
    private let fileDescriptor: Int32
    private let source: String
    private var parser: TraceParser
    private let queue: BlockingQueue<Batch>
    private let stop: (@Sendable () -> Bool)?

    init(fileDescriptor: Int32, source: String, parser: TraceParser, queue: BlockingQueue<Batch>, stop: (@Sendable () -> Bool)? = nil) {
        self.fileDescriptor = fileDescriptor
        self.source = source
        self.parser = parser
        self.queue = queue
        self.stop = stop
    }

    func run() {
        var reader = LineReader()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Ingestor.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var events: [Event] = []
        var totalBytes = 0
        let emit: (Event) -> Void = { events.append($0) }

        func send(_ kind: Batch.Kind) -> Bool {
            let batch = Batch(events: events, stats: parser.stats, bytes: totalBytes, kind: kind)
            events = []
            events.reserveCapacity(4096)
            return queue.put(batch)
        }

        while true {
            // Asked between reads (at least every quarter second, see `waitForInput`): what was
            // read is stored, but the trace is not complete, because its input did not end.
            if let stop, stop() {
                parser.flush(emit: emit)
                _ = send(.stopped)
                return
            }
            guard waitForInput() else {
                // The parser holds the last event back in case the next line continues it; a quiet
                // stream must still show it to readers within the writer's latency bound.
                parser.flush(emit: emit)
                guard send(.idle) else { return }
                continue
            }
            let count = read(fileDescriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                _ = queue.put(Batch(events: [], stats: parser.stats, bytes: totalBytes, kind: .failed(InputError(path: source, errno: errno))))
                return
            }
            if count == 0 { break }
            totalBytes += count
            reader.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { line in
                parser.consume(line, emit: emit)
            }
            guard send(.data) else { return }
        }
        reader.finish { line in parser.consume(line, emit: emit) }
        parser.finish(emit: emit)
        _ = send(.end)
    }

    /// Waits up to a quarter second for input; false on timeout so the writer can commit.
    private func waitForInput() -> Bool {
        var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, 250)
        if ready < 0 {
            if errno == EINTR { return false }
            // Some descriptors (e.g. certain character devices) cannot be polled: just read.
            return true
        }
        return ready > 0
    }
}

/// Events parsed from one read, with the counters as they stood after it.
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

    let events: [Event]
    let stats: ParseStats
    let bytes: Int
    let kind: Kind
}
