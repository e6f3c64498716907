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
        /// False when the ingest was stopped before its input ended.
        public let complete: Bool
        /// The MetricKit payloads stored, when the input was MetricKit JSON; nil for a log or an export.
        public var metricKitPayloads: Int? = nil
    }

    /// A snapshot for progress displays.
    public struct Progress: Sendable {
        /// Bytes read so far.
        public let bytes: Int
        /// The parse counters so far.
        public let stats: ParseStats
    }

    /// Bytes per read: large enough that syscalls don't matter, small enough to stay in cache.
    /// Each read becomes one batch of events, and the queues between reader, writer and rules
    /// hold several batches: at 1 MiB they took 30 MB of an ingest's 67, at 256 KiB 7 MB, at
    /// the same speed.
    public static let chunkSize = 1 << 18

    private let pending: PendingDatabase
    private let makeParser: () -> TraceParser
    private let tags: [TraceTags.Tag]
    private let storesTokens: Bool
    private let inOneTransaction: Bool

    /// Creates an ingestor writing into `database`, with a fresh parser from `makeParser` per
    /// input; every trace it creates carries `tags`. Without `storingTokens` the `changes` table
    /// is left empty (see `EventWriter`).
    ///
    /// With `inOneTransaction` each trace is stored in one transaction rather than in batches,
    /// for a database no one reads while it is written and no one needs after a crash
    /// (`check`'s temporary one). With a rollback journal every commit makes the next batch
    /// copy each page it touches again into the journal first (the view index's pages, hit all
    /// over by every batch); in one transaction only the pages there were when it began are.
    public init(
        database: Database, makeParser: @escaping () -> TraceParser = { TraceParser() }, tags: [TraceTags.Tag] = [],
        storingTokens: Bool = true, inOneTransaction: Bool = false
    ) {
        self.init(
            opening: PendingDatabase(database), makeParser: makeParser, tags: tags, storingTokens: storingTokens,
            inOneTransaction: inOneTransaction
        )
    }

    /// Creates an ingestor writing into the database `pending` opens when the first input has
    /// started reading: its first lines are parsed while the file is opened and migrated.
    /// Otherwise as `init(database:makeParser:tags:storingTokens:inOneTransaction:)`.
    public init(
        opening pending: PendingDatabase, makeParser: @escaping () -> TraceParser = { TraceParser() }, tags: [TraceTags.Tag] = [],
        storingTokens: Bool = true, inOneTransaction: Bool = false
    ) {
        self.pending = pending
        self.makeParser = makeParser
        self.tags = tags
        storesTokens = storingTokens
        self.inOneTransaction = inOneTransaction
    }

    /// Ingests the file at `path`, or stdin when `path` is `-`.
    ///
    /// `stop` is asked between reads; once it answers true, what was read is stored and the trace
    /// is left incomplete (`complete = 0`), since its input did not end. With `follow` a file is
    /// followed as it grows, like `tail -F` (`FollowedFile`): the ingest ends only when `observer`
    /// says so. `observer` sees every event as it is stored.
    public func ingest(
        path: String, follow: Bool = false, progress: ((Progress) -> Void)? = nil,
        stop: (@Sendable () -> Bool)? = nil, observer: (any IngestObserver)? = nil
    ) throws -> Summary {
        if path == StandardInput.argument {
            // A pipe cannot be looked at before it is read: its first bytes are read to tell
            // MetricKit JSON from a log, and handed on first to whichever reads it.
            let stdin = DescriptorInput(fileDescriptor: STDIN_FILENO)
            let head = StandardInputHead(stdin, interrupted: stop)
            let input = PrefixedInput(prefix: head.bytes, then: stdin, endedWith: head.last)
            if head.isMetricKit {
                return try MetricKitStore.ingest(input: input, source: StandardInput.argument, database: pending.database(), tags: tags)
            }
            return try ingest(input: input, source: StandardInput.argument, progress: progress, stop: stop, observer: observer)
        }
        if follow {
            return try ingest(input: FollowedFile(path: path), source: path, progress: progress, stop: stop, observer: observer)
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw InputError(path: path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw InputError(path: path, reason: "is a directory")
        }
        // MetricKit JSON is told by its first bytes as an export is, but is no stream of events:
        // its payloads go to their own tables. Only a file can be looked at before it is read.
        if MetricKitStore.recognises(descriptor: descriptor) {
            return try MetricKitStore.ingest(descriptor: descriptor, source: path, database: pending.database(), tags: tags)
        }
        return try ingest(fileDescriptor: descriptor, source: path, progress: progress, stop: stop, observer: observer)
    }

    /// Ingests everything readable from `fileDescriptor` as one trace named `source`.
    ///
    /// Two stages overlap on two cores: a reading thread turns bytes into events (reader and
    /// parser), while the calling thread stores them. A bounded queue between them keeps memory
    /// flat when the store is the slower side. `observer` gets each batch right after the writer.
    public func ingest(
        fileDescriptor: Int32, source: String, progress: ((Progress) -> Void)? = nil,
        stop: (@Sendable () -> Bool)? = nil, observer: (any IngestObserver)? = nil
    ) throws -> Summary {
        try ingest(input: DescriptorInput(fileDescriptor: fileDescriptor), source: source, progress: progress, stop: stop, observer: observer)
    }

    private func ingest(
        input: any ByteInput, source: String, progress: ((Progress) -> Void)?,
        stop: (@Sendable () -> Bool)?, observer: (any IngestObserver)?
    ) throws -> Summary {
        // The reading thread starts first: it reads and parses the first batches while this one
        // creates the trace and prepares the writer's statements (a few milliseconds that the
        // C loop, which prepares one statement, does not spend before its first line).
        let queue = BlockingQueue<Batch>(capacity: 4)
        let stage = ParseStage(input: input, source: source, parser: makeParser(), queue: queue, interrupted: stop)
        Thread.detachNewThread { stage.run() }
        defer { queue.cancel() }
        let database = try pending.database()
        let writer = try inOneTransaction
            ? EventWriter(database: database, source: source, batchSize: .max, maxLatency: .infinity, storingTokens: storesTokens)
            : EventWriter(database: database, source: source, storingTokens: storesTokens)
        // Stored before the first event, so a reader of a live stream already sees them.
        try TraceTags.store(tags, traceID: writer.traceID, in: database)
        try observer?.begin(traceID: writer.traceID)

        var lastProgress = ProcessInfo.processInfo.systemUptime
        while let batch = queue.take() {
            try writer.append(contentsOf: batch.parsed.events)
            if let recorded = batch.recorded {
                try RecordedCauses.store(
                    recorded, firstEventID: writer.lastEventID - batch.parsed.events.count + 1, traceID: writer.traceID, in: database
                )
            }
            try observer?.take(batch.parsed)
            switch batch.kind {
            case .data:
                let now = ProcessInfo.processInfo.systemUptime
                if now - lastProgress >= 0.2 {
                    lastProgress = now
                    progress?(Progress(bytes: batch.bytes, stats: batch.stats))
                }
            case .idle:
                try writer.flushIfDue()
            case .end, .stopped:
                let complete = if case .end = batch.kind { true } else { false }
                try writer.finish(stats: batch.stats, complete: complete)
                progress?(Progress(bytes: batch.bytes, stats: batch.stats))
                return Summary(traceID: writer.traceID, source: source, stats: batch.stats, complete: complete)
            case .failed(let error):
                // What was read before the failure stays: the trace is stored, left incomplete.
                try writer.finish(stats: batch.stats, complete: false)
                guard let input = error as? InputError else { throw error }
                throw IncompleteTraceError(input: input, traceID: writer.traceID, events: batch.stats.events)
            }
            if let observer, !observer.shouldContinue(Progress(bytes: batch.bytes, stats: batch.stats)) { stage.stop() }
        }
        throw InputError(path: source, reason: "reading stopped unexpectedly")
    }
}

