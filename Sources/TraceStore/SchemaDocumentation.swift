/// A sentence for every table and column of the schema: what `trace-analyze schema` prints.
///
/// A test checks this against the live schema, so a column cannot be added undocumented.
public enum SchemaDocumentation {
    /// One documented column.
    public struct Column: Sendable {
        /// The column name.
        public let name: String
        /// Its SQLite type.
        public let type: String
        /// What it holds.
        public let summary: String
    }

    /// One documented table or view.
    public struct Table: Sendable {
        /// The table or view name.
        public let name: String
        /// What one row is.
        public let summary: String
        /// Its columns in declaration order.
        public let columns: [Column]
    }

    /// Every table and view users may query, in the order they are best read.
    public static let tables: [Table] = [
        Table(name: "traces", summary: "One row per ingested input (a file or stdin).", columns: [
            Column(name: "id", type: "INTEGER", summary: "Trace id, referenced by every other table."),
            Column(name: "source", type: "TEXT", summary: "The input path as given, or '-' for stdin (shown as <stdin> in messages and reports)."),
            Column(name: "format", type: "TEXT", summary: "The envelope most lines came in (plain, nslog, oslog, ndjson, ...)."),
            Column(name: "ingested_at", type: "TEXT", summary: "When ingestion started, ISO 8601 in UTC."),
            Column(name: "lines", type: "INTEGER", summary: "Lines read; while an ingest runs (or after one was killed), the line of the last event stored."),
            Column(name: "events", type: "INTEGER", summary: "Events stored, text events included."),
            Column(name: "unrecognized", type: "INTEGER", summary: "Lines no recogniser understood, stored as kind 'text'."),
            Column(name: "complete", type: "INTEGER", summary: "1 once ingestion finished; 0 while streaming or after an interrupted ingest."),
        ]),
        Table(name: "events", summary: "One row per input line (or multi-line message): the heart of the store.", columns: [
            Column(name: "id", type: "INTEGER", summary: "Event id, increasing in input order."),
            Column(name: "trace_id", type: "INTEGER", summary: "The trace it belongs to."),
            Column(name: "line", type: "INTEGER", summary: "1-based line number in the source."),
            Column(name: "ts", type: "REAL", summary: "Seconds since the Unix epoch when the line carries a time, else NULL."),
            Column(name: "process", type: "TEXT", summary: "Process name from the envelope."),
            Column(name: "pid", type: "INTEGER", summary: "Process id from the envelope."),
            Column(name: "tid", type: "INTEGER", summary: "Thread id from the envelope."),
            Column(name: "subsystem", type: "TEXT", summary: "Unified-logging subsystem, e.g. com.apple.SwiftUI."),
            Column(name: "category", type: "TEXT", summary: "Unified-logging category, e.g. Changed Body Properties."),
            Column(name: "kind", type: "TEXT", summary: "body | init | deinit | appear | disappear | task | layout | text."),
            Column(name: "view", type: "TEXT", summary: "The view or object type the line is about; NULL for text."),
            Column(name: "owner", type: "TEXT", summary: "The qualifier in `PlayButton DataModel init`: PlayButton owns DataModel."),
            Column(name: "instance", type: "TEXT", summary: "An instance token: address, UUID, #n or id= value."),
            Column(name: "origin", type: "TEXT", summary: "Which recogniser matched: print_changes, lifecycle, structured, pattern:<name>, text."),
            Column(name: "message", type: "TEXT", summary: "The message without its envelope, verbatim."),
            Column(name: "envelope", type: "TEXT", summary: "The wrapper the line came in: plain, nslog, oslog, oslog_compact, syslog, ndjson, json, idevicesyslog, swiftlog, noise."),
            Column(name: "level", type: "TEXT", summary: "Level or message type as the wrapper spells it."),
            Column(name: "duration_ms", type: "REAL", summary: "Init duration in milliseconds, when the line reports one."),
        ]),
        Table(name: "changes", summary: "One row per _printChanges token, in printed order.", columns: [
            Column(name: "event_id", type: "INTEGER", summary: "The body event that printed it."),
            Column(name: "position", type: "INTEGER", summary: "0-based position in the printed list."),
            Column(name: "token", type: "TEXT", summary: "@self, @identity, @dependencies, @<offset>, _name, __name or a key path."),
        ]),
        Table(name: "findings", summary: "One row per rule finding from `check` or `report`.", columns: [
            Column(name: "id", type: "INTEGER", summary: "Finding id."),
            Column(name: "trace_id", type: "INTEGER", summary: "The trace analysed."),
            Column(name: "rule", type: "TEXT", summary: "The rule id, e.g. redundant_instance_creation."),
            Column(name: "severity", type: "TEXT", summary: "error | warning | info."),
            Column(name: "view", type: "TEXT", summary: "The view the finding is about."),
            Column(name: "message", type: "TEXT", summary: "What was found, with the numbers behind it."),
            Column(name: "count", type: "INTEGER", summary: "How many occurrences the finding covers."),
            Column(name: "first_line", type: "INTEGER", summary: "First evidence line."),
            Column(name: "last_line", type: "INTEGER", summary: "Last evidence line."),
        ]),
        Table(name: "evidence", summary: "The source lines each finding cites.", columns: [
            Column(name: "finding_id", type: "INTEGER", summary: "The finding."),
            Column(name: "line", type: "INTEGER", summary: "A cited line number in the trace's source."),
        ]),
        Table(name: "stats", summary: "Parse counters per trace: lines, events per kind, lines per envelope, invalid UTF-8, ...", columns: [
            Column(name: "trace_id", type: "INTEGER", summary: "The trace."),
            Column(name: "name", type: "TEXT", summary: "Counter name, e.g. lines, events_body, envelope_nslog, invalid_utf8."),
            Column(name: "value", type: "INTEGER", summary: "Counter value."),
        ]),
        Table(name: "view_summary", summary: "A view: per trace and view type, how often each lifecycle step happened.", columns: [
            Column(name: "trace_id", type: "INTEGER", summary: "The trace."),
            Column(name: "view", type: "TEXT", summary: "The view or object type."),
            Column(name: "inits", type: "INTEGER", summary: "init events."),
            Column(name: "deinits", type: "INTEGER", summary: "deinit events."),
            Column(name: "bodies", type: "INTEGER", summary: "body events (printChanges lines and body prints)."),
            Column(name: "self_changes", type: "INTEGER", summary: "body events whose changes include @self."),
            Column(name: "identity_changes", type: "INTEGER", summary: "body events whose changes include @identity."),
            Column(name: "appears", type: "INTEGER", summary: "appear events."),
            Column(name: "disappears", type: "INTEGER", summary: "disappear events."),
        ]),
    ]
}
