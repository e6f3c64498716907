import CSQLite

/// Refuses, at prepare time, what a read-only connection could still do to the outside world.
///
/// A read-only file handle already stops writes to the database itself; this closes the other
/// doors: `ATTACH` (which could create a file), pragmas that set a value, and functions that are
/// not a pure function of their arguments. `fts3_tokenizer` is the dangerous one: it hands out
/// and accepts raw pointers, so a crafted database plus one SELECT could jump to any address.
/// `VACUUM INTO` is refused separately, because `sqlite3_stmt_readonly` reports it as a writer.
enum ReadOnlyGuard {
    /// Pragmas that read, even though they take an argument.
    static let readingPragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
        "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check",
    ]

    /// Functions a query may not call, with the reason the refusal gives.
    static let deniedFunctions: [String: String] = [
        "fts3_tokenizer": "it reads and replaces raw pointers inside SQLite",
        "load_extension": "it loads native code",
        "random": "its result is not a function of its arguments",
        "randomblob": "its result is not a function of its arguments",
        "changes": "its result depends on the connection, not its arguments",
        "total_changes": "its result depends on the connection, not its arguments",
        "last_insert_rowid": "its result depends on the connection, not its arguments",
    ]

    /// What the authorizer refused last, for the error message (SQLite's says only "not authorized").
    final class Refusals {
        var last: String?
    }

    /// Hardens `database` for untrusted SQL and installs the authorizer.
    ///
    /// Defensive mode stops writes to the schema and shadow tables by other routes; with
    /// `trusted_schema` off, a view or trigger in someone else's database cannot call a function
    /// that SQLite does not mark innocuous; the two-argument `fts3_tokenizer` is switched off
    /// where the build allows (the authorizer refuses it either way).
    static func install(on database: Database) throws {
        _ = csqlite_db_config_int(database.handle, SQLITE_DBCONFIG_DEFENSIVE, 1)
        _ = csqlite_db_config_int(database.handle, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0)
        try database.execute("PRAGMA trusted_schema = OFF")
        installAuthorizer(on: database)
    }

    /// Runs `body` with the guard on `database`, a connection that may write (`check`'s own
    /// store), and lifts it again: custom rules run user SQL there, and must meet the same
    /// refusals as `query`. A connection that already carries the guard keeps it.
    ///
    /// `query_only` refuses writes the authorizer lets through; `trusted_schema` goes back to
    /// what it was, since the connection's own writes afterwards are ours.
    static func scoped<T>(on database: Database, _ body: () throws -> T) throws -> T {
        if database.authorizerContext is Refusals { return try body() }
        let trusted = try database.scalarInt("PRAGMA trusted_schema") ?? 1
        try database.execute("PRAGMA query_only = 1")
        try database.execute("PRAGMA trusted_schema = OFF")
        installAuthorizer(on: database)
        defer {
            sqlite3_set_authorizer(database.handle, nil, nil)
            database.authorizerContext = nil
            try? database.execute("PRAGMA trusted_schema = \(trusted)")
            try? database.execute("PRAGMA query_only = 0")
        }
        return try body()
    }

    /// The authorizer alone: refuses ATTACH, writing pragmas and the denied functions.
    private static func installAuthorizer(on database: Database) {
        let refusals = Refusals()
        database.authorizerContext = refusals
        sqlite3_set_authorizer(database.handle, { context, action, first, second, _, _ in
            let refusals = Unmanaged<Refusals>.fromOpaque(context!).takeUnretainedValue()
            switch action {
            case SQLITE_ATTACH, SQLITE_DETACH:
                return SQLITE_DENY
            case SQLITE_PRAGMA:
                guard second != nil else { return SQLITE_OK }
                let name = first.map { String(cString: $0).lowercased() } ?? ""
                return ReadOnlyGuard.readingPragmas.contains(name) ? SQLITE_OK : SQLITE_DENY
            case SQLITE_FUNCTION:
                let name = second.map { String(cString: $0).lowercased() } ?? ""
                guard let reason = ReadOnlyGuard.deniedFunctions[name] else { return SQLITE_OK }
                refusals.last = "\(name)() is not allowed: \(reason)"
                return SQLITE_DENY
            default:
                return SQLITE_OK
            }
        }, Unmanaged.passUnretained(refusals).toOpaque())
    }

    /// Takes the reason for the last refusal on `database`, if the authorizer recorded one.
    static func takeRefusal(on database: Database) -> String? {
        guard let refusals = database.authorizerContext as? Refusals else { return nil }
        defer { refusals.last = nil }
        return refusals.last
    }
}
