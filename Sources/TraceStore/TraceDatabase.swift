import CSQLite
import Foundation

/// Opens trace databases the two ways the tool needs: for ingesting and for reading.
public enum TraceDatabase {
    /// The database path when neither `--db` nor `$TRACE_ANALYZE_DB` says otherwise.
    public static let defaultPath = "traces.sqlite"

    /// The largest string or blob a read-only query may make, in bytes.
    ///
    /// Stored values are far smaller (lines are cut at 1 MiB); the limit stops a query such as
    /// `SELECT zeroblob(1000000000)` from taking gigabytes to build and print one value.
    public static let maxQueryValueBytes = 32 << 20

    /// How long a writer waits for another writer's transaction before giving up, in seconds.
    public static let writerBusyTimeout: Double = 60

    /// Opens (creating if needed) a database for writing: migrated, in WAL mode, verified.
    public static func openForWriting(path: String) throws -> Database {
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue {
            let exists = FileManager.default.fileExists(atPath: directory)
            throw SQLiteError(
                code: SQLITE_CANTOPEN,
                message: "cannot create \(path): the directory \(directory) \(exists ? "is not a directory" : "does not exist")"
            )
        }
        // Said before SQLite says "attempt to write a readonly database" at some later statement.
        if FileManager.default.fileExists(atPath: path), cannotWriteBeside(path) {
            throw SQLiteError(
                code: SQLITE_READONLY,
                message: "cannot write \(path): this user may not write it or its directory (the reading commands, such as query and report, still read it)"
            )
        }
        // A second ingest into the same file waits for the first one's batches rather than failing.
        let database = try Database(path: path, mode: .readWrite, busyTimeout: writerBusyTimeout)
        // Before anything changes the file: not even its journal mode is ours to switch, and a
        // damaged file gets no more rows.
        try IntegrityCheck.verify(database, path: path)
        try Schema.refuseForeign(database)
        try database.enableWAL()
        database.leavesWALWhenClosed = true
        // NORMAL is durable in WAL mode except against power loss, and much faster than FULL.
        try database.execute("PRAGMA synchronous = NORMAL")
        try Schema.migrate(database)
        return database
    }

    /// Opens an existing database for the commands that read a stored trace and keep what they
    /// work out beside it (findings, updates and causes): `report`, `why`, `views`, and
    /// `timeline` and `export` with `--trace`.
    ///
    /// These are reading commands: the file's journal mode is left as it is (no WAL, no `-wal`
    /// or `-shm` beside it). Where this user cannot write the file or its directory (someone
    /// else's file, a read-only mount), the file is only read: what the analysis works out goes
    /// to temporary tables of this connection (`AnalysisTables`), printed and not kept. Where
    /// `isAnalysed` finds that what the command needs is stored already, nothing is worked out.
    /// Only a file of an older schema, which must be migrated before the rules can read it, is
    /// copied into a private temporary file first (`copiedBecause` says why).
    public static func openForAnalysis(path: String, isAnalysed: ((Database) throws -> Bool)? = nil) throws -> Database {
        guard cannotWriteBeside(path) else {
            let database = try Database(path: path, mode: .readWrite, busyTimeout: writerBusyTimeout)
            try IntegrityCheck.verify(database, path: path)
            try Schema.refuseForeign(database)
            try Schema.migrate(database)
            return database
        }
        return try openReadOnlyForAnalysis(path: path, isAnalysed: isAnalysed)
    }

    /// `openForAnalysis` for a file this user cannot write: read, never written.
    static func openReadOnlyForAnalysis(path: String, isAnalysed: ((Database) throws -> Bool)?) throws -> Database {
        let source = try openReadable(path: path)
        if let isAnalysed, try isAnalysed(source) { return source }
        let version = try source.userVersion
        if version == Schema.currentVersion {
            try AnalysisTables.shadow(source)
            return source
        }
        let copy = try openTemporary(shownAs: path) { try source.copy(into: $0) }
        copy.copiedBecause = "\(path) is in schema version \(version) (this trace-analyze writes \(Schema.currentVersion)) and cannot be written here, so it was upgraded in a private copy; `trace-analyze ingest --db \(path)` where it can be written upgrades it for good"
        return copy
    }

