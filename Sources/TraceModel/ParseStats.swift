/// Counters a parse keeps so users can see that nothing was lost; stored in `stats`.
public struct ParseStats: Sendable, Equatable {
    /// Lines read from the source.
    public var lines = 0
    /// Events emitted, per kind (indexed by `EventKind.index`).
    public var eventsByKind = [Int](repeating: 0, count: EventKind.allCases.count)
    /// Lines per recognised envelope (indexed by `EnvelopeFormat.index`).
    public var linesByEnvelope = [Int](repeating: 0, count: EnvelopeFormat.allCases.count)
    /// Lines that held bytes which are not UTF-8; they are stored with U+FFFD in their place.
    public var invalidUTF8 = 0
    /// Lines longer than the reader's limit; their stored message is cut at the limit.
    public var overLong = 0
    /// Lines folded into the event before them: tab-indented continuations of a multi-line
    /// `log` message, the inner lines of a `--style json` object, and that array's brackets.
    /// Every line is an event or one of these: `lines == events + continuation_lines`.
    public var continuations = 0
    /// Envelopes that looked like a known format but failed to parse; the line is kept as text.
    public var malformedEnvelopes = 0
    /// Instance addresses copied from a `Type address: 0x…` line into the init or deinit before it.
    public var attachments = 0
    /// Lines that opened with the structured-line marker but did not parse; kept as text.
    public var malformedStructured = 0
    /// User-pattern matches abandoned for taking too long (the line fell through to the built-ins).
    public var patternTimeouts = 0
    /// User patterns switched off for the rest of the trace after too many timeouts.
    public var patternsDisabled = 0

    /// Text lines that look like lifecycle prints but that no recogniser claimed
    /// (`LifecycleLookalike`); stored with origin `lookalike`.
    public var lookalikes = 0

    /// Bytes of an input read as UTF-16 and decoded (`InputSniff`); 0 for UTF-8 text.
    public var utf16Bytes = 0
    /// For an input whose first block looked binary (`InputSniff.binary`), the percent of NUL
    /// and control bytes in it; 0 for text.
    public var binaryPercent = 0

    /// Rows read from an Instruments export, of every table (`InstrumentsReader`).
    public var instrumentsRows = 0
    /// Tables (`<schema>`s) read from an Instruments export, and those of them not used.
    public var instrumentsTables = 0
    public var instrumentsOtherTables = 0
    /// Recorded updates whose duration is missing or absurd (an interval that never ended): skipped.
    public var instrumentsUnfinished = 0
    /// Rows of `swiftui-updates` that are neither body nor layout updates: skipped.
    public var instrumentsOtherUpdates = 0
    /// Cause & Effect edges read from `swiftui-causes`.
    public var instrumentsCauseEdges = 0
    /// `ref=` attributes whose `id=` was not found (see `InstrumentsValueTable`): the cell is empty.
    public var instrumentsUnresolvedRefs = 0
    /// Layout passes Instruments marks `cached` (a result reused, no work): skipped.
    public var instrumentsCachedLayouts = 0
    /// Rows per table of an Instruments export, in the order the tables came (a table exported
    /// twice adds up), read or not: what a report says was in the export.
    public var instrumentsTableRows: [InstrumentsTableRows] = []
    /// Hitches longer than 100 ms, the shortest delay Apple's guidance counts as unresponsive,
    /// and those Instruments marks `Is System`.
    public var instrumentsHitchesOver100ms = 0
    public var instrumentsSystemHitches = 0
    /// Main-thread hangs by Apple's classes: 100 to 250 ms a microhang, 250 ms or more a hang.
    public var instrumentsMicrohangs = 0
    public var instrumentsHangs = 0

    /// True for `xcresulttool get test-results metrics` JSON (`XCResultMetricsReader`): its
    /// counters below are named then, and only then.
    public var isXCResultMetrics = false
    /// Tests read, and the metrics of their runs read as measurements.
    public var xcresultTests = 0
    public var xcresultMeasurements = 0
    /// Tests, runs or metrics that break the documented shape, kept as text; the line of the
    /// first and why (`XCResultUnreadable`'s raw value).
    public var xcresultUnreadable = 0
    public var xcresultFirstUnreadableLine = 0
    public var xcresultFirstUnreadableReason = 0
    /// Lines of other output among the JSON, kept as text, and the first one's number.
    public var xcresultOtherLines = 0
    public var xcresultFirstOtherLine = 0
    /// Keys outside the documented shape, each counted once where it is.
    public var xcresultUnknownKeys = 0

