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

    /// The structured line (docs/exact-mode.md, "Structured lines"), key by key: what `TraceProbe` writes
    /// and the parser reads exactly, and where each key is stored.
    public static let structuredLine: [(key: String, meaning: String)] = [
        ("kind", "required: body, init, deinit, appear, disappear, task or layout -> events.kind"),
        ("view", "required: the type as _printChanges() names it (no module) -> events.view"),
        ("id", "the instance; TraceProbe writes #n, one number per state token or model -> events.instance"),
        ("owner", "(alias parent) the view that owns the object -> events.owner"),
        ("ms", "how long the step took, in milliseconds (init, body, deinit) -> events.duration_ms"),
        ("t", "TraceProbe's monotonic clock, seconds -> events.ts when the envelope carries no time"),
        ("type", "the type's full name, module and all (MyApp.DetailView); read, not stored"),
        ("identity", "identity=new on a body: the first body of a new identity -> changes.token @identity"),
        ("seen", "seen=1|0 on a state token's deinit: the identity ended, or a discarded instance -> changes.token @ended | @discarded"),
    ]

    /// Every table and view users may query, in the order they are best read.
    public static let tables: [Table] = [
        Table(name: "traces", summary: "One row per ingested input (a file or stdin).", columns: [
            Column(name: "id", type: "INTEGER", summary: "Trace id, referenced by every other table."),
            Column(name: "source", type: "TEXT", summary: "The input path as given, or '-' for stdin (shown as <stdin> in messages and reports)."),
            Column(name: "format", type: "TEXT", summary: "The envelope most lines came in (plain, nslog, oslog, ndjson, ...); instruments for an xctrace export, xcresult for xcresulttool's metrics JSON, metrickit for MetricKit payloads."),
            Column(name: "ingested_at", type: "TEXT", summary: "When ingestion started, ISO 8601 in UTC."),
            Column(name: "lines", type: "INTEGER", summary: "Lines read; while an ingest runs (or after one was killed), the line of the last event stored."),
            Column(name: "events", type: "INTEGER", summary: "Events stored, text events included."),
            Column(name: "unrecognized", type: "INTEGER", summary: "Lines no recogniser understood, stored as kind 'text'."),
            Column(name: "complete", type: "INTEGER", summary: "1 once ingestion finished; 0 while streaming or after an interrupted ingest."),
        ]),
        Table(name: "events", summary: "One row per input line (or multi-line message): the heart of the store. A view over event_rows (since schema version 6); query it like a table.", columns: [
            Column(name: "id", type: "INTEGER", summary: "Event id, increasing in input order."),
            Column(name: "trace_id", type: "INTEGER", summary: "The trace it belongs to."),
            Column(name: "line", type: "INTEGER", summary: "1-based line number in the source."),
            Column(name: "ts", type: "REAL", summary: "Seconds since the Unix epoch when the line carries a time; for a structured line whose envelope has none, its t= (TraceProbe's monotonic clock, seconds since boot); else NULL."),
            Column(name: "process", type: "TEXT", summary: "Process name from the envelope."),
            Column(name: "pid", type: "INTEGER", summary: "Process id from the envelope."),
            Column(name: "tid", type: "INTEGER", summary: "Thread id from the envelope."),
            Column(name: "subsystem", type: "TEXT", summary: "Unified-logging subsystem, e.g. com.apple.SwiftUI."),
            Column(name: "category", type: "TEXT", summary: "Unified-logging category, e.g. Changed Body Properties."),
            Column(name: "kind", type: "TEXT", summary: "body | init | deinit | appear | disappear | task | layout | text | warning (a SwiftUI runtime warning; see warnings) | hitch (a late frame or potential hang from an Instruments recording; since schema version 9)."),
            Column(name: "view", type: "TEXT", summary: "The view or object type the line is about; NULL for text."),
            Column(name: "owner", type: "TEXT", summary: "The qualifier in `PlayButton DataModel init`: PlayButton owns DataModel."),
            Column(name: "instance", type: "TEXT", summary: "An instance token: address, UUID, #n or id= value."),
            Column(name: "origin", type: "TEXT", summary: "Which recogniser matched: print_changes, lifecycle, structured, swiftui_warning, pattern:<name>, instruments (a row of an xctrace export), text; lookalike for a text line that looks like a lifecycle print nothing claimed (reports list them)."),
            Column(name: "message", type: "TEXT", summary: "The message without its envelope, verbatim."),
            Column(name: "envelope", type: "TEXT", summary: "The wrapper the line came in: plain, nslog, oslog, oslog_compact, syslog, ndjson, json, idevicesyslog, swiftlog, noise, instruments (a row of an xctrace export: line is the row's line in the XML file, ts seconds since the recording began)."),
            Column(name: "level", type: "TEXT", summary: "Level or message type as the wrapper spells it."),
            Column(name: "duration_ms", type: "REAL", summary: "How long the step took in milliseconds, when the line measured it: a structured line's ms= (an init's initializer, a body's evaluation, a model's deinit), an Instruments recording's body or layout update or hitch (envelope instruments)."),
        ]),
        Table(name: "multiplicities", summary: "How many times an event happened, for the events whose line says more than once: a multiplier (`Card init (×3)`, `[repeated 40 times]`), the step of a printed counter (`Card.body: 61` then `Card.body: 94` is 33), or a repetition line after it (`last message repeated 4 times`, `... (× ~25 more lines)`). Every other event happened once; rules count each event this many times.", columns: [
            Column(name: "event_id", type: "INTEGER", summary: "The event (events.id)."),
            Column(name: "count", type: "INTEGER", summary: "How many times it happened (2 or more, at most 10000); 0 for a body print next to the _printChanges line of the same evaluation, which counts once."),
        ]),
        Table(name: "endless_notes", summary: "The events after which the log's author wrote that what led up to them goes on without end: a line such as `…forever`, `(and so on, until the watchdog kills it)`, `etc.` or `[REPEAT INFINITELY]` right after the event's line (since schema version 17). The note gives no count and none is made of it; `excessive_body_evaluation` reads it as the author's word that the rounds shown before it repeat. The note's line stays a text event.", columns: [
            Column(name: "event_id", type: "INTEGER", summary: "The event the note follows (events.id)."),
            Column(name: "line", type: "INTEGER", summary: "The note's line."),
            Column(name: "words", type: "TEXT", summary: "What it says does not end: forever | infinitely | endlessly | indefinitely | ad infinitum | ad nauseam | ∞ | nonstop | without end | infinite loop | and so on | and so forth | etc. | on and on | over and over."),
        ]),
        Table(name: "changes", summary: "One row per _printChanges token, in printed order; TraceProbe's identity facts are stored as tokens too.", columns: [
            Column(name: "event_id", type: "INTEGER", summary: "The body event that printed it (or the probe's body or deinit line)."),
            Column(name: "position", type: "INTEGER", summary: "0-based position in the printed list."),
            Column(name: "token", type: "TEXT", summary: "@self, @identity, @dependencies, @<offset>, _name, __name or a key path; from a structured line: @identity (identity=new, a new identity's first body), @ended (seen=1, the kept state token died: the identity ended), @discarded (seen=0, a state token died unread: a discarded instance)."),
        ]),
        Table(name: "warnings", summary: "One row per SwiftUI runtime warning (events of kind 'warning'): which one, and the values its text carries.", columns: [
            Column(name: "event_id", type: "INTEGER", summary: "The warning event."),
            Column(name: "warning", type: "TEXT", summary: "publish_during_update | state_modified_during_update | update_multiple_times_per_frame | attribute_graph_cycle | duplicate_foreach_id | foreach_count_changed | state_object_outside_view | state_outside_view | environment_outside_view | missing_navigation_destination | navigation_link_outside_stack."),
            Column(name: "type", type: "TEXT", summary: "The type the text names: onChange value or preference key, ForEach or layout type, StateObject/State value, NavigationLink value; NULL when it names none."),
            Column(name: "element_id", type: "TEXT", summary: "duplicate_foreach_id: the ID that occurs more than once, as printed ('' when SwiftUI printed an empty ID)."),
            Column(name: "attribute", type: "INTEGER", summary: "attribute_graph_cycle: the attribute the cycle runs through."),
        ]),
        Table(name: "findings", summary: "One row per rule finding from `check` or `report`, stored as the rules produce them, not in report order (`report` reads them by severity, then first_line, through the index findings_in_report_order).", columns: [
            Column(name: "id", type: "INTEGER", summary: "Finding id."),
            Column(name: "trace_id", type: "INTEGER", summary: "The trace analysed."),
            Column(name: "rule", type: "TEXT", summary: "The rule id, e.g. redundant_instance_creation, or a custom rule's id from custom_rules."),
            Column(name: "severity", type: "TEXT", summary: "error | warning | info."),
            Column(name: "view", type: "TEXT", summary: "The view the finding is about."),
            Column(name: "message", type: "TEXT", summary: "What was found, with the numbers behind it."),
            Column(name: "count", type: "INTEGER", summary: "How many occurrences the finding covers."),
            Column(name: "first_line", type: "INTEGER", summary: "First evidence line."),
            Column(name: "last_line", type: "INTEGER", summary: "Last evidence line."),
            Column(name: "root_cause", type: "TEXT", summary: "What started the updates the finding covers, e.g. 'each follows ContentView._showPlayButton changing'; NULL when they have no common start."),
            Column(name: "duration_ms", type: "REAL", summary: "The measured time of what count counts, in milliseconds, where the trace has durations and the rule sums them (a hitch's or hang's duration, the time of the evaluations a rule counts; since schema version 12); NULL otherwise. Fix first ranks by it."),
            Column(name: "waste", type: "INTEGER", summary: "How many of what count counts need not have happened, where that is fewer than count: 0 for a view only removed and shown again by the code's own change (each a new lifetime, nothing lost on screen; since schema version 14); NULL when all of count is waste. Fix first ranks by it and leaves out findings whose waste is 0."),
        ]),
        Table(name: "evidence", summary: "The source lines each finding cites.", columns: [
            Column(name: "finding_id", type: "INTEGER", summary: "The finding."),
            Column(name: "line", type: "INTEGER", summary: "A cited line number in the trace's source."),
        ]),
        Table(name: "stats", summary: "Parse counters per trace: lines, events per kind, lines per envelope, invalid UTF-8, ...", columns: [
            Column(name: "trace_id", type: "INTEGER", summary: "The trace."),
            Column(name: "name", type: "TEXT", summary: "Counter name, e.g. lines, events_body, envelope_nslog, invalid_utf8; events_sharing_a_line (events stored on the line of the event before them: 0 for what the parser writes); events_with_duration (events stored with a duration_ms); updates (updates stored) and updates_last_event (the last event they cover) once analysed; utf16_bytes (bytes decoded from UTF-16, for a log saved so) and binary_percent (the percent of NUL and control bytes in the first 64 KiB of an input that looked binary), only where they apply; for an Instruments export instruments_rows, instruments_tables, instruments_other_tables, instruments_unfinished_updates (rows with a missing or absurd duration, skipped), instruments_other_updates, instruments_cause_edges, instruments_unresolved_refs, instruments_cached_layouts (layout passes marked cached: a reused result, skipped), instruments_hitches_over_100ms, instruments_system_hitches, instruments_microhangs (main-thread hangs of 100 to 250 ms), instruments_hangs (250 ms or more), and instruments_rows:<table> per exported table, read or not (e.g. instruments_rows:hitches, instruments_rows:hang-risks); for xcresulttool's metrics JSON xcresult_tests, xcresult_measurements (metrics read as measured lines), xcresult_unreadable (tests, runs or metrics outside the documented shape, kept as text), xcresult_first_unreadable_line and xcresult_first_unreadable_reason (the first of them, and why, as a code docs/xctest.md lists), xcresult_other_lines and xcresult_first_other_line (lines of other output among the JSON, kept as text), xcresult_unknown_keys (keys outside the documented shape, kept on the metrics' lines); for a trace with XCTest measured lines xctest_measurements, xctest_malformed_measurements, xctest_unknown_fields."),
            Column(name: "value", type: "INTEGER", summary: "Counter value."),
        ]),
        Table(name: "updates", summary: "One SwiftUI update (transaction) per row: a burst of body evaluations and inits for one change, written by `why` and `views` the first time they read a trace (updates without a body or init are left out).", columns: [
            Column(name: "id", type: "INTEGER", summary: "Update id, increasing in input order."),
            Column(name: "trace_id", type: "INTEGER", summary: "The trace."),
            Column(name: "first_line", type: "INTEGER", summary: "The update's first line."),
            Column(name: "last_line", type: "INTEGER", summary: "The update's last line."),
            Column(name: "root_event_id", type: "INTEGER", summary: "The event that started it (its first)."),
            Column(name: "root_cause", type: "TEXT", summary: "What started it, e.g. 'ContentView._showPlayButton changed', 'MyRootView appeared'."),
            Column(name: "bodies", type: "INTEGER", summary: "Body evaluations in the update."),
        ]),
        Table(name: "causes", summary: "Why each body evaluation (and init) happened, as far as the log tells: one row per body or init event.", columns: [
            Column(name: "event_id", type: "INTEGER", summary: "The body or init event."),
            Column(name: "update_id", type: "INTEGER", summary: "The update it belongs to."),
            Column(name: "cause", type: "TEXT", summary: "state | observed_object | environment | dependency (its own dynamic property changed) | parent (@self, or re-created by its parent) | identity (@identity: state created anew) | unknown (the log does not say)."),
            Column(name: "property", type: "TEXT", summary: "The first dynamic property printed as changed (for identity: the state that was reset)."),
            Column(name: "parent_event_id", type: "INTEGER", summary: "The parent's evaluation (or, for a body print, the init that re-created the view); NULL when the log shows none."),
            Column(name: "basis", type: "TEXT", summary: "How the parent was found: tokens (@self/@identity, nearest earlier self-changed evaluation), init (its init printed in the update), order (a body print after another evaluation of the update), appear (an init in an update begun by an appear), recorded (an Instruments recording's Cause & Effect edge: see recorded_causes)."),
            Column(name: "verdict", type: "TEXT", summary: "For a body evaluation, whether it had to happen, from its own line (since schema version 11): expected (a first evaluation, a new identity, or a change of something the view reads: state, observed object, environment, dependency, or @self, a new value from the parent), avoidable (`X: unchanged.`: it ran though nothing it reads changed), unknown (a body print that names no cause); NULL for an init. `views` and `why` also count as avoidable the evaluations a finding explains (every evaluation of a view an excessive_body_evaluation finding is about, but for new identities; every @self-alone evaluation of a view an unstable_view_value or redundant_instance_creation finding is about)."),
            Column(name: "lifetime", type: "TEXT", summary: "For a body evaluation that began a new identity in an update of an ancestor (since schema version 13): inserted (added beside identities of its type that stayed, as a row appended), reinserted (shown again after the last one was removed: an if/else branch, a sheet or screen presented again; its state starts over by design), reset (it replaced one still on screen: state lost; its verdict is then avoidable), reset_or_inserted (one of several new identities of one update replaced one on screen, the others were added; the log does not say which); reinserted_unconfirmed (shown again, read from an earlier run of the same change that printed none of the view, as when it removed it; the log prints no disappear or deinit of it to confirm; not avoidable); inserted_unconfirmed (added beside identities of its type that outlived earlier updates of the same root, as rows with stable ids; the log prints no disappear or deinit of it to confirm that none was replaced); NULL for other rows (a type's first identity, or one the log does not place). What identity_churn reports."),
        ]),
        Table(name: "recorded_nodes", summary: "Instruments recordings: the node id (the swiftui-updates id column) of each recorded update event, for recorded_causes to link (since schema version 10).", columns: [
            Column(name: "event_id", type: "INTEGER", summary: "The recorded update's event."),
            Column(name: "trace_id", type: "INTEGER", summary: "Its trace."),
            Column(name: "node", type: "INTEGER", summary: "Its node id in the recording."),
        ]),
        Table(name: "recorded_causes", summary: "Instruments recordings: one Cause & Effect edge per row of swiftui-causes or swiftui-full-causes, source node to destination node; the analysis turns the edges into causes rows with basis recorded.", columns: [
            Column(name: "trace_id", type: "INTEGER", summary: "The trace."),
            Column(name: "line", type: "INTEGER", summary: "The edge's row line in the export."),
            Column(name: "source_node", type: "INTEGER", summary: "The cause's node id (a recorded update's when it is one; a state or environment node otherwise)."),
            Column(name: "destination_node", type: "INTEGER", summary: "The caused update's node id."),
            Column(name: "label", type: "TEXT", summary: "The edge's label: @State, @Binding, @Environment, @ObservedObject, Observation, Update, Creation, ..."),
            Column(name: "value_type", type: "TEXT", summary: "The changed value's type, when recorded."),
            Column(name: "changed_properties", type: "TEXT", summary: "The properties that changed, when recorded."),
        ]),
        Table(name: "recorded_intervals", summary: "Instruments recordings: what a row of hitches, potential-hangs or swiftui-layout-updates says beyond the columns of events, one row per such event (since schema version 12). The event holds the time (ts), the duration (duration_ms: a layout pass's self time), the thread id (tid) and, for a hang, Instruments' label as its level.", columns: [
            Column(name: "event_id", type: "INTEGER", summary: "The hitch, hang or layout event."),
            Column(name: "trace_id", type: "INTEGER", summary: "Its trace."),
            Column(name: "source_table", type: "TEXT", summary: "The exported table: hitches | potential-hangs | swiftui-layout-updates."),
            Column(name: "hang_type", type: "TEXT", summary: "potential-hangs: Instruments' label (Potential Interaction Delay, Brief Unresponsiveness, Microhang, Hang); rules classify by duration instead."),
            Column(name: "thread", type: "TEXT", summary: "The thread as Instruments names it, without its process: 'Main Thread (0x2732bb)'."),
            Column(name: "main_thread", type: "INTEGER", summary: "1 when thread is the main thread, 0 when another; NULL when the row names none."),
            Column(name: "is_system", type: "INTEGER", summary: "hitches: 1 for a hitch Instruments marks Is System (not the app's), 0 for the app's."),
            Column(name: "display", type: "TEXT", summary: "hitches: the display the late frame was for, e.g. 'Display 1'."),
            Column(name: "inclusive_ms", type: "REAL", summary: "swiftui-layout-updates: the pass's duration with the passes nested in it (the export's duration column); the event's duration_ms is its self-duration, so sums count a nested pass once."),
        ]),
        Table(name: "test_measurements", summary: "XCTest metric results: one row per `Test Case '...' measured [Metric, unit] average: ...` line of an xcodebuild test or swift test console (since schema version 15), or per metric of a test run of `xcrun xcresulttool get test-results metrics` JSON, read as such a line (trace format 'xcresult'). The line stays a text event too; values are in test_measurement_values.", columns: [
            Column(name: "id", type: "INTEGER", summary: "The measurement's id."),
            Column(name: "trace_id", type: "INTEGER", summary: "Its trace."),
            Column(name: "event_id", type: "INTEGER", summary: "The text event of its line."),
            Column(name: "line", type: "INTEGER", summary: "Its line in the console (in the JSON: the line the metric's object begins on)."),
            Column(name: "test_case", type: "TEXT", summary: "The test as XCTest names it: '-[Suite.Tests testScroll]', or 'Suite.Tests.testScroll' from swift-corelibs-xctest, or 'Tests/testScroll()' (testIdentifier) from xcresulttool."),
            Column(name: "metric", type: "TEXT", summary: "The metric's name: Time, Clock Monotonic Time, Hitch Time Ratio, Memory Peak Physical, ..."),
            Column(name: "unit", type: "TEXT", summary: "Its unit as printed: seconds, s, ms per s, kB, kI, ..."),
            Column(name: "average", type: "REAL", summary: "The average XCTest printed (rounded as printed); from xcresulttool, the mean of the measurements."),
            Column(name: "relative_stddev_percent", type: "REAL", summary: "The relative standard deviation of the values, in percent."),
            Column(name: "value_count", type: "INTEGER", summary: "How many values (iterations) the line lists."),
            Column(name: "metric_id", type: "TEXT", summary: "performanceMetricID: com.apple.dt.XCTMetric_CPU.time, com.apple.XCTPerformanceMetric_WallClockTime, ..."),
            Column(name: "baseline_name", type: "TEXT", summary: "The baseline's name; NULL when the line's is empty."),
            Column(name: "baseline_average", type: "REAL", summary: "The baseline's average; NULL without a baseline."),
            Column(name: "polarity", type: "TEXT", summary: "prefers smaller | prefers larger, as printed."),
            Column(name: "max_percent_regression", type: "REAL", summary: "maxPercentRegression, in percent."),
            Column(name: "max_percent_relative_stddev", type: "REAL", summary: "maxPercentRelativeStandardDeviation, in percent."),
            Column(name: "max_regression", type: "REAL", summary: "maxRegression, in the metric's unit."),
            Column(name: "max_stddev", type: "REAL", summary: "maxStandardDeviation, in the metric's unit."),
            Column(name: "other_fields", type: "TEXT", summary: "Fields Xcode does not print today, kept as a JSON object (their count is the stat xctest_unknown_fields); NULL when none."),
            Column(name: "device", type: "TEXT", summary: "The run's device.deviceName, for a metric read from xcresulttool's metrics JSON (since schema version 18); NULL for a console's line."),
            Column(name: "device_id", type: "TEXT", summary: "The run's device.deviceId, as device."),
            Column(name: "configuration", type: "TEXT", summary: "The run's testPlanConfiguration.configurationName, as device."),
            Column(name: "configuration_id", type: "TEXT", summary: "The run's testPlanConfiguration.configurationId, as device."),
            Column(name: "test_identifier_url", type: "TEXT", summary: "The test's testIdentifierURL (test://com.apple.xcode/Project/Target/Class/method), as device."),
        ]),
        Table(name: "test_measurement_values", summary: "Each iteration's value of a test measurement, in order (since schema version 15).", columns: [
            Column(name: "measurement_id", type: "INTEGER", summary: "The test_measurements row."),
            Column(name: "iteration", type: "INTEGER", summary: "1 for the first value printed."),
            Column(name: "value", type: "REAL", summary: "The value, in the metric's unit."),
        ]),
        Table(name: "metrickit_payloads", summary: "MetricKit payloads from users' devices: one row per MXMetricPayload or MXDiagnosticPayload of a file of them (one payload, a JSON array or NDJSON; since schema version 16). The payload's JSON is kept whole; see docs/metrickit.md.", columns: [
            Column(name: "id", type: "INTEGER", summary: "The payload's id."),
            Column(name: "trace_id", type: "INTEGER", summary: "Its trace (the file, format 'metrickit')."),
            Column(name: "line", type: "INTEGER", summary: "The line of the file the payload begins on."),
            Column(name: "kind", type: "TEXT", summary: "metric (MXMetricPayload) | diagnostic (MXDiagnosticPayload: it has a ...Diagnostics key)."),
            Column(name: "app_version", type: "TEXT", summary: "appVersion, the short version, when the payload has it."),
            Column(name: "app_build_version", type: "TEXT", summary: "metaData.appBuildVersion."),
            Column(name: "os_version", type: "TEXT", summary: "metaData.osVersion, e.g. 'iPhone OS 16.0.2 (20A380)'."),
            Column(name: "device_type", type: "TEXT", summary: "metaData.deviceType, e.g. 'iPhone11,8'."),
            Column(name: "region_format", type: "TEXT", summary: "metaData.regionFormat."),
            Column(name: "platform_architecture", type: "TEXT", summary: "metaData.platformArchitecture, e.g. 'arm64e'."),
            Column(name: "bundle_identifier", type: "TEXT", summary: "metaData.bundleIdentifier."),
            Column(name: "time_stamp_begin", type: "TEXT", summary: "timeStampBegin as written."),
            Column(name: "time_stamp_end", type: "TEXT", summary: "timeStampEnd as written."),
            Column(name: "scroll_hitch_ms_per_s", type: "REAL", summary: "animationMetrics.scrollHitchTimeRatio in ms per s; NULL when absent or in a unit not known."),
            Column(name: "unknown_keys", type: "INTEGER", summary: "How many top-level keys are outside Apple's documented ones (their sum is the stat metrickit_unknown_keys)."),
            Column(name: "unknown_key_names", type: "TEXT", summary: "Those keys, comma-separated; NULL when none. Their values are in json."),
            Column(name: "json", type: "TEXT", summary: "The payload as read, every key kept."),
        ]),
        Table(name: "metrickit_histogram_buckets", summary: "Each bucket of a payload's histograms, as MetricKit gives them (since schema version 16).", columns: [
            Column(name: "payload_id", type: "INTEGER", summary: "The metrickit_payloads row."),
            Column(name: "histogram", type: "TEXT", summary: "hang_time (histogrammedApplicationHangTime, or Xcode's histogrammedAppHangTime) | time_to_first_draw | optimized_time_to_first_draw | resume_time | extended_launch."),
            Column(name: "bucket", type: "INTEGER", summary: "The bucket's key in histogramValue, 0 first."),
            Column(name: "start_ms", type: "REAL", summary: "bucketStart in milliseconds."),
            Column(name: "end_ms", type: "REAL", summary: "bucketEnd in milliseconds."),
            Column(name: "count", type: "INTEGER", summary: "bucketCount."),
        ]),
        Table(name: "metrickit_hangs", summary: "Each hang diagnostic (MXHangDiagnostic) of a diagnostic payload, with the innermost frames of its heaviest call stack (since schema version 16).", columns: [
            Column(name: "payload_id", type: "INTEGER", summary: "The metrickit_payloads row."),
            Column(name: "diagnostic", type: "INTEGER", summary: "Its place in hangDiagnostics, 0 first."),
            Column(name: "duration_ms", type: "REAL", summary: "diagnosticMetaData.hangDuration in milliseconds."),
            Column(name: "app_build_version", type: "TEXT", summary: "The diagnostic's appBuildVersion (the payload's when it has none)."),
            Column(name: "os_version", type: "TEXT", summary: "The diagnostic's osVersion."),
            Column(name: "device_type", type: "TEXT", summary: "The diagnostic's deviceType."),
            Column(name: "top_frames", type: "TEXT", summary: "The attributed thread's heaviest path (most samples at each level), innermost frame first, at most five, each 'binaryName +offset' joined by ' <- '; frames are unsymbolicated."),
            Column(name: "stack_depth", type: "INTEGER", summary: "How many frames that path has in all."),
        ]),
        Table(name: "tags", summary: "Run metadata: one row per trace and tag (`--tag key=value`, or GitHub Actions' GITHUB_SHA, GITHUB_REF_NAME, GITHUB_RUN_ID as commit, branch, run).", columns: [
            Column(name: "trace_id", type: "INTEGER", summary: "The trace."),
            Column(name: "key", type: "TEXT", summary: "The tag name, e.g. commit, branch, run, device."),
            Column(name: "value", type: "TEXT", summary: "The tag value as given."),
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
        Table(name: "event_rows", summary: "Storage behind the events view, one row per event; query events instead: here kind, origin and envelope are codes, process, subsystem, category and level one event_contexts id, and a message may lack its leading view name.", columns: [
            Column(name: "id", type: "INTEGER", summary: "events.id."),
            Column(name: "trace_id", type: "INTEGER", summary: "events.trace_id."),
            Column(name: "line", type: "INTEGER", summary: "events.line."),
            Column(name: "kind", type: "INTEGER", summary: "0 body, 1 init, 2 deinit, 3 appear, 4 disappear, 5 task, 6 layout, 7 text, 8 warning, 9 hitch."),
            Column(name: "origin", type: "INTEGER", summary: "The event_origins id of events.origin."),
            Column(name: "envelope", type: "INTEGER", summary: "0 plain, 1 nslog, 2 oslog, 3 oslog_compact, 4 syslog, 5 ndjson, 6 json, 7 idevicesyslog, 8 swiftlog, 9 noise, 10 instruments."),
            Column(name: "context", type: "INTEGER", summary: "The event_contexts id of events.process, subsystem, category and level."),
            Column(name: "ts", type: "REAL", summary: "events.ts."),
            Column(name: "pid", type: "INTEGER", summary: "events.pid."),
            Column(name: "tid", type: "INTEGER", summary: "events.tid."),
            Column(name: "view", type: "TEXT", summary: "events.view."),
            Column(name: "owner", type: "TEXT", summary: "events.owner."),
            Column(name: "instance", type: "TEXT", summary: "events.instance."),
            Column(name: "message", type: "TEXT", summary: "events.message, without its leading view name when view_prefix is 1."),
            Column(name: "view_prefix", type: "INTEGER", summary: "1 when events.message is view || message, 0 when it is message."),
            Column(name: "duration_ms", type: "REAL", summary: "events.duration_ms."),
        ]),
        Table(name: "event_contexts", summary: "The envelope fields that repeat from line to line (process, subsystem, category, level), stored once per distinct combination; events reads them by event_rows.context.", columns: [
            Column(name: "id", type: "INTEGER", summary: "Context id."),
            Column(name: "process", type: "TEXT", summary: "events.process."),
            Column(name: "subsystem", type: "TEXT", summary: "events.subsystem."),
            Column(name: "category", type: "TEXT", summary: "events.category."),
            Column(name: "level", type: "TEXT", summary: "events.level."),
        ]),
        Table(name: "event_origins", summary: "The origins by code: 0 text, 1 print_changes, 2 lifecycle, 3 structured, 4 swiftui_warning, 5 lookalike, then pattern:<name> and instruments as they first occur.", columns: [
            Column(name: "id", type: "INTEGER", summary: "Origin code (event_rows.origin)."),
            Column(name: "origin", type: "TEXT", summary: "events.origin."),
        ]),
    ]
}
