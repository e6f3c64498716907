import Foundation
import TraceModel

/// Reads one input (a file or stdin) in chunks and streams it through the parser into the store.
///
/// Memory stays flat: one read buffer, at most one unfinished line, one open batch. When a pipe
/// is idle the open batch is still committed within the writer's latency bound.
public struct Ingestor {
    /// What one finished ingest produced.
    public struct Summary: Sendable {
        /// The stored trace's id.
        public let traceID: Int
        /// The input as named by the user (`-` for stdin).
        public let source: String
        /// The parse counters.
        public let stats: ParseStats
    }

    /// A snapshot for progress displays.
    public struct Progress: Sendable {
        /// Bytes read so far.
        public let bytes: Int
        /// The parse counters so far.
        public let stats: ParseStats
    }

    /// Bytes per read: large enough that syscalls don't matter, small enough to stay in cache.
    public static let chunkSize = 1 << 20

    private let database: Database
    private let makeParser: () -> TraceParser

    /// Creates an ingestor writing into `database`, with a fresh parser from `makeParser` per input.
    public init(database: Database, makeParser: @escaping () -> TraceParser = { TraceParser() }) {
        self.database = database
        self.makeParser = makeParser
    }

    /// Ingests the file at `path`, or stdin when `path` is `-`.
    ///
    /// With `follow` a file is followed as it grows, like `tail -F` (`FollowedFile`): the ingest
    /// ends only when `observer` says so. `observer` sees every event as it is stored.
    public func ingest(
        path: String, follow: Bool = false, progress: ((Progress) -> Void)? = nil, observer: (any IngestObserver)? = nil
    ) throws -> Summary {
        if path == "-" {
            return try ingest(fileDescriptor: STDIN_FILENO, source: "-", progress: progress, observer: observer)
        }
        if follow {
            return try ingest(input: FollowedFile(path: path), source: path, progress: progress, observer: observer)
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw InputError(path: path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw InputError(path: path, reason: "is a directory")
        }
        return try ingest(fileDescriptor: descriptor, source: path, progress: progress, observer: observer)
    }

    /// Ingests everything readable from `fileDescriptor` as one trace named `source`.
    ///
    /// Two stages overlap on two cores: a reading thread turns bytes into events (reader and
    /// parser), while the calling thread stores them. A bounded queue between them keeps memory
    /// flat when the store is the slower side. `observer` gets each batch right after the writer.
    public func ingest(
        fileDescriptor: Int32, source: String, progress: ((Progress) -> Void)? = nil, observer: (any IngestObserver)? = nil
    ) throws -> Summary {
        try ingest(input: DescriptorInput(fileDescriptor: fileDescriptor), source: source, progress: progress, observer: observer)
    }

    private func ingest(
        input: any ByteInput, source: String, progress: ((Progress) -> Void)?, observer: (any IngestObserver)?
    ) throws -> Summary {
        let writer = try EventWriter(database: database, source: source)
        try observer?.begin(traceID: writer.traceID)
        let queue = BlockingQueue<Batch>(capacity: 4)
        let stage = ParseStage(input: input, source: source, parser: makeParser(), queue: queue)
        Thread.detachNewThread { stage.run() }
        defer { queue.cancel() }

        var lastProgress = ProcessInfo.processInfo.systemUptime
        while let batch = queue.take() {
            try writer.append(contentsOf: batch.events)
            try observer?.take(batch.events)
            switch batch.kind {
            case .data:
                let now = ProcessInfo.processInfo.systemUptime
                if now - lastProgress >= 0.2 {
                    lastProgress = now
                    try writer.recordProgress(batch.stats)
                    progress?(Progress(bytes: batch.bytes, stats: batch.stats))
                }
            case .idle:
                try writer.flushIfDue()
            case .end:
                try writer.finish(stats: batch.stats)
                progress?(Progress(bytes: batch.bytes, stats: batch.stats))
                return Summary(traceID: writer.traceID, source: source, stats: batch.stats)
            case .failed(let error):
                throw error
            }
            if let observer, !observer.shouldContinue(Progress(bytes: batch.bytes, stats: batch.stats)) { stage.stop() }
        }
        throw InputError(path: source, reason: "reading stopped unexpectedly")
    }
}

/// An input that cannot be read, named with the reason.
public struct InputError: Error, CustomStringConvertible, Sendable {
    /// The input as the user named it.
    public let path: String
    /// What went wrong, in words.
    public let reason: String

    /// Creates an error with an explicit reason.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// Creates an error from a C `errno`.
    public init(path: String, errno code: Int32) {
        self.path = path
        self.reason = String(cString: strerror(code)).lowercased()
    }

    public var description: String { "\(path == "-" ? "stdin" : path): \(reason)" }
}
