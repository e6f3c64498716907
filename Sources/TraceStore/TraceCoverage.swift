import TraceModel

/// How much of a trace was understood: lines read, lifecycle events recognised, and the lines
/// that look like lifecycle prints but that nothing claimed, with a few of them to show; probe
/// lines that were malformed, and why; and what the input's first bytes said about it.
public struct TraceCoverage: Sendable, Equatable {
    /// One stored line, as reports show it.
    public struct Line: Sendable, Equatable {
        public let line: Int
        public let text: String
    }

    /// The input the trace was read from, as given (`-` for stdin).
    public let source: String
    public let lines: Int
    /// Events of every kind but `text`.
    public let lifecycleEvents: Int
    /// Text lines that look like lifecycle prints (origin `lookalike`).
    public let lookalikes: Int
    /// The first few lookalike lines.
    public let lookalikeSamples: [Line]
    /// The first few lines of the trace, for the message when nothing was recognised.
    public let firstLines: [Line]
    /// Lines that opened with the probe's marker (`trace-analyze:`) but broke its format.
    public var malformedProbeLines = 0
    /// The first few of them, each with why it was refused (`StructuredMessage.whyMalformed`)
    /// as its text.
    public var malformedProbeSamples: [Line] = []
    /// Bytes decoded from UTF-16 (`utf16_bytes`); 0 for UTF-8.
    public var utf16Bytes = 0
    /// The percent of NUL and control bytes in the first block of an input that looked binary
    /// (`binary_percent`); 0 for text.
    public var binaryPercent = 0
    /// Lines longer than the reader's limit (1 MiB), read only up to it (`over_long_lines`).
    public var overLongLines = 0
    /// For an Instruments export: its tables' rows; nil for a log.
    public var instruments: InstrumentsCoverage?
    /// For `xcresulttool`'s metrics JSON: its tests and metrics; nil for a log.
    public var xcresult: XCResultCoverage?
    /// XCTest measured lines read (`xctest_measurements`, or for `check`'s temporary store what
    /// its rules read off the stream): a console of performance tests alone is not empty.
    public var measurements = 0

    /// True when the trace holds no lifecycle event and no XCTest measurement at all.
    public var isEmpty: Bool { lifecycleEvents == 0 && measurements == 0 && (xcresult?.measurements ?? 0) == 0 }

    /// How many lines each list holds at most.
    public static let sampleCount = 5

    /// Reads the coverage of trace `traceID`.
    public static func read(_ database: Database, traceID: Int) throws -> TraceCoverage {
        var source = "", lines = 0, events = 0, unrecognized = 0
        try database.forEachRow("SELECT source, lines, events, unrecognized FROM traces WHERE id = ?", [traceID]) { row in
            source = row.text(at: 0) ?? ""
            lines = row.int(at: 1) ?? 0
            events = row.int(at: 2) ?? 0
            unrecognized = row.int(at: 3) ?? 0
        }
        var counters: [String: Int] = [:]
        try database.forEachRow(
            "SELECT name, value FROM stats WHERE trace_id = ? AND (name IN ('lookalike_lines', 'malformed_structured', 'utf16_bytes', 'binary_percent', 'over_long_lines', 'xctest_measurements') OR name LIKE 'xcresult\\_%' ESCAPE '\\')",
            [traceID]
        ) { row in
            if let name = row.text(at: 0) { counters[name] = row.int(at: 1) ?? 0 }
        }
        let lookalikes = counters["lookalike_lines"] ?? 0
        let malformed = counters["malformed_structured"] ?? 0
        let samples: [Line], first: [Line]
        if let spooled = database.eventSpool?.samples(of: traceID) {
            // A spool kept both as the events went by.
            samples = spooled.lookalikes
            first = events == unrecognized ? spooled.first : []
        } else {
            // Only asked when some exist: without an index on origin the search would read the whole trace.
            samples = lookalikes == 0 ? [] : try Self.lines(database, traceID: traceID, where: "AND origin = 'lookalike'")
            first = events == unrecognized ? try Self.lines(database, traceID: traceID, where: "") : []
        }
        var coverage = TraceCoverage(
            source: source, lines: lines, lifecycleEvents: events - unrecognized,
            lookalikes: lookalikes, lookalikeSamples: samples, firstLines: first
        )
        coverage.malformedProbeLines = malformed
        coverage.instruments = try InstrumentsCoverage.read(database, traceID: traceID)
        coverage.utf16Bytes = counters["utf16_bytes"] ?? 0
        coverage.binaryPercent = counters["binary_percent"] ?? 0
        coverage.overLongLines = counters["over_long_lines"] ?? 0
        coverage.measurements = counters["xctest_measurements"] ?? 0
        if counters["xcresult_tests"] != nil { coverage.xcresult = try XCResultCoverage(counters: counters, database: database, traceID: traceID) }
        if malformed > 0 { coverage.malformedProbeSamples = try malformedProbeSamples(database, traceID: traceID, count: malformed) }
        return coverage
    }

