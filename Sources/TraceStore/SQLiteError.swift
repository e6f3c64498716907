import CSQLite

/// A failure reported by SQLite, with everything needed to act on it.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The extended result code, such as `SQLITE_CONSTRAINT_UNIQUE` (2067).
    public let code: Int32
    /// SQLite's own message.
    public let message: String
    /// The SQL being run, when there was one.
    public let sql: String?

    /// Creates an error.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of the extended one).
    public var primaryCode: Int32 { code & 0xFF }

    /// True when the database was busy or locked by another connection.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// True when the statement was interrupted (Ctrl-C or a timeout).
    public var isInterrupt: Bool { primaryCode == SQLITE_INTERRUPT }

    /// True when a string or blob outgrew the connection's length limit.
    public var isTooBig: Bool { primaryCode == SQLITE_TOOBIG }

    /// The message, and the SQL it came from when the SQL is the problem. A damaged, missing
    /// or full file is the file's problem, whatever statement met it: the tool's own
    /// SQL (several lines of it) would only bury the file's name.
    public var description: String {
        var text = message
        let fileErrors: Set<Int32> = [SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN]
        if let sql, !fileErrors.contains(primaryCode) {
            text += " (in: \(sql.count > 200 ? String(sql.prefix(200)) + "…" : sql))"
        }
        return text
    }
}
