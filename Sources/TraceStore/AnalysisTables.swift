import CSQLite

/// The tables a reading command's analysis writes (findings and their evidence, updates and
/// causes, the counters it records), and how they are kept apart from a file that cannot be
/// written.
///
/// SQLite resolves an unqualified name in `temp` before `main`, and a view of `main` reads only
/// `main`. So `TEMP` tables of the same names take every write of the analysis, and every read
/// of them, while the events, traces and everything else are read from the untouched file: no
/// copy of a database that can grow to gigabytes, for results that are printed and not kept.
enum AnalysisTables {
    /// The tables the analysis writes; `stats` is also read (the parse counters of each trace),
    /// so its rows are copied, small as they are. The others start empty: the analysis fills
    /// them for the trace it reads.
    static let written = ["findings", "evidence", "updates", "causes", "stats"]
    static let copiedRows = ["stats"]

    /// Creates `temp` tables (and their indexes) shadowing `written` on `database`, a connection
    /// to a file of the current schema opened read-only.
    static func shadow(_ database: Database) throws {
        var statements: [(type: String, sql: String)] = []
        let names = written.map { "'\($0)'" }.joined(separator: ", ")
        try database.forEachRow("""
            SELECT type, sql FROM main.sqlite_schema
            WHERE tbl_name IN (\(names)) AND type IN ('table', 'index') AND sql IS NOT NULL
            ORDER BY type = 'index', rowid
            """) {
            statements.append(($0.text(at: 0) ?? "", $0.text(at: 1) ?? ""))
        }
        for statement in statements {
            try database.execute(temporary(statement.sql, isIndex: statement.type == "index"))
        }
        for table in copiedRows {
            try database.execute("INSERT INTO temp.\(table) SELECT * FROM main.\(table)")
        }
        database.analysesInTemporaryTables = true
    }

    /// `CREATE TABLE x` as `CREATE TEMP TABLE x`; `CREATE [UNIQUE] INDEX x ON t` as
    /// `CREATE ... INDEX temp.x ON t` (an index lives in its table's schema, named by its own).
    static func temporary(_ sql: String, isIndex: Bool) -> String {
        if isIndex {
            for head in ["CREATE UNIQUE INDEX ", "CREATE INDEX "] where sql.hasPrefix(head) {
                return head + "temp." + sql.dropFirst(head.count)
            }
        } else if sql.hasPrefix("CREATE TABLE ") {
            return "CREATE TEMP TABLE " + sql.dropFirst("CREATE TABLE ".count)
        }
        // Written by `Schema`'s migrations: every statement has one of those heads.
        return sql
    }
}