    /// The first malformed probe lines and why each was refused. They are stored as text: read
    /// again only here, for a trace that counted some, the parse keeps no reasons on its way.
    private static func malformedProbeSamples(_ database: Database, traceID: Int, count: Int) throws -> [Line] {
        let wanted = min(count, sampleCount)
        var found: [Line]
        if let spool = database.eventSpool, spool.holds(traceID) {
            found = spool.lines(ofTrace: traceID, limit: wanted) { StructuredMessage.whyMalformed($0) != nil }
        } else {
            found = []
            // `instr` narrows the rows to those naming the marker; the parse decides.
            try database.forEachRow(
                "SELECT line, message FROM events WHERE trace_id = ? AND kind = 'text' AND instr(message, 'trace-analyze:') > 0 ORDER BY id",
                [traceID]
            ) { row in
                guard found.count < wanted, let text = row.text(at: 1), StructuredMessage.whyMalformed(text) != nil else { return }
                found.append(Line(line: row.int(at: 0) ?? 0, text: text))
            }
        }
        return found.map { Line(line: $0.line, text: StructuredMessage.whyMalformed($0.text) ?? $0.text) }
    }

    private static func lines(_ database: Database, traceID: Int, where condition: String) throws -> [Line] {
        var result: [Line] = []
        try database.forEachRow(
            "SELECT line, message FROM events WHERE trace_id = ? \(condition) ORDER BY id LIMIT \(sampleCount)", [traceID]
        ) { row in
            result.append(Line(line: row.int(at: 0) ?? 0, text: row.text(at: 1) ?? ""))
        }
        return result
    }
}

/// What was read of `xcresulttool get test-results metrics` JSON (`XCResultMetricsReader`):
/// tests and measurements, and what was kept as text instead, with the first of each.
public struct XCResultCoverage: Sendable, Equatable {
    public var tests = 0
    public var measurements = 0
    /// Tests, runs or metrics outside the documented shape, kept as text.
    public var unreadable = 0
    /// The first of them: its line, its text and why.
    public var firstUnreadable: TraceCoverage.Line?
    public var firstUnreadableReason: String?
    /// Lines of other output among the JSON, kept as text, and the first.
    public var otherLines = 0
    public var firstOther: TraceCoverage.Line?
    /// Keys outside the documented shape, kept on the metrics' lines.
    public var unknownKeys = 0

    /// Creates an empty coverage.
    public init() {}

    init(counters: [String: Int], database: Database, traceID: Int) throws {
        tests = counters["xcresult_tests"] ?? 0
        measurements = counters["xcresult_measurements"] ?? 0
        unreadable = counters["xcresult_unreadable"] ?? 0
        otherLines = counters["xcresult_other_lines"] ?? 0
        unknownKeys = counters["xcresult_unknown_keys"] ?? 0
        if unreadable > 0, let line = counters["xcresult_first_unreadable_line"], line > 0 {
            firstUnreadable = try Self.line(line, database: database, traceID: traceID)
            firstUnreadableReason = XCResultMetricsReader.whyUnreadable(code: counters["xcresult_first_unreadable_reason"] ?? 0)
        }
        if otherLines > 0, let line = counters["xcresult_first_other_line"], line > 0 {
            firstOther = try Self.line(line, database: database, traceID: traceID)
        }
    }

    /// The first text kept at `line`: from the spool of a `check` run, else from the events.
    private static func line(_ line: Int, database: Database, traceID: Int) throws -> TraceCoverage.Line {
        if let spool = database.eventSpool, spool.holds(traceID) {
            return TraceCoverage.Line(line: line, text: spool.events(onLine: line, traceID: traceID).first?.message ?? "")
        }
        var text = ""
        try database.forEachRow("SELECT message FROM events WHERE trace_id = ? AND line = ? ORDER BY id LIMIT 1", [traceID, line]) { row in
            text = row.text(at: 0) ?? ""
        }
        return TraceCoverage.Line(line: line, text: text)
    }
}
