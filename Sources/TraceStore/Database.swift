import CSQLite
import Foundation

/// One SQLite connection: checks every result code, caches prepared statements, runs
/// transactions that roll back on the first error.
///
/// Not thread-safe: use one connection per thread, as SQLite itself advises.
public final class Database {
    /// How a database file is opened.
    public enum Mode: Sendable {
        /// Read-only; the file must exist. `query` uses this.
        case readOnly
        /// Read-write, creating the file when missing.
        case readWrite
        /// Read-only, for a file that no one can be writing: SQLite takes no locks and keeps no
        /// WAL index, so a database in a directory this user cannot write can still be read.
        case immutable
    }

    let handle: OpaquePointer
    /// The file path, `:memory:`, or `a temporary database` for a file no one else sees
    /// (SQLite's private temporary file, opened as "", or `TraceDatabase.openTemporary`'s).
    public let path: String
    /// The file `openReader` opens again: nil when there is none to open by name.
    private let reopenablePath: String?
    private let mode: Mode
    /// A read-only connection opened beside this one while its file still had a name
    /// (`TraceDatabase.openTemporary`); `openReader` hands it out.
    var preparedReader: Database?
    /// Where this database's new traces keep their events instead of `event_rows`, and where
    /// their readers find them (`EventSpool`): set on `check`'s temporary database only.
    var eventSpool: EventSpool?
    /// Set where a reading command's analysis writes to `temp` tables over a file it may only
    /// read (`AnalysisTables`): another connection would not see them, so `openReader` gives none.
    var analysesInTemporaryTables = false
    /// Why this database is a private copy of the file the user named, when it is one (a file
    /// this user cannot write, in an older schema): the command says so.
    public internal(set) var copiedBecause: String?
    private var statementCache: [String: Statement] = [:]
    /// Kept alive for as long as the connection: the authorizer's state, which SQLite holds only
    /// as a raw pointer.
    var authorizerContext: AnyObject?
    let busyTimeout: TimeInterval

    /// Opens `path` (`:memory:` for an in-memory database).
    ///
    /// Missing files in read-only mode and files that are not SQLite databases fail here with a
    /// message naming the path, rather than at the first query.
    public convenience init(path: String, mode: Mode, busyTimeout: TimeInterval = 5) throws {
        try self.init(path: path, mode: mode, busyTimeout: busyTimeout, shownAs: nil)
    }