    /// Creates zeroed counters.
    public init() {}

    /// Events emitted of every kind.
    public var events: Int { eventsByKind.reduce(0, +) }

    /// Lines no recogniser understood, kept as `text` events.
    public var unrecognized: Int { eventsByKind[EventKind.text.index] }

    /// Events that are lifecycle evidence (`EventKind.isLifecycleEvidence`): every kind but
    /// `text`, SwiftUI's warnings included. Zero means the log told nothing about its views.
    public var lifecycleEvidence: Int {
        EventKind.allCases.reduce(0) { $0 + ($1.isLifecycleEvidence ? eventsByKind[$1.index] : 0) }
    }

    /// Every counter by its stored name, in a stable order.
    public var named: [(name: String, value: Int)] {
        var result: [(String, Int)] = [
            ("lines", lines),
            ("events", events),
            ("unrecognized", unrecognized),
            ("invalid_utf8", invalidUTF8),
            ("over_long_lines", overLong),
            ("continuation_lines", continuations),
            ("malformed_envelopes", malformedEnvelopes),
            ("instance_attachments", attachments),
            ("malformed_structured", malformedStructured),
            ("pattern_timeouts", patternTimeouts),
            ("patterns_disabled", patternsDisabled),
            ("lookalike_lines", lookalikes),
        ]
        // Named only where they apply, as the Instruments counters: most inputs are UTF-8 text.
        if utf16Bytes > 0 { result.append(("utf16_bytes", utf16Bytes)) }
        if binaryPercent > 0 { result.append(("binary_percent", binaryPercent)) }
        if instrumentsTables > 0 {
            result += [
                ("instruments_rows", instrumentsRows),
                ("instruments_tables", instrumentsTables),
                ("instruments_other_tables", instrumentsOtherTables),
                ("instruments_unfinished_updates", instrumentsUnfinished),
                ("instruments_other_updates", instrumentsOtherUpdates),
                ("instruments_cause_edges", instrumentsCauseEdges),
                ("instruments_unresolved_refs", instrumentsUnresolvedRefs),
                ("instruments_cached_layouts", instrumentsCachedLayouts),
                ("instruments_hitches_over_100ms", instrumentsHitchesOver100ms),
                ("instruments_system_hitches", instrumentsSystemHitches),
                ("instruments_microhangs", instrumentsMicrohangs),
                ("instruments_hangs", instrumentsHangs),
            ]
            result += instrumentsTableRows.map { (InstrumentsTableRows.statPrefix + $0.table, $0.rows) }
        }
        if isXCResultMetrics {
            result += [
                ("xcresult_tests", xcresultTests),
                ("xcresult_measurements", xcresultMeasurements),
                ("xcresult_unreadable", xcresultUnreadable),
                ("xcresult_first_unreadable_line", xcresultFirstUnreadableLine),
                ("xcresult_first_unreadable_reason", xcresultFirstUnreadableReason),
                ("xcresult_other_lines", xcresultOtherLines),
                ("xcresult_first_other_line", xcresultFirstOtherLine),
                ("xcresult_unknown_keys", xcresultUnknownKeys),
            ]
        }
        for kind in EventKind.allCases {
            result.append(("events_" + kind.rawValue, eventsByKind[kind.index]))
        }
        for format in EnvelopeFormat.allCases {
            result.append(("envelope_" + format.rawValue, linesByEnvelope[format.index]))
        }
        return result
    }
}

/// How many rows one table of an Instruments export held.
public struct InstrumentsTableRows: Sendable, Equatable {
    /// The table's schema name, as exported.
    public var table: String
    public var rows: Int

    /// The prefix of the `stats` name that stores a table's rows: `instruments_rows:hitches`.
    public static let statPrefix = "instruments_rows:"

    /// Creates the count of `table`.
    public init(table: String, rows: Int) {
        self.table = table
        self.rows = rows
    }
}
