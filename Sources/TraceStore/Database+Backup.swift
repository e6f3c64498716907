import CSQLite

extension Database {
    /// Copies this whole database, page by page, into `destination`, replacing what it held.
    ///
    /// SQLite's online backup: it reads through this connection's locks, so a read-only or
    /// immutable connection is enough and a concurrent writer is seen at one consistent point.
    func copy(into destination: Database) throws {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw destination.error(code: sqlite3_errcode(destination.handle), sql: nil)
        }
        var code: Int32
        repeat {
            code = sqlite3_backup_step(backup, -1)
            // Another connection holding a lock: wait as any reader would.
            if code == SQLITE_BUSY || code == SQLITE_LOCKED { sqlite3_sleep(10) }
        } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
        let finished = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finished == SQLITE_OK else {
            throw SQLiteError(code: code == SQLITE_DONE ? finished : code, message: "\(path): cannot copy the database: \(String(cString: sqlite3_errstr(code == SQLITE_DONE ? finished : code)))")
        }
    }
}
