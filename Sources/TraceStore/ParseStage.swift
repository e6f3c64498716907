import Foundation
import TraceModel

/// The reading half of an ingest: bytes from an input through `LineReader` and `TraceParser`,
/// or through `InstrumentsReader` when the input is an `xctrace export` and
/// `XCResultMetricsReader` when it is `xcresulttool`'s metrics JSON (told by their first
/// bytes), handed on in batches. Runs on its own thread; owns everything it touches but the
/// stop request.
final class ParseStage: @unchecked Sendable {
    private let input: any ByteInput
    private let source: String
    /// Held through a pointer: a stored `var` of a class pays a dynamic exclusivity check on
    /// every access, twice per line (a tenth of a line's cost outside the parser itself).
    private let parser: UnsafeMutablePointer<TraceParser>
    /// Set once the first bytes show an Instruments export.
    private var recording: InstrumentsReader?
    /// Set once the first bytes show `xcresulttool get test-results metrics` JSON.
    private var resultMetrics: XCResultMetricsReader?
    /// The first bytes, held until there are enough to tell a log from an export.
    private var head: [UInt8]? = []
    private var decided = false
    /// How many bytes tell: `<?xml` or `<trace-query-result` after a byte-order mark and blanks.
    static let sniffBytes = 64
    private let queue: BlockingQueue<Batch>
    /// The events a batch holds at most: about a quarter of one 256 KiB read of a typical log.
    /// The queues between the threads are bounded in batches, and what they hold is what a run
    /// holds of the log: with a read's worth per batch (4,096), a loaded machine, whose rules
    /// lag more often the longer the run, held 5 MB more at 10M lines than at 1M (`check`: 58
    /// against 49 MB); with 1,024, 53 against 49, and no slower.
    static let batchCapacity = 1024
    private let pool = ArrayPool<Event>(capacity: ParseStage.batchCapacity)
    private let stopLock = NSLock()
    private var stopRequested = false
    /// Asked between reads: true ends the input where it is, the trace left incomplete.
    private let interrupted: (@Sendable () -> Bool)?

    init(input: any ByteInput, source: String, parser: TraceParser, queue: BlockingQueue<Batch>, interrupted: (@Sendable () -> Bool)? = nil) {
        self.input = input
        self.source = source
        self.parser = UnsafeMutablePointer<TraceParser>.allocate(capacity: 1)
        self.parser.initialize(to: parser)
        self.queue = queue
        self.interrupted = interrupted
    }

    deinit {
        parser.deinitialize(count: 1)
        parser.deallocate()
    }

    /// Ends the input where it is, from another thread: the stage finishes its last line and
    /// sends the end, as when the input ends, within one read's wait.
    func stop() {
        stopLock.withLock { stopRequested = true }
    }

    private var isStopRequested: Bool { stopLock.withLock { stopRequested } }

    /// Set when the first bytes show UTF-16: every byte goes through it to the line reader.
    private var transcoder: UTF16Transcoder?
    /// The UTF-8 of the last bytes transcoded, kept from read to read.
    private var transcoded: [UInt8] = []
    /// What the first bytes said about the input, for the counters (`utf16_bytes`, `binary_percent`).
    private var utf16Bytes = 0
    private var binaryPercent = 0

    /// The counters of whichever reader the input went to.
    private var stats: ParseStats {
        var stats = recording?.stats ?? resultMetrics?.stats ?? parser.pointee.stats
        stats.utf16Bytes = utf16Bytes
        stats.binaryPercent = binaryPercent
        return stats
    }

