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
    public func ingest(path: String, progress: ((Progress) -> Void)? = nil) throws -> Summary {
        if path == "-" {
            return try ingest(fileDescriptor: STDIN_FILENO, source: "-", progress: progress)
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw InputError(path: path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw InputError(path: path, reason: "is a directory")
        }
        return try ingest(fileDescriptor: descriptor, source: path, progress: progress)
    }

    /// Ingests everything readable from `fileDescriptor` as one trace named `source`.
    public func ingest(fileDescriptor: Int32, source: String, progress: ((Progress) -> Void)? = nil) throws -> Summary {
        let writer = try EventWriter(database: database, source: source)
        var parser = makeParser()
        var reader = LineReader()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var totalBytes = 0
        var lastProgress = ProcessInfo.processInfo.systemUptime
        let emit: (Event) throws -> Void = { try writer.append($0) }

        while true {
            guard try waitForInput(fileDescriptor) else {
                // The parser holds the last event back in case the next line continues it; a quiet
                // stream must still show it to readers within the latency bound.
                try parser.flush(emit: emit)
                try writer.flushIfDue()
                continue
            }
            let count = read(fileDescriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw InputError(path: source, errno: errno)
            }
            if count == 0 { break }
            totalBytes += count
            try reader.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { line in
                try parser.consume(line, emit: emit)
            }
            let now = ProcessInfo.processInfo.systemUptime
            if now - lastProgress >= 0.2 {
                lastProgress = now
                try writer.recordProgress(parser.stats)
                progress?(Progress(bytes: totalBytes, stats: parser.stats))
            }
        }
        try reader.finish { line in try parser.consume(line, emit: emit) }
        try parser.finish(emit: emit)
        try writer.finish(stats: parser.stats)
        progress?(Progress(bytes: totalBytes, stats: parser.stats))
        return Summary(traceID: writer.traceID, source: source, stats: parser.stats)
    }

    /// Waits up to a quarter second for input; false on timeout so the caller can commit.
    private func waitForInput(_ descriptor: Int32) throws -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, 250)
        if ready < 0 {
            if errno == EINTR { return false }
            // Some descriptors (e.g. certain character devices) cannot be polled: just read.
            return true
        }
        return ready > 0
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
