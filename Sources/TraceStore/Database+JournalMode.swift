import CSQLite
import Foundation

/// The journal modes a connection moves its file between: WAL while an ingest writes (readers
/// see its batches as they commit), a rollback journal once it is done (the file alone is the
/// database, readable where no WAL index can be made).
extension Database {
    /// Switches to write-ahead logging and checks that SQLite really did.
    ///
    /// In-memory databases answer `memory`, which is accepted: they have no readers to serve.
    ///
    /// Switching the mode needs an exclusive lock and SQLite does not wait for it through the busy
    /// handler: two ingests starting together on a new file would see "database is locked". So a
    /// busy answer is retried for up to `patience` seconds.
    public func enableWAL(patience: TimeInterval = 30) throws {
        let deadline = ProcessInfo.processInfo.systemUptime + patience
        var mode: String?
        while true {
            do {
                mode = try scalarText("PRAGMA journal_mode=WAL")?.lowercased()
                break
            } catch let error as SQLiteError where error.isBusy && ProcessInfo.processInfo.systemUptime < deadline {
                usleep(10_000)
            }
        }
        guard mode == "wal" || (path == ":memory:" && mode == "memory") else {
            throw SQLiteError(code: SQLITE_ERROR, message: "\(path): journal_mode=WAL answered '\(mode ?? "nothing")'")
        }
    }

    /// Checkpoints the write-ahead log into the main file and switches back to a rollback journal,
    /// so the file alone is the database: it can then be read where its reader cannot create a
    /// WAL index (a read-only directory or mount, a copy sent to someone).
    ///
    /// Another connection still open (a second ingest, a reader) keeps the WAL; that is not an
    /// error, and its own close finishes the job. So this does not wait: false when it could not.
    @discardableResult
    public func leaveWAL() -> Bool {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, Int32(busyTimeout * 1000)) }
        guard (try? execute("PRAGMA wal_checkpoint(TRUNCATE)")) != nil else { return false }
        return firstText("PRAGMA journal_mode = DELETE")?.lowercased() == "delete"
    }

    /// The first column of `sql`'s first row, nil on any error, without a `Statement`: `deinit`
    /// runs this, and a `Statement` must not be made for a connection that is going away.
    private func firstText(_ sql: String) -> String? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }
}
