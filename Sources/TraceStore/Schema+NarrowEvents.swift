extension Schema {
    /// Version 6 stores events in `event_rows`, a narrow table, and turns `events` into a view
    /// over it with the same columns, values and meanings.
    ///
    /// Most of an event row used to be text that repeats on every line: the kind, the origin,
    /// and the envelope's format, process, subsystem, category and level (a third of the bytes
    /// of a generated million-line trace). Kind, origin and envelope format are now small codes,
    /// the other envelope fields one id into `event_contexts`, and a message that begins with
    /// the row's view name is stored without it (`view_prefix` = 1). Existing rows are carried
    /// over, ids unchanged, so `changes`, `warnings` and `causes` still refer to them.
    ///
    /// Codes are turned back into names by CASE, which costs a query only when it uses the
    /// column. The context fields are read through scalar subqueries, also evaluated only when
    /// used: a LEFT JOIN is kept in every aggregate query (`GROUP BY kind` paid a lookup per row
    /// for columns it never read), while a subquery costs more per row that uses it, so the
    /// docs/log-formats.md's `GROUP BY envelope` reads a code. The codes are spelled out in `EventCodes`;
    /// a test checks them against this view.
    static let narrowEvents = """
    CREATE TABLE event_contexts (
        id        INTEGER PRIMARY KEY,
        process   TEXT,
        subsystem TEXT,
        category  TEXT,
        level     TEXT
    );
    CREATE INDEX event_contexts_by_value ON event_contexts(process, subsystem, category, level);
    CREATE TABLE event_origins (
        id     INTEGER PRIMARY KEY,
        origin TEXT NOT NULL UNIQUE
    );
    INSERT INTO event_origins (id, origin) VALUES
        (0, 'text'), (1, 'print_changes'), (2, 'lifecycle'), (3, 'structured'), (4, 'swiftui_warning'), (5, 'lookalike');
    CREATE TABLE event_rows (
        id          INTEGER PRIMARY KEY,
        trace_id    INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
        line        INTEGER NOT NULL,
        kind        INTEGER NOT NULL,
        origin      INTEGER NOT NULL REFERENCES event_origins(id),
        envelope    INTEGER NOT NULL,
        context     INTEGER NOT NULL REFERENCES event_contexts(id),
        ts          REAL,
        pid         INTEGER,
        tid         INTEGER,
        view        TEXT,
        owner       TEXT,
        instance    TEXT,
        message     TEXT NOT NULL,
        view_prefix INTEGER NOT NULL,
        duration_ms REAL
    );

    INSERT INTO event_contexts (process, subsystem, category, level)
    SELECT DISTINCT process, subsystem, category, level FROM events;
    INSERT INTO event_origins (origin)
    SELECT DISTINCT origin FROM events WHERE origin NOT IN (SELECT origin FROM event_origins);
    WITH k(code, name) AS (
        VALUES (0, 'body'), (1, 'init'), (2, 'deinit'), (3, 'appear'), (4, 'disappear'),
               (5, 'task'), (6, 'layout'), (7, 'text'), (8, 'warning')
    ), f(code, name) AS (
        VALUES (0, 'plain'), (1, 'nslog'), (2, 'oslog'), (3, 'oslog_compact'), (4, 'syslog'),
               (5, 'ndjson'), (6, 'json'), (7, 'idevicesyslog'), (8, 'swiftlog'), (9, 'noise')
    )
    INSERT INTO event_rows
    SELECT e.id, e.trace_id, e.line, k.code, o.id, f.code, c.id, e.ts, e.pid, e.tid, e.view, e.owner, e.instance,
           CASE WHEN e.view <> '' AND substr(e.message, 1, length(e.view)) = e.view
                THEN substr(e.message, length(e.view) + 1) ELSE e.message END,
           coalesce(e.view <> '' AND substr(e.message, 1, length(e.view)) = e.view, 0),
           e.duration_ms
    FROM events AS e
    JOIN k ON k.name = e.kind
    JOIN f ON f.name = e.envelope
    JOIN event_origins AS o ON o.origin = e.origin
    JOIN event_contexts AS c ON c.process IS e.process
        AND c.subsystem IS e.subsystem AND c.category IS e.category AND c.level IS e.level
    ORDER BY e.id;

    DROP VIEW view_summary;
    DROP TABLE events;
    CREATE VIEW events AS
    SELECT r.id AS id,
           r.trace_id AS trace_id,
           r.line AS line,
           r.ts AS ts,
           (SELECT c.process FROM event_contexts AS c WHERE c.id = r.context) AS process,
           r.pid AS pid,
           r.tid AS tid,
           (SELECT c.subsystem FROM event_contexts AS c WHERE c.id = r.context) AS subsystem,
           (SELECT c.category FROM event_contexts AS c WHERE c.id = r.context) AS category,
           CASE r.kind WHEN 0 THEN 'body' WHEN 1 THEN 'init' WHEN 2 THEN 'deinit' WHEN 3 THEN 'appear'
                       WHEN 4 THEN 'disappear' WHEN 5 THEN 'task' WHEN 6 THEN 'layout' WHEN 7 THEN 'text'
                       WHEN 8 THEN 'warning' END AS kind,
           r.view AS view,
           r.owner AS owner,
           r.instance AS instance,
           CASE r.origin WHEN 0 THEN 'text' WHEN 1 THEN 'print_changes' WHEN 2 THEN 'lifecycle'
                         WHEN 3 THEN 'structured' WHEN 4 THEN 'swiftui_warning' WHEN 5 THEN 'lookalike'
                         ELSE (SELECT o.origin FROM event_origins AS o WHERE o.id = r.origin) END AS origin,
           CASE WHEN r.view_prefix THEN r.view || r.message ELSE r.message END AS message,
           CASE r.envelope WHEN 0 THEN 'plain' WHEN 1 THEN 'nslog' WHEN 2 THEN 'oslog' WHEN 3 THEN 'oslog_compact'
                           WHEN 4 THEN 'syslog' WHEN 5 THEN 'ndjson' WHEN 6 THEN 'json' WHEN 7 THEN 'idevicesyslog'
                           WHEN 8 THEN 'swiftlog' WHEN 9 THEN 'noise' END AS envelope,
           (SELECT c.level FROM event_contexts AS c WHERE c.id = r.context) AS level,
           r.duration_ms AS duration_ms
    FROM event_rows AS r;
    CREATE VIEW view_summary AS
    SELECT e.trace_id,
           e.view,
           sum(e.kind = 1)  AS inits,
           sum(e.kind = 2)  AS deinits,
           sum(e.kind = 0)  AS bodies,
           coalesce(sum(c.is_self), 0)     AS self_changes,
           coalesce(sum(c.is_identity), 0) AS identity_changes,
           sum(e.kind = 3)  AS appears,
           sum(e.kind = 4)  AS disappears
    FROM event_rows AS e
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
