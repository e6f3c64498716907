import CSQLite

/// The store's schema: a public interface, versioned with `PRAGMA user_version`.
///
/// Migrations only ever move forward. A database whose version is newer than `currentVersion`
/// was written by a newer trace-analyze and is refused rather than misread.
public enum Schema {
    /// One step forward: the SQL that takes a database from `version - 1` to `version`.
    struct Migration {
        let version: Int
        let sql: String
    }

    /// Every migration in order; the last one's version is `currentVersion`.
    static let migrations: [Migration] = [
        Migration(version: 1, sql: version1),
        Migration(version: 2, sql: version2),
        Migration(version: 3, sql: warningsTable),
        Migration(version: 4, sql: versionExplain),
        Migration(version: 5, sql: tagsTable),
        Migration(version: 6, sql: narrowEvents),
        Migration(version: 7, sql: findingIndexes),
        Migration(version: 8, sql: multiplicitiesTable),
        Migration(version: 9, sql: instrumentsCodes),
        Migration(version: 10, sql: recordedCauses),
        Migration(version: 11, sql: causeVerdicts),
        Migration(version: 12, sql: recordedIntervals),
        Migration(version: 13, sql: causeLifetimes),
        Migration(version: 14, sql: findingWaste),
        Migration(version: 15, sql: testMeasurements),
        Migration(version: 16, sql: metricKit),
        Migration(version: 17, sql: endlessNotesTable),
        Migration(version: 18, sql: testMeasurementRuns),
    ]

    /// The schema version this binary writes and reads.
    public static var currentVersion: Int { migrations.last!.version }

