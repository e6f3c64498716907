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
    private let insertChange: Statement

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
        insertChange = try database.prepare("INSERT INTO changes (event_id, position, token) VALUES (?, ?, ?)")
    }

    /// Stores one event; commits the batch when it is full or old enough.
    public func append(_ event: Event) throws {
        if !inTransaction { try begin() }
        let statement = insertEvent
        statement.reset()
        statement.bind(traceID, at: 1)
        statement.bind(event.line, at: 2)
        statement.bind(event.envelope.timestamp, at: 3)
        statement.bind(event.envelope.process, at: 4)
        statement.bind(event.envelope.pid, at: 5)
        statement.bind(event.envelope.tid, at: 6)
        statement.bind(event.envelope.subsystem, at: 7)
        statement.bind(event.envelope.category, at: 8)
        statement.bind(event.kind.rawValue, at: 9)
        statement.bind(event.view, at: 10)
        statement.bind(event.owner, at: 11)
        statement.bind(event.instance, at: 12)
        statement.bind(event.origin.storedValue, at: 13)
        statement.bind(event.message, at: 14)
        statement.bind(event.envelope.format.rawValue, at: 15)
        statement.bind(event.envelope.level, at: 16)
        statement.bind(event.durationMs, at: 17)
        try statement.step()
        if !event.tokens.isEmpty {
            let eventID = database.lastInsertRowID
            for (position, token) in event.tokens.enumerated() {
                insertChange.reset()
                insertChange.bind(eventID, at: 1)
                insertChange.bind(position, at: 2)
                insertChange.bind(token, at: 3)
                try insertChange.step()
            }
        }
        pending += 1
        // Reading the clock every event would cost more than the insert; every 256 is plenty.
        if pending >= batchSize || (pending & 0xFF == 0 && isBatchOld) {
            try commit()
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