    /// Opens an existing database that can only be read: read-only file, `query_only`, an
    /// authorizer that refuses ATTACH and writing pragmas.
    ///
    /// A database in WAL mode needs its WAL index (`-shm`) to be read; where this user cannot
    /// create it (a read-only directory or mount), the file is opened `immutable` instead, which
    /// is right there because no one can be writing it either.
    public static func openForReading(path: String) throws -> Database {
        let database = try openReadable(path: path)
        try database.execute("PRAGMA query_only = 1")
        try ReadOnlyGuard.install(on: database)
        database.limitValueLength(to: maxQueryValueBytes)
        return database
    }

    private static func openReadable(path: String) throws -> Database {
        do {
            let database = try Database(path: path, mode: .readOnly)
            try IntegrityCheck.verify(database, path: path)
            try Schema.checkReadable(database)
            return database
        } catch let error as SQLiteError where cannotWriteBeside(path) && [SQLITE_CANTOPEN, SQLITE_READONLY].contains(error.primaryCode) {
            let database = try Database(path: path, mode: .immutable)
            try IntegrityCheck.verify(database, path: path)
            try Schema.checkReadable(database)
            return database
        }
    }

    /// Ends a writing session: the WAL is folded into the file where no one else has it open,
    /// so the database can be read from a read-only place afterwards (see `Database.leaveWAL`).
    public static func finishWriting(_ database: Database) {
        database.leaveWAL()
    }

    /// True when this process cannot create files next to `path` or write `path` itself: SQLite
    /// then cannot make the WAL index a read needs.
    static func cannotWriteBeside(_ path: String) -> Bool {
        let directory = (path as NSString).deletingLastPathComponent
        return access(directory.isEmpty ? "." : directory, W_OK) != 0 || access(path, W_OK) != 0
    }

    /// Opens a private temporary database with the current schema, for `check` without `--db`.
    ///
    /// A file in `$TMPDIR` (or /tmp), unlinked as soon as it is open: memory stays flat however
    /// long the log, where `:memory:` held the whole trace (900 MB for five million lines), and
    /// nothing is left behind. A read-only second connection is opened before the name goes, for
    /// `openReader` (a text report looks lines up on it while the first reads findings): SQLite's
    /// private temporary database ("") cannot be opened twice. Nothing needs to survive a crash,
    /// so there is no syncing, and the rollback journal stays in memory, so SQLite never needs
    /// the file's name again.
    ///
    /// With `spoolingEvents`, the traces' events go to an `EventSpool` rather than `event_rows`,
    /// for a run that reads events back only through `EvidenceLookup`, `TraceCoverage` and
    /// `MentionedViews` (a `check` with no custom rule and no timeline): ad-hoc SQL over
    /// `events` then finds none.
    public static func openTemporary(spoolingEvents: Bool = false) throws -> Database {
        let database = try openTemporary(shownAs: "a temporary database") { _ in }
        if spoolingEvents { database.eventSpool = EventSpool() }
        return database
    }

    /// A private temporary database as `openTemporary()` makes one, filled by `fill` before its
    /// schema is brought up to date, named `name` in messages.
    static func openTemporary(shownAs name: String, fill: (Database) throws -> Void) throws -> Database {
        let file = (NSTemporaryDirectory() as NSString).appendingPathComponent("trace-analyze-\(UUID().uuidString).db")
        let database = try Database(path: file, mode: .readWrite, shownAs: name)
        defer { unlink(file) }
        try database.execute("PRAGMA journal_mode = MEMORY")
        try database.execute("PRAGMA synchronous = OFF")
        try fill(database)
        try Schema.migrate(database)
        database.preparedReader = try Database(path: file, mode: .readOnly, shownAs: name)
        return database
    }
}