    func run() {
        var reader = LineReader()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Ingestor.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        // The batch being filled, held through a pointer for the same reason as `parser`: a
        // local `var` captured by the closures below is checked on every append.
        let events = UnsafeMutablePointer<[Event]>.allocate(capacity: 1)
        events.initialize(to: pool.take())
        defer {
            events.deinitialize(count: 1)
            events.deallocate()
        }
        var nodes: [RecordedNode] = []
        var intervals: [(index: Int, interval: RecordedInterval)] = []
        var edges: [InstrumentsEdge] = []
        var totalBytes = 0
        func send(_ kind: Batch.Kind, stats: ParseStats) -> Bool {
            let batch = Batch(
                parsed: EventBatch(events: events.pointee, pool: pool), stats: stats, bytes: totalBytes, kind: kind,
                recorded: nodes.isEmpty && edges.isEmpty && intervals.isEmpty ? nil : RecordedBatch(nodes: nodes, edges: edges, intervals: intervals)
            )
            events.pointee = pool.take()
            nodes = []
            intervals = []
            edges = []
            return queue.put(batch)
        }
        // A batch is sent when its array is full as well as after every read, so every array
        // keeps the pool's one size and is never regrown. A full batch is sent from inside the
        // parser, which cannot be asked for its counters then: it carries those of the last read.
        var statsBeforeRead = stats
        var receiverGone = false
        let emit: (consuming Event) -> Void = { event in
            events.pointee.append(event)
            if events.pointee.count == Self.batchCapacity, !send(.data, stats: statsBeforeRead) { receiverGone = true }
        }
        // A recorded update's node and a row's details go with it into the same batch: they are
        // noted before the batch may be sent full.
        let recorded = Recorded(
            emit: { event, row in
                events.pointee.append(event)
                if let node = row.node { nodes.append(RecordedNode(index: events.pointee.count - 1, node: node)) }
                if let interval = row.interval { intervals.append((events.pointee.count - 1, interval)) }
                if events.pointee.count == Self.batchCapacity, !send(.data, stats: statsBeforeRead) { receiverGone = true }
            },
            link: { edges.append($0) }
        )

        reading: while !isStopRequested {
            // Asked between reads (at least every quarter second, see `ByteInput`): what was
            // read is stored, but the trace is not complete, because its input did not end.
            if let interrupted, interrupted() {
                parser.pointee.flush(emit: emit)
                _ = send(.stopped, stats: stats)
                return
            }
            let count: Int
            switch input.read(into: buffer) {
            case .bytes(let read):
                count = read
            case .quiet:
                // A stream that went quiet before its first 64 bytes is decided on what it sent:
                // its first line must reach readers as any line does.
                do {
                    try decideHeld(reader: &reader, emit: emit, recorded: recorded)
                } catch {
                    fail(error, send: send)
                    return
                }
                // The parser holds the last event back in case the next line continues it; a quiet
                // stream must still show it to readers within the writer's latency bound.
                parser.pointee.flush(emit: emit)
                guard send(.idle, stats: stats) else { return }
                continue
            case .restarted:
                reader.finish { line in parser.pointee.consume(line, emit: emit) }
                continue
            case .end:
                break reading
            case .failed(let code):
                _ = queue.put(Batch(parsed: EventBatch(events: [], pool: nil), stats: stats, bytes: totalBytes, kind: .failed(InputError(path: source, errno: code))))
                return
            }
            totalBytes += count
            do {
                try consume(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), reader: &reader, emit: emit, recorded: recorded)
            } catch {
                fail(error, send: send)
                return
            }
            statsBeforeRead = stats
            guard !receiverGone, send(.data, stats: statsBeforeRead) else { return }
        }
        do {
            try finish(reader: &reader, emit: emit, recorded: recorded)
        } catch {
            fail(error, send: send)
            return
        }
        _ = send(.end, stats: stats)
        // While the writer stores the last batches, the events left in spare arrays are freed
        // here rather than after it, when the pool goes.
        pool.drain()
    }

    /// One read's bytes to the reader the input goes to, deciding which at the first bytes.
    /// Where a recording's events and edges go: beside the events, the node ids and edges that
    /// `RecordedCauses` stores.
    struct Recorded {
        let emit: (consuming Event, InstrumentsRow) -> Void
        let link: (InstrumentsEdge) -> Void
    }

    private func consume(_ bytes: UnsafeRawBufferPointer, reader: inout LineReader, emit: (consuming Event) -> Void, recorded: Recorded) throws {
        if var held = head {
            held.append(contentsOf: bytes)
            guard held.count >= Self.sniffBytes else {
                head = held
                return
            }
            head = nil
            try held.withUnsafeBytes { try route($0, reader: &reader, emit: emit, recorded: recorded) }
            return
        }
        try route(bytes, reader: &reader, emit: emit, recorded: recorded)
    }

    private func route(_ bytes: UnsafeRawBufferPointer, reader: inout LineReader, emit: (consuming Event) -> Void, recorded: Recorded) throws {
        if !decided {
            decided = true
            if InstrumentsReader.recognises(bytes) {
                recording = InstrumentsReader()
            } else if XCResultMetricsReader.recognises(bytes) {
                resultMetrics = XCResultMetricsReader()
            } else {
                switch InputSniff.classify(bytes) {
                case .utf16(let bigEndian): transcoder = UTF16Transcoder(bigEndian: bigEndian)
                case .binary(let percent): binaryPercent = percent
                case .text: break
                }
            }
        }
        if recording != nil {
            try recording!.consume(bytes, emit: recorded.emit, link: recorded.link)
        } else if resultMetrics != nil {
            try resultMetrics!.consume(bytes, emit: emit)
        } else if transcoder != nil {
            utf16Bytes += bytes.count
            transcoded.removeAll(keepingCapacity: true)
            transcoder!.transcode(bytes, into: &transcoded)
            transcoded.withUnsafeBytes { utf8 in reader.feed(utf8) { line in parser.pointee.consume(line, emit: emit) } }
        } else {
            reader.feed(bytes) { line in parser.pointee.consume(line, emit: emit) }
        }
    }

    /// Hands the first bytes held for deciding to the reader they go to, if any are held.
    private func decideHeld(reader: inout LineReader, emit: (consuming Event) -> Void, recorded: Recorded) throws {
        guard let held = head, !held.isEmpty else { return }
        head = nil
        try held.withUnsafeBytes { try route($0, reader: &reader, emit: emit, recorded: recorded) }
    }

    /// The input ended: what is held goes to its reader, which finishes.
    private func finish(reader: inout LineReader, emit: (consuming Event) -> Void, recorded: Recorded) throws {
        try decideHeld(reader: &reader, emit: emit, recorded: recorded)
        if recording != nil {
            try recording!.finish(emit: recorded.emit, link: recorded.link)
            return
        }
        if resultMetrics != nil {
            try resultMetrics!.finish(emit: emit)
            return
        }
        if transcoder != nil {
            transcoded.removeAll(keepingCapacity: true)
            transcoder!.finish(into: &transcoded)
            transcoded.withUnsafeBytes { utf8 in reader.feed(utf8) { line in parser.pointee.consume(line, emit: emit) } }
        }
        reader.finish { line in parser.pointee.consume(line, emit: emit) }
        parser.pointee.finish(emit: emit)
    }

    /// A malformed export: the events before the error are sent, then the error, so the trace
    /// keeps every row read before it.
    private func fail(_ error: Error, send: (Batch.Kind, ParseStats) -> Bool) {
        _ = send(.data, stats)
        // Whether the rows before the error are kept is the caller's to say: `ingest` stores
        // them, `check` without --db keeps nothing (`Ingestor.keepsIncompleteTraces`).
        let reason = (error as? XMLError).map(\.description) ?? "\(error)"
        _ = queue.put(Batch(parsed: EventBatch(events: [], pool: nil), stats: stats, bytes: 0, kind: .failed(InputError(path: source, reason: reason))))
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
    /// A recording's node ids and edges read with these events; nil for a log.
    var recorded: RecordedBatch? = nil
}

/// The recorded node of the event at `index` of its batch.
struct RecordedNode {
    let index: Int
    let node: Int64
}

/// What a batch of a recording carries beside its events.
struct RecordedBatch {
    let nodes: [RecordedNode]
    let edges: [InstrumentsEdge]
    /// The details of rows of `hitches`, `potential-hangs` and layout passes, by the index of their event in the batch.
    var intervals: [(index: Int, interval: RecordedInterval)] = []
}
