import CSQLite
import Foundation

extension Database {
    /// Runs `body` with a time limit: statements still running at `seconds` stop with
    /// `SQLITE_INTERRUPT`, reported as a `SQLiteError` whose `isInterrupt` is true.
    ///
    /// SQLite calls the progress handler every few thousand virtual-machine instructions, so the
    /// check costs nothing measurable and a runaway query stops within milliseconds of the limit.
    public func withTimeout<T>(_ seconds: TimeInterval?, _ body: () throws -> T) throws -> T {
        guard let seconds else { return try body() }
        let deadline = Unmanaged.passRetained(Deadline(at: ProcessInfo.processInfo.systemUptime + seconds))
        sqlite3_progress_handler(handle, 10_000, { context in
            let deadline = Unmanaged<Deadline>.fromOpaque(context!).takeUnretainedValue()
            return ProcessInfo.processInfo.systemUptime >= deadline.at ? 1 : 0
        }, deadline.toOpaque())
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            deadline.release()
        }
        return try body()
    }
}

private final class Deadline {
    let at: TimeInterval
    init(at: TimeInterval) { self.at = at }
}