/// An input that failed part way (a malformed or truncated export): what was read before the
/// failure is stored as trace `traceID`, marked incomplete. Whether that database outlives the
/// run is the caller's to say (`stored`): `check` without --db keeps nothing.
public struct IncompleteTraceError: Error, CustomStringConvertible, Sendable {
    /// The failure.
    public let input: InputError
    /// The trace the rows before it were stored in.
    public let traceID: Int
    /// How many events were read before it.
    public let events: Int
    /// What `events` counts: `event`, or `payload` for MetricKit input.
    public var unit = "event"

    /// Creates the error for `events` of `unit` stored in trace `traceID` before `input` failed.
    public init(input: InputError, traceID: Int, events: Int, unit: String = "event") {
        (self.input, self.traceID, self.events, self.unit) = (input, traceID, events, unit)
    }

    public var description: String { input.description }

    /// What a kept database holds of the input: `the 7 events read before it are stored in trace 1, marked incomplete`.
    public var stored: String {
        guard events > 0 else { return "no \(unit) was read before it (trace \(traceID) is stored empty, marked incomplete)" }
        return "the \(events == 1 ? unit : "\(events) \(unit)s") read before it \(events == 1 ? "is" : "are") stored in trace \(traceID), marked incomplete"
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

    public var description: String { "\(StandardInput.name(of: path)): \(reason)" }
}

/// How stdin is named: `-` on the command line and in `traces.source`, `<stdin>` in every
/// message and report, so a user meets one spelling.
public enum StandardInput {
    /// The argument that means stdin, also stored as the trace's source.
    public static let argument = "-"
    /// The name messages and reports show.
    public static let displayName = "<stdin>"

    /// `source` as messages show it: `<stdin>` for stdin, else the path as given.
    public static func name(of source: String) -> String {
        source == argument ? displayName : source
    }
}
