import CSQLite
import Foundation

extension Database {
    /// Runs `body` with a time limit and a stop condition: statements still running at `seconds`,
    /// or once `stop` answers true, end with `SQLITE_INTERRUPT`, reported as a `SQLiteError` whose
    /// `isInterrupt` is true.
    ///
    /// SQLite calls the progress handler every few thousand virtual-machine instructions, so the
    /// check costs nothing measurable and a runaway query stops within milliseconds. Polling
    /// `stop` (a flag a signal handler sets) also covers a signal that came before the statement
    /// started, which `sqlite3_interrupt` alone would miss.
    public func withTimeout<T>(_ seconds: TimeInterval?, stop: (@Sendable () -> Bool)? = nil, _ body: () throws -> T) throws -> T {
        guard seconds != nil || stop != nil else { return try body() }
        return try with(Deadline(after: seconds, stop: stop), body)
    }

    /// Runs `body`; statements still running when `deadline` is due end with `SQLITE_INTERRUPT`.
    public func with<T>(_ deadline: Deadline, _ body: () throws -> T) throws -> T {
        let limits = Unmanaged.passRetained(deadline)
        sqlite3_progress_handler(handle, 10_000, { context in
            Unmanaged<Deadline>.fromOpaque(context!).takeUnretainedValue().isDue ? 1 : 0
        }, limits.toOpaque())
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            limits.release()
        }
        return try body()
    }
}

/// When a running statement must stop: a moment, a condition, or both.
public final class Deadline: @unchecked Sendable {
    /// The uptime at which to stop, nil for none.
    public let at: TimeInterval?
    private let stop: (@Sendable () -> Bool)?

    /// Creates a deadline at uptime `at` (nil for none) that also trips when `stop` answers true.
    public init(at: TimeInterval?, stop: (@Sendable () -> Bool)? = nil) {
        self.at = at
        self.stop = stop
    }

    /// Creates a deadline `seconds` from now (nil for none) that also trips when `stop` answers true.
    public convenience init(after seconds: TimeInterval?, stop: (@Sendable () -> Bool)? = nil) {
        self.init(at: seconds.map { ProcessInfo.processInfo.systemUptime + $0 }, stop: stop)
    }

    /// The error a statement stopped by this deadline ends with, for work done outside SQLite
    /// (printing rows) that stops the same way.
    public static var interruption: SQLiteError { SQLiteError(code: SQLITE_INTERRUPT, message: "interrupted") }

    /// True once the time has passed or the condition holds.
    public var isDue: Bool {
        if let stop, stop() { return true }
        if let at, ProcessInfo.processInfo.systemUptime >= at { return true }
        return false
    }
}
