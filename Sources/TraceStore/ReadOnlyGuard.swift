import CSQLite

/// Refuses, at prepare time, what a read-only connection could still do to the outside world.
///
/// A read-only file handle already stops writes to the database itself; this closes the other
/// doors: `ATTACH` (which could create a file) and pragmas that set a value. `VACUUM INTO` is
/// refused separately, because `sqlite3_stmt_readonly` reports it as a writer.
enum ReadOnlyGuard {
    /// Pragmas that read, even though they take an argument.
    static let readingPragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
        "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check",
    ]

    static func install(on database: Database) {
        sqlite3_set_authorizer(database.handle, { _, action, first, second, _, _ in
            switch action {
            case SQLITE_ATTACH, SQLITE_DETACH:
                return SQLITE_DENY
            case SQLITE_PRAGMA:
                guard second != nil else { return SQLITE_OK }
                let name = first.map { String(cString: $0).lowercased() } ?? ""
                return ReadOnlyGuard.readingPragmas.contains(name) ? SQLITE_OK : SQLITE_DENY
            default:
                return SQLITE_OK
            }
        }, nil)
    }
}