    /// Opens `path`, named in messages as `shownAs` when given: a file that will not keep its name.
    init(path: String, mode: Mode, busyTimeout: TimeInterval = 5, shownAs: String?) throws {
        if mode != .readWrite, path != ":memory:", !FileManager.default.fileExists(atPath: path) {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "no database at \(path)")
        }
        var flags = SQLITE_OPEN_NOMUTEX
        var name = path
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = Self.immutableURI(path)
        }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(name, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(connection)
            throw SQLiteError(code: code, message: "cannot open \(path): \(message)")
        }
        self.handle = connection
        self.path = shownAs ?? (path.isEmpty ? "a temporary database" : path)
        reopenablePath = path.isEmpty || path == ":memory:" || shownAs != nil ? nil : path
        self.mode = mode
        sqlite3_extended_result_codes(connection, 1)
        self.busyTimeout = busyTimeout
        sqlite3_busy_timeout(connection, Int32(busyTimeout * 1000))
        // Opening is lazy in SQLite: read the schema now so a non-database file fails here.
        do {
            _ = try scalarInt("SELECT count(*) FROM sqlite_schema")
        } catch let error as SQLiteError {
            statementCache.removeAll()
            sqlite3_close_v2(connection)
            if error.primaryCode == SQLITE_NOTADB {
                throw SQLiteError(code: error.code, message: "\(path) is not a SQLite database")
            }
            if error.primaryCode == SQLITE_CORRUPT {
                throw IntegrityCheck.damaged(path, "its schema cannot be read: \(error.message.replacingOccurrences(of: "\(path): ", with: ""))")
            }
            let named = error.message.hasPrefix("\(path): ") ? error.message : "\(path): \(error.message)"
            throw SQLiteError(code: error.code, message: "cannot read \(named)")
        }
    }

    /// `file:` URI for `path` with `immutable=1`; `?`, `#` and `%` in the path are escaped.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var escaped = ""
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"): escaped += String(format: "%%%02X", byte)
            default: escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "file:" + escaped + "?immutable=1"
    }

    /// Another connection to this database, read-only, for a thread of its own (a text report
    /// looks its lines up on one while this one reads the findings); nil when there is no file
    /// to open again (`:memory:`, SQLite's private temporary database).
    public func openReader() throws -> Database? {
        if analysesInTemporaryTables { return nil }
        if let reader = preparedReader {
            preparedReader = nil
            reader.eventSpool = eventSpool
            return reader
        }
        guard let reopenablePath else { return nil }
        let reader = try Database(path: reopenablePath, mode: mode == .immutable ? .immutable : .readOnly)
        reader.eventSpool = eventSpool
        return reader
    }

    /// Set on a connection that switched its file to WAL for writing (`openForWriting`): on
    /// closing, it switches the file back (`leaveWAL`), so every command that writes leaves
    /// one file in rollback-journal mode, whichever way it ends.
    var leavesWALWhenClosed = false

    deinit {
        statementCache.removeAll()
        if leavesWALWhenClosed {
            leaveWAL()
            statementCache.removeAll()
        }
        sqlite3_close_v2(handle)
    }

    /// Builds an error from the connection's last message.
    func error(code: Int32, sql: String?) -> SQLiteError {
        let extended = sqlite3_extended_errcode(handle)
        return SQLiteError(code: extended != 0 ? extended : code, message: naming(String(cString: sqlite3_errmsg(handle)), code: extended), sql: sql)
    }

    /// SQLite's message, prefixed with the file when the failure is the file's (a full disk, an
    /// I/O error, a file-size limit): "database or disk is full" alone does not say which disk.
    func naming(_ message: String, code: Int32) -> String {
        let fileErrors: Set<Int32> = [SQLITE_FULL, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_CORRUPT, SQLITE_NOTADB]
        return fileErrors.contains(code & 0xFF) ? "\(path): \(message)" : message
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            let extended = sqlite3_extended_errcode(handle)
            throw SQLiteError(code: extended, message: naming(message, code: extended), sql: sql)
        }
    }

    /// A new prepared statement, not cached: for SQL run once, such as user queries.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Prepares each statement of a script in turn (`SELECT 1; SELECT 2`) and hands it to `body`.
    public func forEachStatement(in script: String, _ body: (Statement) throws -> Void) throws {
        var utf8 = Array(script.utf8CString)
        try utf8.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            var cursor = UnsafePointer(base)
            while cursor.pointee != 0 {
                var handle: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v3(self.handle, cursor, -1, 0, &handle, &tail)
                let text = String(cString: cursor)
                guard code == SQLITE_OK else { throw error(code: code, sql: text) }
                let next = tail ?? cursor
                guard let handle else {
                    // Only whitespace or a comment was left.
                    if next == cursor { break }
                    cursor = next
                    continue
                }
                let length = next - cursor
                let sql = String(decoding: UnsafeRawBufferPointer(start: cursor, count: length), as: UTF8.self)
                try body(Statement(database: self, handle: handle, sql: sql.trimmingCharacters(in: .whitespacesAndNewlines)))
                cursor = next
            }
        }
    }

    /// A cached prepared statement, reset and ready: for SQL the program runs repeatedly.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            statement.reset()
            return statement
        }
        let statement = try Statement(database: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs cached `sql` with `values` bound, ignoring rows.
    public func run(_ sql: String, _ values: [SQLBindable] = []) throws {
        try cachedStatement(sql).run(values)
    }

    /// Runs cached `sql` and calls `body` for every row.
    public func forEachRow(_ sql: String, _ values: [SQLBindable] = [], _ body: (Statement) throws -> Void) throws {
        let statement = try cachedStatement(sql)
        // A statement left mid-result holds a read transaction open; always release it.
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() { try body(statement) }
    }

    /// The first column of the first row as an integer, nil when there is no row or it is NULL.
    public func scalarInt(_ sql: String, _ values: [SQLBindable] = []) throws -> Int? {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try statement.step() ? statement.int(at: 0) : nil
    }

    /// The first column of the first row as text.
    public func scalarText(_ sql: String, _ values: [SQLBindable] = []) throws -> String? {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try statement.step() ? statement.text(at: 0) : nil
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back and rethrows when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The rowid of the last inserted row.
    public var lastInsertRowID: Int { Int(sqlite3_last_insert_rowid(handle)) }

    /// True while a transaction is open on this connection (an `EventWriter`'s batch, say).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// `PRAGMA user_version`: the schema version this database carries.
    public var userVersion: Int {
        get throws { try scalarInt("PRAGMA user_version") ?? 0 }
    }

    /// Caps the size of any string or blob this connection makes; larger ones fail with
    /// `SQLITE_TOOBIG` ("string or blob too big").
    public func limitValueLength(to bytes: Int) {
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Int32(clamping: bytes))
    }

    /// Asks a running statement on this connection to stop; safe to call from another thread.
    public func interrupt() { sqlite3_interrupt(handle) }

    /// A handle that can interrupt this connection from another thread or a signal handler.
    public var interrupter: Interrupter { Interrupter(handle: handle) }
}

/// Stops a connection's running statement from another thread.
public struct Interrupter: @unchecked Sendable {
    let handle: OpaquePointer
    /// Interrupts the statement running now, if any.
    public func interrupt() { sqlite3_interrupt(handle) }
}
