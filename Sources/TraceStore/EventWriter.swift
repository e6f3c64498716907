import Foundation
import TraceModel

/// Streams events of one trace into the store in batched transactions.
///
/// A batch commits after `batchSize` events or once `maxLatency` has passed, whichever comes
/// first, so a concurrent reader sees new events within about a second and a killed process
/// loses at most the open batch.
public final class EventWriter {
    /// The id of the trace being written.
    public let traceID: Int
    private let database: Database
    private let batchSize: Int
    private let maxLatency: TimeInterval
    private var pending = 0
    private var inTransaction = false
    private var batchStarted: TimeInterval = 0
    private let insertEvent: Statement
    /// Held through a pointer: a stored `var` of a class pays a dynamic exclusivity check on
    /// every mutation, a measurable share of the per-row cost.
    private let arena: UnsafeMutablePointer<TextArena> = {
        let pointer = UnsafeMutablePointer<TextArena>.allocate(capacity: 1)
        pointer.initialize(to: TextArena())
        return pointer
    }()
    private var insertChanges: [Statement] = []

    /// Starts a new trace read from `source` and returns a writer for its events.
    public init(database: Database, source: String, batchSize: Int = 8192, maxLatency: TimeInterval = 0.5) throws {
        self.database = database
        self.batchSize = batchSize
        self.maxLatency = maxLatency
        try database.run(
            "INSERT INTO traces (source, ingested_at) VALUES (?, ?)",
            [source, ISO8601DateFormatter().string(from: Date())]
        )
        traceID = database.lastInsertRowID
        insertEvent = try database.prepare("""
            INSERT INTO events (trace_id, line, ts, process, pid, tid, subsystem, category, kind,
                                view, owner, instance, origin, message, envelope, level, duration_ms)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
            """)
        // One statement per token count up to 8: an event's tokens go in with one step.
        for count in 1...Self.maxTokensPerStatement {
            let rows = (0..<count).map { "(?\($0 * 3 + 1), ?\($0 * 3 + 2), ?\($0 * 3 + 3))" }.joined(separator: ", ")
            insertChanges.append(try database.prepare("INSERT INTO changes (event_id, position, token) VALUES \(rows)"))
        }

    }

    deinit {
        arena.deinitialize(count: 1)
        arena.deallocate()
    }

    /// Stores one event; commits the batch when it is full or old enough.
    public func append(_ event: Event) throws {
        if !inTransaction { try begin() }
        let statement = insertEvent
        statement.rewind()
        statement.bind(traceID, at: 1)
        statement.bind(event.line, at: 2)
        statement.bind(event.envelope.timestamp, at: 3)
        statement.bind(event.envelope.pid, at: 5)
        statement.bind(event.envelope.tid, at: 6)
        statement.bind(event.durationMs, at: 17)
        arena.pointee.add(event.envelope.process, at: 4)
        arena.pointee.add(event.envelope.subsystem, at: 7)
        arena.pointee.add(event.envelope.category, at: 8)
        arena.pointee.add(event.kind.rawValue, at: 9)
        arena.pointee.add(event.view, at: 10)
        arena.pointee.add(event.owner, at: 11)
        arena.pointee.add(event.instance, at: 12)
        arena.pointee.add(event.origin.storedValue, at: 13)
        arena.pointee.add(event.message, at: 14)
        arena.pointee.add(event.envelope.format.rawValue, at: 15)
        arena.pointee.add(event.envelope.level, at: 16)
        try arena.pointee.bind(to: statement) { _ = try statement.step() }
        if !event.tokens.isEmpty {
            try insertTokens(event.tokens, eventID: database.lastInsertRowID)
        }
        pending += 1
        // Reading the clock every event would cost more than the insert; every 256 is plenty.
        if pending >= batchSize || (pending & 0xFF == 0 && isBatchOld) {
            try commit()
        }
    }

    private static let maxTokensPerStatement = 8

    private func insertTokens(_ tokens: [String], eventID: Int) throws {
        var position = 0
        while position < tokens.count {
            let count = min(tokens.count - position, Self.maxTokensPerStatement)
            let statement = insertChanges[count - 1]
            statement.rewind()
            for row in 0..<count {
                let base = Int32(row * 3)
                statement.bind(eventID, at: base + 1)
                statement.bind(position + row, at: base + 2)
                arena.pointee.add(tokens[position + row], at: base + 3)
            }
            try arena.pointee.bind(to: statement) { _ = try statement.step() }
            position += count
        }
    }

    /// Commits the open batch if it is older than the latency bound; call when input is idle.
    public func flushIfDue() throws {
        if inTransaction && isBatchOld { try commit() }
    }

    /// Commits the last batch and records the trace's counters; marks the trace complete.
    public func finish(stats: ParseStats) throws {
        if !inTransaction { try begin() }
        try database.run(
            "UPDATE traces SET format = ?, lines = ?, events = ?, unrecognized = ?, complete = 1 WHERE id = ?",
            [Self.dominantFormat(stats), stats.lines, stats.events, stats.unrecognized, traceID]
        )
        for (name, value) in stats.named {
            try database.run("INSERT OR REPLACE INTO stats (trace_id, name, value) VALUES (?, ?, ?)", [traceID, name, value])
        }
        try commit()
    }

    /// Keeps the trace row's counters current while streaming, so `traces` shows progress.
    public func recordProgress(_ stats: ParseStats) throws {
        if !inTransaction { try begin() }
        try database.run(
            "UPDATE traces SET lines = ?, events = ?, unrecognized = ? WHERE id = ?",
            [stats.lines, stats.events, stats.unrecognized, traceID]
        )
    }

    private var isBatchOld: Bool { ProcessInfo.processInfo.systemUptime - batchStarted >= maxLatency }

    private func begin() throws {
        try database.execute("BEGIN IMMEDIATE")
        inTransaction = true
        batchStarted = ProcessInfo.processInfo.systemUptime
    }

    private func commit() throws {
        try database.execute("COMMIT")
        inTransaction = false
        pending = 0
    }

    /// The envelope most lines came in, ignoring tool chatter; nil for an empty trace.
    static func dominantFormat(_ stats: ParseStats) -> String? {
        let ranked = EnvelopeFormat.allCases
            .filter { $0 != .noise && stats.linesByEnvelope[$0.index] > 0 }
            .max { stats.linesByEnvelope[$0.index] < stats.linesByEnvelope[$1.index] }
        return ranked?.rawValue
    }
}