    /// Brings `database` up to `currentVersion`, each step in its own transaction.
    public static func migrate(_ database: Database) throws {
        try refuseNewer(try database.userVersion, path: database.path)
        for migration in migrations {
            // Read the version again inside the write transaction: two ingests starting together
            // on a new file must not both create the tables.
            try database.transaction {
                let version = try database.userVersion
                try refuseNewer(version, path: database.path)
                guard migration.version > version else { return }
                try database.execute(migration.sql)
                try database.execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }

    /// Refuses a SQLite file that holds someone else's tables: ingest would add its own next to
    /// them and switch the file to WAL. An empty file (or one of ours) is fine.
    public static func refuseForeign(_ database: Database) throws {
        // One statement, so one snapshot: read apart, another ingest's first migration could
        // commit in between, and its tables would look foreign next to version 0.
        var version = 0
        var names: [String] = []
        try database.forEachRow("""
            SELECT (SELECT user_version FROM pragma_user_version), name FROM sqlite_schema
            WHERE name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 6
            """) {
            version = $0.int(at: 0) ?? 0
            names.append($0.text(at: 1) ?? "")
        }
        guard version == 0, !names.isEmpty else { return }
        let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", ..." : "")
        throw SQLiteError(
            code: SQLITE_ERROR,
            message: "\(database.path) is a SQLite database but not a trace-analyze one (it holds \(shown)); refusing to add tables to it, choose another --db path"
        )
    }

    /// Checks that a database opened read-only can be understood by this binary.
    public static func checkReadable(_ database: Database) throws {
        let version = try database.userVersion
        try refuseNewer(version, path: database.path)
        if version == 0 {
            throw SQLiteError(code: SQLITE_ERROR, message: "\(database.path) holds no trace-analyze data (schema version 0); run `trace-analyze ingest` first")
        }
    }

    private static func refuseNewer(_ version: Int, path: String) throws {
        if version > currentVersion {
            throw SQLiteError(
                code: SQLITE_ERROR,
                message: "\(path) has schema version \(version), newer than this trace-analyze understands (\(currentVersion)); upgrade trace-analyze"
            )
        }
    }

    /// Version 2 drops the per-view index on `events`: keeping it current cost a fifth of every
    /// insert, while a per-view query scans a million-event trace in about 0.1 s without it.
    static let version2 = """
    DROP INDEX IF EXISTS events_by_view;
    """

    /// Adds `warnings`: the identifier and values of each SwiftUI runtime warning (kind
    /// `warning`). A side table rather than columns of `events`: warnings are rare, and every
    /// other row would carry empty columns.
    static let warningsTable = """
    CREATE TABLE warnings (
        event_id   INTEGER PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
        warning    TEXT NOT NULL,
        type       TEXT,
        element_id TEXT,
        attribute  INTEGER
    );
    """

    /// Updates and causes (`check` and `report` fill them): why each body ran, and what started
    /// each update; a finding's `root_cause` says what started the updates it covers.
    static let versionExplain = """
    CREATE TABLE updates (
        id            INTEGER PRIMARY KEY,
        trace_id      INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        first_line    INTEGER NOT NULL,
        last_line     INTEGER NOT NULL,
        root_event_id INTEGER,
        root_cause    TEXT NOT NULL,
        bodies        INTEGER NOT NULL
    );
    CREATE INDEX updates_by_trace ON updates(trace_id, first_line);
    CREATE TABLE causes (
        event_id        INTEGER PRIMARY KEY,
        update_id       INTEGER NOT NULL,
        cause           TEXT NOT NULL,
        property        TEXT,
        parent_event_id INTEGER,
        basis           TEXT
    );
    ALTER TABLE findings ADD COLUMN root_cause TEXT;
    """

    /// Adds `tags`: run metadata (`--tag commit=...`, CI variables), one row per trace and key,
    /// so runs from many machines can be told apart once exported side by side.
    static let tagsTable = """
    CREATE TABLE tags (
        trace_id INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        key      TEXT NOT NULL,
        value    TEXT NOT NULL,
        PRIMARY KEY (trace_id, key)
    ) WITHOUT ROWID;
    """

    static let version1 = """
    CREATE TABLE traces (
        id           INTEGER PRIMARY KEY,
        source       TEXT NOT NULL,
        format       TEXT,
        ingested_at  TEXT NOT NULL,
        lines        INTEGER NOT NULL DEFAULT 0,
        events       INTEGER NOT NULL DEFAULT 0,
        unrecognized INTEGER NOT NULL DEFAULT 0,
        complete     INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE events (
        id          INTEGER PRIMARY KEY,
        trace_id    INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        line        INTEGER NOT NULL,
        ts          REAL,
        process     TEXT,
        pid         INTEGER,
        tid         INTEGER,
        subsystem   TEXT,
        category    TEXT,
        kind        TEXT NOT NULL,
        view        TEXT,
        owner       TEXT,
        instance    TEXT,
        origin      TEXT NOT NULL,
        message     TEXT NOT NULL,
        envelope    TEXT NOT NULL,
        level       TEXT,
        duration_ms REAL
    );
    CREATE INDEX events_by_view ON events(trace_id, view, kind);
    CREATE TABLE changes (
        event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        token    TEXT NOT NULL,
        PRIMARY KEY (event_id, position)
    ) WITHOUT ROWID;
    CREATE TABLE findings (
        id         INTEGER PRIMARY KEY,
        trace_id   INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        rule       TEXT NOT NULL,
        severity   TEXT NOT NULL,
        view       TEXT,
        message    TEXT NOT NULL,
        count      INTEGER NOT NULL,
        first_line INTEGER,
        last_line  INTEGER
    );
    CREATE INDEX findings_by_trace ON findings(trace_id, rule);
    CREATE TABLE evidence (
        finding_id INTEGER NOT NULL REFERENCES findings(id) ON DELETE CASCADE,
        line       INTEGER NOT NULL,
        PRIMARY KEY (finding_id, line)
    ) WITHOUT ROWID;
    CREATE TABLE stats (
        trace_id INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        name     TEXT NOT NULL,
        value    INTEGER NOT NULL,
        PRIMARY KEY (trace_id, name)
    ) WITHOUT ROWID;
    CREATE VIEW view_summary AS
    SELECT e.trace_id,
           e.view,
           sum(e.kind = 'init')      AS inits,
           sum(e.kind = 'deinit')    AS deinits,
           sum(e.kind = 'body')      AS bodies,
           coalesce(sum(c.is_self), 0)     AS self_changes,
           coalesce(sum(c.is_identity), 0) AS identity_changes,
           sum(e.kind = 'appear')    AS appears,
           sum(e.kind = 'disappear') AS disappears
    FROM events AS e
    LEFT JOIN (
        SELECT event_id,
               max(token = '@self')     AS is_self,
               max(token = '@identity') AS is_identity
        FROM changes GROUP BY event_id
    ) AS c ON c.event_id = e.id
    WHERE e.view IS NOT NULL
    GROUP BY e.trace_id, e.view;
    """
}
